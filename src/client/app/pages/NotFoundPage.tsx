import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../pageTitle';
import { NOT_FOUND_TITLE } from '../routeMeta';
import { TitleFrame } from '../../ui/TitleFrame';

/**
 * Unknown addresses and malformed ids (a non-numeric budget id …) land here; never a crash. So does
 * every page whose thing does not exist (an unknown module, article, budget …): whichever route it
 * renders under, the tab then reads Page Not Found (S2.17).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <TitleFrame title={NOT_FOUND_TITLE}>
      {/* a long address wraps instead of running off the screen */}
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        We couldn't find the page <strong>{pathname}</strong>. The link may be old, or the address may have a typo.
      </Typography>
      <Button component={RouterLink} to="/app" variant="contained">
        Go to your home page
      </Button>
    </TitleFrame>
  );
}

const ERROR_TITLE = 'Something went wrong';

/** Shown by the router's error boundary when a page fails to load or render; the tab says so too. */
export function ErrorPage() {
  usePageTitle(ERROR_TITLE);
  return (
    <TitleFrame title={ERROR_TITLE}>
      <Typography sx={{ mb: 2 }}>
        This page could not be shown. Check your connection and try again; if it keeps happening, ask for help.
      </Typography>
      <Button onClick={() => window.location.reload()} variant="contained" sx={{ mr: 1 }}>
        Try again
      </Button>
      <Button component={RouterLink} to="/app">
        Go to your home page
      </Button>
    </TitleFrame>
  );
}
