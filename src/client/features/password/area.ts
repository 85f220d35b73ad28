/** The password area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { passwordSaga } from './sagas';
import { passwordReducer } from './slice';

export const passwordArea: Area = { name: 'password', reducers: { password: passwordReducer }, saga: passwordSaga };
