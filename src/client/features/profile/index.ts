/** The profile feature's public surface: what other features and app/ may use. */
export { schoolSwitchArea } from './schoolSwitch';
export { type profileReducer } from './slice';
