/** The budgetWizard feature's public surface: what other features and app/ may use. */
export { budgetsArea } from './area';
export { MyBudgetsAndWorksheets } from './components/MyBudgetsAndWorksheets';
export { type budgetsReducer } from './slice';
