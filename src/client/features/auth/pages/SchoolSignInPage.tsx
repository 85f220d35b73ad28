/**
 * /login/school: where a school sign-in comes back (docs/sso.md). With `#handoff=…` the one-use code
 * is traded for the session through the auth saga (the same path as a password: cc:auth,
 * auth:session:start, auth:ready, the redirect); with `?problem=…` the refusal's sentence and the
 * way back to /login. The code is read from the fragment once and removed from the address bar.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isSsoProblemReason, SSO_MESSAGES, SSO_PROBLEMS } from '../../../../common/sso';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthError } from '../selectors';
import { schoolSignInRequested } from '../slice';

function handoffFromHash(): string | null {
  if (typeof window === 'undefined') return null;
  const match = /(?:^#|&)handoff=([\w-]+)/.exec(window.location.hash);
  return match?.[1] ?? null;
}

export function SchoolSignInPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const error = useAppSelector(selectAuthError);
  // read once, on arrival: the fragment is cleared just after
  const [handoff] = useState<string | null>(handoffFromHash);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !handoff) return;
    sent.current = true;
    // the code leaves the address bar (and the history) before anything else happens
    window.history.replaceState(window.history.state, '', window.location.pathname);
    dispatch(schoolSignInRequested({ handoff }));
  }, [dispatch, handoff]);

  const problem = searchParams.get('problem');
  const sentence = handoff ? (error ? SSO_MESSAGES.handoff : null) : isSsoProblemReason(problem) ? SSO_PROBLEMS[problem] : SSO_MESSAGES.handoff;

  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          School sign-in
        </Typography>
        {sentence ? (
          <>
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {sentence}
            </Alert>
            <Link component={RouterLink} to="/login">
              Back to the sign-in page
            </Link>
          </>
        ) : (
          <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-hidden size={24} />
            <Typography>Signing you in…</Typography>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
