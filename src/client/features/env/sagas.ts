import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { EnvInfo } from '../../../common/types';
import { callApi, toApiProblem } from '../../api/apiSaga';
import { getLogger, type SagaContext } from '../../app/sagaContext';
import { envFailed, envLoaded, envRequested } from './slice';

/** SPEC S7.01: GET /api → { appbadge, env }. A public call: it never ends a session. */
export function* loadEnvSaga(): SagaIterator {
  try {
    const data: EnvInfo = yield call(callApi<EnvInfo>, { method: 'GET', url: '/api', endSessionOnAuthFailure: false });
    yield put(envLoaded({ appbadge: data.appbadge, env: data.env }));
  } catch (error) {
    const logger: SagaContext['logger'] = yield call(getLogger);
    const problem = toApiProblem(error);
    logger.warn('Environment info unavailable', problem);
    yield put(envFailed(problem));
  }
}

export function* envSaga(): SagaIterator {
  yield takeLatest(envRequested, loadEnvSaga);
}

export default envSaga;
