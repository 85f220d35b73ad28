import type { SessionState } from './slice';

/** The slice of RootState these selectors need (kept minimal to avoid an import cycle with the store). */
export interface SessionRootState {
  session: SessionState;
}

export const selectSessionDialog = (state: SessionRootState) => state.session.dialog;
export const selectSessionDialogOpen = (state: SessionRootState) => state.session.dialog.open;
