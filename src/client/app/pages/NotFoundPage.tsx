import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePageTitle } from '../pageTitle';
import { NOT_FOUND_TITLE } from '../routeMeta';

/**
 * PageFrame's markup for a page with a title only. These two pages are part of the entry chunk (the
 * router's error boundary must render without loading anything), so they do not import PageFrame,
 * whose breadcrumbs and stepper would otherwise be in every page's first download.
 */
function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Unknown addresses and malformed ids (a non-numeric budget id …) land here; never a crash. So does
 * every page whose thing does not exist (an unknown module, article, budget …): whichever route it
 * renders under, the tab then reads Page Not Found (S2.17).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <PageFrame title={NOT_FOUND_TITLE}>
      {/* a long address wraps instead of running off the screen */}
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        We couldn't find the page <strong>{pathname}</strong>. The link may be old, or the address may have a typo.
      </Typography>
      <Button component={RouterLink} to="/app" variant="contained">
        Go to your home page
      </Button>
    </PageFrame>
  );
}

const ERROR_TITLE = 'Something went wrong';

/** Shown by the router's error boundary when a page fails to load or render; the tab says so too. */
export function ErrorPage() {
  usePageTitle(ERROR_TITLE);
  return (
    <PageFrame title={ERROR_TITLE}>
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
