/** The classroom's slice and saga, injected / started when one of its chunks first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { classroomSaga } from './sagas';
import { classroomReducer } from './slice';

export const classroomArea: Area = { name: 'classroom', reducers: { classroom: classroomReducer }, saga: classroomSaga };
