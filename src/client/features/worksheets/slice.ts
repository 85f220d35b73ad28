/**
 * The worksheets' state: the learner's saved worksheets, the open one and its auto-save — one
 * instance of the shared saved-document feature (src/client/lib/documentAutosave.ts).
 */
import type { WorksheetData, WorksheetKind, WorksheetRecord, WorksheetSummary } from '../../../common/worksheets';
import { createDocumentFeature } from '../../lib/documentAutosave';

export interface WorksheetDraft {
  kind: WorksheetKind;
  title: string;
  data: WorksheetData;
}

export const WORKSHEETS_PATH = '/app/resources/worksheets';

export const worksheets = createDocumentFeature<WorksheetRecord, WorksheetSummary, WorksheetDraft>({
  name: 'worksheets',
  path: '/worksheets',
  noun: 'worksheet',
  editPath: (record) => `${WORKSHEETS_PATH}/${record.kind}/${record.id}`,
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
