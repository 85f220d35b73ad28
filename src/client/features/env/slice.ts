/** Environment info from GET /api (SPEC §3, §7): appbadge and env; env D means development. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EnvInfo } from '../../../common/types';
import type { ApiProblem } from '../../api/apiProblem';

export type EnvStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface EnvState {
  info: EnvInfo | null;
  status: EnvStatus;
  /** The failure as every slice keeps it (api/apiProblem.ts), so the error bridge sees it too. */
  error: ApiProblem | null;
}

const initialState: EnvState = { info: null, status: 'idle', error: null };

/** Ask for the environment info (the root saga does at start-up). */
export const envRequested = createAction('env/envRequested');

const envSlice = createSlice({
  name: 'env',
  initialState,
  reducers: {
    envLoaded(state, action: PayloadAction<EnvInfo>) {
      state.info = action.payload;
      state.status = 'succeeded';
      state.error = null;
    },
    envFailed(state, action: PayloadAction<ApiProblem>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(envRequested, (state) => {
      state.status = 'loading';
    });
  },
});

export const { envLoaded, envFailed } = envSlice.actions;
export const envReducer = envSlice.reducer;
export default envSlice.reducer;
