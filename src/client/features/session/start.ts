/**
 * How the entry starts the session feature without carrying it: the timer, the activity
 * channel and the tab sync are their own chunk (`session`), which /login, the first page most
 * students see, does not need to show itself (bundle ratio).
 *
 * The chunk is requested at once, when the app starts — not at sign-in — so it is there long before
 * a student has typed a password. Until it has come, the time of the last auth:ready is kept (and
 * forgotten at an auth:session:end): a session that became ready before the chunk arrived gets its
 * timer the moment it does, with inactivity counted from auth:ready and its first check when it
 * would have come; one that ended meanwhile gets none. A failed request is tried again; should
 * the chunk never come, the server's own idle limit still ends the session.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, getContext, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { authReady, sessionEnd } from '../auth';
import { wait } from '../../app/sagaContext';

export const loadSessionSagas = () => import(/* webpackChunkName: "session" */ './sagas');

/** What start-up needs of the chunk (tests give a stand-in). */
export interface SessionSagas {
  sessionSaga: (readySince?: number | null) => SagaIterator;
}

/** Tries the chunk a few times (a school network can drop one request); the last failure is thrown. */
function* loadWithRetries(load: () => Promise<SessionSagas>, attempts = 3): SagaIterator<SessionSagas> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const sagas: SessionSagas = yield call(load);
      return sagas;
    } catch (error) {
      if (attempt >= attempts) throw error;
      yield call(wait, 1_000 * attempt);
    }
  }
}

/** While the chunk loads: when the last auth:ready came, or null when none came or a session end followed it. */
function* watchReady(ready: { since: number | null }, clock: () => number): SagaIterator {
  while (true) {
    const action: Action = yield take([authReady.type, sessionEnd.type]);
    ready.since = authReady.match(action) ? clock() : null;
  }
}

/** `load`: how the chunk is fetched (tests give their own). */
export function* startSessionSaga(load: () => Promise<SessionSagas> = loadSessionSagas): SagaIterator {
  const clock: () => number = yield getContext('clock');
  const ready: { since: number | null } = { since: null };
  const watcher: Task = yield fork(watchReady, ready, clock);
  const { sessionSaga }: SessionSagas = yield call(loadWithRetries, load);
  yield cancel(watcher);
  yield call(sessionSaga, ready.since);
}
