import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { schoolSwitchWatcher } from '../../../../../src/client/features/profile/schoolSwitch';
import { authReady, sessionEnd, sessionRenew } from '../../../../../src/client/features/auth/events';
import {
  guardDenied,
  profileUpdated,
  renew,
  schoolSwitched,
  sessionAdopted,
  signInRequested,
  validate,
} from '../../../../../src/client/features/auth/slice';
import { signInErrorMessage } from '../../../../../src/client/features/auth/pages/loginMessages';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications/slice';
import { API_MESSAGES } from '../../../../../src/common/apiMessages';
import {
  APP_KEY_STORAGE_KEY,
  DEFAULT_APP_KEY,
  RENEWAL_KEY_PATTERN,
  RENEWAL_RETRY_DELAYS_MS,
  SERVER_CLOCK_OFFSET_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  TIMEOUTS,
} from '../../../../../src/common/constants';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { MESSAGES } from '../../../../../src/common/messages';
import type { Session } from '../../../../../src/common/types';
import { tokenExpiry } from '../../../../../src/common/token';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { NOW, harness, makeSession, settle, tokenExpiringIn, tokenWith } from '../harness';

const withAuth = (options: Parameters<typeof harness>[0] = {}) => harness({ ...options, sagas: [authSaga] });

/**
 * `session` stored; `route` is refused with 401 after `meanwhile` acted on the store (what another
 * tab did while the call was on its way).
 */
function refusedAfter(
  route: string,
  session: Session,
  meanwhile: (h: ReturnType<typeof harness>) => void,
  options: Parameters<typeof harness>[0] = {},
): ReturnType<typeof harness> {
  const h: ReturnType<typeof harness> = withAuth({
    ...options,
    stored: session,
    routes: {
      [route]: () => {
        meanwhile(h);
        return { status: 401, data: { message: 'Your session is not valid.' } };
      },
    },
  });
  return h;
}

