import { createAction } from '@reduxjs/toolkit';

/** How long the session end waits for the drafts to be saved (ours, not the spec's). */
export const DRAFT_SAVE_TIMEOUT_MS = 2_000;

export interface DraftsSavedPayload {
  /** Why the session is ending. */
  reason: string;
  saved: string[];
  failed: string[];
  /** Keys still saving when the timeout was reached. */
  timedOut: string[];
}

/** The drafts were asked to save before a session end: the outcome, as one event in DevTools. */
export const draftsSavedBeforeSessionEnd = createAction<DraftsSavedPayload>('drafts/savedBeforeSessionEnd');
