/**
 * The session feature's public surface, above auth: the 30-second check's start-up (its sagas are
 * their own chunk, loaded by start.ts), the dialog's slice and selectors, the fallback expiry dialog
 * of a page that failed to load, the save of drafts before a session ends, and the probe that asks
 * the server whether the session still stands. The expiry dialog is
 * loaded lazily (app/LazyOverlays.tsx). How the pieces fit: docs/architecture.md, "Session: auth,
 * timer, drafts".
 */
export * from './slice';
export * from './selectors';
export { BasicExpiryDialog } from './components/BasicExpiryDialog';
export { startSessionSaga } from './start';
export { probeSessionWithServer } from './probe';
export { DRAFT_SAVE_TIMEOUT_MS, draftsSavedBeforeSessionEnd, saveDraftsBeforeSessionEnd, type DraftsSavedPayload } from './drafts';
