/**
 * The budget wizard's sagas: list, open, auto-save (debounced, versioned), conflict choice,
 * duplicate, delete and undo — see src/client/features/documents/autosave.ts. The save before a
 * session ends is the feature's `draft` (area.ts).
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { budgets } from './slice';

export function* budgetWizardSaga(): SagaIterator {
  yield call(budgets.saga);
}
