/**
 * /app/support (signed in) and /help (public): the same support form. Signed in, "My requests"
 * follows it (the student's tickets, their replies, and answering back). Staff with SUPPORT (or
 * GADMINSUPERUSER) also get the way into the support console.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SUPPORT_PERMISSION, SUPPORT_HOURS_NOTE } from '../../../../common/support';
import { useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { selectHasPermission, selectIsAuthenticated } from '../../auth';
import { MY_REQUESTS_PATH } from '../paths';
import { SupportForm } from '../components/SupportForm';
import { MyRequests } from '../components/MyRequests';
import { selectSupportClearCount } from '../selectors';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

export function SupportPage() {
  const isStaff = useAppSelector((state) => selectHasPermission(state, SUPPORT_PERMISSION));
  const clearCount = useAppSelector(selectSupportClearCount);
  return (
    <PageFrame title="Support" crumbs={[{ label: 'Home', to: '/app' }, { label: 'Support' }]} maxWidth={760}>
      {isStaff && (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button component={RouterLink} to="/app/support/tickets" color="inherit">Open the support console</Button>}>
          You can read and resolve the students&apos; support tickets.
        </Alert>
      )}
      <Typography sx={{ mb: 1 }}>Tell us what went wrong and we will get back to you by e-mail.</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <SupportForm key={clearCount} formId="page" prefill />
      </Paper>
      <MyRequests />
    </PageFrame>
  );
}

export function HelpPage() {
  const clearCount = useAppSelector(selectSupportClearCount);
  const signedIn = useAppSelector(selectIsAuthenticated);
  return (
    <PageFrame title="Help" maxWidth={760}>
      {signedIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Already asked for help? The answers are under{' '}
          <Link component={RouterLink} to={MY_REQUESTS_PATH}>
            My requests
          </Link>
          .
        </Alert>
      )}
      <Typography variant="h5" component="h2" sx={{ mt: 1, mb: 1 }}>
        Can&apos;t sign in?
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
          New to Cashwise? Your teacher gives you a class code:{' '}
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
      <Paper variant="outlined" sx={{ p: 2 }}>
        <SupportForm key={clearCount} formId="page" prefill={false} honeypot />
      </Paper>
    </PageFrame>
  );
}

export { TicketsPage, TicketQueue } from './TicketsPage';
export { TicketPage } from './TicketPage';
