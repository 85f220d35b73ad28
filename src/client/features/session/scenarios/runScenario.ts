/**
 * Replays a SessionScenario against the REAL sessionSaga and the real auth and session reducers,
 * with a virtual clock (virtualClock.ts) and a fake server that answers auth:session:renew. Returns
 * the event log. Synchronous and deterministic: a two-hour session replays in milliseconds.
 *
 * Order at equal times: timers (the 30-second checks, the fake server's answers) due at a time run
 * BEFORE the scenario's own events at that time; among scenario events: sign-in, sleeps, choices,
 * activity. So an activity at 25:00 is not seen by the check at 25:00.
 */
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, takeEvery } from 'redux-saga/effects';
import type { Session } from '../../../../common/types';
import { authReady, sessionRenew, sessionRenewed, sessionStart } from '../../auth/events';
import { authReducer, sessionAdopted } from '../../auth/slice';
import { LAST_ACTIVITY_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../../../common/constants';
import { createMemoryStorage } from '../../../app/sagaContext';
import { writeLastActivity } from '../../auth/storage';
import { sessionSaga, type DelayFn } from '../sagas';
import { sessionReducer, signOutNowChosen, staySignedInChosen } from '../slice';
import type { RenewalOutcome, SessionLogEntry, SessionScenario, TabEvent } from './format';
import { formatOffset } from './format';
import { VirtualClock } from './virtualClock';

/** Scenario time 0 in epoch ms (any fixed instant works; this one is a school-day morning). */
export const SCENARIO_EPOCH = Date.UTC(2026, 8, 14, 13, 0, 0);

const scenarioReducer = combineReducers({ auth: authReducer, session: sessionReducer });
type ScenarioState = ReturnType<typeof scenarioReducer>;

const LOGGED_ACTIONS = new Set<string>([staySignedInChosen.type, signOutNowChosen.type, sessionAdopted.type]);

/** An unsigned token whose exp (seconds) the browser reads; the client never verifies signatures. */
function tokenExpiringAt(expiresAt: number, serial: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(expiresAt / 1000), jti: `scenario-${serial}` })}.sig`;
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
}

/** Stands in for the auth saga + POST /api/auth/renew: answers each auth:session:renew. */
function* fakeAuthServer(options: FakeServerOptions): SagaIterator {
  let requests = 0;
  yield takeEvery(sessionRenew.type, function* answer(): SagaIterator {
    const outcome = options.renewals[requests] ?? 'ok';
    requests += 1;
    if (options.latencyMs > 0) {
      const delayFn: DelayFn = yield getContext('delay');
      yield call(delayFn, options.latencyMs);
    }
    if (outcome === 'fail') {
      options.onFailure();
      return;
    }
    const now = options.clock();
    yield put(sessionRenewed({ session: fakeSession(requests + 1), expiresAt: now + options.skewMs + options.lifetimeMs }));
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
  const sagaMiddleware = createSagaMiddleware({
    context: { clock: clock.now, delay, activitySource, tabEvents, ...(storage ? { storage } : {}) },
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
      case 'signIn':
        store.dispatch(sessionStart({ session: fakeSession(1), expiresAt: clock.now() + skewMs + scenario.tokenLifetimeMs }));
        store.dispatch(authReady());
        break;
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
          otherTabRenewals += 1;
          const expiresAt = clock.now() + skewMs + scenario.tokenLifetimeMs;
          const session = fakeSession(100 + otherTabRenewals, tokenExpiringAt(expiresAt, 100 + otherTabRenewals));
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
  return { log, finalState: store.getState() };
}