describe('sign-in (SPEC §4, §7, §8)', () => {
  const session = makeSession();

  it('[S4.03][S7.02][S3.01] success stores cc:auth, raises start → ready and goes to the redirect', async () => {
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: session } } } });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw', redirect: '/app/catalog' }));
    await settle();

    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth',
      data: { username: 'learner', password: 'pw', appKey: DEFAULT_APP_KEY },
      timeout: TIMEOUTS.signInMs,
    });
    expect(h.requests[0]?.headers.Authorization).toBeUndefined();
    expect(h.stored()).toEqual(session);
    expect(h.state().auth).toMatchObject({
      authenticated: true,
      session,
      expiresAt: tokenExpiry(session.token),
      status: 'succeeded',
      error: null,
    });
    const start = h.actions.indexOf('auth:session:start');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(h.actions.indexOf(authReady.type)).toBeGreaterThan(start);
    expect(h.navigate).toHaveBeenCalledWith('/app/catalog', { replace: true });
  });

  it.each([[[]], [['SUPPORT']], [['TEACHER']], [['SCHOOLADMIN']]])('[S2.15] without a redirect a user holding %j goes to /app', async (permissions) => {
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: { ...session, permissions } } } } });
    h.store.dispatch(signInRequested({ username: 'someone', password: 'pw' }));
    await settle();
    expect(h.navigate).toHaveBeenCalledWith('/app', { replace: true });
  });

  it.each(['https://evil.example/', '//evil.example', '/login?redirect=/app'])(
    '[S2.15] an unsafe redirect %p goes to /app',
    async (redirect) => {
      const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: session } } } });
      h.store.dispatch(signInRequested({ username: 'learner', password: 'pw', redirect }));
      await settle();
      expect(h.navigate).toHaveBeenCalledWith('/app', { replace: true });
    },
  );

  it('a temporary password\'s answer (mustChangePassword) reaches the store and cc:auth, so the app holds the student on its change', async () => {
    const temporary = { ...session, mustChangePassword: true as const };
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: temporary } } } });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'abcd-efgh-jkmn' }));
    await settle();
    expect(h.state().auth.session).toEqual(temporary);
    expect(h.stored()).toEqual(temporary);
  });

  it('[S7.02] a response without a body field is read as the session itself; the stored app key is sent', async () => {
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: session } } });
    h.storage.setItem(APP_KEY_STORAGE_KEY, 'school-kiosk');
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    expect(h.state().auth.session).toEqual(session);
    expect(h.requests[0]?.data).toMatchObject({ appKey: 'school-kiosk' });
    expect(h.requests[0]?.headers['x-app-key']).toBe('school-kiosk');
  });

  it('[S3.03] a user without a timezone gets America/Chicago', async () => {
    const { timezone: _omit, ...user } = session.user;
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: { ...session, user } } } } });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    expect(h.state().auth.session?.user.timezone).toBe('America/Chicago');
    expect(h.stored()?.user.timezone).toBe('America/Chicago');
  });

  it.each([
    ['bad credentials (401)', { status: 401, data: { message: API_MESSAGES.badCredentials } }, { kind: 'unauthorized', status: 401, message: API_MESSAGES.badCredentials }, /user name or password is incorrect/],
    ['unknown app key (401)', { status: 401, data: { message: API_MESSAGES.unknownAppKey } }, { kind: 'unauthorized', status: 401, message: API_MESSAGES.unknownAppKey }, /not recognised by the server/],
    ['locked out (429)', { status: 429, data: { message: 'Too many' }, headers: { 'retry-after': '120' } }, { kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 120 }, /please wait 2 minutes and try again/],
    ['server error (500)', { status: 500, data: { message: 'boom' } }, { kind: 'server', status: 500, message: 'boom' }, /problem on its side/],
    ['database unavailable (503)', { status: 503, data: { message: 'down' } }, { kind: 'server', status: 503, message: 'down' }, /problem on its side/],
    ['network error', 'network', { kind: 'network', message: 'Network Error' }, /can't reach Cashwise/],
    ['timeout', 'timeout', { kind: 'timeout' }, /can't reach Cashwise/],
    ['an answer without a token', { status: 200, data: { body: { user: session.user } } }, { kind: 'server', status: 200, message: 'The server answered without a valid session' }, /problem on its side/],
  ] as const)('[S8.06][S4.04] failure: %s → logged, signed out, the problem kept for the page', async (_label, answer, problem, words) => {
    const h = withAuth({ routes: { 'POST /api/auth': answer } });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'bad' }));
    await settle();
    expect(h.state().auth).toMatchObject({
      authenticated: false,
      session: null,
      expiresAt: NOW,
      status: 'failed',
      error: problem,
    });
    expect(signInErrorMessage(h.state().auth.error!)).toMatch(words);
    expect(h.logger.error).toHaveBeenCalled();
    expect(h.stored()).toBeNull();
    expect(h.navigate).not.toHaveBeenCalled();
    expect(h.actions).not.toContain('auth:session:end');
  });
});

