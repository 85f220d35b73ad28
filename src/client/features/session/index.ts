/** The session feature's public surface: what other features and app/ may use. */
export { BasicExpiryDialog } from './components/BasicExpiryDialog';
export { selectSessionDialogOpen } from './selectors';
export { sessionReducer } from './slice';
export { startSessionSaga } from './start';
