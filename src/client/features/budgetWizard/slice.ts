/**
 * The budget wizard's state: the learner's budgets (list), the open one, its auto-save, and the
 * undo offer after a delete — one instance of the shared saved-document feature
 * (src/client/features/documents/autosave.ts). Form state stays in the form; what is here is the parsed
 * draft waiting to be saved.
 */
import type { BudgetData, BudgetRecord, BudgetStatus, BudgetSummary } from '../../../common/budget';
import { createDocumentFeature } from '../documents';

/** What a save sends (the version is added by the saga). */
export interface BudgetDraft {
  status: BudgetStatus;
  data: BudgetData;
}

export const BUDGET_WIZARD_PATH = '/app/resources/budget-wizard';
/** A saved budget's own page. */
export const budgetPath = (budget: { id: number }) => `${BUDGET_WIZARD_PATH}/${budget.id}`;
/** A budget as the learner's lists name it. */
export const budgetName = (budget: { name: string }) => budget.name || 'Untitled budget';

export const budgets = createDocumentFeature<BudgetRecord, BudgetSummary, BudgetDraft>({
  name: 'budgets',
  path: '/budgets',
  noun: 'budget',
  editPath: budgetPath,
  listPath: BUDGET_WIZARD_PATH,
});

export const budgetsReducer = budgets.reducer;

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
