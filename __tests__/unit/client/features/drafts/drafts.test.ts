/**
 * Nothing typed is lost. Forms register a saver; before the timer ends a session
 * for idle or expiry, every saver is asked to save (bounded by DRAFT_SAVE_TIMEOUT_MS), then the
 * session ends. Sign Out Now does not wait for drafts.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';
import { createElement } from 'react';
import { authReady, sessionStart } from '../../../../../src/client/features/auth/events';
import { authReducer } from '../../../../../src/client/features/auth/slice';
import { DRAFT_SAVE_TIMEOUT_MS } from '../../../../../src/client/features/drafts/events';
import { createDraftRegistry, type DraftRegistry } from '../../../../../src/client/features/drafts/registry';
import { saveDraftsBeforeSessionEnd } from '../../../../../src/client/features/drafts/sagas';
import { DraftRegistryContext, useDraftSaver } from '../../../../../src/client/features/drafts/useDraftSaver';
import { sessionSaga } from '../../../../../src/client/features/session/sagas';
import { VirtualClock } from '../../../../../src/client/features/session/scenarios/virtualClock';
import { sessionReducer } from '../../../../../src/client/features/session/slice';
import type { Session } from '../../../../../src/common/types';

const T0 = Date.UTC(2026, 8, 14, 13, 0, 0);
const MIN = 60_000;
const session = { token: 't', user: { id: 1 }, clients: [], permissions: [] } as unknown as Session;

function setup(drafts: DraftRegistry | undefined) {
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

describe('drafts registry', () => {
  it('saves every registered form, reports saved and failed keys, and forgets unregistered ones', async () => {
    const registry = createDraftRegistry();
    const saved: string[] = [];
    registry.register('support', () => {
      saved.push('support');
    });
    const off = registry.register('budget', () => Promise.resolve(saved.push('budget')));
    registry.register('worksheet', () => Promise.reject(new Error('disk full')));
    expect(registry.keys()).toEqual(['support', 'budget', 'worksheet']);
    await expect(registry.saveAll()).resolves.toEqual({ saved: ['support', 'budget'], failed: ['worksheet'] });
    off();
    expect(registry.keys()).toEqual(['support', 'worksheet']);
  });

  it('useDraftSaver registers while mounted and always calls the latest save', async () => {
    const registry = createDraftRegistry();
    const calls: string[] = [];
    function Form({ value }: { value: string }) {
      useDraftSaver('support', () => {
        calls.push(value);
      });
      return null;
    }
    const wrap = (value: string) => createElement(DraftRegistryContext.Provider, { value: registry }, createElement(Form, { value }));
    const view = render(wrap('first'));
    view.rerender(wrap('second'));
    await registry.saveAll();
    expect(calls).toEqual(['second']);
    view.unmount();
    expect(registry.keys()).toEqual([]);
  });
});

describe('saved before the session ends for inactivity', () => {
  it('[S4.15] the idle logout waits for the drafts, then ends the session', async () => {
    const registry = createDraftRegistry();
    let finish: () => void = () => undefined;
    registry.register('support', () => new Promise<void>((resolve) => (finish = resolve)));
    const { runTo, find } = setup(registry);
    await runTo(30 * MIN + 30_000);
    expect(find('auth:session:end')).toBeUndefined(); // still saving
    finish();
    await runTo(30 * MIN + 30_100);
    const saved = find('drafts/savedBeforeSessionEnd');
    expect(saved?.action.payload).toEqual({ reason: 'idle', saved: ['support'], failed: [], timedOut: [] });
    const end = find('auth:session:end');
    expect(end?.action.payload).toEqual({ reason: 'idle' });
    expect(end && saved && end.at >= saved.at).toBe(true);
  });

  it('a saver that never answers holds the end for DRAFT_SAVE_TIMEOUT_MS at most', async () => {
    const registry = createDraftRegistry();
    registry.register('budget', () => new Promise(() => undefined));
    const { runTo, find } = setup(registry);
    await runTo(30 * MIN + 30_000);
    await runTo(30 * MIN + 30_000 + DRAFT_SAVE_TIMEOUT_MS);
    expect(find('drafts/savedBeforeSessionEnd')?.action.payload).toMatchObject({ timedOut: ['budget'] });
    expect(find('auth:session:end')?.at).toBe(30 * MIN + 30_000 + DRAFT_SAVE_TIMEOUT_MS);
  });

  it('with no form registered the session ends at the check itself (no time, no event)', async () => {
    const { runTo, find } = setup(createDraftRegistry());
    await runTo(30 * MIN + 30_000);
    expect(find('drafts/savedBeforeSessionEnd')).toBeUndefined();
    expect(find('auth:session:end')?.at).toBe(30 * MIN + 30_000);
  });

  it('saveDraftsBeforeSessionEnd without a registry in context does nothing', () => {
    const it = saveDraftsBeforeSessionEnd('idle');
    const first = it.next();
    expect(first.done).toBe(false); // getContext('drafts')
    expect(it.next(undefined)).toEqual({ done: true, value: null });
  });
});
