/**
 * All tabs, one session. Tabs of one browser share cc:auth in localStorage; the
 * browser tells every OTHER tab about a change with a `storage` event. This eventChannel saga runs
 * beside the timer while signed in:
 *   cc:auth removed (sign-out, idle or expiry in another tab) → drafts saved, then
 *     auth:session:end { reason: 'otherTab' }: no server call (the other tab revoked the token and
 *     cc:auth is already gone), the login page says why;
 *   cc:auth replaced with a later token of the same learner (a renewal in another tab) →
 *     auth/sessionAdopted: session and expiry replaced without a request of our own (auth/adopt.ts,
 *     the same adoption as a refused request's, from what cc:auth holds now);
 *   cc:auth holding another learner → ended here too (never two learners in one browser);
 *   cc:auth with the same token but other details (a school switched, a name changed in another
 *     tab) → auth/sessionDetailsAdopted: this tab shows them too.
 * Shared activity travels through cc:lastActivity, which the timer reads (sagas.ts). A signed-out
 * tab on the sign-in page follows another tab's sign-in: followSignInElsewhere (auth/sagas.ts).
 *
 * Context: `tabEvents` (default `window`) and `storage`, so tests send fake storage events.
 */
import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, getContext, put, select, take } from 'redux-saga/effects';
import { sameClientId } from '../../../common/clients';
import { SESSION_STORAGE_KEY } from '../../../common/constants';
import type { Session } from '../../../common/types';
import { adoptStoredRenewal, currentSchoolChanged, sessionEnd, selectSession, sessionDetailsAdopted, createStoredSessionChannel, parseStoredSession, tabEventTarget, type StoredSessionChange, type TabEventTarget } from '../auth';
import { saveDraftsBeforeSessionEnd } from './drafts';

function* endHere(): SagaIterator {
  yield call(saveDraftsBeforeSessionEnd, 'otherTab');
  yield put(sessionEnd({ reason: 'otherTab' }));
}

function sameDetails(a: Session, b: Session): boolean {
  return JSON.stringify([a.user, a.clients]) === JSON.stringify([b.user, b.clients]);
}

/** One change of cc:auth seen from this tab. Returns true when it ended the session here. */
function* onStoredSessionChange(change: StoredSessionChange): SagaIterator<boolean> {
  const current: Session | null = yield select(selectSession);
  if (!current) return false;
  if (change.newValue === null) {
    yield call(endHere);
    return true;
  }
  const next = parseStoredSession(change.newValue);
  if (!next) return false;
  if (next.user?.id !== current.user?.id) {
    yield call(endHere);
    return true;
  }
  if (next.token === current.token) {
    // the same token: another tab changed the learner's details or switched the current school
    if (sameDetails(next, current)) return false;
    yield put(sessionDetailsAdopted({ user: next.user, clients: next.clients }));
    const school = next.clients[0];
    if (school && !sameClientId(school.lsclientID, current.clients[0]?.lsclientID ?? '')) {
      yield put(currentSchoolChanged({ lsclientID: school.lsclientID }));
    }
    return false;
  }
  // the same learner: the other tab's renewal, adopted from cc:auth when its token is the later one
  yield call(adoptStoredRenewal);
  return false;
}

/**
 * Runs while signed in (forked with the timer, cancelled on auth:session:end). `startedLate`: its
 * chunk arrived after auth:ready (session/start.ts), so a change another tab made meanwhile sent its
 * `storage` event before anything here listened: it starts with what cc:auth holds now.
 */
export function* tabSync(startedLate = false): SagaIterator {
  const target: TabEventTarget | undefined = yield call(tabEventTarget);
  if (!target) return;
  const storage: Storage | undefined = yield getContext('storage');
  const channel: EventChannel<StoredSessionChange> = yield call(createStoredSessionChannel, target, storage);
  try {
    if (startedLate && storage) {
      const ended: boolean = yield call(onStoredSessionChange, { newValue: storage.getItem(SESSION_STORAGE_KEY) });
      if (ended) return;
    }
    while (true) {
      const change: StoredSessionChange = yield take(channel);
      const ended: boolean = yield call(onStoredSessionChange, change);
      if (ended) return;
    }
  } finally {
    channel.close();
  }
}
