/**
 * The store wiring (src/client/app/store.ts, rootSaga.ts). Lives under features/ because the app/
 * test folder belongs to the UI engineer.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { createMemoryStorage } from '../../../../src/client/app/sagaContext';
import { createAppStore, hideSecrets, HIDDEN } from '../../../../src/client/app/store';
import { asRenderedAhead } from '../../../../src/client/renderAhead/renderedAhead';
import { envLoaded } from '../../../../src/client/features/env/slice';
import { notificationRaised } from '../../../../src/client/features/notifications/slice';
import { expiryWarningShown } from '../../../../src/client/features/session/slice';
import { isolated } from '../../../../src/client/app/rootSaga';
import { sessionEnd, sessionStart } from '../../../../src/client/features/auth/events';
import { SESSION_STORAGE_KEY } from '../../../../src/common/constants';
import { NOW, fakeServer, makeSession, settle } from '../features/harness';
import { createHttp } from '../../../../src/client/api/http';

/** A stored session and a server that answers the start-up's two requests: the store's context for them. */
function startUp() {
  const session = makeSession();
  const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
  const server = fakeServer({
    'GET /api/auth/user': { status: 200, data: { body: { user: session.user, clients: session.clients, permissions: [] } } },
    'GET /api': { status: 200, data: { appbadge: 'DEV', env: 'D' } },
  });
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const http = createHttp({ getAppKey: () => 'k', logger, adapter: server.adapter });
  return { server, context: { storage, clock: () => NOW, http, logger, navigate: jest.fn() } };
}

describe('store', () => {
  it('[S4.07] the initial auth state comes from the stored session', () => {
    const session = makeSession();
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
    const { store } = createAppStore({ context: { storage, clock: () => NOW }, runSagas: false, devTools: false });
    expect(store.getState().auth).toMatchObject({ authenticated: true, session });
  });

  it("asRenderedAhead: the state as the server rendered a student's page, which the app hydrates", () => {
    const session = makeSession();
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
    const { store } = createAppStore({ context: { storage, clock: () => NOW }, runSagas: false, devTools: false });
    const atStart = store.getState();
    // what only this browser knows by now: GET /api's answer, a notification, the session dialog
    store.dispatch(envLoaded({ appbadge: 'DEV', env: 'D' }));
    store.dispatch(notificationRaised({ severity: 'info', summary: 'Saved', detail: 'Saved.' }));
    store.dispatch(expiryWarningShown({ logoutAt: NOW + 60_000 }));
    const now = store.getState();
    const rendered = asRenderedAhead(now);
    expect(rendered.env).toEqual(atStart.env);
    expect(rendered.notifications).toEqual(atStart.notifications);
    expect(rendered.session).toEqual(atStart.session);
    // the student's session and everything else as they are
    expect(rendered.auth).toBe(now.auth);
    expect(now.env).not.toEqual(atStart.env);
  });

  it('the DevTools sanitizers hide tokens and passwords', () => {
    const session = makeSession();
    const action = sessionStart({ session, expiresAt: 1 });
    const hidden = hideSecrets(action);
    expect(hidden.payload.session.token).toBe(HIDDEN);
    expect(hidden.payload.session.user).toEqual(session.user);
    expect(action.payload.session.token).toBe(session.token); // the original is untouched
    expect(hideSecrets({ auth: { session: null }, form: { password: 'pw' } })).toEqual({ auth: { session: null }, form: { password: HIDDEN } });
  });

  it('navigation asked for before the router exists happens once setNavigate is called', async () => {
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(makeSession()) });
    const server = fakeServer({ 'POST /api/auth/signout': { status: 204 }, 'GET /api': { status: 200, data: { appbadge: '', env: 'D' } } });
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const http = createHttp({ getAppKey: () => 'k', logger, adapter: server.adapter });
    const { store, setNavigate } = createAppStore({ context: { storage, clock: () => NOW, http, logger }, devTools: false });
    store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    const navigate = jest.fn();
    setNavigate(navigate);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('the root saga validates the session and asks for env info at start-up', async () => {
    const { server, context } = startUp();
    const { store } = createAppStore({ context, devTools: false });
    await settle();
    expect(server.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api', 'GET /api/auth/user']);
    expect(store.getState().env.info).toEqual({ appbadge: 'DEV', env: 'D' });
    expect(store.getState().auth).toMatchObject({ authenticated: true, status: 'idle' });
  });

  it('where the browser has scheduler.yield, the validation and the env request each wait for a yield of their own', async () => {
    const { server, context } = startUp();
    // a yield the test lets go of, one at a time
    const waiting: (() => void)[] = [];
    const scheduler = { yield: () => new Promise<void>((resolve) => waiting.push(resolve)) };
    Object.defineProperty(globalThis, 'scheduler', { value: scheduler, configurable: true });
    try {
      const { startSagas } = createAppStore({ context, devTools: false, runSagas: 'onStart' });
      startSagas();
      await settle();
      expect(server.requests).toHaveLength(0);
      expect(waiting).toHaveLength(1);
      waiting.shift()!();
      await settle();
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/auth/user']);
      waiting.shift()!();
      await settle();
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/auth/user', 'GET /api']);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });

  it('a crashing feature saga is logged and restarted, not fatal', async () => {
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const { sagaMiddleware } = createAppStore({ context: { logger, storage: createMemoryStorage() }, runSagas: false, devTools: false });
    let runs = 0;
    sagaMiddleware.run(
      isolated(
        'boom',
        function* boom(): SagaIterator {
          runs += 1;
          yield call(() => Promise.resolve());
          throw new Error('boom');
        },
        2,
      ),
    );
    await settle();
    expect(runs).toBe(3);
    expect(logger.error).toHaveBeenCalledTimes(3);
  });
});