describe('start-up validation (SPEC S4.07, S4.08, S8.07, S8.08)', () => {
  const session = makeSession();
  const signedIn = { auth: { authenticated: true, expiresAt: tokenExpiry(session.token) ?? 0, session, status: 'idle' as const, error: null, endReason: null, serverOffsetMs: 0 } };

  it('[S4.07] a stored session gives signed in with the stored expiry before any call', () => {
    const h = withAuth({ stored: session });
    expect(h.state().auth).toMatchObject({ authenticated: true, session, expiresAt: tokenExpiry(session.token) });
  });

  it('[S4.10] an expired stored token is treated as absent (and removed)', () => {
    const h = withAuth({ stored: makeSession({ token: tokenExpiringIn(-1) }) });
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, expiresAt: NOW });
    expect(h.stored()).toBeNull();
  });

  it('[S4.08][S7.03][S9.02] with a token: GET /api/auth/user with app key and Bearer, 15 s; valid → ready', async () => {
    const fresh = { user: { ...session.user, firstName: 'Lenora' }, clients: session.clients, permissions: ['SUPPORT', 'X'] };
    const h = withAuth({ stored: session, routes: { 'GET /api/auth/user': { status: 200, data: { body: fresh } } } });
    h.store.dispatch(validate());
    await settle();
    expect(h.requests[0]).toMatchObject({ method: 'GET', url: '/api/auth/user', timeout: TIMEOUTS.validationMs });
    expect(h.requests[0]?.headers).toMatchObject({ 'x-app-key': DEFAULT_APP_KEY, Authorization: `Bearer ${session.token}` });
    expect(h.state().auth).toMatchObject({ authenticated: true, status: 'idle' });
    expect(h.state().auth.session?.user.firstName).toBe('Lenora');
    expect(h.state().auth.session?.permissions).toEqual(['SUPPORT', 'X']);
    expect(h.actions).toContain('auth:ready');
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('start-up validation: the server\'s identity says whether a stored temporary password is still in force', async () => {
    const { token: _token, ...identity } = session;
    const stillTemporary = withAuth({ stored: { ...session, mustChangePassword: true }, routes: { 'GET /api/auth/user': { status: 200, data: { body: { ...identity, mustChangePassword: true } } } } });
    stillTemporary.store.dispatch(validate());
    await settle();
    expect(stillTemporary.state().auth.session?.mustChangePassword).toBe(true);
    // changed in another browser meanwhile: the flag leaves the store and cc:auth
    const changed = withAuth({ stored: { ...session, mustChangePassword: true }, routes: { 'GET /api/auth/user': { status: 200, data: { body: identity } } } });
    changed.store.dispatch(validate());
    await settle();
    expect(changed.state().auth.session).not.toHaveProperty('mustChangePassword');
    expect(changed.stored()).not.toHaveProperty('mustChangePassword');
  });

  it('[S4.11] a session ended while validation is on its way stays ended (the answer does not write it back)', async () => {
    const h = withAuth({ stored: session, routes: { 'GET /api/auth/user': { status: 200, data: { body: session } } } });
    h.store.dispatch(validate());
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    expect(h.stored()).toBeNull();
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null });
    expect(h.actions).not.toContain('auth:ready');
  });

  it('[S4.08][S8.08] a 401 signs out, clears cc:auth and resolves validation false', async () => {
    const h = withAuth({ stored: session, routes: { 'GET /api/auth/user': { status: 401, data: { message: 'no' } } } });
    h.store.dispatch(validate());
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, expiresAt: NOW });
    expect(h.stored()).toBeNull();
    expect(h.actions).toContain('auth/validated');
    expect(h.actions).not.toContain('auth:ready');
  });

  it.each([
    ['network error', 'network' as const],
    ['server error', { status: 500, data: { message: 'down' } }],
    ['timeout', 'timeout' as const],
  ])('[S8.07] %s is not a rejection: the user stays signed in', async (_label, answer) => {
    const h = withAuth({ stored: session, preloadedState: signedIn, routes: { 'GET /api/auth/user': answer } });
    h.store.dispatch(validate());
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: true, session });
    expect(h.stored()).toEqual(session);
    expect(h.actions).toContain('auth:ready');
  });

  it('a 401 because another tab renewed the stored token meanwhile: its token is adopted, cc:auth kept, still signed in', async () => {
    const renewed = { ...session, token: tokenExpiringIn(60 * 60_000, 'renewed') };
    const h = refusedAfter('GET /api/auth/user', session, (store) => store.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed)), {
      preloadedState: signedIn,
    });
    h.store.dispatch(validate());
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: true, expiresAt: tokenExpiry(renewed.token) });
    expect(h.state().auth.session?.token).toBe(renewed.token);
    expect(h.stored()).toEqual(renewed);
    expect(h.actions).toEqual(expect.arrayContaining(['auth/sessionAdopted', 'auth/validated', 'auth:ready']));
    expect(h.actions).not.toContain('auth:session:end');
  });

  it('a 401 for a token this tab already replaced with the other tab\'s renewal (a request of its own adopted it first): still signed in, cc:auth kept', async () => {
    const renewed = { ...session, token: tokenExpiringIn(60 * 60_000, 'renewed') };
    const h = refusedAfter(
      'GET /api/auth/user',
      session,
      (store) => {
        // while the check is on its way: the other tab renews, and this tab's request refused for the
        // old token adopts that renewal (api/apiSaga.ts) before the check's answer is read
        store.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed));
        store.store.dispatch(sessionAdopted({ session: renewed, expiresAt: tokenExpiry(renewed.token) ?? 0 }));
      },
      { preloadedState: signedIn },
    );
    h.store.dispatch(validate());
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: true, expiresAt: tokenExpiry(renewed.token) });
    expect(h.state().auth.session?.token).toBe(renewed.token);
    expect(h.stored()).toEqual(renewed);
    expect(h.actions).toEqual(expect.arrayContaining(['auth/validated', 'auth:ready']));
    expect(h.actions).not.toContain('auth/loggedOut');
    expect(h.actions).not.toContain('auth:session:end');
  });

  it('[S4.08] no token: no call, signed out, validation resolves false', async () => {
    const h = withAuth();
    h.store.dispatch(validate());
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, expiresAt: NOW });
    expect(h.actions).toContain('auth/validated');
  });
});

