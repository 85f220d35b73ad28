/**
 * Starts every start-up feature saga with `spawn`, each isolated (logged and restarted if it crashes), so
 * one failure does not kill the rest (redux-saga docs, RootSaga.md). Then the start-up work:
 * `auth/validate` and `env/envRequested` are put HERE — the UI does not dispatch them.
 *
 * Each of the three (the spawns, the validation, the env request) runs in a task of its own where
 * the browser has `scheduler.yield()` (TBT: together they were one 30 ms task on a fast desktop,
 * 120 ms on a slow phone). A yield's continuation goes ahead of other tasks, so both are put
 * long before main.tsx renders the page; elsewhere (jsdom, tests) nothing waits.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, spawn } from 'redux-saga/effects';
import { authSaga, validate } from '../features/auth';
import { envSaga, envRequested } from '../features/env';
import { languageSaga } from '../features/language';
import { startSessionSaga } from '../features/session';
import { reportClientError } from '../lib/errorLog';
import { yieldWhereSupported } from '../lib/tasks';
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
        yield call(reportClientError, error);
      }
    }
  };
}

export const featureSagas: Record<string, Saga> = {
  auth: authSaga,
  env: envSaga,
  /** The 30-second session check: forks on auth:ready, cancelled on auth:session:end (its own chunk). */
  session: startSessionSaga,
  /** The language chosen, kept in the profile and followed from it. */
  language: languageSaga,
  // The areas' sagas (registration, password, profile, catalog, knowledge base, budgets,
  // worksheets, support, and the app bar's school switch with the shell) start when the area's
  // chunk first loads: app/areas.ts, features/<area>/area.ts.
};

export function* rootSaga(): SagaIterator {
  for (const [name, saga] of Object.entries(featureSagas)) {
    yield spawn(isolated(name, saga));
  }
  yield call(yieldWhereSupported);
  yield put(validate());
  yield call(yieldWhereSupported);
  yield put(envRequested());
}

export default rootSaga;
