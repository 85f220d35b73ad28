/**
 * A new password and its repetition, as every account form asks for one (sign-up, reset, change):
 * the strength meter under the password, both fields `new-password` so a password manager offers to
 * save them. The form's schema adds the `confirm` field (withConfirmation in common/accounts.ts).
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';
import { fieldProps } from './formikField';
import { PasswordStrength, type StrengthWords } from './PasswordStrength';

export interface NewPasswordFieldsProps<V extends { confirm: string }> {
  formik: FormikProps<V>;
  /** the new password's field */
  name: keyof V & string;
  label: string;
  confirmLabel: string;
  /** the learner's user name, which the meter counts as weak in a password */
  userName?: string | null;
  /** the strength meter's words where the page is translated */
  strengthWords?: StrengthWords;
}

export function NewPasswordFields<V extends { confirm: string }>({ formik, name, label, confirmLabel, userName = null, strengthWords }: NewPasswordFieldsProps<V>) {
  const password = fieldProps(formik, name);
  return (
    <>
      <Box>
        <TextField {...password} label={label} type="password" autoComplete="new-password" required fullWidth />
        <PasswordStrength password={password.value} userName={userName} {...(strengthWords ? { words: strengthWords } : {})} />
      </Box>
      <TextField {...fieldProps(formik, 'confirm')} label={confirmLabel} type="password" autoComplete="new-password" required fullWidth />
    </>
  );
}
