/**
 * Areas loaded on demand (src/client/app/areas.ts): an area's slice is injected and its
 * saga started when its chunk first loads — once per store, whatever the order of store and chunk.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { getContext, takeEvery } from 'redux-saga/effects';
import { createHttp } from '../../../../src/client/api/http';
import { registerArea, type Area } from '../../../../src/client/app/areas';
import { createMemoryStorage } from '../../../../src/client/app/sagaContext';
import { createAppStore } from '../../../../src/client/app/store';
import { sessionEnd } from '../../../../src/client/features/auth/events';
import { resetOnSessionEnd } from '../../../../src/client/features/auth/reset';
import { selectSupportPanelMounted } from '../../../../src/client/features/support/selectors';
import { NOW, fakeServer, settle } from '../features/harness';

function makeStore(runSagas: boolean | 'onStart' = true) {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const server = fakeServer({ 'GET /api': { status: 200, data: { appbadge: '', env: 'D' } } });
  const http = createHttp({ getAppKey: () => 'k', logger, adapter: server.adapter });
  const made = createAppStore({ context: { storage: createMemoryStorage(), clock: () => NOW, http, logger, navigate: jest.fn() }, runSagas, devTools: false });
  const actions: string[] = [];
  made.sagaMiddleware.run(function* record(): SagaIterator {
    yield takeEvery('*', (action: { type: string }) => {
      actions.push(action.type);
    });
  });
  return { ...made, actions, state: () => made.store.getState() as unknown as Record<string, unknown> };
}

/** A test area: a slice holding a learner's notes (reset on session end) and a saga counting its starts. */
function testArea(name: string) {
  const initialState = { notes: [] as string[] };
  const slice = createSlice({
    name,
    initialState,
    reducers: {
      noted(state, action: PayloadAction<string>) {
        state.notes.push(action.payload);
      },
    },
    extraReducers: (builder) => {
      resetOnSessionEnd(builder, initialState);
    },
  });
  /** The saga context's storage of every start: one per store (earlier tests' stores live on too). */
  const startedIn: unknown[] = [];
  const starts = { in: (storage: unknown) => startedIn.filter((s) => s === storage).length };
  const seen: string[] = [];
  const area: Area = {
    name,
    reducers: { [name]: slice.reducer },
    *saga(): SagaIterator {
      startedIn.push(yield getContext('storage'));
      yield takeEvery(slice.actions.noted, (action: PayloadAction<string>) => {
        seen.push(action.payload);
      });
    },
  };
  return { area, slice, starts, seen };
}

describe('areas loaded on demand', () => {
  it('an area loaded after the store: its slice appears with its initial state, its saga runs once even if loaded twice', async () => {
    const h = makeStore();
    const { area, slice, starts, seen } = testArea('areaLate');
    expect(h.state().areaLate).toBeUndefined();

    registerArea(area);
    registerArea(area); // a second load of the chunk (or a second module registering it)
    registerArea({ ...area }); // the same name: already registered
    await settle();

    expect(h.state().areaLate).toEqual({ notes: [] });
    expect(h.actions).toContain('app/areaLoaded');
    expect(starts.in(h.context.storage)).toBe(1);
    h.store.dispatch(slice.actions.noted('first'));
    expect(seen).toEqual(['first']); // one saga: the action is handled once
    expect(h.state().areaLate).toEqual({ notes: ['first'] });
  });

  it('an area loaded before the store: the slice is in the initial state and the saga starts once', async () => {
    const { area, starts } = testArea('areaEarly');
    registerArea(area);
    const h = makeStore();
    await settle();
    expect(h.state().areaEarly).toEqual({ notes: [] });
    expect(h.actions).not.toContain('app/areaLoaded'); // nothing to add: the slice was there from the start
    expect(starts.in(h.context.storage)).toBe(1);
    const other = makeStore(); // every store runs the area's saga once of its own
    await settle();
    expect(other.state().areaEarly).toEqual({ notes: [] });
    expect(starts.in(other.context.storage)).toBe(1);
    expect(starts.in(h.context.storage)).toBe(1);
  });

  it('a store that runs no sagas (tests) gets the slice but not the saga', async () => {
    const h = makeStore(false);
    const { area, starts } = testArea('areaNoSagas');
    registerArea(area);
    await settle();
    expect(h.state().areaNoSagas).toEqual({ notes: [] });
    expect(starts.in(h.context.storage)).toBe(0);
  });

  it("runSagas 'onStart' (main.tsx): nothing runs until startSagas(); then the root saga, the areas loaded so far and every later one, each once", async () => {
    const before = testArea('areaBeforeStart');
    registerArea(before.area);
    const h = makeStore('onStart');
    const during = testArea('areaBeforeStartAfterStore');
    registerArea(during.area);
    await settle();
    // the slices are there from the start; no saga has run and the root saga has put nothing
    expect(h.state().areaBeforeStart).toEqual({ notes: [] });
    expect(h.state().areaBeforeStartAfterStore).toEqual({ notes: [] });
    expect(before.starts.in(h.context.storage)).toBe(0);
    expect(during.starts.in(h.context.storage)).toBe(0);
    expect(h.actions).not.toContain('auth/validate');

    h.startSagas();
    h.startSagas(); // a second call does nothing
    await settle();
    expect(h.actions.filter((type) => type === 'auth/validate')).toHaveLength(1);
    expect(h.actions.filter((type) => type === 'env/envRequested')).toHaveLength(1);
    expect(before.starts.in(h.context.storage)).toBe(1);
    expect(during.starts.in(h.context.storage)).toBe(1);

    const after = testArea('areaAfterStart');
    registerArea(after.area);
    await settle();
    expect(after.starts.in(h.context.storage)).toBe(1);
    h.store.dispatch(before.slice.actions.noted('seen once'));
    expect(before.seen).toEqual(['seen once']);
  });

  it('startSagas() does nothing for a store that runs its sagas at once, or never', async () => {
    const running = makeStore(true);
    const none = makeStore(false);
    running.startSagas();
    none.startSagas();
    await settle();
    // the root saga ran as the store was made (before makeStore's recorder); it is not run again
    expect(running.actions).not.toContain('auth/validate');
    const { area, starts } = testArea('areaNeverStarted');
    registerArea(area);
    await settle();
    expect(starts.in(none.context.storage)).toBe(0);
    expect(none.actions).not.toContain('auth/validate');
  });

  it('an injected slice holding a learner’s data still resets when the session ends', async () => {
    const h = makeStore(false);
    const { area, slice } = testArea('areaReset');
    registerArea(area);
    h.store.dispatch(slice.actions.noted('private'));
    expect(h.state().areaReset).toEqual({ notes: ['private'] });
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    expect(h.state().areaReset).toEqual({ notes: [] });
  });

  it('the catalog, knowledge-base and support slices are not in a new store until their chunks load', async () => {
    const h = makeStore(false);
    expect(h.state().catalog).toBeUndefined();
    expect(h.state().knowledgeBase).toBeUndefined();
    expect(h.state().auth).toBeDefined();
    // the root layout asks whether the Get Help panel is mounted before the support area loads
    expect(h.state().support).toBeUndefined();
    expect(selectSupportPanelMounted(h.store.getState())).toBe(false);
    await import('../../../../src/client/features/catalog/pages/CatalogPages');
    expect(h.state().catalog).toMatchObject({ content: { catalog: {} } });
    expect(h.state().knowledgeBase).toBeUndefined();
  });
});
