import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageFrame } from '../../ui/PageFrame';

/** Unknown addresses and malformed ids (a non-numeric budget id …) land here; never a crash. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageFrame title="Page Not Found">
      <Typography sx={{ mb: 2 }}>
        We couldn't find the page <strong>{pathname}</strong>. The link may be old, or the address may have a typo.
      </Typography>
      <Button component={RouterLink} to="/app" variant="contained">
        Go to your home page
      </Button>
    </PageFrame>
  );
}

/** Shown by the router's error boundary when a page fails to load or render. */
export function ErrorPage() {
  return (
    <PageFrame title="Something went wrong">
      <Typography sx={{ mb: 2 }}>
        This page could not be shown. Check your connection and try again; if it keeps happening, ask for help.
      </Typography>
      <Button onClick={() => window.location.reload()} variant="contained" sx={{ mr: 1 }}>
        Try again
      </Button>
      <Button component={RouterLink} to="/app">
        Go to your home page
      </Button>
    </PageFrame>
  );
}