describe('renewal (SPEC S4.05, S7.04, S4.17, S8.09)', () => {
  const session = makeSession();
  const renewedToken = tokenExpiringIn(60 * 60_000, 'b');
  const renewed = { ...session, token: renewedToken };

  it('[S4.05][S7.04] auth/renew → auth:session:renew → POST /api/auth/renew; session and expiry replaced and stored', async () => {
    const h = withAuth({ stored: session, routes: { 'POST /api/auth/renew': { status: 200, data: { body: renewed } } } });
    h.store.dispatch(renew());
    await settle();
    expect(h.actions).toEqual(expect.arrayContaining(['auth/renew', 'auth:session:renew', 'auth:session:renewed']));
    expect(h.requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/renew' });
    expect(h.requests[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(h.state().auth).toMatchObject({ authenticated: true, expiresAt: tokenExpiry(renewedToken) });
    expect(h.state().auth.session?.token).toBe(renewedToken);
    expect(h.stored()?.token).toBe(renewedToken);
    expect(h.renewals.descendsFrom(renewedToken, session.token)).toBe(true);
    expect(h.renewals.settled(session.token)).toBeUndefined();
  });

  it('sends the last activity time when the renew event carries it', async () => {
    const h = withAuth({ stored: session, routes: { 'POST /api/auth/renew': { status: 200, data: { body: renewed } } } });
    h.store.dispatch(sessionRenew({ lastActivityAt: NOW - 5000 }));
    await settle();
    expect(h.requests[0]?.data).toEqual({ lastActivityAt: NOW - 5000, renewalKey: expect.stringMatching(new RegExp(RENEWAL_KEY_PATTERN)) });
  });

  /** When the renewal is asked, with no answer, for a token with `life` left: at once, then after each retry delay (the last repeated) while the token lives. */
  function attemptsWithin(life: number): number {
    let at = 0;
    let attempts = 1;
    for (let retry = 0; ; retry += 1) {
      at += RENEWAL_RETRY_DELAYS_MS[Math.min(retry, RENEWAL_RETRY_DELAYS_MS.length - 1)]!;
      if (at >= life) return attempts;
      attempts += 1;
    }
  }

  it.each([
    ['401', () => 1, { status: 401, data: { message: 'revoked' } }],
    ['network error', attemptsWithin, 'network' as const],
    ['timeout', attemptsWithin, 'timeout' as const],
    ['503', attemptsWithin, { status: 503, data: { message: 'down' } }],
  ])('[S8.09][S4.17] failure (%s; no answer is asked again while the token lives): logged, state unchanged, error alert Authentication', async (_label, attempts, answer) => {
    const life = 2 * 60_000;
    const short = { ...session, token: tokenExpiringIn(life, 'short') };
    const clock = new VirtualClock(NOW);
    const h = withAuth({ stored: short, clock: clock.now, delay: clock.delay, routes: { 'POST /api/auth/renew': answer } });
    const before = h.state().auth;
    h.store.dispatch(renew());
    for (let second = 0; second <= life / 1000 + 60; second += 1) {
      await settle();
      clock.advanceTo(NOW + second * 1000);
    }
    await settle();
    expect(h.requests).toHaveLength(attempts(life));
    expect(h.state().auth).toEqual(before);
    expect(h.stored()).toEqual(short);
    expect(h.logger.error).toHaveBeenCalled();
    expect(selectPendingNotifications(h.state())).toEqual([
      expect.objectContaining({ severity: 'error', summary: MESSAGES.renewFailedSummary, detail: MESSAGES.renewFailedDetail }),
    ]);
    expect(h.navigate).not.toHaveBeenCalled();
  });

  describe('a renewal refused because another tab renewed the same token first', () => {
    it('finds the other tab\'s token in cc:auth and adopts it: no alert', async () => {
      // the other tab's renewal landed first: it revoked our token and stored its own
      const h = refusedAfter('POST /api/auth/renew', session, (store) => store.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed)));
      h.store.dispatch(renew());
      await settle();
      expect(h.actions).toContain('auth/sessionAdopted');
      expect(h.state().auth.session?.token).toBe(renewedToken);
      expect(h.renewals.descendsFrom(renewedToken, session.token)).toBe(true);
      expect(selectPendingNotifications(h.state())).toEqual([]);
      expect(h.logger.error).not.toHaveBeenCalled();
    });

    it('already adopted from the other tab\'s storage event while it asked: no alert', async () => {
      const h = refusedAfter('POST /api/auth/renew', session, (store) =>
        store.store.dispatch(sessionAdopted({ session: renewed, expiresAt: tokenExpiry(renewedToken) ?? 0 })),
      );
      h.store.dispatch(renew());
      await settle();
      expect(h.state().auth.session?.token).toBe(renewedToken);
      expect(selectPendingNotifications(h.state())).toEqual([]);
    });

    it('another learner\'s token in cc:auth is not adopted: the usual alert', async () => {
      const h = refusedAfter('POST /api/auth/renew', session, (store) =>
        store.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...renewed, user: { ...session.user, id: 8 } })),
      );
      h.store.dispatch(renew());
      await settle();
      expect(h.actions).not.toContain('auth/sessionAdopted');
      expect(h.state().auth.session?.token).toBe(session.token);
      expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ summary: MESSAGES.renewFailedSummary })]);
    });
  });

  describe('a renewal whose answer was lost (docs/server.md "Renewal")', () => {
    afterEach(() => jest.useRealTimers());

    it('asks again with the same token and renewal key; the answer then renews, with no alert', async () => {
      jest.useFakeTimers({ now: NOW });
      let calls = 0;
      const h = withAuth({
        stored: session,
        routes: { 'POST /api/auth/renew': () => (++calls === 1 ? 'network' : { status: 200, data: { body: renewed } }) },
      });
      h.store.dispatch(renew());
      await jest.advanceTimersByTimeAsync(RENEWAL_RETRY_DELAYS_MS[0] - 1);
      expect(h.requests).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(h.requests).toHaveLength(2);
      const [first, second] = h.requests;
      expect(second?.headers.Authorization).toBe(`Bearer ${session.token}`);
      expect((second?.data as { renewalKey: string }).renewalKey).toBe((first?.data as { renewalKey: string }).renewalKey);
      expect(h.state().auth.session?.token).toBe(renewedToken);
      expect(h.stored()?.token).toBe(renewedToken);
      expect(selectPendingNotifications(h.state())).toEqual([]);
      expect(h.logger.error).not.toHaveBeenCalled();
      expect(h.logger.warn).toHaveBeenCalledWith('Session renewal got no answer: asking again', expect.objectContaining({ kind: 'network' }));
    });

    it('a later renewal of the same token (the next session check) sends the same key; another sign-in (another browser\'s storage) gets another key', async () => {
      const h = withAuth({ stored: session, routes: { 'POST /api/auth/renew': { status: 401, data: { message: 'revoked' } } } });
      h.store.dispatch(renew());
      await settle();
      h.store.dispatch(renew());
      await settle();
      const keys = h.requests.map((request) => (request.data as { renewalKey: string }).renewalKey);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);

      const other = withAuth({ stored: renewed, routes: { 'POST /api/auth/renew': { status: 200, data: { body: session } } } });
      other.store.dispatch(renew());
      await settle();
      expect((other.requests[0]?.data as { renewalKey: string }).renewalKey).not.toBe(keys[0]);
    });

    describe('on virtual time (the saga context\'s delay)', () => {
      const MIN = 60_000;
      const renewCalls = (h: ReturnType<typeof harness>) => h.requests.filter((request) => request.url === '/api/auth/renew');
      /** Moves the virtual clock second by second, letting the fake server's answers arrive in between. */
      async function advance(clock: VirtualClock, ms: number): Promise<void> {
        for (let step = 0; step < ms; step += 1_000) {
          clock.advanceTo(clock.now() + Math.min(1_000, ms - step));
          await settle();
        }
      }

      it('keeps asking with the same token and key through a 6-minute outage; once the network is back the lost renewal is answered, with no alert', async () => {
        // renewed at 21:00 of a 30-minute token; the Wi-Fi drops and the answer is lost
        const clock = new VirtualClock(NOW + 21 * MIN);
        let networkUp = false;
        const h = withAuth({
          stored: session,
          clock: clock.now,
          delay: clock.delay,
          routes: { 'POST /api/auth/renew': () => (networkUp ? { status: 200, data: { body: renewed } } : 'network') },
        });
        h.store.dispatch(renew());
        await settle();
        await advance(clock, 6 * MIN);
        const duringOutage = renewCalls(h).length;
        // the delays, then one attempt per 30 s: never a storm
        expect(duringOutage).toBeGreaterThan(RENEWAL_RETRY_DELAYS_MS.length);
        expect(duringOutage).toBeLessThanOrEqual(RENEWAL_RETRY_DELAYS_MS.length + (6 * MIN) / RENEWAL_RETRY_DELAYS_MS.at(-1)! + 1);
        expect(h.state().auth.session?.token).toBe(session.token);
        expect(selectPendingNotifications(h.state())).toEqual([]);

        networkUp = true;
        await advance(clock, RENEWAL_RETRY_DELAYS_MS.at(-1)!);
        const calls = renewCalls(h);
        expect(calls).toHaveLength(duringOutage + 1);
        expect(new Set(calls.map((request) => (request.data as { renewalKey: string }).renewalKey)).size).toBe(1);
        expect(new Set(calls.map((request) => request.headers.Authorization)).size).toBe(1);
        expect(h.state().auth.session?.token).toBe(renewedToken);
        expect(h.stored()?.token).toBe(renewedToken);
        expect(selectPendingNotifications(h.state())).toEqual([]);
        expect(h.logger.error).not.toHaveBeenCalled();
      });

      it('gives up once the old token has expired: the usual alert, once, and no more requests', async () => {
        const clock = new VirtualClock(NOW + 21 * MIN);
        const h = withAuth({ stored: session, clock: clock.now, delay: clock.delay, routes: { 'POST /api/auth/renew': 'network' } });
        h.store.dispatch(renew());
        await settle();
        await advance(clock, 9 * MIN + 30_000);
        const calls = renewCalls(h).length;
        expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ summary: MESSAGES.renewFailedSummary })]);
        await advance(clock, 2 * MIN);
        expect(renewCalls(h)).toHaveLength(calls);
        expect(clock.pendingTimers).toBe(0);
      });

      it('a refusal (401) is not retried: the replay window closed or the session ended', async () => {
        const clock = new VirtualClock(NOW + 21 * MIN);
        const h = withAuth({
          stored: session,
          clock: clock.now,
          delay: clock.delay,
          routes: { 'POST /api/auth/renew': { status: 401, data: { message: API_MESSAGES.invalidSession } } },
        });
        h.store.dispatch(renew());
        await settle();
        await advance(clock, 2 * MIN);
        expect(renewCalls(h)).toHaveLength(1);
        expect(selectPendingNotifications(h.state())).toEqual([expect.objectContaining({ summary: MESSAGES.renewFailedSummary })]);
      });
    });

    it('stops asking when the student signed out while it waited: no alert', async () => {
      jest.useFakeTimers({ now: NOW });
      const h = withAuth({ stored: session, routes: { 'POST /api/auth/renew': 'network', 'POST /api/auth/signout': { status: 204 } } });
      h.store.dispatch(renew());
      await jest.advanceTimersByTimeAsync(10);
      h.store.dispatch(sessionEnd({ reason: 'signout' }));
      await jest.advanceTimersByTimeAsync(RENEWAL_RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0) + 1000);
      expect(h.requests.filter((request) => request.url === '/api/auth/renew')).toHaveLength(1);
      expect(selectPendingNotifications(h.state())).toEqual([]);
    });
  });
});

