/**
 * What became of a form's request: the server's refusal (an alert, announced at once) or its
 * confirmation (a status, announced politely). Either, both or neither may be given.
 */
import Alert from '@mui/material/Alert';

export function RequestAlerts({ error, message = null }: { error: { message: string } | null; message?: string | null }) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {message && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
    </>
  );
}
