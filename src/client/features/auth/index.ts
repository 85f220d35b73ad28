/**
 * The auth feature's public surface: the session's events (SPEC §4 names), the auth slice and its
 * selectors, the stored session, the auth saga, and what the app layer puts in saga context for the
 * API saga (`apiAuth`) and for one-tab renewal (`browserLocks`). The session feature (timer, expiry
 * dialog, tabs, drafts) is the layer above it (docs/architecture.md, "Session: auth, timer, drafts").
 * The sign-in and sign-out pages are loaded by route (app/routes.tsx), not from here.
 */
export * from './events';
export * from './slice';
export * from './selectors';
export { resetOnSessionEnd } from './reset';
export { adoptStoredRenewal } from './adopt';
export * from './storedSessionChannel';
export { authSaga } from './sagas';
export { schoolSignInReducer, schoolSignInHref, schoolProvidersWanted, selectSchoolProviders } from './schoolSignIn';
export { SchoolSignInButtons } from './pages/SchoolSignInButtons';
export { apiAuth } from './apiAuth';
export { browserLocks, RENEWAL_LOCK, type SessionLocks } from './renewalLock';
export { startRenewalKey } from './renewalKey';
export { TokenRenewals } from './tokenRenewals';
export { serverNow } from './serverClock';
export { selectTimeZone } from './timeZone';
export {
  clearStoredSession,
  getAppKey,
  isStoredSessionIdle,
  normalizeSession,
  readLastActivity,
  readRawStoredSession,
  readServerClockOffset,
  readStoredSession,
  sessionExpiry,
  writeLastActivity,
  writeStoredSession,
} from './storage';
