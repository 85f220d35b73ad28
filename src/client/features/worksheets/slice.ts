/**
 * The worksheets' state: the learner's saved worksheets, the open one and its auto-save — one
 * instance of the shared saved-document feature (src/client/features/documents/autosave.ts).
 */
import type { WorksheetData, WorksheetKind, WorksheetRecord, WorksheetSummary } from '../../../common/worksheets';
import { createDocumentFeature } from '../documents';

export interface WorksheetDraft {
  kind: WorksheetKind;
  title: string;
  data: WorksheetData;
}

export const WORKSHEETS_PATH = '/app/resources/worksheets';
/** A saved worksheet's own page. */
export const worksheetPath = (sheet: { kind: WorksheetKind; id: number }) => `${WORKSHEETS_PATH}/${sheet.kind}/${sheet.id}`;
/** A worksheet as the learner's lists name it. */
export const worksheetName = (sheet: { title: string }) => sheet.title;

export const worksheets = createDocumentFeature<WorksheetRecord, WorksheetSummary, WorksheetDraft>({
  name: 'worksheets',
  path: '/worksheets',
  noun: 'worksheet',
  editPath: worksheetPath,
  listPath: WORKSHEETS_PATH,
});

export const worksheetsReducer = worksheets.reducer;

export const {
  listRequested: worksheetListRequested,
  opened: worksheetOpened,
  started: worksheetStarted,
  closed: worksheetClosed,
  draftChanged: worksheetDraftChanged,
  saveRequested: worksheetDraftSaveRequested,
  conflictResolved: worksheetConflictResolved,
  duplicateRequested: worksheetDuplicateRequested,
  deleteRequested: worksheetDeleteRequested,
  restoreRequested: worksheetRestoreRequested,
  undoDismissed: worksheetUndoDismissed,
} = worksheets.actions;
