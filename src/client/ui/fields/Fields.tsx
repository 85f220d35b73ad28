/**
 * Formik-connected fields for money, rates, quantities, text and choices: labelled, with the error
 * under the field when the student should see it — once they changed the field, or the form tried
 * to move on with it (a submit, or the wizard's "Next"): the rule of every form, ui/formikField.ts.
 * A required field left empty says so in words that name it.
 */
import type { ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { getIn, useField, useFormikContext, type FieldInputProps, type FieldMetaProps } from 'formik';
import { fieldRequired } from '../../../common/messages';
import { errorDue, fieldStatus, isEmptyValue, markChanged, wasAttempted } from '../formikField';
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
 * The field's error to show now (or undefined), and its change handler, which records that the
 * student changed it.
 */
function useShownError(field: FieldInputProps<string>, meta: FieldMetaProps<string>, error: string | undefined) {
  const formik = useFormikContext<unknown>();
  const status = fieldStatus(formik);
  const due = errorDue({
    attempted: formik.submitCount > 0 || wasAttempted(status.attempted, field.name),
    changed: status.changed.includes(field.name),
    left: Boolean(meta.touched),
    empty: isEmptyValue(getIn(formik.values, field.name)),
  });
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    markChanged(formik, field.name);
    field.onChange(event);
  };
  return { shown: error && due ? error : undefined, onChange };
}

/**
 * `check` reads the whole form (Formik's values) for a rule between fields — pre-tax deductions
 * above the gross pay — and its message shows when the field's own would.
 */
export function NumberField({ kind, check, ...props }: BaseProps & { kind: NumberKind; check?: (values: unknown) => string | undefined }) {
  const required = props.required ? fieldRequired(props.label) : undefined;
  const [field, meta] = useField<string>({ name: props.name, validate: (value: string) => numberError(kind, value ?? '', required) });
  const { values } = useFormikContext<unknown>();
  const { shown, onChange } = useShownError(field, meta, meta.error ?? check?.(values));
  const id = props.id ?? idFor(props.name);
  return (
    <TextField
      {...field}
      onChange={onChange}
      value={field.value ?? ''}
      id={id}
      label={props.label}
      required={props.required}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={Boolean(shown)}
      helperText={shown ?? props.helperText}
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
  const { validate, required, label } = props;
  const [field, meta] = useField<string>({
    name: props.name,
    validate: (value: string) => validate?.(value ?? '') ?? (required && isEmptyValue(value) ? fieldRequired(label) : undefined),
  });
  const { shown, onChange } = useShownError(field, meta, meta.error);
  return (
    <TextField
      {...field}
      onChange={onChange}
      value={field.value ?? ''}
      id={props.id ?? idFor(props.name)}
      label={props.label}
      type={props.type}
      required={props.required}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={Boolean(shown)}
      helperText={shown ?? props.helperText}
      slotProps={{ htmlInput: { maxLength: props.maxLength ?? 80 }, inputLabel: props.type === 'month' ? { shrink: true } : undefined }}
    />
  );
}

export function SelectInput(props: BaseProps & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const [field, meta] = useField<string>(props.name);
  const { shown, onChange } = useShownError(field, meta, meta.error);
  const id = props.id ?? idFor(props.name);
  // a native select: the platform's own keyboard and screen-reader behaviour on every device
  return (
    <TextField
      {...field}
      onChange={onChange}
      select
      id={id}
      label={props.label}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth ?? true}
      error={Boolean(shown)}
      helperText={shown ?? props.helperText}
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
