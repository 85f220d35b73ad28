/** The password feature's public surface: what other features and app/ may use. */
export { passwordArea } from './area';
export { selectPasswordChange } from './selectors';
export { passwordChangeRequested, type passwordReducer } from './slice';
export { catalog as passwordCatalog } from './messages/compiled/catalog';
export { useStrengthWords } from './strengthWords';
