/**
 * The session check asks the server whether the session still stands (features/session/probe.ts):
 * through the real API saga and auth saga, on a virtual clock. A staff member who ends the session
 * on the server sends the idle open tab to /login within one check; any other failure is not a
 * rejection (S8.07); a hidden tab does not ask.
 */
import { authReady } from '../../../../../src/client/features/auth/events';
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { sessionSaga } from '../../../../../src/client/features/session/sagas';
import { SESSION } from '../../../../../src/common/constants';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { NOW, harness, makeSession, settle, tokenExpiringIn, type FakeAnswer } from '../harness';

const CHECK = SESSION.checkIntervalMs;

function setup() {
  const clock = new VirtualClock(NOW);
  let answer: FakeAnswer = { status: 200, data: { body: { user: makeSession().user, clients: [], permissions: [] } } };
  const session = makeSession({ token: tokenExpiringIn(120 * 60_000) });
  const h = harness({ stored: session, sagas: [authSaga, sessionSaga], clock: clock.now, delay: clock.delay, routes: { 'GET /api/auth/user': () => answer } });
  h.store.dispatch(authReady());
  const probes = () => h.requests.filter((r) => r.url === '/api/auth/user').length;
  const next = async () => {
    clock.advanceTo(clock.now() + CHECK);
    await settle();
  };
  return { h, probes, next, setAnswer: (a: FakeAnswer) => (answer = a) };
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('the session probe', () => {
  it('[S8.01] asks once per check; a 401 ends the session (unauthorized) and the tab goes to /login', async () => {
    const s = setup();
    await s.next();
    await s.next();
    expect(s.probes()).toBe(2);
    expect(s.h.state().auth.session).not.toBeNull();
    s.setAnswer({ status: 401, data: { message: 'Session expired' } });
    await s.next();
    expect(s.h.state().auth.session).toBeNull();
    expect(s.h.state().auth.endReason).toBe('unauthorized');
    expect(s.h.navigate.mock.calls.map(([to]) => to).some((to) => to.startsWith('/login'))).toBe(true);
    await s.next();
    expect(s.probes()).toBe(3); // the timer stopped with the session
  });

  it('[S8.07] a server error, a timeout or no network is not a rejection: the session stays, the next check asks again', async () => {
    const s = setup();
    for (const answer of [{ status: 503, data: {} }, 'timeout', 'network'] as FakeAnswer[]) {
      s.setAnswer(answer);
      await s.next();
      expect(s.h.state().auth.session).not.toBeNull();
    }
    expect(s.probes()).toBe(3);
  });

  it('a hidden tab does not ask; it asks again at the first check on screen', async () => {
    const s = setup();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await s.next();
    await s.next();
    expect(s.probes()).toBe(0);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    s.setAnswer({ status: 401, data: { message: 'Session expired' } });
    await s.next();
    expect(s.probes()).toBe(1);
    expect(s.h.state().auth.session).toBeNull();
  });
});
