import { DEVELOPMENT_ENV_CODE } from '../../../common/constants';
import type { EnvState } from './slice';

export interface EnvRootState {
  env: EnvState;
}

export const selectEnvInfo = (state: EnvRootState) => state.env.info;
/** SPEC S3.06: env code D means development. */
export const selectIsDevelopment = (state: EnvRootState) => state.env.info?.env === DEVELOPMENT_ENV_CODE;
