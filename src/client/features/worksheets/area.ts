/** The worksheets area's slice and saga, injected / started when its chunk first loads (app/areas.ts). */
import type { Area } from '../../app/areas';
import { worksheetsSaga } from './sagas';
import { worksheets, worksheetsReducer } from './slice';

export const worksheetsArea: Area = { name: 'worksheets', reducers: { worksheets: worksheetsReducer }, saga: worksheetsSaga, draft: worksheets.draft };
