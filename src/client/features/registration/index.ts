/** The registration feature's public surface: what other features and app/ may use. */
export { type registrationReducer } from './slice';
