/**
 * SPEC §4 confirm dialog: 'Your session is about to expire' / 'Do you want to
 * stay signed in?' with 'Stay Signed In' (renews) and 'Sign Out Now' (ends).
 *
 * Beyond the spec:
 * - a live countdown to sign-out ("You will be signed out in m:ss"), ticking every second from
 *   the store's `logoutAt` (UI time: Date.now here is fine, the saga never reads it);
 * - role alertdialog, labelled by the title and described by the text and the countdown;
 * - screen readers: the visible m:ss is a role="timer" (not announced each second, which would
 *   drown the dialog); a polite live region announces the time left once a minute instead;
 * - keyboard alone: focus starts on 'Stay Signed In' (Enter keeps you signed in), Tab reaches
 *   'Sign Out Now'; Escape and a backdrop click are NO choice: the dialog stays open;
 * - mounted once in the app shell; renders nothing while closed.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { selectSessionDialog, type SessionRootState } from '../selectors';
import { signOutNowChosen, staySignedInChosen } from '../slice';
import { visuallyHidden } from '../../../ui/visuallyHidden';

const TITLE_ID = 'session-expiry-title';
const TEXT_ID = 'session-expiry-text';
const COUNTDOWN_ID = 'session-expiry-countdown';


/** 'm:ss' for a number of milliseconds, rounded up to the second (never below 0:00). */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

/** Milliseconds until `deadline`, re-rendered every second while mounted. */
function useTimeLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, deadline - now);
}

/** Mounted only while the dialog is open (keyed by logoutAt), so the clock starts fresh each time. */
function Countdown({ logoutAt }: { logoutAt: number }) {
  const t = useT();
  const left = useTimeLeft(logoutAt);
  // one minute or less: "less than a minute" (the plural's `one`)
  const announcement = t('session.dialog.announcement', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
  return (
    <>
      <Typography id={COUNTDOWN_ID} role="timer" sx={{ mt: 2, fontWeight: 600 }}>
        {t('session.dialog.countdown', { time: formatCountdown(left) })}
      </Typography>
      <span aria-live="polite" aria-atomic="true" style={visuallyHidden} data-testid="session-expiry-announcement">
        {announcement}
      </span>
    </>
  );
}

export function SessionExpiryDialog() {
  const dispatch = useAppDispatch();
  const t = useT();
  const { open, logoutAt } = useSelector((state: SessionRootState) => selectSessionDialog(state));

  return (
    <Dialog
      open={open}
      role="alertdialog"
      aria-labelledby={TITLE_ID}
      aria-describedby={`${TEXT_ID} ${COUNTDOWN_ID}`}
      // Escape / backdrop click: no choice, the dialog stays (the learner must pick a button).
      onClose={() => undefined}
    >
      <DialogTitle id={TITLE_ID}>{t('session.dialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={TEXT_ID}>{t('session.dialog.text')}</DialogContentText>
        {logoutAt !== null && <Countdown key={logoutAt} logoutAt={logoutAt} />}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" onClick={() => dispatch(signOutNowChosen())}>
          {t('session.dialog.signOut')}
        </Button>
        <Button variant="contained" autoFocus onClick={() => dispatch(staySignedInChosen())}>
          {t('session.dialog.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default SessionExpiryDialog;
