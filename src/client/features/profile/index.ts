/** The profile feature's public surface: what other features and app/ may use. */
export { schoolSwitchArea } from './schoolSwitch';
export { type profileReducer } from './slice';
/** the time zone picker: the school settings page offers the same list */
export { TimezoneField } from './components/TimezoneField';
