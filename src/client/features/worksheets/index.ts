/** The worksheets feature's public surface: what other features and app/ may use. */
import { lazy } from 'react';
export { worksheetsArea } from './area';
export { selectWorksheetList } from './selectors';
export { WORKSHEETS_PATH, worksheetListRequested, worksheetName, worksheetPath, type worksheetsReducer } from './slice';
/** A worksheet read-only as its student saw it (a turned-in copy), loaded on demand. */
export const WorksheetSnapshot = lazy(() => import(/* webpackChunkName: "worksheet-snapshot" */ './components/WorksheetSnapshot').then((m) => ({ default: m.WorksheetSnapshot })));
