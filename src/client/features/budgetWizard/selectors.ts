import { budgets } from './slice';

export const {
  selectList: selectBudgetList,
  selectCurrent: selectCurrentBudget,
  selectSave: selectBudgetSave,
  selectLastDeleted: selectLastDeletedBudget,
  selectDirty: selectBudgetDirty,
} = budgets.selectors;
