/** /signout: ends the session once (auth:session:end, reason 'signout'); the saga then goes to /login. */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../../app/hooks';
import { sessionEnd } from '../events';
import { SharedComputerNote } from './SharedComputerNote';

export function SignOutPage() {
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    dispatch(sessionEnd({ reason: 'signout' }));
  }, [dispatch]);
  return (
    <Box sx={{ textAlign: 'center', py: 6 }} role="status" aria-live="polite">
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography variant="h4" component="h1">
        Signing you out…
      </Typography>
      <SharedComputerNote />
    </Box>
  );
}
