/**
 * The shared session on the client: cc:lastActivity beside cc:auth, the start-up check of a
 * stored session idle for over 30 minutes, the renewal reporting the latest activity of any tab, and
 * the tabs sharing one session through `storage` events (injected through saga context).
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { authReady, sessionEnd, sessionRenew } from '../../../../../src/client/features/auth/events';
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { guardDenied, signInRequested, validate } from '../../../../../src/client/features/auth/slice';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications/slice';
import {
  isStoredSessionIdle,
  readLastActivity,
  writeLastActivity,
} from '../../../../../src/client/features/auth/storage';
import { sessionSaga } from '../../../../../src/client/features/session/sagas';
import {
  LAST_ACTIVITY_STORAGE_KEY,
  RENEWAL_KEY_PATTERN,
  RENEWAL_KEY_STORAGE_KEY,
  SESSION,
  SESSION_STORAGE_KEY,
} from '../../../../../src/common/constants';
import type { Session } from '../../../../../src/common/types';
import { tokenExpiry } from '../../../../../src/common/token';
import { NOW, harness, makeSession, settle, tokenExpiringIn, type FakeAnswer, type RecordedRequest } from '../harness';

const MIN = 60_000;

describe('cc:lastActivity', () => {
  it('is written as epoch ms, never moved backwards, and ignored when unreadable', () => {
    const storage = createMemoryStorage();
    expect(readLastActivity(storage)).toBeNull();
    writeLastActivity(storage, NOW);
    writeLastActivity(storage, NOW - 5_000);
    expect(storage.getItem(LAST_ACTIVITY_STORAGE_KEY)).toBe(String(NOW));
    storage.setItem(LAST_ACTIVITY_STORAGE_KEY, 'yesterday');
    expect(readLastActivity(storage)).toBeNull();
  });

  it.each([
    ['30:00 ago: not idle', 30 * MIN, false],
    ['30:00.001 ago: idle', 30 * MIN + 1, true],
  ])('[S4.15] a stored session whose last activity is %s', (_label, ago, idle) => {
    const storage = createMemoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify(makeSession()),
      [LAST_ACTIVITY_STORAGE_KEY]: String(NOW - ago),
    });
    expect(isStoredSessionIdle(storage, NOW)).toBe(idle);
  });

  it('no session or no recorded activity is not judged idle', () => {
    expect(isStoredSessionIdle(createMemoryStorage({ [LAST_ACTIVITY_STORAGE_KEY]: '1' }), NOW)).toBe(false);
    expect(isStoredSessionIdle(createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(makeSession()) }), NOW)).toBe(false);
  });
});

describe('start-up with a session idle for over 30 minutes', () => {
  it('starts signed out (nothing of the learner is shown), then ends it: token revoked, storage cleared, /login?reason=idle', async () => {
    const session = makeSession();
    const storage = createMemoryStorage({ [LAST_ACTIVITY_STORAGE_KEY]: String(NOW - 31 * MIN) });
    const h = harness({
      stored: session,
      storage,
      currentPath: '/app/profile',
      sagas: [authSaga],
      routes: { 'POST /api/auth/signout': { status: 204 } },
    });
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, endReason: 'idle' });
    h.store.dispatch(validate());
    await settle();
    expect(h.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/signout']);
    expect(h.requests[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);
    expect(h.stored()).toBeNull();
    expect(storage.getItem(LAST_ACTIVITY_STORAGE_KEY)).toBeNull();
    expect(h.actions).not.toContain('auth:ready');
    expect(h.navigate).toHaveBeenCalledWith('/login?reason=idle&redirect=%2Fapp%2Fprofile', { replace: true });
  });

  it('a session active 29 minutes ago is validated as usual', async () => {
    const storage = createMemoryStorage({ [LAST_ACTIVITY_STORAGE_KEY]: String(NOW - 29 * MIN) });
    const h = harness({
      stored: makeSession(),
      storage,
      sagas: [authSaga],
      routes: { 'GET /api/auth/user': { status: 200, data: { body: {} } } },
    });
    expect(h.state().auth.authenticated).toBe(true);
    h.store.dispatch(validate());
    await settle();
    expect(h.actions).toContain('auth:ready');
  });
});

describe('renewal reports the latest activity of any tab', () => {
  const renewed = { ...makeSession(), token: tokenExpiringIn(60 * MIN, 'b') };

  it.each([
    ['the stored value when it is later', NOW - 60_000, NOW - 5_000, NOW - 5_000],
    ['the timer value when it is later', NOW - 1_000, NOW - 5_000, NOW - 1_000],
    ['the stored value when the event has none', undefined, NOW - 5_000, NOW - 5_000],
  ])('sends %s', async (_label, fromEvent, stored, sent) => {
    const storage = createMemoryStorage({ [LAST_ACTIVITY_STORAGE_KEY]: String(stored) });
    const h = harness({ stored: makeSession(), storage, sagas: [authSaga], routes: { 'POST /api/auth/renew': { status: 200, data: { body: renewed } } } });
    h.store.dispatch(sessionRenew(fromEvent === undefined ? undefined : { lastActivityAt: fromEvent }));
    await settle();
    expect(h.requests[0]?.data).toEqual({ lastActivityAt: sent, renewalKey: expect.any(String) });
  });

  it('adopts a later token another tab already stored instead of renewing (no request)', async () => {
    const session = makeSession();
    const h = harness({ stored: session, sagas: [authSaga] });
    h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed));
    h.store.dispatch(sessionRenew({ lastActivityAt: NOW }));
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.actions).toContain('auth/sessionAdopted');
    expect(h.state().auth.session?.token).toBe(renewed.token);
    expect(h.state().auth.expiresAt).toBe(tokenExpiry(renewed.token));
    // a request refused for the old token is sent again with the adopted one (apiSaga.ts)
    expect(h.renewals.descendsFrom(renewed.token, session.token)).toBe(true);
  });
});

describe('all tabs, one session', () => {
  const storageEvent = (key: string | null, newValue: string | null) => {
    const event = new Event('storage') as Event & { key: string | null; newValue: string | null };
    Object.assign(event, { key, newValue });
    return event;
  };

  function signedInTab() {
    const tabEvents = new EventTarget();
    const session = makeSession();
    const h = harness({
      stored: session,
      sagas: [authSaga, sessionSaga],
      routes: { 'POST /api/auth/signout': { status: 204 } },
      tabEvents,
    });
    h.store.dispatch(authReady());
    return { h, session, tabEvents };
  }

  it('a renewal in another tab is adopted: session and expiry replaced, no request', async () => {
    const { h, session, tabEvents } = signedInTab();
    const renewed = { ...session, token: tokenExpiringIn(60 * MIN, 'b') };
    h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed));
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(renewed)));
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.actions).toContain('auth/sessionAdopted');
    expect(h.state().auth).toMatchObject({ authenticated: true, expiresAt: tokenExpiry(renewed.token) });
    expect(h.state().auth.session?.token).toBe(renewed.token);
    expect(h.renewals.descendsFrom(renewed.token, session.token)).toBe(true);
  });

  it('an older token written by another tab is not adopted', async () => {
    const { h, session, tabEvents } = signedInTab();
    const older = { ...session, token: tokenExpiringIn(5 * MIN, 'c') };
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(older)));
    await settle();
    expect(h.state().auth.session?.token).toBe(session.token);
    expect(h.renewals.descendsFrom(older.token, session.token)).toBe(false);
  });

  it('[S4.11] sign-out in another tab (cc:auth removed) ends this one: no server call, /login', async () => {
    const { h, tabEvents } = signedInTab();
    h.storage.removeItem(SESSION_STORAGE_KEY);
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, null));
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: false, session: null, endReason: 'otherTab' });
    expect(h.requests).toHaveLength(0);
    expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('[S4.11] a tab whose session chunk came after auth:ready still sees a sign-out made meanwhile (no storage event left to hear)', async () => {
    const tabEvents = new EventTarget();
    function* lateSessionChunk(): SagaIterator {
      yield call(sessionSaga, NOW);
    }
    const h = harness({ stored: makeSession(), sagas: [authSaga], routes: { 'POST /api/auth/signout': { status: 204 } }, tabEvents });
    h.store.dispatch(authReady());
    h.storage.removeItem(SESSION_STORAGE_KEY); // the other tab signed out; its event went unheard
    h.sagaMiddleware.run(lateSessionChunk);
    await settle();
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'otherTab' });
    expect(h.requests).toHaveLength(0);
  });

  it('a school switched or a name changed in another tab (same token) shows here too, without a request', async () => {
    const { h, session, tabEvents } = signedInTab();
    const [first, ...rest] = session.clients;
    const switched = { ...session, user: { ...session.user, firstName: 'Renamed' }, clients: [...rest, first!] };
    expect(switched.clients[0]?.lsclientID).not.toBe(session.clients[0]?.lsclientID);
    h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(switched));
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(switched)));
    await settle();
    expect(h.requests).toHaveLength(0);
    expect(h.actions).toContain('auth/sessionDetailsAdopted');
    expect(h.state().auth.session?.clients).toEqual(switched.clients);
    expect(h.state().auth.session?.user.firstName).toBe('Renamed');
    expect(h.state().auth.session?.token).toBe(session.token);
    // another school: its catalog is loaded again
    expect(h.actions).toContain('auth/currentSchoolChanged');
    // the same details written again change nothing
    const count = h.actions.length;
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(switched)));
    await settle();
    expect(h.actions.slice(count)).not.toContain('auth/sessionDetailsAdopted');
  });

  it('another learner in cc:auth ends this session too', async () => {
    const { h, session, tabEvents } = signedInTab();
    const other = { ...session, token: tokenExpiringIn(60 * MIN, 'x'), user: { ...session.user, id: 99 } };
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(other)));
    await settle();
    expect(h.state().auth.authenticated).toBe(false);
  });

  it('events about other keys change nothing; after the session ended the listener is gone', async () => {
    const { h, tabEvents } = signedInTab();
    tabEvents.dispatchEvent(storageEvent('appKey', 'x'));
    await settle();
    expect(h.state().auth.authenticated).toBe(true);
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    const count = h.actions.length;
    tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, null));
    await settle();
    expect(h.actions.length).toBe(count);
  });

  it('[S4.16] activity recorded by another tab counts here: no dialog at 26 min, the timer reads cc:lastActivity', async () => {
    jest.useFakeTimers({ now: NOW });
    try {
      let time = NOW;
      const tabEvents = new EventTarget();
      const h = harness({
        stored: makeSession({ token: tokenExpiringIn(120 * MIN) }),
        sagas: [sessionSaga],
        tabEvents,
        clock: () => time,
      });
      h.store.dispatch(authReady());
      expect(readLastActivity(h.storage)).toBe(NOW);
      for (let step = 1; step <= 52; step += 1) {
        time = NOW + step * SESSION.checkIntervalMs;
        // the learner works in the other tab, which records it every minute
        if (step % 2 === 0) h.storage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(time - 1_000));
        await jest.advanceTimersByTimeAsync(SESSION.checkIntervalMs);
      }
      expect(h.actions).not.toContain('session/expiryWarningShown');
      expect(h.actions).not.toContain('auth:session:end');
    } finally {
      jest.useRealTimers();
    }
  });

  it("[S4.14] 'Stay Signed In' in another tab closes this tab's dialog (its renewal is adopted with the shared activity)", async () => {
    jest.useFakeTimers({ now: NOW });
    try {
      let time = NOW;
      const tabEvents = new EventTarget();
      const session = makeSession({ token: tokenExpiringIn(120 * MIN) });
      const h = harness({ stored: session, sagas: [authSaga, sessionSaga], tabEvents, clock: () => time });
      h.store.dispatch(authReady());
      for (let step = 1; step <= 51; step += 1) {
        time = NOW + step * SESSION.checkIntervalMs;
        await jest.advanceTimersByTimeAsync(SESSION.checkIntervalMs);
      }
      expect(h.state().session.dialog.open).toBe(true); // 25:30 idle
      time += 5_000;
      // the other tab: Stay Signed In → activity recorded, renewal stored
      h.storage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(time));
      const renewed = { ...session, token: tokenExpiringIn(150 * MIN, 'r') };
      h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed));
      tabEvents.dispatchEvent(storageEvent(SESSION_STORAGE_KEY, JSON.stringify(renewed)));
      await jest.advanceTimersByTimeAsync(0);
      expect(h.actions).toContain('auth/sessionAdopted');
      expect(h.actions).toContain('session/expiryWarningDismissed');
      expect(h.state().session.dialog.open).toBe(false);
      // no renewal of its own: only the session probe, once at each of the 51 checks
      expect(h.requests.map((r) => `${r.method} ${r.url}`)).toEqual(Array.from({ length: 51 }, () => 'GET /api/auth/user'));
    } finally {
      jest.useRealTimers();
    }
  });

});

describe('one renewal key per sign-in, shared by the tabs (docs/server.md "Renewal")', () => {
  const keyOf = (request: RecordedRequest | undefined) => (request?.data as { renewalKey?: string } | undefined)?.renewalKey;
  const renewalsOf = (requests: RecordedRequest[]) => requests.filter((request) => request.url === '/api/auth/renew');

  /**
   * The server's renewal, as docs/server.md "Renewal" describes it (the API tests prove the real
   * one): a token's first renewal answers a new token; the same token with the same key again gets
   * that same token; with any other key, a 401.
   */
  function renewingServer() {
    const renewedWith = new Map<string, { key: string; next: Session }>();
    let issued = 0;
    return (request: RecordedRequest): FakeAnswer => {
      const token = (request.headers.Authorization ?? '').replace(/^Bearer /, '');
      const key = keyOf(request) ?? '';
      const done = renewedWith.get(token);
      if (done) return done.key === key ? { status: 200, data: { body: done.next } } : { status: 401, data: { message: 'Your session is not valid. Please sign in again.' } };
      issued += 1;
      const next = makeSession({ token: tokenExpiringIn((30 + issued) * MIN, `renewed-${issued}`) });
      renewedWith.set(token, { key, next });
      return { status: 200, data: { body: next } };
    };
  }

  function signedInBrowser() {
    const session = makeSession();
    const storage = createMemoryStorage();
    const written: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      written.push(key);
      setItem(key, value);
    };
    const routes = {
      'POST /api/auth': { status: 200, data: { body: session } },
      'POST /api/auth/renew': renewingServer(),
      'POST /api/auth/signout': { status: 204 },
    };
    return { session, storage, written, routes };
  }

  it('a sign-in writes a new key before cc:auth; every renewal of that sign-in sends it; sign-out removes it; the next sign-in gets another', async () => {
    const { storage, written, routes } = signedInBrowser();
    const h = harness({ storage, routes, sagas: [authSaga] });
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    const key = storage.getItem(RENEWAL_KEY_STORAGE_KEY);
    expect(key).toMatch(new RegExp(RENEWAL_KEY_PATTERN));
    expect(written.indexOf(RENEWAL_KEY_STORAGE_KEY)).toBeLessThan(written.indexOf(SESSION_STORAGE_KEY));
    h.store.dispatch(sessionRenew());
    await settle();
    h.store.dispatch(sessionRenew());
    await settle();
    const renewals = renewalsOf(h.requests);
    expect(renewals.map((request) => request.headers.Authorization)).toHaveLength(2);
    expect(new Set(renewals.map((request) => request.headers.Authorization)).size).toBe(2);
    expect(renewals.map(keyOf)).toEqual([key, key]);
    h.store.dispatch(sessionEnd({ reason: 'signout' }));
    await settle();
    expect(storage.getItem(RENEWAL_KEY_STORAGE_KEY)).toBeNull();
    h.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    expect(storage.getItem(RENEWAL_KEY_STORAGE_KEY)).toMatch(new RegExp(RENEWAL_KEY_PATTERN));
    expect(storage.getItem(RENEWAL_KEY_STORAGE_KEY)).not.toBe(key);
  });

  it('two tabs renewing the same token at once (their timers fire together, as when a Chromebook wakes): the same key, the same new token in both, no alert, nobody signed out', async () => {
    const { session, storage, routes } = signedInBrowser();
    const a = harness({ storage, routes, sagas: [authSaga] });
    a.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
    await settle();
    const b = harness({ storage, routes, sagas: [authSaga] });
    a.store.dispatch(sessionRenew());
    b.store.dispatch(sessionRenew());
    await settle();
    const [first, second] = [renewalsOf(a.requests)[0], renewalsOf(b.requests)[0]];
    expect(second?.headers.Authorization).toBe(first?.headers.Authorization);
    expect(keyOf(second)).toBe(keyOf(first));
    const renewed = a.state().auth.session?.token;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(session.token);
    expect(b.state().auth.session?.token).toBe(renewed);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ token: renewed });
    for (const tab of [a, b]) {
      expect(selectPendingNotifications(tab.state())).toEqual([]);
      expect(tab.actions).not.toContain('auth:session:end');
    }
  });

  it('a session stored before keys were shared: the first tab to renew stores its key, and the others send it too', async () => {
    const { session, storage, routes } = signedInBrowser();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const a = harness({ storage, routes, sagas: [authSaga] });
    const b = harness({ storage, routes, sagas: [authSaga] });
    a.store.dispatch(sessionRenew());
    b.store.dispatch(sessionRenew());
    await settle();
    expect(keyOf(renewalsOf(b.requests)[0])).toBe(keyOf(renewalsOf(a.requests)[0]));
    expect(storage.getItem(RENEWAL_KEY_STORAGE_KEY)).toBe(keyOf(renewalsOf(a.requests)[0]));
    expect(b.state().auth.session?.token).toBe(a.state().auth.session?.token);
  });

  it('storage that refuses the key: the tab keeps one of its own, the same for every renewal of one token', async () => {
    const { session, routes } = signedInBrowser();
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
    const refuse = (key: string) => {
      if (key === RENEWAL_KEY_STORAGE_KEY) throw new DOMException('refused', 'SecurityError');
    };
    const { getItem, setItem } = storage;
    storage.getItem = (key) => (refuse(key), getItem(key));
    storage.setItem = (key, value) => (refuse(key), setItem(key, value));
    const h = harness({ storage, routes: { ...routes, 'POST /api/auth/renew': { status: 401, data: { message: 'revoked' } } }, sagas: [authSaga] });
    h.store.dispatch(sessionRenew());
    await settle();
    h.store.dispatch(sessionRenew());
    await settle();
    const keys = renewalsOf(h.requests).map(keyOf);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(new RegExp(RENEWAL_KEY_PATTERN));
  });
});

