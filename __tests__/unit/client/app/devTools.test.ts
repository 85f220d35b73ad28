/**
 * DevTools on in development builds AND when env is D. A production build creates
 * the store before GET /api answers; the 'whenEnvIsD' bridge connects once env D is in the state,
 * and everything it sends goes through the sanitizers (the token reads '<hidden>').
 */
import { createMemoryStorage } from '../../../../src/client/app/sagaContext';
import { HIDDEN, createAppStore } from '../../../../src/client/app/store';
import { devToolsWhenEnvIsD, type DevToolsExtension } from '../../../../src/client/app/devTools';
import { sessionRenewed } from '../../../../src/client/features/auth/events';
import { envLoaded } from '../../../../src/client/features/env/slice';
import type { Session } from '../../../../src/common/types';

const session = { token: 'eyJ.secret.token', user: { id: 1 }, clients: [], permissions: [] } as unknown as Session;

function fakeExtension() {
  const sent: { action: unknown; state: unknown }[] = [];
  const inits: unknown[] = [];
  const connects: string[] = [];
  const extension: DevToolsExtension = {
    connect: ({ name }) => {
      connects.push(name);
      return { init: (state) => inits.push(state), send: (action, state) => sent.push({ action, state }) };
    },
  };
  return { extension, sent, inits, connects };
}

function bridgeWith(extension: DevToolsExtension | undefined) {
  return devToolsWhenEnvIsD({ name: 'Cashwise', extension: () => extension, sanitize: (v) => v });
}

describe('DevTools when env is D', () => {
  it('[S3.06] stays silent until env D arrives, then connects once and sends sanitized actions and state', () => {
    const fake = fakeExtension();
    (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__ = fake.extension;
    try {
      const { store } = createAppStore({ context: { storage: createMemoryStorage(), clock: () => 1 }, runSagas: false, devTools: 'whenEnvIsD' });
      store.dispatch(sessionRenewed({ session, expiresAt: 5 }));
      expect(fake.connects).toEqual([]);
      store.dispatch(envLoaded({ appbadge: 'DEV', env: 'D' }));
      expect(fake.connects).toEqual(['Cashwise']);
      expect(JSON.stringify(fake.inits)).not.toContain('eyJ.secret.token');
      store.dispatch(sessionRenewed({ session, expiresAt: 6 }));
      expect(fake.sent).toHaveLength(1);
      const [{ action, state }] = fake.sent as [{ action: { type: string; payload: { session: { token: string } } }; state: { auth: { session: { token: string } } } }];
      expect(action.type).toBe('auth:session:renewed');
      expect(action.payload.session.token).toBe(HIDDEN);
      expect(state.auth.session.token).toBe(HIDDEN);
      expect(JSON.stringify(fake.sent)).not.toContain('eyJ.secret.token');
    } finally {
      delete (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
    }
  });

  it('env P never connects', () => {
    const fake = fakeExtension();
    (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__ = fake.extension;
    try {
      const { store } = createAppStore({ context: { storage: createMemoryStorage(), clock: () => 1 }, runSagas: false, devTools: 'whenEnvIsD' });
      store.dispatch(envLoaded({ appbadge: '', env: 'P' }));
      store.dispatch(sessionRenewed({ session, expiresAt: 6 }));
      expect(fake.connects).toEqual([]);
      expect(fake.sent).toEqual([]);
    } finally {
      delete (window as unknown as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
    }
  });

  it('env D without the extension installed: nothing happens, nothing breaks', () => {
    const bridge = bridgeWith(undefined);
    const next = jest.fn((action: unknown) => action);
    const api = { getState: () => ({ env: { info: { appbadge: 'DEV', env: 'D' } } }), dispatch: jest.fn() };
    const handle = (bridge as unknown as (a: typeof api) => (n: typeof next) => (action: unknown) => unknown)(api)(next);
    expect(handle({ type: 'x' })).toEqual({ type: 'x' });
    expect(handle({ type: 'y' })).toEqual({ type: 'y' });
  });
});
