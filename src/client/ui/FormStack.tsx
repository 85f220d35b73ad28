/**
 * The frame of the account forms (sign-up, profile, password): a form named for screen readers by
 * `label`, the browser's own validation off (formik and the shared yup schemas check, as the server
 * does), its fields and submit button stacked two spaces apart — a column unless `direction` says
 * otherwise.
 */
import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack, { type StackProps } from '@mui/material/Stack';

export interface FormStackProps {
  /** the form's accessible name (its aria-label) */
  label: string;
  /** formik's handleSubmit */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** default a column; a one-field form may put its button beside the field */
  direction?: StackProps['direction'];
  children: ReactNode;
}

export function FormStack({ label, onSubmit, direction, children }: FormStackProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack direction={direction} spacing={2}>
        {children}
      </Stack>
    </Box>
  );
}
