/**
 * sessionSaga's lifecycle (STYLE "background task"): forked on auth:ready, cancelled on
 * auth:session:end, listeners removed; what it puts. Outcomes only (actions seen, listeners).
 */
import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authReady, sessionEnd, sessionRenew, sessionStart } from '../../../../../src/client/features/auth/events';
import { authReducer } from '../../../../../src/client/features/auth/slice';
import { sessionSaga } from '../../../../../src/client/features/session/sagas';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { expiryWarningShown, sessionReducer } from '../../../../../src/client/features/session/slice';
import type { Session } from '../../../../../src/common/types';

const T0 = Date.UTC(2026, 8, 14, 13, 0, 0);
const MIN = 60_000;
const session = { token: 't', user: { id: 1 }, clients: [], permissions: [] } as unknown as Session;

function setup(options: { virtual?: boolean; currentPath?: () => string | null; readySince?: number } = {}) {
  const virtual = options.virtual ?? true;
  const clock = new VirtualClock(T0);
  const target = new EventTarget();
  const added: string[] = [];
  const removed: string[] = [];
  const source = {
    addEventListener: (type: string, listener: EventListener, opts?: AddEventListenerOptions) => {
      added.push(type);
      target.addEventListener(type, listener, opts);
    },
    removeEventListener: (type: string, listener: EventListener, opts?: EventListenerOptions) => {
      removed.push(type);
      target.removeEventListener(type, listener, opts);
    },
  };
  const seen: UnknownAction[] = [];
  const context: Record<string, unknown> = {
    clock: virtual ? clock.now : () => Date.now(),
    activitySource: source,
    ...(virtual ? { delay: clock.delay } : {}),
    ...(options.currentPath ? { currentPath: options.currentPath } : {}),
  };
  const sagaMiddleware = createSagaMiddleware({ context });
  const recorder: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, session: sessionReducer }),
    middleware: (gdm) => gdm().concat(sagaMiddleware, recorder),
  });
  const task = sagaMiddleware.run(sessionSaga, options.readySince ?? null);
  const signIn = (now: number, lifetime = 60 * MIN) => {
    store.dispatch(sessionStart({ session, expiresAt: now + lifetime }));
    store.dispatch(authReady());
  };
  const types = () => seen.map((a) => a.type);
  return { clock, target, added, removed, store, task, signIn, seen, types };
}

describe('sessionSaga lifecycle', () => {
  it('[S4.12] does nothing before auth:ready: no listeners, no checks', () => {
    const s = setup();
    s.clock.advanceTo(T0 + 60 * MIN);
    expect(s.added).toEqual([]);
    expect(s.types()).toEqual([]);
    expect(s.clock.pendingTimers).toBe(0);
  });

  it('readySince (auth:ready came while the chunk loaded, start.ts): timed at once, counted from auth:ready; the next session waits for auth:ready', () => {
    const s = setup({ readySince: T0 - 20 * MIN }); // the chunk came 20 minutes after auth:ready
    s.store.dispatch(sessionStart({ session, expiresAt: T0 + 60 * MIN }));
    expect(s.added.length).toBeGreaterThan(0);
    expect(s.clock.pendingTimers).toBe(1);
    s.clock.advanceTo(T0); // the first check was due long ago: it comes at once and finds 20 min idle
    expect(s.types()).not.toContain(expiryWarningShown.type);
    s.clock.advanceTo(T0 + 5 * MIN + 30_000); // 25½ min of inactivity since auth:ready: the dialog
    expect(s.types()).toContain(expiryWarningShown.type);
    s.store.dispatch(sessionEnd({ reason: 'signout' }));
    expect(s.clock.pendingTimers).toBe(0);
    const listeners = s.added.length;
    s.clock.advanceTo(T0 + 60 * MIN);
    expect(s.added).toHaveLength(listeners);
    s.signIn(T0 + 60 * MIN);
    expect(s.added).toHaveLength(listeners * 2);
    expect(s.clock.pendingTimers).toBe(1);
  });

  it('[S4.16] auth:ready starts listening; auth:session:end from elsewhere stops the timer and removes every listener', () => {
    const s = setup();
    s.signIn(T0);
    expect(s.added.length).toBeGreaterThan(0);
    expect(s.clock.pendingTimers).toBe(1);

    s.clock.advanceTo(T0 + 5 * MIN);
    s.store.dispatch(sessionEnd({ reason: 'unauthorized' }));
    expect(s.removed.sort()).toEqual([...s.added].sort());
    expect(s.clock.pendingTimers).toBe(0);

    const before = s.types().length;
    s.clock.advanceTo(T0 + 120 * MIN); // no dialog, no logout from a dead timer
    expect(s.types().length).toBe(before);
    expect(s.task.isRunning()).toBe(true); // waits for the next auth:ready
  });

  it('a new sign-in starts a fresh timer (inactivity counted from the new auth:ready)', () => {
    const s = setup();
    s.signIn(T0);
    s.clock.advanceTo(T0 + 20 * MIN);
    s.store.dispatch(sessionEnd({ reason: 'signout' }));
    s.clock.advanceTo(T0 + 21 * MIN);
    s.signIn(T0 + 21 * MIN);
    s.clock.advanceTo(T0 + 46 * MIN); // 25:00 after the second sign-in: no dialog yet
    expect(s.store.getState().session.dialog.open).toBe(false);
    s.clock.advanceTo(T0 + 46 * MIN + 30_000);
    expect(s.store.getState().session.dialog).toEqual({ open: true, logoutAt: T0 + 51 * MIN });
  });

  it('[S4.13] a renewal reports last activity; [S4.12] an unanswered renewal ends in an expired logout carrying the page', () => {
    const s = setup({ currentPath: () => '/app/budgets/7' });
    s.signIn(T0, 30 * MIN);
    s.clock.advanceTo(T0 + 3 * MIN);
    s.target.dispatchEvent(new Event('keydown'));
    s.clock.advanceTo(T0 + 20 * MIN);
    expect(s.seen.find((a) => a.type === sessionRenew.type)).toEqual(sessionRenew({ lastActivityAt: T0 + 3 * MIN }));
    s.clock.advanceTo(T0 + 40 * MIN); // no server here: the token runs out at 30:00, inactivity only 27 min
    expect(s.seen.filter((a) => a.type === sessionEnd.type)).toEqual([
      sessionEnd({ reason: 'expired', redirect: '/app/budgets/7' }),
    ]);
  });
});

describe('sessionSaga with redux-saga’s own delay (no virtual clock in context)', () => {
  afterEach(() => jest.useRealTimers());

  it('[S4.14] [S9.01] checks every 30 s of (fake) timer time: dialog at the first check past 25 min idle', async () => {
    jest.useFakeTimers({ now: T0 });
    const s = setup({ virtual: false });
    s.signIn(T0);
    await jest.advanceTimersByTimeAsync(25 * MIN);
    expect(s.store.getState().session.dialog.open).toBe(false);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(s.store.getState().session.dialog).toEqual({ open: true, logoutAt: T0 + 30 * MIN });
  });
});
