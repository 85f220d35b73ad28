/**
 * One message on a ticket: a staff reply or internal note in the console, the student's answer under
 * "My requests". The support form's Comments rule and messages (SPEC §5: required, at most 2,000
 * characters), shown once the field is dirty or on send. The caller remounts it (a new `key`) after a
 * success, which empties it; a refusal keeps what was typed.
 */
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { SUPPORT_LIMITS } from '../../../../common/support';
import { ticketMessageSchema } from '../../../../common/validation';

export interface MessageFormProps {
  id: string;
  label: string;
  submitLabel: string;
  helper?: string;
  pending: boolean;
  onSend: (body: string) => void;
  /** the text it starts with (a saved reply picked: the caller remounts it) */
  initialBody?: string;
}

export function MessageForm({ id, label, submitLabel, helper, pending, onSend, initialBody = '' }: MessageFormProps) {
  const formik = useFormik({
    initialValues: { body: initialBody },
    validationSchema: ticketMessageSchema,
    onSubmit: (values) => onSend(values.body.trim()),
  });
  const showError = Boolean(formik.errors.body) && (formik.touched.body || formik.dirty || formik.submitCount > 0);
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 1, mt: 1 }}>
      <TextField
        id={id}
        name="body"
        label={label}
        multiline
        minRows={3}
        fullWidth
        required
        value={formik.values.body}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={showError}
        helperText={showError ? formik.errors.body : (helper ?? `Up to ${SUPPORT_LIMITS.descriptionMax.toLocaleString('en-US')} characters.`)}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
