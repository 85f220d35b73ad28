/**
 * Adopting another tab's renewal. Tabs of one browser share one session: when a
 * tab renews, it stores the new token in cc:auth, and the others adopt it when the browser tells
 * them (`storage` events, features/session/tabs.ts). Until then the server refuses the token they
 * hold, which that renewal revoked. A tab that meets such a refusal (its own renewal, or any
 * request) looks at cc:auth first: a later token of the same learner is that renewal, and is
 * adopted here, with the same effect as the event.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { Session } from '../../../common/types';
import { getRenewals, getStorage } from '../../app/sagaContext';
import { selectSession } from './selectors';
import { sessionAdopted } from './slice';
import { readRawStoredSession, sessionExpiry } from './storage';
import type { TokenRenewals } from './tokenRenewals';

/** Adopts a later token of the same learner from cc:auth; gives it, or null when there is none. */
export function* adoptStoredRenewal(): SagaIterator<string | null> {
  const current: Session | null = yield select(selectSession);
  if (!current?.token) return null;
  const storage: Storage = yield call(getStorage);
  const stored = readRawStoredSession(storage);
  if (!stored || stored.token === current.token || stored.user?.id !== current.user?.id) return null;
  const expiresAt = sessionExpiry(stored);
  if (expiresAt <= sessionExpiry(current)) return null;
  // a request refused for the replaced token is sent again with this one (api/apiSaga.ts)
  const renewals: TokenRenewals | undefined = yield call(getRenewals);
  renewals?.replaced(current.token, stored.token);
  yield put(sessionAdopted({ session: stored, expiresAt }));
  return stored.token;
}
