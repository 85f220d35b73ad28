/**
 * Replays a SessionScenario against the REAL sessionSaga and the real auth and session reducers,
 * with a virtual clock (virtualClock.ts) and a fake server that answers auth:session:renew. Returns
 * the event log. Synchronous and deterministic: a two-hour session replays in milliseconds.
 *
 * The fake server's clock is the browser's plus the scenario's skew; its tokens carry `iat` and
 * `exp` in its time, and the timer learns the offset from them, as the app does from the answers.
 * With `serverIdleCap` it also applies the real server's idle rules: every expiry is capped at the
 * reported last activity + 30 min + slack (SERVER_IDLE_LIMIT_MS, whole seconds), so an idle
 * learner's renewals stop extending the token, and a renewal left with a minute or less, or
 * reporting an activity past the idle limit, is refused. Without it a token lives exactly
 * `tokenLifetimeMs` (to the millisecond, for the boundary scenarios). The log ends with the number
 * of renewal requests the server got (`renewal:requests N`). With `revokedAt` staff end the session
 * on the server then: the timer's session probe gets a 401 from that time on (`probe:requests N`).
 *
 * Order at equal times: timers (the 30-second checks, the fake server's answers) due at a time run
 * BEFORE the scenario's own events at that time; among scenario events: sign-in, sleeps, choices,
 * activity. So an activity at 25:00 is not seen by the check at 25:00.
 */
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { Session } from '../../../src/common/types';
import { authReady, sessionEnd, sessionRenew, sessionRenewed, sessionStart } from '../../../src/client/features/auth/events';
import { authReducer, serverClockLearned, sessionAdopted } from '../../../src/client/features/auth/slice';
import { LAST_ACTIVITY_STORAGE_KEY, SERVER_IDLE_LIMIT_MS, SESSION, SESSION_STORAGE_KEY } from '../../../src/common/constants';
import { serverClockOffset } from '../../../src/common/serverClock';
import { selectServerOffsetMs } from '../../../src/client/features/auth/selectors';
import { createMemoryStorage } from '../../../src/client/app/sagaContext';
import { writeLastActivity } from '../../../src/client/features/auth/storage';
import { sessionSaga, type DelayFn } from '../../../src/client/features/session/sagas';
import { sessionReducer, signOutNowChosen, staySignedInChosen } from '../../../src/client/features/session/slice';
import type { RenewalOutcome, SessionLogEntry, SessionScenario, TabEvent } from './format';
import { formatOffset } from './format';
import { VirtualClock } from './virtualClock';

/** Scenario time 0 in epoch ms (any fixed instant works; this one is a school-day morning). */
export const SCENARIO_EPOCH = Date.UTC(2026, 8, 14, 13, 0, 0);

const scenarioReducer = combineReducers({ auth: authReducer, session: sessionReducer });
type ScenarioState = ReturnType<typeof scenarioReducer>;

const LOGGED_ACTIONS = new Set<string>([staySignedInChosen.type, signOutNowChosen.type, sessionAdopted.type]);

/**
 * An unsigned token whose exp and iat (seconds, server time) the browser reads; the client never
 * verifies signatures.
 */
