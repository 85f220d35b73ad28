/** The catalog area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { catalogSaga } from './sagas';
import { catalogPreloaded, catalogReducer } from './slice';

export const catalogArea: Area = { name: 'catalog', reducers: { catalog: catalogReducer }, saga: catalogSaga, preloaded: catalogPreloaded };
