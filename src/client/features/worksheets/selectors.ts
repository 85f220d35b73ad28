import { worksheets } from './slice';

export const {
  selectList: selectWorksheetList,
  selectCurrent: selectCurrentWorksheet,
  selectSave: selectWorksheetSave,
  selectLastDeleted: selectLastDeletedWorksheet,
  selectDirty: selectWorksheetDirty,
} = worksheets.selectors;