function tokenExpiringAt(expiresAt: number, serial: number, issuedAt: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { exp: Math.floor(expiresAt / 1000), iat: Math.floor(issuedAt / 1000), jti: `scenario-${serial}` };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.sig`;
}

function fakeSession(serial: number, token = `scenario-token-${serial}`): Session {
  return {
    token,
    user: { id: 1, firstName: 'Sam', lastName: 'Student', userName: 'sam', userEmail: 'sam@example.edu', timezone: 'America/Chicago' },
    clients: [{ lsclientID: 'SCHOOL1', clientName: 'Scenario School' }],
    permissions: [],
  };
}

interface FakeServerOptions {
  clock: () => number;
  lifetimeMs: number;
  skewMs: number;
  latencyMs: number;
  renewals: RenewalOutcome[];
  onFailure: () => void;
  /** The session's last activity as the server knows it (server time); a renewal moves it. */
  activity: { at: number };
  idleCap: boolean;
  /** Counts the renewal requests that reached the server. */
  onRequest: () => number;
}

/** The expiry of a token issued at `serverNow`; with the idle cap as the server's expiryFor (sessions.ts, without the absolute cap). */
function expiryFor(serverNow: number, lifetimeMs: number, lastActivityAt: number, idleCap: boolean): number {
  if (!idleCap) return serverNow + lifetimeMs;
  return Math.floor(Math.min(serverNow + lifetimeMs, lastActivityAt + SERVER_IDLE_LIMIT_MS) / 1000) * 1000;
}

/**
 * Stands in for the auth saga + POST /api/auth/renew: answers each auth:session:renew. The reported
 * activity goes to the server in its time (local + the learned offset, as renewSaga sends it), is
 * clamped as the server clamps it, and caps the new expiry.
 */
function* fakeAuthServer(options: FakeServerOptions): SagaIterator {
  yield takeEvery(sessionRenew.type, function* answer(action: ReturnType<typeof sessionRenew>): SagaIterator {
    const requests = options.onRequest();
    const outcome = options.renewals[requests - 1] ?? 'ok';
    const offset: number = yield select(selectServerOffsetMs);
    const reported = action.payload?.lastActivityAt;
    if (options.latencyMs > 0) {
      const delayFn: DelayFn = yield getContext('delay');
      yield call(delayFn, options.latencyMs);
    }
    const serverNow = options.clock() + options.skewMs;
    const lastActivityAt =
      reported === undefined ? serverNow : Math.min(Math.max(reported + offset, options.activity.at), serverNow);
    const expiresAt = expiryFor(serverNow, options.lifetimeMs, lastActivityAt, options.idleCap);
    const refused =
      options.idleCap &&
      (serverNow - lastActivityAt > SERVER_IDLE_LIMIT_MS || expiresAt - serverNow <= SESSION.logoutWhenRemainingMs);
    if (outcome === 'fail' || refused) {
      options.onFailure();
      return;
    }
    options.activity.at = lastActivityAt;
    const session = fakeSession(requests + 1, tokenExpiringAt(expiresAt, requests + 1, serverNow));
    // the app learns the server's clock from each answer (features/auth/serverClock.ts)
    const offsetMs = serverClockOffset({ token: session.token, arrivedAt: options.clock() });
    if (offsetMs !== null) yield put(serverClockLearned({ offsetMs }));
    yield put(sessionRenewed({ session, expiresAt }));
  });
}

type ScenarioEvent =
  | { at: number; order: 0; kind: 'signIn' }
  | { at: number; order: 1; kind: 'sleep'; durationMs: number }
  | { at: number; order: 2; kind: 'choice'; choice: 'stay' | 'signOut' }
  | { at: number; order: 3; kind: 'activity' }
  | { at: number; order: 4; kind: 'tab'; event: TabEvent };

export interface ScenarioResult {
  log: SessionLogEntry[];
  finalState: ScenarioState;
}

export function runScenario(scenario: SessionScenario): ScenarioResult {
  const clock = new VirtualClock(SCENARIO_EPOCH);
  const offset = () => clock.now() - SCENARIO_EPOCH;
  const activitySource = new EventTarget();
  // Other tabs: storage events on this target, and the localStorage the tabs share.
  const tabEvents = new EventTarget();
  const storage = scenario.tabs?.length ? createMemoryStorage() : undefined;
  let otherTabRenewals = 0;
  let renewalRequests = 0;
  const serverActivity = { at: 0 };
  const log: SessionLogEntry[] = [];

  const recorder: Middleware<object, ScenarioState> = (api) => (next) => (action) => {
    const before = api.getState().session.dialog;
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string' && (type.startsWith('auth:') || LOGGED_ACTIONS.has(type))) {
      const reason = (action as { payload?: { reason?: string } }).payload?.reason;
      log.push(reason ? { at: offset(), type, detail: reason } : { at: offset(), type });
    }
    const result = next(action);
    const after = api.getState().session.dialog;
    if (!before.open && after.open) {
      log.push({ at: offset(), type: 'dialog:shown', detail: `logoutAt=${formatOffset((after.logoutAt ?? 0) - SCENARIO_EPOCH)}` });
    } else if (before.open && !after.open) {
      log.push({ at: offset(), type: 'dialog:hidden' });
    }
    return result;
  };

  const delay: DelayFn = clock.delay;
  // the session probe, only for a scenario where staff end the session: GET /api/auth/user answers
  // 401 from revokedAt on (server time), and the API saga's answer to a 401 is auth:session:end
  let probeRequests = 0;
  const revokedAt = scenario.revokedAt;
  const sessionProbe =
    revokedAt === undefined
      ? undefined
      : function* probe(): SagaIterator {
          probeRequests += 1;
          if (clock.now() - SCENARIO_EPOCH >= revokedAt) yield put(sessionEnd({ reason: 'unauthorized' }));
        };
  const tabVisible = () => !(scenario.hidden ?? []).some((h) => offset() >= h.from && offset() < h.to);
  const sagaMiddleware = createSagaMiddleware({
    context: { clock: clock.now, delay, activitySource, tabEvents, tabVisible, ...(storage ? { storage } : {}), ...(sessionProbe ? { sessionProbe } : {}) },
  });
  const store = configureStore({
    reducer: scenarioReducer,
    // The saga middleware first: the recorder then sees each action's own state change before the
    // actions sagas put in reaction to it.
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware, recorder),
  });

  const skewMs = scenario.clockSkewMs ?? 0;
  const root = sagaMiddleware.run(function* scenarioRoot(): SagaIterator {
    yield fork(sessionSaga);
    yield fork(fakeAuthServer, {
      clock: clock.now,
      lifetimeMs: scenario.tokenLifetimeMs,
      skewMs,
      latencyMs: scenario.renewLatencyMs ?? 0,
      renewals: scenario.renewals ?? [],
      onFailure: () => log.push({ at: offset(), type: 'renewal:failed' }),
      activity: serverActivity,
      idleCap: scenario.serverIdleCap ?? false,
      onRequest: () => (renewalRequests += 1),
    });
  });

  const events: ScenarioEvent[] = [
    { at: scenario.signInAt ?? 0, order: 0, kind: 'signIn' },
    ...(scenario.sleeps ?? []).map((s) => ({ at: s.at, order: 1 as const, kind: 'sleep' as const, durationMs: s.durationMs })),
    ...(scenario.choices ?? []).map((c) => ({ at: c.at, order: 2 as const, kind: 'choice' as const, choice: c.choice })),
    ...scenario.activityAt.map((at) => ({ at, order: 3 as const, kind: 'activity' as const })),
    ...(scenario.tabs ?? []).map((t) => ({ at: t.at, order: 4 as const, kind: 'tab' as const, event: t.event })),
  ];
  events.sort((a, b) => a.at - b.at || a.order - b.order);

  for (const event of events) {
    if (event.at > scenario.runForMs) break;
    if (SCENARIO_EPOCH + event.at < clock.now()) {
      throw new Error(`Scenario '${scenario.name}': an event at ${formatOffset(event.at)} falls while the computer sleeps`);
    }
    clock.advanceTo(SCENARIO_EPOCH + event.at);
    switch (event.kind) {
      case 'signIn': {
        const serverNow = clock.now() + skewMs;
        const expiresAt = expiryFor(serverNow, scenario.tokenLifetimeMs, serverNow, scenario.serverIdleCap ?? false);
        const session = fakeSession(1, tokenExpiringAt(expiresAt, 1, serverNow));
        serverActivity.at = serverNow;
        const offsetMs = serverClockOffset({ token: session.token, arrivedAt: clock.now() });
        if (offsetMs !== null) store.dispatch(serverClockLearned({ offsetMs }));
        store.dispatch(sessionStart({ session, expiresAt }));
        store.dispatch(authReady());
        break;
      }
      case 'sleep':
        clock.sleep(event.durationMs);
        clock.advanceTo(clock.now()); // wake: overdue checks run now
        break;
      case 'choice':
        if (!store.getState().session.dialog.open) {
          throw new Error(`Scenario '${scenario.name}': choice '${event.choice}' at ${formatOffset(event.at)} but the dialog is not open`);
        }
        store.dispatch(event.choice === 'stay' ? staySignedInChosen() : signOutNowChosen());
        break;
      case 'activity':
        activitySource.dispatchEvent(new Event('mousemove'));
        break;
      case 'tab': {
        if (!storage) break;
        // the browser tells every OTHER tab about a change to localStorage with a storage event
        const tell = (key: string, newValue: string | null) =>
          tabEvents.dispatchEvent(Object.assign(new Event('storage'), { key, newValue, storageArea: storage }));
        if (event.event === 'activity') {
          writeLastActivity(storage, clock.now());
          tell(LAST_ACTIVITY_STORAGE_KEY, String(clock.now()));
        } else if (event.event === 'renewed') {
          // the other tab renewed with activity now (its learner was active there)
          otherTabRenewals += 1;
          const serverNow = clock.now() + skewMs;
          serverActivity.at = serverNow;
          const expiresAt = expiryFor(serverNow, scenario.tokenLifetimeMs, serverNow, scenario.serverIdleCap ?? false);
          const session = fakeSession(100 + otherTabRenewals, tokenExpiringAt(expiresAt, 100 + otherTabRenewals, serverNow));
          const raw = JSON.stringify(session);
          storage.setItem(SESSION_STORAGE_KEY, raw);
          tell(SESSION_STORAGE_KEY, raw);
        } else {
          storage.removeItem(SESSION_STORAGE_KEY);
          tell(SESSION_STORAGE_KEY, null);
        }
        break;
      }
    }
  }
  clock.advanceTo(SCENARIO_EPOCH + Math.max(scenario.runForMs, offset()));
  root.cancel();
  if (revokedAt !== undefined) log.push({ at: offset(), type: 'probe:requests', detail: String(probeRequests) });
  log.push({ at: offset(), type: 'renewal:requests', detail: String(renewalRequests) });
  return { log, finalState: store.getState() };
}
