/**
 * Starts every start-up feature saga with `spawn`, each isolated (logged and restarted if it crashes), so
 * one failure does not kill the rest (redux-saga docs, RootSaga.md). Then the start-up work:
 * `auth/validate` and `env/envRequested` are put HERE — the UI does not dispatch them.
 */
import { buffers, type SagaIterator, type TakeableChannel } from 'redux-saga';
import { actionChannel, call, put, spawn } from 'redux-saga/effects';
import { authReady } from '../features/auth/events';
import type * as SessionModule from '../features/session/sagas';
import { authSaga } from '../features/auth/sagas';
import { validate } from '../features/auth/slice';
import { envSaga } from '../features/env/sagas';
import { envRequested } from '../features/env/slice';
import { schoolSwitchWatcher } from '../features/profile/schoolSwitch';
import { getLogger, type SagaContext } from './sagaContext';

type Saga = () => SagaIterator;

/** Runs a feature saga; if it crashes, logs and restarts it (a crash is a bug, not a reason to stop). */
export function isolated(name: string, saga: Saga, maxRestarts = 3): Saga {
  return function* isolatedSaga(): SagaIterator {
    for (let attempt = 0; attempt <= maxRestarts; attempt += 1) {
      try {
        yield call(saga);
        return;
      } catch (error) {
        const logger: SagaContext['logger'] = yield call(getLogger);
        logger.error(`Saga ${name} crashed`, error);
      }
    }
  };
}

/**
 * The session timer and tab sync (issue #3) are a chunk of their own, fetched at start-up beside the
 * page's chunks: a signed-out /login never runs them, so they are not in its first download
 * (issue #9). An auth:ready put before the chunk is in waits in a buffer.
 */
function* sessionSagaLoaded(): SagaIterator {
  const ready: TakeableChannel<unknown> = yield actionChannel(authReady.type, buffers.expanding(2));
  const loaded: typeof SessionModule = yield call(() => import(/* webpackChunkName: "session" */ '../features/session/sagas'));
  yield call(loaded.sessionSaga, ready);
}

export const featureSagas: Record<string, Saga> = {
  auth: authSaga,
  env: envSaga,
  /** The 30-second session check (issue #3): forks on auth:ready, cancelled on auth:session:end. */
  session: sessionSagaLoaded,
  /** The app bar's school switch (every signed-in page); the rest of profile loads with its area. */
  schoolSwitch: schoolSwitchWatcher,
  // The areas' sagas (registration, password, profile, catalog, knowledge base, budgets,
  // worksheets, support) start when the area's chunk first loads: app/areas.ts, features/<area>/area.ts.
};

export function* rootSaga(): SagaIterator {
  for (const [name, saga] of Object.entries(featureSagas)) {
    yield spawn(isolated(name, saga));
  }
  yield put(validate());
  yield put(envRequested());
}

export default rootSaga;
