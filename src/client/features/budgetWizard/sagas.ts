/**
 * The budget wizard's sagas: list, open, auto-save (debounced, versioned), conflict choice,
 * duplicate, delete and undo — see src/client/features/documents/autosave.ts.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { budgets } from './slice';

export function* budgetWizardSaga(): SagaIterator {
  yield call(budgets.saga);
}

/**
 * Saves the open budget's unsaved changes now; resolves true when nothing is left unsaved.
 * For the session issue's save-before-sign-out hook: `yield call(flushBudgetDraft)`.
 */
export const flushBudgetDraft = budgets.saveNow;