describe('session end (SPEC S4.11)', () => {
  const session = makeSession();

  it('[S4.11] clears cc:auth, commits the logout, revokes the old token and goes to /login', async () => {
    const h = withAuth({ stored: session, routes: { 'POST /api/auth/signout': { status: 204 } } });
    h.setNow(NOW + 1000);
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    expect(h.stored()).toBeNull();
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, expiresAt: NOW + 1000, endReason: 'signout' });
    expect(h.actions).toContain('auth/loggedOut');
    expect(h.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/auth/signout', headers: expect.objectContaining({ Authorization: `Bearer ${session.token}` }) }),
    ]);
    expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a failing sign-out call is ignored', async () => {
    const h = withAuth({ stored: session, routes: { 'POST /api/auth/signout': 'network' } });
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    expect(h.stored()).toBeNull();
    expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it.each(['idle', 'expired'] as const)('[S4.11] reason %s: /login?reason=…&redirect=<current page>', async (reason) => {
    const h = withAuth({ stored: session, currentPath: '/app/catalog?x=1', routes: { 'POST /api/auth/signout': { status: 204 } } });
    h.store.dispatch(sessionEnd({ reason }));
    await settle();
    expect(h.navigate).toHaveBeenCalledWith(
      `/login?reason=${reason}&redirect=${encodeURIComponent('/app/catalog?x=1')}`,
      { replace: true },
    );
  });
});

