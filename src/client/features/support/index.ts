/** The support feature's public surface: what other features and app/ may use. */
export { supportArea } from './area';
export { selectSupportPanelMounted } from './selectors';
export { supportRequested, type supportReducer } from './slice';
