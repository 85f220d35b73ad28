/** School administration's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { schoolAdminSaga } from './sagas';
import { schoolAdminReducer } from './slice';

export const schoolAdminArea: Area = { name: 'schoolAdmin', reducers: { schoolAdmin: schoolAdminReducer }, saga: schoolAdminSaga };
