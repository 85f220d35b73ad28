/**
 * Nothing typed is lost. Before the timer ends a session for idle or expiry, every feature with
 * unsaved changes saves through its own `saveNow` saga (the context's `drafts`, bounded by
 * DRAFT_SAVE_TIMEOUT_MS), then the session ends. Sign Out Now does not wait for drafts.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { DraftSaver } from '../../../../../src/client/app/sagaContext';
import { authReady, sessionStart } from '../../../../../src/client/features/auth/events';
import { authReducer } from '../../../../../src/client/features/auth/slice';
import { DRAFT_SAVE_TIMEOUT_MS, saveDraftsBeforeSessionEnd } from '../../../../../src/client/features/session/drafts';
import { sessionSaga } from '../../../../../src/client/features/session/sagas';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { sessionReducer } from '../../../../../src/client/features/session/slice';
import type { Session } from '../../../../../src/common/types';

const T0 = Date.UTC(2026, 8, 14, 13, 0, 0);
const MIN = 60_000;
const session = { token: 't', user: { id: 1 }, clients: [], permissions: [] } as unknown as Session;

/** A feature's draft: unsaved as given, its save a saga around `save` (a promise, or a throw). */
function draftOf(key: string, save: () => Promise<boolean>, unsaved = true): DraftSaver {
  return {
    key,
    unsaved: () => unsaved,
    save: function* saveNow(): SagaIterator<boolean> {
      const done: boolean = yield call(save);
      return done;
    },
  };
}

function setup(savers: DraftSaver[] | undefined) {
  const drafts = savers ? () => savers : undefined;
  const clock = new VirtualClock(T0);
  const seen: { at: number; action: UnknownAction }[] = [];
  const sagaMiddleware = createSagaMiddleware({
    context: { clock: clock.now, delay: clock.delay, activitySource: new EventTarget(), tabEvents: new EventTarget(), drafts },
  });
  const recorder: Middleware = () => (next) => (action) => {
    seen.push({ at: clock.now() - T0, action: action as UnknownAction });
    return next(action);
  };
  const store = configureStore({
    reducer: { auth: authReducer, session: sessionReducer },
    middleware: (gdm) => gdm().concat(sagaMiddleware, recorder),
  });
  sagaMiddleware.run(sessionSaga);
  store.dispatch(sessionStart({ session, expiresAt: T0 + 120 * MIN }));
  store.dispatch(authReady());
  const find = (type: string) => seen.find((entry) => entry.action.type === type);
  /** Moves the virtual clock to T0 + ms, then lets pending promises (the savers) settle. */
  const runTo = async (ms: number) => {
    clock.advanceTo(T0 + ms);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { clock, store, seen, find, runTo };
}

describe('saveDraftsBeforeSessionEnd', () => {
  it("calls each unsaved feature's save, reports saved and failed keys, and skips features with nothing unsaved", async () => {
    const calls: string[] = [];
    const savers = [
      draftOf('budgets', async () => (calls.push('budgets'), true)),
      draftOf('worksheets', () => Promise.reject(new Error('disk full'))),
      draftOf('conflicted', async () => false),
      draftOf('clean', async () => (calls.push('clean'), true), false),
    ];
    const sagaMiddleware = createSagaMiddleware({ context: { drafts: () => savers } });
    configureStore({ reducer: () => ({}), middleware: (gdm) => gdm().concat(sagaMiddleware) });
    const payload = await sagaMiddleware.run(saveDraftsBeforeSessionEnd, 'idle').toPromise();
    expect(payload).toEqual({ reason: 'idle', saved: ['budgets'], failed: ['worksheets', 'conflicted'], timedOut: [] });
    expect(calls).toEqual(['budgets']);
  });
});

describe('saved before the session ends for inactivity', () => {
  it('[S4.15] the idle logout waits for the drafts, then ends the session', async () => {
    let finish: () => void = () => undefined;
    const { runTo, find } = setup([draftOf('budgets', () => new Promise<boolean>((resolve) => (finish = () => resolve(true))))]);
    await runTo(30 * MIN + 30_000);
    expect(find('auth:session:end')).toBeUndefined(); // still saving
    finish();
    await runTo(30 * MIN + 30_100);
    const saved = find('drafts/savedBeforeSessionEnd');
    expect(saved?.action.payload).toEqual({ reason: 'idle', saved: ['budgets'], failed: [], timedOut: [] });
    const end = find('auth:session:end');
    expect(end?.action.payload).toEqual({ reason: 'idle' });
    expect(end && saved && end.at >= saved.at).toBe(true);
  });

  it('a saver that never answers holds the end for DRAFT_SAVE_TIMEOUT_MS at most', async () => {
    const { runTo, find } = setup([draftOf('budgets', () => new Promise<boolean>(() => undefined))]);
    await runTo(30 * MIN + 30_000);
    await runTo(30 * MIN + 30_000 + DRAFT_SAVE_TIMEOUT_MS);
    expect(find('drafts/savedBeforeSessionEnd')?.action.payload).toMatchObject({ timedOut: ['budgets'] });
    expect(find('auth:session:end')?.at).toBe(30 * MIN + 30_000 + DRAFT_SAVE_TIMEOUT_MS);
  });

  it('with nothing unsaved the session ends at the check itself (no time, no event)', async () => {
    const { runTo, find } = setup([draftOf('budgets', () => new Promise<boolean>(() => undefined), false)]);
    await runTo(30 * MIN + 30_000);
    expect(find('drafts/savedBeforeSessionEnd')).toBeUndefined();
    expect(find('auth:session:end')?.at).toBe(30 * MIN + 30_000);
  });

  it('saveDraftsBeforeSessionEnd without drafts in context does nothing', () => {
    const it = saveDraftsBeforeSessionEnd('idle');
    const first = it.next();
    expect(first.done).toBe(false); // getContext('drafts')
    expect(it.next(undefined)).toEqual({ done: true, value: null });
  });
});
