/** The password feature's public surface: what other features and app/ may use. */
export { passwordArea } from './area';
export { selectPasswordChange } from './selectors';
export { passwordChangeRequested, type passwordReducer } from './slice';
export { catalog as passwordCatalog } from './messages/compiled/catalog';
import type { en as messages } from './messages/en';
/** the ids of this feature's messages (the route table titles its pages with them) */
export type PasswordMessageId = keyof typeof messages;
export { useStrengthWords } from './strengthWords';
