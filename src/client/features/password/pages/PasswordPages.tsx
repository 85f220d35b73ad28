/** /password (forgot password) and /password/reset/:code. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ComingSoon, PageFrame } from '../../../ui/PageFrame';

export function ForgotPasswordPage() {
  return (
    <PageFrame title="Forgot Password" maxWidth={560}>
      <ComingSoon>Enter your user name or e-mail and we'll send you a link to choose a new password.</ComingSoon>
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </PageFrame>
  );
}

export function ResetPasswordPage() {
  return (
    <PageFrame title="Reset Password" maxWidth={560}>
      <ComingSoon>Choose a new password here, with a strength meter to help you pick a strong one.</ComingSoon>
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </PageFrame>
  );
}
