/** The auth feature's public surface: what other features and app/ may use. */
export { currentSchoolChanged, sessionEnd, sessionStart } from './events';
export { startRenewalKey } from './renewalKey';
export { resetOnSessionEnd } from './reset';
export { authSaga } from './sagas';
export {
  selectClients,
  selectCurrentSchool,
  selectHasPermission,
  selectIsAuthenticated,
  selectIsMultiTenant,
  selectUser,
} from './selectors';
export {
  authReducer,
  authStateFromStorage,
  guardDenied,
  identityLoaded,
  profileUpdated,
  schoolSwitched,
  signInSucceeded,
  signedInState,
  validate,
} from './slice';
export {
  clearStoredSession,
  getAppKey,
  isStoredSessionIdle,
  normalizeSession,
  readRawStoredSession,
  readServerClockOffset,
  readStoredSession,
  sessionExpiry,
  writeStoredSession,
} from './storage';
export { selectTimeZone } from './timeZone';
export { TokenRenewals } from './tokenRenewals';
