import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { callApi } from '../../../../../src/client/api/apiSaga';
import { ApiError } from '../../../../../src/client/api/apiProblem';
import { loadEnvSaga } from '../../../../../src/client/features/env/sagas';
import { selectEnvInfo, selectIsDevelopment } from '../../../../../src/client/features/env/selectors';
import { envFailed, envLoaded, envReducer, envRequested } from '../../../../../src/client/features/env/slice';
import { combineReducers } from '@reduxjs/toolkit';
import { envSaga } from '../../../../../src/client/features/env/sagas';
import { harness, settle } from '../harness';

const reducer = combineReducers({ env: envReducer });

describe('environment info (SPEC S3.06, S7.01)', () => {
  it('[S7.01] GET /api fills the env info', async () => {
    const h = harness({ routes: { 'GET /api': { status: 200, data: { appbadge: 'DEV', env: 'D' } } }, sagas: [envSaga] });
    h.store.dispatch(envRequested());
    await settle();
    expect(h.requests[0]).toMatchObject({ method: 'GET', url: '/api' });
    expect(selectEnvInfo(h.state())).toEqual({ appbadge: 'DEV', env: 'D' });
    expect(h.state().env.status).toBe('succeeded');
  });

  it('a failure is recorded, logged, and ends no session', async () => {
    const { storeState } = await expectSaga(loadEnvSaga)
      .withReducer(reducer)
      .provide([
        [matchers.call.fn(callApi), throwError(new ApiError({ kind: 'network', message: 'Network Error' }))],
        { getContext: () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() }) },
      ])
      .not.put.actionType('auth:session:end')
      .run();
    expect(storeState.env).toEqual({ info: null, status: 'failed', error: { kind: 'network', message: 'Network Error' } });
  });

  it.each([
    ['D', true],
    ['P', false],
    [null, false],
  ])('[S3.06] env %p → development %p', (env, expected) => {
    const state = reducer(undefined, env ? envLoaded({ appbadge: '', env }) : envFailed({ kind: 'network', message: 'x' }));
    expect(selectIsDevelopment(state)).toBe(expected);
  });
});
