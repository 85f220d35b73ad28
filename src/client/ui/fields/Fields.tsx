/**
 * Formik-connected fields for money, rates, quantities, text and choices: labelled, with the error
 * under the field once it has been touched (or the form tried to move on).
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useField, useFormikContext } from 'formik';
import { numberError, type NumberKind } from './fieldRules';

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  /** a stable id (defaults to one built from the name) */
  id?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

const idFor = (name: string) => `f-${name.replace(/[^a-zA-Z0-9]+/g, '-')}`;

/**
 * `check` reads the whole form (Formik's values) for a rule between fields — pre-tax deductions
 * above the gross pay — and its message shows like the field's own once the field is touched.
 */
export function NumberField({ kind, check, ...props }: BaseProps & { kind: NumberKind; check?: (values: unknown) => string | undefined }) {
  const [field, meta] = useField<string>({ name: props.name, validate: (value: string) => numberError(kind, value ?? '', props.required) });
  const { values } = useFormikContext<unknown>();
  const error = meta.error ?? check?.(values);
  const showError = Boolean(meta.touched && error);
  const id = props.id ?? idFor(props.name);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={id}
      label={props.label}
      required={props.required}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={showError}
      helperText={showError ? error : props.helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: {
          startAdornment: kind === 'money' ? <InputAdornment position="start">$</InputAdornment> : undefined,
          endAdornment: kind === 'percent' ? <InputAdornment position="end">%</InputAdornment> : undefined,
        },
      }}
    />
  );
}

export function TextInput(props: BaseProps & { maxLength?: number; type?: string; validate?: (value: string) => string | undefined }) {
  const [field, meta] = useField<string>({ name: props.name, validate: props.validate });
  const showError = Boolean(meta.touched && meta.error);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={props.id ?? idFor(props.name)}
      label={props.label}
      type={props.type}
      required={props.required}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={showError}
      helperText={showError ? meta.error : props.helperText}
      slotProps={{ htmlInput: { maxLength: props.maxLength ?? 80 }, inputLabel: props.type === 'month' ? { shrink: true } : undefined }}
    />
  );
}

export function SelectInput(props: BaseProps & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const [field, meta] = useField<string>(props.name);
  const id = props.id ?? idFor(props.name);
  // a native select: the platform's own keyboard and screen-reader behaviour on every device
  return (
    <TextField
      {...field}
      select
      id={id}
      label={props.label}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={Boolean(meta.touched && meta.error)}
      helperText={meta.touched && meta.error ? meta.error : props.helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