describe('route guard refusals (SPEC S2.13)', () => {
  it('[S2.13] signed out: straight to /login?redirect=wanted, no session end', async () => {
    const h = withAuth();
    h.store.dispatch(guardDenied({ wanted: '/app/profile' }));
    await settle();
    expect(h.navigate).toHaveBeenCalledWith('/login?redirect=%2Fapp%2Fprofile', { replace: true });
    expect(h.actions).not.toContain('auth:session:end');
  });

  it('[S2.13] a session still marked active is ended first', async () => {
    const session = makeSession();
    const h = withAuth({ stored: session, routes: { 'POST /api/auth/signout': { status: 204 } } });
    h.store.dispatch(guardDenied({ wanted: '/app/profile' }));
    await settle();
    expect(h.actions).toContain('auth:session:end');
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'guard' });
    expect(h.stored()).toBeNull();
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/login?redirect=%2Fapp%2Fprofile', { replace: true });
  });
});

describe('persisting profile and school changes', () => {
  it('[S4.06] a profile update is written to cc:auth, only the supplied fields', async () => {
    const session = makeSession();
    const h = withAuth({ stored: session });
    h.store.dispatch(profileUpdated({ firstName: 'Lenora' }));
    await settle();
    expect(h.stored()?.user).toEqual({ ...session.user, firstName: 'Lenora' });
    expect(h.stored()?.token).toBe(session.token);
  });

  it('[S3.04] switching school (case-insensitive id) is persisted once the server has stored it', async () => {
    const session = makeSession();
    const h = harness({
      stored: session,
      sagas: [authSaga, schoolSwitchWatcher],
      routes: { 'POST /api/service': { status: 200, data: { clients: [session.clients[1], session.clients[0]] } } },
    });
    h.store.dispatch(schoolSwitched({ lsclientID: 'roosevelt' }));
    // shown at once, but not yet in cc:auth: other tabs follow a switch the server has (session/tabs.ts)
    expect(h.state().auth.session?.clients.map((c) => c.lsclientID)).toEqual(['ROOSEVELT', 'LINCOLN']);
    expect(h.stored()?.clients.map((c) => c.lsclientID)).toEqual(['LINCOLN', 'ROOSEVELT']);
    await settle();
    expect(h.stored()?.clients.map((c) => c.lsclientID)).toEqual(['ROOSEVELT', 'LINCOLN']);
    expect(h.actions).toContain('auth/currentSchoolChanged');
  });

  it('[S3.04] a switch the server refuses never reaches cc:auth', async () => {
    const session = makeSession();
    const h = harness({
      stored: session,
      sagas: [authSaga, schoolSwitchWatcher],
      routes: {
        'POST /api/service': (req) =>
          (req.data as { method: string }).method === 'PUT'
            ? { status: 500, data: { message: 'down' } }
            : { status: 200, data: { user: session.user, clients: session.clients, products: [], pendingEmail: null } },
      },
    });
    h.store.dispatch(schoolSwitched({ lsclientID: 'ROOSEVELT' }));
    await settle();
    expect(h.stored()?.clients.map((c) => c.lsclientID)).toEqual(['LINCOLN', 'ROOSEVELT']);
    expect(h.state().auth.session?.clients[0]?.lsclientID).toBe('LINCOLN');
    expect(h.actions).not.toContain('auth/currentSchoolChanged');
  });

  it("[S8.10] updating the stored session when there is none logs 'Token is null'", async () => {
    const session = makeSession();
    const h = withAuth({ stored: session });
    h.storage.clear();
    h.store.dispatch(profileUpdated({ firstName: 'X' }));
    await settle();
    expect(h.logger.warn).toHaveBeenCalledWith(MESSAGES.tokenIsNull);
    expect(h.stored()).toBeNull();
  });
});

