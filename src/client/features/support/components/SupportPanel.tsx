/**
 * The Get Help panel (SPEC §2 "Global support panel"): a right-hand drawer titled 'Get Help', opened
 * by `supportRequested`. Clicking outside does not close it (S2.19); Escape and the close button do.
 * Mounted ONCE in the root layout; rendered from the first support event on and kept mounted while
 * closed, so it works on every page
 * (public ones too) and nothing typed is lost when it is closed or a submission fails. Minimized,
 * a small bar reopens it; what is typed survives a reload of the tab too (draft.ts). While the
 * recording box is ticked a "Recording" mark shows in the panel and on the bar.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MESSAGES } from '../../../../common/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsAuthenticated } from '../../auth';
import { selectRecordingConsent, selectSupportClearCount, selectSupportPanelMounted, selectSupportPanelOpen } from '../selectors';
import { supportPanelClosed, supportRequested } from '../slice';
import { SupportForm } from './SupportForm';
import { MY_REQUESTS_PATH } from '../paths';
import { registerArea } from '../../../app/areas';
import { supportArea } from '../area';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(supportArea);

export function SupportPanel() {
  const open = useAppSelector(selectSupportPanelOpen);
  const clearCount = useAppSelector(selectSupportClearCount);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const mounted = useAppSelector(selectSupportPanelMounted);
  const recording = useAppSelector((state) => selectRecordingConsent(state, 'panel'));
  // minimized: closed to a small bar that reopens it with everything as it was (the drawer stays mounted)
  const [minimized, setMinimized] = useState(false);
  const close = () => {
    setMinimized(false);
    dispatch(supportPanelClosed());
  };
  const minimize = () => {
    setMinimized(true);
    dispatch(supportPanelClosed({ minimized: true }));
  };
  const reopen = () => {
    setMinimized(false);
    dispatch(supportRequested());
  };
  // rendered from the first support event on (pages that never ask for help pay nothing)
  if (!mounted) return null;

  const recordingMark = recording && <Chip size="small" color="error" variant="outlined" label="● Recording" aria-label="Recording your screen for this request" />;

  return (
    <>
      {minimized && !open && (
        <Paper
          role="region"
          aria-label="Get Help, minimized"
          elevation={6}
          sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar - 1, p: 1, pl: 2, display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <Typography variant="body2">Your help request is waiting</Typography>
          {recordingMark}
          <Button size="small" variant="contained" onClick={reopen}>
            Reopen
          </Button>
        </Paper>
      )}
      <Drawer
        anchor="right"
        open={open}
        keepMounted
        onClose={(_event, reason) => {
          // S2.19: a click outside does not dismiss the panel; Escape does
          if (reason !== 'backdropClick') close();
        }}
        slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 440 } } } }}
      >
        <Box sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography id={titleId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
              {MESSAGES.supportPanelTitle}
            </Typography>
            {recordingMark}
            <IconButton aria-label="Minimize Get Help" onClick={minimize}>
              <SvgIcon>
                <path d="M6 19h12v2H6z" />
              </SvgIcon>
            </IconButton>
            <IconButton aria-label="Close Get Help" onClick={close}>
              <SvgIcon>
                <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
              </SvgIcon>
            </IconButton>
          </Box>
          <SupportForm key={clearCount} formId="panel" prefill honeypot={!signedIn} keepDraft />
          {signedIn && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              Asked before?{' '}
              <Link component={RouterLink} to={MY_REQUESTS_PATH} onClick={close}>
                My requests
              </Link>{' '}
              shows every request you sent and the answers.
            </Typography>
          )}
        </Box>
      </Drawer>
    </>
  );
}
