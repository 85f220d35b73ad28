/** The profile area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { profileSaga } from './sagas';
import { profileReducer } from './slice';

export const profileArea: Area = { name: 'profile', reducers: { profile: profileReducer }, saga: profileSaga };
