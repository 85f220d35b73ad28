/**
 * Server time in the sagas (common/serverClock.ts): `serverNow()` is the context's clock plus the
 * offset the auth state holds, the time every SPEC §4 token rule is judged at; `learnServerClock`
 * records what an answer told (the store, for DevTools and the timer; cc:serverClockOffset, for
 * the next page of this browser).
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { serverClockOffset, type ServerClockSample } from '../../../common/serverClock';
import { getStorage, now } from '../../app/sagaContext';
import { selectServerOffsetMs } from './selectors';
import { serverClockLearned } from './slice';
import { writeServerClockOffset } from './storage';

/** The server's time now, as this computer can tell it: the local clock plus the learned offset. */
export function* serverNow(): SagaIterator<number> {
  const time: number = yield call(now);
  const offset: number = yield select(selectServerOffsetMs);
  return time + offset;
}

/** Takes the offset an answer tells (nothing when it tells none). */
export function* learnServerClock(sample: ServerClockSample): SagaIterator {
  const offsetMs = serverClockOffset(sample);
  if (offsetMs === null) return;
  const storage: Storage = yield call(getStorage);
  writeServerClockOffset(storage, offsetMs);
  yield put(serverClockLearned({ offsetMs }));
}
