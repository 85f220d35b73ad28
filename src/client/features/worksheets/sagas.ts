import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { worksheets } from './slice';

export function* worksheetsSaga(): SagaIterator {
  yield call(worksheets.saga);
}

/** Saves the open worksheet's unsaved changes now (for the save-before-sign-out hook). */
export const flushWorksheetDraft = worksheets.saveNow;
