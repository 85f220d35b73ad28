/**
 * The Get Help area's slice and saga (ticket submission, the support console, recordings), injected /
 * started when the signed-in shell, a support page or the Get Help panel first loads (app/areas.ts).
 */
import type { Area } from '../../app/areas';
import { supportSaga } from './sagas';
import { supportReducer } from './slice';

export const supportArea: Area = { name: 'support', reducers: { support: supportReducer }, saga: supportSaga };