describe('a sign-in in another tab, seen from a tab on the sign-in page', () => {
  const event = (key: string | null, newValue: string | null) => Object.assign(new Event('storage'), { key, newValue });

  /** A signed-out tab at `path`; another tab then stores `stored` (a sign-in) with its activity. */
  async function anotherTabSignsIn(path: string, stored: string | null, options: { activityAgo?: number; status?: 'signingIn' } = {}) {
    const tabEvents = new EventTarget();
    const h = harness({
      currentPath: path,
      tabEvents,
      sagas: [authSaga],
      ...(options.status
        ? { preloadedState: { auth: { authenticated: false, session: null, expiresAt: NOW, status: options.status, error: null, endReason: null, serverOffsetMs: 0 } } }
        : {}),
    });
    h.storage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(NOW - (options.activityAgo ?? 0)));
    if (stored === null) h.storage.removeItem(SESSION_STORAGE_KEY);
    else h.storage.setItem(SESSION_STORAGE_KEY, stored);
    tabEvents.dispatchEvent(event(SESSION_STORAGE_KEY, stored));
    await settle();
    return h;
  }

  it.each([
    ['/login?redirect=%2Fapp%2Fcatalog', '/app/catalog'],
    ['/login?reason=otherTab&redirect=%2Fapp%2Fprofile', '/app/profile'],
    ['/login', '/app'],
    ['/login?redirect=https%3A%2F%2Fevil.example%2F', '/app'],
  ])('on %s: signed in with that session, on to %s (the session timer starts)', async (path, target) => {
    const session = makeSession();
    const h = await anotherTabSignsIn(path, JSON.stringify(session));
    expect(h.state().auth).toMatchObject({ authenticated: true, session, expiresAt: tokenExpiry(session.token) });
    expect(h.actions).toEqual(expect.arrayContaining(['auth/signInSucceeded', 'auth:session:start', 'auth:ready']));
    expect(h.navigate).toHaveBeenCalledWith(target, { replace: true });
    expect(h.requests).toHaveLength(0);
  });

  it.each([
    ['another public page (registration)', '/register/invitation-1', JSON.stringify(makeSession()), {}],
    ['a password reset', '/forgot-password', JSON.stringify(makeSession()), {}],
    ['a session that has expired', '/login', JSON.stringify(makeSession({ token: tokenExpiringIn(-1) })), {}],
    ['a session idle for over 30 minutes', '/login', JSON.stringify(makeSession()), { activityAgo: 31 * MIN }],
    ['what is not a session', '/login', '{"token":', {}],
    ['a sign-out (cc:auth removed)', '/login', null, {}],
    ['a sign-in under way in this tab', '/login', JSON.stringify(makeSession()), { status: 'signingIn' as const }],
  ])('not followed from %s', async (_label, path, stored, options) => {
    const h = await anotherTabSignsIn(path, stored, options);
    expect(h.actions).not.toContain('auth/signInSucceeded');
    expect(h.actions).not.toContain('auth:session:start');
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('a signed-in tab does not switch to another learner signed in elsewhere (the session sync ends it instead)', async () => {
    const tabEvents = new EventTarget();
    const h = harness({ stored: makeSession(), currentPath: '/login', tabEvents, sagas: [authSaga] });
    const other = makeSession({ token: tokenExpiringIn(60 * MIN, 'other'), user: { ...makeSession().user, id: 8 } });
    h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(other));
    tabEvents.dispatchEvent(event(SESSION_STORAGE_KEY, JSON.stringify(other)));
    await settle();
    expect(h.actions).not.toContain('auth/signInSucceeded');
    expect(h.state().auth.session?.user.id).toBe(7);
  });
});

describe('the page guard after a session end', () => {
  it.each([
    ['idle', '/login?reason=idle&redirect=%2Fapp%2Fprofile'],
    ['expired', '/login?reason=expired&redirect=%2Fapp%2Fprofile'],
    ['otherTab', '/login?redirect=%2Fapp%2Fprofile'],
  ] as const)('after an end for %s, the guard aims at the same address as the end itself', async (reason, target) => {
    const h = harness({ stored: makeSession(), currentPath: '/app/profile', sagas: [authSaga], routes: { 'POST /api/auth/signout': { status: 204 } } });
    h.store.dispatch(sessionEnd({ reason }));
    h.store.dispatch(guardDenied({ wanted: '/app/profile' }));
    await settle();
    expect(h.navigate.mock.calls.map(([to]) => to)).toEqual([target, target]);
  });
});
