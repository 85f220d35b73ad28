/** The budgetWizard feature's public surface: what other features and app/ may use. */
import { lazy } from 'react';
export { budgetsArea } from './area';
export { MyBudgetsAndWorksheets } from './components/MyBudgetsAndWorksheets';
export { budgetPath, type budgetsReducer } from './slice';
/** A budget read-only as its student saw it in the wizard's review (a turned-in copy), loaded on demand. */
export const BudgetReview = lazy(() => import(/* webpackChunkName: "budget-review" */ './components/ReviewStep').then((m) => ({ default: m.ReviewStep })));
