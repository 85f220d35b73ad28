/**
 * A sign-in field: MUI's outlined TextField, built from the parts TextField itself renders
 * (FormControl, InputLabel, OutlinedInput, FormHelperText), with the same markup, classes and ids.
 * TextField also imports Select and with it Menu, Popover, Modal, the focus trap and the other input
 * variants, none of which a text field uses: on /login, every student's first download, that was
 * about a third of the page's own chunk (docs/performance.md, "Bundle").
 */
import type { ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface LoginFieldProps {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: boolean;
  /** always some text (' ' keeps the line): an error appearing must not move what is below */
  helperText: string;
  readOnly?: boolean;
}

/** A required, full-width outlined field, as `<TextField required fullWidth …>` renders it. */
export function LoginField({ id, name, label, type, autoComplete, value, onChange, error, helperText, readOnly }: LoginFieldProps) {
  const helperTextId = `${id}-helper-text`;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" required fullWidth error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        fullWidth
        aria-describedby={helperTextId}
        inputProps={readOnly ? { readOnly: true } : undefined}
      />
      <FormHelperText id={helperTextId}>{helperText}</FormHelperText>
    </FormControl>
  );
}
