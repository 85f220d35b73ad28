/** The worksheets feature's public surface: what other features and app/ may use. */
export { worksheetsArea } from './area';
export { selectWorksheetList } from './selectors';
export { WORKSHEETS_PATH, worksheetListRequested, worksheetName, worksheetPath, type worksheetsReducer } from './slice';
