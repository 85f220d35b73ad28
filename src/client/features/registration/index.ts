/** The registration feature's public surface: what other features and app/ may use. */
export { type registrationReducer } from './slice';
import type { en as messages } from './messages/en';
/** the ids of this feature's messages (the route table titles its pages with them) */
export type RegistrationMessageId = keyof typeof messages;
