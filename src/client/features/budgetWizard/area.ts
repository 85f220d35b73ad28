/** The budget wizard area's slice (state key `budgets`) and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { budgetWizardSaga } from './sagas';
import { budgets, budgetsReducer } from './slice';

export const budgetsArea: Area = { name: 'budgets', reducers: { budgets: budgetsReducer }, saga: budgetWizardSaga, draft: budgets.draft };
