/**
 * The budget wizard's state: the learner's budgets (list), the open one, its auto-save, and the
 * undo offer after a delete — one instance of the shared saved-document feature
 * (src/client/lib/documentAutosave.ts). Form state stays in the form; what is here is the parsed
 * draft waiting to be saved.
 */
import type { BudgetData, BudgetRecord, BudgetStatus, BudgetSummary } from '../../../common/budget';
import { createDocumentFeature } from '../../lib/documentAutosave';

/** What a save sends (the version is added by the saga). */
export interface BudgetDraft {
  status: BudgetStatus;
  data: BudgetData;
}

export const BUDGET_WIZARD_PATH = '/app/resources/budget-wizard';

export const budgets = createDocumentFeature<BudgetRecord, BudgetSummary, BudgetDraft>({
  name: 'budgets',
  path: '/budgets',
  noun: 'budget',
  editPath: (record) => `${BUDGET_WIZARD_PATH}/${record.id}`,
  listPath: BUDGET_WIZARD_PATH,
});

export const budgetsReducer = budgets.reducer;
export type BudgetsState = typeof budgets.initialState;

export const {
  listRequested: budgetListRequested,
  opened: budgetOpened,
  started: budgetStarted,
  closed: budgetClosed,
  draftChanged: budgetDraftChanged,
  /** Save the draft now (step change, Finish, the save-before-sign-out hook). */
  saveRequested: budgetDraftSaveRequested,
  conflictResolved: budgetConflictResolved,
  duplicateRequested: budgetDuplicateRequested,
  deleteRequested: budgetDeleteRequested,
  restoreRequested: budgetRestoreRequested,
  undoDismissed: budgetUndoDismissed,
} = budgets.actions;
