/**
 * SPEC §4 "Session check (every 30 seconds)": `sessionSaga` forks `sessionTimer` on auth:ready and
 * cancels it on auth:session:end; the timer keeps activity inside the saga (a throttled channel,
 * shared with the other tabs through cc:lastActivity) and at each check asks the pure `decide()`
 * for logout, renew, prompt or nothing, judging the token in server time. Before an idle or expired
 * end it saves the drafts (./drafts.ts). Time comes only from saga context (`clock`, `delay`), so
 * tests and the scenario runner replay it on a virtual clock. The whole flow, with the files of the
 * timer, the dialog and the renewal: docs/architecture.md, "Session: auth, timer, drafts".
 */
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { call, cancel, cancelled, fork, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import { SESSION } from '../../../common/constants';
import { decide } from '../../../common/sessionPolicy';
import { wait, type DelayFn, type SagaContext } from '../../app/sagaContext';
import { authReady, sessionEnd, sessionRenew, sessionRenewed, type SessionEndPayload, sessionAdopted, readLastActivity, writeLastActivity, selectExpiresAt, selectServerOffsetMs } from '../auth';
import { saveDraftsBeforeSessionEnd } from './drafts';
import { ACTIVITY_THROTTLE_MS, createActivityChannel, type ActivitySignal, type ActivityTarget } from './activity';
import { tabSync } from './tabs';
import { expiryWarningDismissed, expiryWarningShown, signOutNowChosen, staySignedInChosen } from './slice';

export { wait, type DelayFn } from '../../app/sagaContext';

/** The context keys this feature reads, beyond `clock` (and the optional `currentPath`) of SagaContext. */
export interface SessionSagaContext {
  clock: SagaContext['clock'];
  /** Where activity is listened to. Default: `window`. */
  activitySource?: ActivityTarget;
  /** Default: redux-saga's `delay`. */
  delay?: DelayFn;
  currentPath?: SagaContext['currentPath'];
  /** Where cc:lastActivity lives (shared by the tabs). Absent: activity stays in this tab. */
  storage?: Storage;
  /**
   * Asks the server whether the session still stands (./probe.ts: GET /api/auth/user, whose 401
   * ends the session the S8 way). Absent: the timer never asks (the scenario catalogue's default).
   */
  sessionProbe?: () => SagaIterator<unknown>;
  /** Whether this tab is on screen. Default: `document.visibilityState !== 'hidden'`. */
  tabVisible?: () => boolean;
}

/** What the timer remembers between checks. Lives in the saga only; never in the store. */
interface TimerState {
  lastActivityAt: number;
  dialogOpen: boolean;
  /** When the last renewal was requested, while no answer has come (null: none in flight). */
  renewRequestedAt: number | null;
  /** What the renewal in flight started from: the token's expiry and the activity it reported. */
  renewingFrom: { expiresAt: number; lastActivityAt: number } | null;
  /**
   * The activity a renewal reported that could not extend the token (the server's idle cap): no
   * renewal is asked for again until there is a later activity (null: none such).
   */
  cappedAtActivity: number | null;
  /** A session probe is on its way (at most one at a time, at most one per check). */
  probing: boolean;
}

function* watchActivity(
  channel: EventChannel<ActivitySignal>,
  state: TimerState,
  clock: () => number,
  storage: Storage | undefined,
): SagaIterator {
  while (true) {
    yield take(channel);
    // SPEC §4: activity resets inactivity, dialog open or not; the next check closes an open dialog.
    state.lastActivityAt = clock();
    if (storage) writeLastActivity(storage, state.lastActivityAt);
  }
}

/**
 * Takes a later activity another tab recorded in cc:lastActivity. If this tab's dialog is open, a
 * later activity elsewhere means the learner is working (or pressed 'Stay Signed In') in another
 * tab: the dialog closes here too.
 */
function* adoptSharedActivity(state: TimerState, clock: () => number, storage: Storage | undefined): SagaIterator {
  if (!storage) return;
  const shared = readLastActivity(storage);
  if (shared === null || shared <= state.lastActivityAt || shared > clock()) return;
  state.lastActivityAt = shared;
  if (state.dialogOpen) {
    state.dialogOpen = false;
    yield put(expiryWarningDismissed());
  }
}

function* watchChoices(state: TimerState, clock: () => number, storage: Storage | undefined): SagaIterator {
  while (true) {
    const action: ReturnType<typeof staySignedInChosen> | ReturnType<typeof signOutNowChosen> = yield take([
      staySignedInChosen.type,
      signOutNowChosen.type,
    ]);
    state.dialogOpen = false;
    if (signOutNowChosen.match(action)) {
      yield put(sessionEnd({ reason: 'signout' }));
      return;
    }
    const now = clock();
    state.lastActivityAt = now;
    if (storage) writeLastActivity(storage, now);
    yield call(requestRenewal, state, now);
  }
}

function* endPayload(reason: 'idle' | 'expired'): SagaIterator<SessionEndPayload> {
  const currentPath: SagaContext['currentPath'] | undefined = yield getContext('currentPath');
  const redirect = currentPath ? currentPath() : null;
  return redirect ? { reason, redirect } : { reason };
}

/** Puts auth:session:renew, remembering what it started from (see `renewalAnswered`). */
function* requestRenewal(state: TimerState, now: number): SagaIterator {
  const expiresAt: number = yield select(selectExpiresAt);
  state.renewRequestedAt = now;
  state.renewingFrom = { expiresAt, lastActivityAt: state.lastActivityAt };
  yield put(sessionRenew({ lastActivityAt: state.lastActivityAt }));
}

/**
 * A renewal answered (this tab's, or another tab's adopted). One that moved the expiry by less than
 * a check interval gained nothing (the next check would ask again): the server capped it at the
 * reported activity, and asking again before a later activity only gets the same expiry.
 */
function renewalAnswered(state: TimerState, expiresAt: number): void {
  const from = state.renewingFrom;
  state.renewRequestedAt = null;
  state.renewingFrom = null;
  if (!from) return;
  state.cappedAtActivity = expiresAt - from.expiresAt < SESSION.checkIntervalMs ? from.lastActivityAt : null;
}

/**
 * A session ended elsewhere (a teacher's "End all sessions", a school deactivating the account)
 * is noticed by an idle tab only at its next API call; the check asks the server itself, at most once
 * per check and only while the tab is on screen (a hidden tab asks when it is looked at again). A 401
 * ends the session in the API saga (S8.01); any other failure is not a rejection (S8.07).
 */
function* probeSession(state: TimerState, probe: () => SagaIterator<unknown>): SagaIterator {
  state.probing = true;
  try {
    yield call(probe);
  } catch {
    // unreachable server, 5xx, timeout: the session stands; the next check asks again
  } finally {
    state.probing = false;
  }
}

function* tabIsVisible(): SagaIterator<boolean> {
  const visible: (() => boolean) | undefined = yield getContext('tabVisible');
  if (visible) return visible();
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** One check (SPEC §4 table). Returns true when it ended the session. */
function* check(state: TimerState, clock: () => number, storage: Storage | undefined): SagaIterator<boolean> {
  yield call(adoptSharedActivity, state, clock, storage);
  const now = clock();
  const expiresAt: number = yield select(selectExpiresAt);
  const serverOffsetMs: number = yield select(selectServerOffsetMs);
  const decision = decide({ now, lastActivityAt: state.lastActivityAt, expiresAt, serverOffsetMs });

  if (decision === 'logout') {
    const reason = now - state.lastActivityAt > SESSION.inactivityLogoutMs ? 'idle' : 'expired';
    const payload: SessionEndPayload = yield call(endPayload, reason);
    yield call(saveDraftsBeforeSessionEnd, reason);
    yield put(sessionEnd(payload));
    return true;
  }
  if (decision === 'prompt') {
    if (!state.dialogOpen) {
      state.dialogOpen = true;
      yield put(expiryWarningShown({ logoutAt: state.lastActivityAt + SESSION.inactivityLogoutMs }));
    }
    yield call(maybeProbe, state);
    return false;
  }
  if (state.dialogOpen) {
    // The policy no longer asks for the dialog: the learner came back (or the clock was set back).
    state.dialogOpen = false;
    yield put(expiryWarningDismissed());
  }
  if (decision === 'renew') {
    const inFlight = state.renewRequestedAt !== null && now - state.renewRequestedAt < SESSION.checkIntervalMs;
    const capped = state.cappedAtActivity !== null && state.lastActivityAt <= state.cappedAtActivity;
    if (!inFlight && !capped) {
      // the renewal asks the server already: a revoked session's renewal is refused
      yield call(requestRenewal, state, now);
      return false;
    }
  }
  yield call(maybeProbe, state);
  return false;
}

function* maybeProbe(state: TimerState): SagaIterator {
  const probe: SessionSagaContext['sessionProbe'] = yield getContext('sessionProbe');
  if (!probe || state.probing) return;
  const visible: boolean = yield call(tabIsVisible);
  if (visible) yield fork(probeSession, state, probe);
}

/**
 * The 30-second check, from auth:ready until it is cancelled (auth:session:end). `readySince`: when
 * auth:ready came, if that was before this timer could start (its chunk was still loading): the
 * session's inactivity counts from then, and the first check comes when it would have.
 */
export function* sessionTimer(readySince: number | null = null): SagaIterator {
  const clock: SagaContext['clock'] = yield getContext('clock');
  const source: ActivityTarget | undefined = yield getContext('activitySource');
  const storage: Storage | undefined = yield getContext('storage');
  const channel: EventChannel<ActivitySignal> = yield call(
    createActivityChannel,
    source ?? window,
    ACTIVITY_THROTTLE_MS,
    clock,
  );
  // A session that starts (sign-in, page load, a new tab) starts active.
  const startedAt = readySince ?? clock();
  const state: TimerState = {
    lastActivityAt: startedAt,
    dialogOpen: false,
    renewRequestedAt: null,
    renewingFrom: null,
    cappedAtActivity: null,
    probing: false,
  };
  if (storage) writeLastActivity(storage, state.lastActivityAt);
  const watchers: Task[] = [];
  try {
    watchers.push(yield fork(watchActivity, channel, state, clock, storage));
    watchers.push(yield fork(watchChoices, state, clock, storage));
    watchers.push(
      yield takeEvery(sessionRenewed.type, (action: ReturnType<typeof sessionRenewed>) => {
        renewalAnswered(state, action.payload.expiresAt);
      }),
    );
    watchers.push(
      yield takeEvery(sessionAdopted.type, function* adopted(action: ReturnType<typeof sessionAdopted>): SagaIterator {
        renewalAnswered(state, action.payload.expiresAt);
        yield call(adoptSharedActivity, state, clock, storage);
      }),
    );
    let nextCheckIn = Math.max(0, startedAt + SESSION.checkIntervalMs - clock());
    while (true) {
      yield call(wait, nextCheckIn);
      nextCheckIn = SESSION.checkIntervalMs;
      const ended: boolean = yield call(check, state, clock, storage);
      if (ended) return;
    }
  } finally {
    // Cancelled by auth:session:end is the normal way out; after a logout put by this timer (or a
    // crash) the listeners must go too, so the channel is closed in every case.
    const stoppedBySessionEnd: boolean = yield cancelled();
    channel.close();
    if (!stoppedBySessionEnd) yield cancel(watchers);
  }
}

/**
 * The session feature's saga: one timer and one tab sync per signed-in session (started by the root
 * saga through ./start.ts). `readySince`: auth:ready came at that time, before this saga ran (while
 * its chunk was loading), so the first session starts at once, counted from then.
 */
export function* sessionSaga(readySince: number | null = null): SagaIterator {
  let since = readySince;
  while (true) {
    if (since === null) yield take(authReady.type);
    const timer: Task = yield fork(sessionTimer, since);
    const tabs: Task = yield fork(tabSync, since !== null);
    since = null;
    yield take(sessionEnd.type);
    yield cancel([timer, tabs]);
  }
}

export default sessionSaga;