it('a token with exp in ms reads the same (S5.01 via the session)', () => {
  const token = tokenWith({ exp: NOW + 60_000 });
  const h = withAuth({ stored: makeSession({ token }) });
  expect(h.state().auth.expiresAt).toBe(NOW + 60_000);
});

describe('server time: the offset between this computer\'s clock and the server\'s (docs/architecture.md "Time")', () => {
  const MIN = 60_000;
  const FAST = -7 * MIN; // server minus browser: the browser's clock is 7 minutes fast
  const serverDate = { date: new Date(NOW + FAST).toUTCString() };
  const offsetStorage = () => createMemoryStorage({ [SERVER_CLOCK_OFFSET_STORAGE_KEY]: String(FAST) });

  it('[S4.03] sign-in learns it from the answer\'s Date header before the session starts; kept in the state and cc:serverClockOffset', async () => {
    const session = makeSession({ token: tokenExpiringIn(FAST + 30 * MIN) });
    const h = withAuth({ routes: { 'POST /api/auth': { status: 200, data: { body: session }, headers: serverDate } } });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: true, serverOffsetMs: FAST });
    expect(h.storage.getItem(SERVER_CLOCK_OFFSET_STORAGE_KEY)).toBe(String(FAST));
    expect(h.actions.indexOf('auth/serverClockLearned')).toBeGreaterThanOrEqual(0);
    expect(h.actions.indexOf('auth/serverClockLearned')).toBeLessThan(h.actions.indexOf('auth:session:start'));
  });

  it('[S4.07][S4.10] start-up: a token 5 min from expiry by the server (2 min past by this fast clock) is a valid stored session, validated and relearned', async () => {
    const session = makeSession({ token: tokenExpiringIn(FAST + 5 * MIN) });
    const h = withAuth({
      stored: session,
      storage: offsetStorage(),
      routes: { 'GET /api/auth/user': { status: 200, data: { body: { user: session.user } }, headers: { date: new Date(NOW + FAST - MIN).toUTCString() } } },
    });
    expect(h.state().auth).toMatchObject({ authenticated: true, serverOffsetMs: FAST });
    h.store.dispatch(validate());
    await settle();
    expect(h.requests.map((r) => r.url)).toEqual(['/api/auth/user']);
    expect(h.state().auth).toMatchObject({ authenticated: true, serverOffsetMs: FAST - MIN });
    expect(h.actions).toContain(authReady.type);
  });

  it('[S4.10] without the offset the same stored session is expired by this clock and treated as absent', () => {
    const session = makeSession({ token: tokenExpiringIn(FAST + 5 * MIN) });
    const h = withAuth({ stored: session });
    expect(h.state().auth.authenticated).toBe(false);
  });

  it('[S4.13] a renewal reports the last activity in server time and learns the offset again', async () => {
    const session = makeSession({ token: tokenExpiringIn(FAST + 9 * MIN) });
    const renewed = { ...session, token: tokenExpiringIn(FAST + 30 * MIN, 'b') };
    const h = withAuth({ stored: session, storage: offsetStorage(), routes: { 'POST /api/auth/renew': { status: 200, data: { body: renewed }, headers: serverDate } } });
    h.store.dispatch(sessionRenew({ lastActivityAt: NOW - 5000 }));
    await settle();
    expect(h.requests[0]?.data).toMatchObject({ lastActivityAt: NOW - 5000 + FAST });
    expect(h.state().auth).toMatchObject({ serverOffsetMs: FAST, expiresAt: tokenExpiry(renewed.token) });
  });

  it('[S4.10] on a clock 7 min slow, a token 3 min from expiry by this clock (4 min past by the server) is treated as absent at start-up', () => {
    const SLOW = 7 * MIN;
    const session = makeSession({ token: tokenExpiringIn(3 * MIN) });
    const h = withAuth({ stored: session, storage: createMemoryStorage({ [SERVER_CLOCK_OFFSET_STORAGE_KEY]: String(SLOW) }) });
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, serverOffsetMs: SLOW });
    expect(h.stored()).toBeNull();
  });
});
