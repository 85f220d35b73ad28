/**
 * The session check's question to the server: does this session still stand? SPEC's validation call
 * (GET /api/auth/user) through the API saga, so a 401 ends the session exactly as any other call's
 * would (S8.01: auth:session:end 'unauthorized' → /login), a renewal in flight is waited for, and
 * any other failure is thrown for the timer to ignore. It reads the session only: the server's
 * idle clock does not move, so an idle tab still signs out at 30 minutes.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { TIMEOUTS } from '../../../common/constants';
import { callApi } from '../../api/apiSaga';

export function* probeSessionWithServer(): SagaIterator<void> {
  yield call(callApi, { method: 'GET', url: '/api/auth/user', timeoutMs: TIMEOUTS.validationMs });
}
