/** The registration area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { registrationSaga } from './sagas';
import { registrationReducer } from './slice';

export const registrationArea: Area = { name: 'registration', reducers: { registration: registrationReducer }, saga: registrationSaga };
