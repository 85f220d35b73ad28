/**
 * The session-expiry dialog as a tiny state machine. The store holds only what
 * the UI needs: whether the dialog is open and when the learner will be signed out (epoch ms).
 * Inactivity itself lives in the timer saga (sagas.ts), never in the store: no action per mouse move.
 *
 *   closed --expiryWarningShown--> open
 *   open --staySignedInChosen | signOutNowChosen | expiryWarningDismissed--> closed
 *   any --auth:session:end--> initial
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnd } from '../auth';

export interface SessionDialogState {
  open: boolean;
  /** Epoch ms at which the learner is signed out if they make no choice; null while closed. */
  logoutAt: number | null;
}

export interface SessionState {
  dialog: SessionDialogState;
}

export const initialSessionState: SessionState = { dialog: { open: false, logoutAt: null } };

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The check said 'prompt' (inactivity over 25 and up to 30 min): the dialog opens. */
    expiryWarningShown(state, action: PayloadAction<{ logoutAt: number }>) {
      state.dialog = { open: true, logoutAt: action.payload.logoutAt };
    },
    /** The dialog closes without a choice (the policy stopped saying 'prompt'). */
    expiryWarningDismissed(state) {
      state.dialog = { open: false, logoutAt: null };
    },
    /** The learner pressed 'Stay Signed In': the saga resets inactivity and requests a renewal. */
    staySignedInChosen(state) {
      state.dialog = { open: false, logoutAt: null };
    },
    /** The learner pressed 'Sign Out Now': the saga ends the session (reason 'signout'). */
    signOutNowChosen(state) {
      state.dialog = { open: false, logoutAt: null };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnd, () => initialSessionState);
  },
});

export const { expiryWarningShown, expiryWarningDismissed, staySignedInChosen, signOutNowChosen } =
  sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;
export default sessionSlice.reducer;
