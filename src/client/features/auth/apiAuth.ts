/**
 * The auth feature's side of the API saga's port (api/apiAuth.ts): the store's token, the app key,
 * server time, and the renewal wait after a refusal. createAppStore puts it in saga context.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { AfterRefusal, ApiAuth } from '../../api/apiAuth';
import { getRenewals, getStorage } from '../../app/sagaContext';
import { adoptStoredRenewal } from './adopt';
import { sessionEnd } from './events';
import { renewalSettledInEveryTab } from './renewalLock';
import { selectToken } from './selectors';
import { learnServerClock, serverNow } from './serverClock';
import { getAppKey } from './storage';
import type { TokenRenewals } from './tokenRenewals';

function* token(): SagaIterator<string | null> {
  const held: string | null = yield select(selectToken);
  return held;
}

function* appKey(): SagaIterator<string> {
  const storage: Storage = yield call(getStorage);
  return getAppKey(storage);
}

/**
 * After the store's `refused` token was refused (or ran out): waits for this tab's renewal of it
 * (TokenRenewals) and for any tab's (the Web Lock), then: replaced by that renewal → its token;
 * still held → a later token of the same learner in cc:auth (another tab's renewal, the browser's
 * storage event not here yet), else held; neither → the session has gone.
 */
function* afterRefusal(refused: string): SagaIterator<AfterRefusal> {
  const renewals: TokenRenewals | undefined = yield call(getRenewals);
  const settling = renewals?.settled(refused);
  if (settling) yield call(() => settling);
  yield call(renewalSettledInEveryTab);
  const holding: string | null = yield select(selectToken);
  if (holding === refused) {
    const adopted: string | null = yield call(adoptStoredRenewal);
    return adopted ? { kind: 'renewed', token: adopted } : { kind: 'held' };
  }
  if (holding && renewals?.descendsFrom(holding, refused)) return { kind: 'renewed', token: holding };
  return { kind: 'gone' };
}

function* endSession(reason: 'expired' | 'unauthorized'): SagaIterator {
  yield put(sessionEnd({ reason }));
}

export const apiAuth: ApiAuth = { token, appKey, serverNow, learnServerClock, afterRefusal, endSession };
