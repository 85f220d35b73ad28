/** /app/support (signed in) and /help (public support page). */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SUPPORT_HOURS_NOTE } from '../../../../common/constants';
import { ComingSoon, PageFrame } from '../../../ui/PageFrame';

export function SupportPage() {
  return (
    <PageFrame title="Support" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Support' }]}>
      <Typography sx={{ mb: 2 }}>Our support team is available {SUPPORT_HOURS_NOTE}.</Typography>
      <ComingSoon>Your support tickets and their status will be listed here, and you can ask for help.</ComingSoon>
    </PageFrame>
  );
}

export function HelpPage() {
  return (
    <PageFrame title="Help" maxWidth={760}>
      <Typography variant="h5" component="h2" sx={{ mt: 1, mb: 1 }}>
        Can't sign in?
      </Typography>
      <Typography component="ul" sx={{ pl: 3, mb: 2 }}>
        <li>
          Check your user name and password. If you forgot your password,{' '}
          <Link component={RouterLink} to="/password">
            reset it here
          </Link>
          .
        </li>
        <li>
          New to Cashwise? Your teacher gives you an access code:{' '}
          <Link component={RouterLink} to="/register">
            register with it
          </Link>
          .
        </li>
        <li>After several wrong tries, sign-in is paused for a few minutes. Wait, then try again.</li>
      </Typography>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Contact us
      </Typography>
      <Typography sx={{ mb: 2 }}>Our support team is available {SUPPORT_HOURS_NOTE}.</Typography>
      <ComingSoon>A form to send a support request without signing in will be here.</ComingSoon>
    </PageFrame>
  );
}
