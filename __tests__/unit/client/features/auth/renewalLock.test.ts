/**
 * One tab renews for all: with the browser's Web Locks (injected as `locks`, shared by the tabs of
 * one browser) every renewal runs holding one lock, so of two tabs renewing the same token at once
 * only the first asks the server and the second adopts its token from cc:auth. Without Web Locks
 * the fallback holds: both ask with the sign-in's renewal key and get the same token. Waits run on a
 * virtual clock.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { callService } from '../../../../../src/client/api/apiSaga';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { sessionRenew } from '../../../../../src/client/features/auth/events';
import { RENEWAL_LOCK, withRenewalLock, type SessionLocks } from '../../../../../src/client/features/auth/renewalLock';
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { sessionAdopted, signInRequested } from '../../../../../src/client/features/auth/slice';
import { tokenExpiry } from '../../../../../src/common/token';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications/slice';
import { RENEWAL_RETRY_DELAYS_MS, SESSION_STORAGE_KEY } from '../../../../../src/common/constants';
import type { Session } from '../../../../../src/common/types';
import { VirtualClock } from '../../../../support/sessionScenarios/virtualClock';
import { NOW, harness, makeSession, settle, tokenExpiringIn, type FakeAnswer, type RecordedRequest } from '../harness';

const MIN = 60_000;

/** An exclusive lock manager like the browser's: one holder per name, the others granted in turn. */
function fakeLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();
  const grants: string[] = [];
  const locks: SessionLocks = {
    request(name, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          held.add(name);
          grants.push(name);
          callback().then(
            (value) => {
              release();
              resolve(value);
            },
            (error: unknown) => {
              release();
              reject(error);
            },
          );
        };
        const release = () => {
          held.delete(name);
          const next = waiting.get(name)?.shift();
          if (next) next();
        };
        if (held.has(name)) waiting.set(name, [...(waiting.get(name) ?? []), run]);
        else run();
      });
    },
  };
  return { locks, grants, isHeld: (name: string) => held.has(name) };
}

const renewalsOf = (requests: RecordedRequest[]) => requests.filter((request) => request.url === '/api/auth/renew');

/** The server's renewal with the renewal key (docs/server.md "Renewal"); `first` answers the first request. */
function renewingServer(first?: FakeAnswer) {
  const renewedWith = new Map<string, { key: string; next: Session }>();
  let issued = 0;
  let asked = 0;
  return (request: RecordedRequest): FakeAnswer => {
    asked += 1;
    if (asked === 1 && first) return first;
    const token = (request.headers.Authorization ?? '').replace(/^Bearer /, '');
    const key = (request.data as { renewalKey?: string } | undefined)?.renewalKey ?? '';
    const done = renewedWith.get(token);
    if (done) return done.key === key ? { status: 200, data: { body: done.next } } : { status: 401, data: { message: 'Your session is not valid. Please sign in again.' } };
    issued += 1;
    const next = makeSession({ token: tokenExpiringIn((30 + issued) * MIN, `renewed-${issued}`) });
    renewedWith.set(token, { key, next });
    return { status: 200, data: { body: next } };
  };
}

/** Two tabs of one browser, signed in in tab A; `locks` shared by both (null: no Web Locks). */
async function twoTabs(locks: SessionLocks | null, first?: FakeAnswer, service?: (request: RecordedRequest) => FakeAnswer) {
  const storage = createMemoryStorage();
  const clock = new VirtualClock(NOW);
  const routes = {
    'POST /api/auth': { status: 200, data: { body: makeSession() } },
    'POST /api/auth/renew': renewingServer(first),
    'POST /api/auth/signout': { status: 204 },
    ...(service ? { 'POST /api/service': service } : {}),
  };
  const tab = () => harness({ storage, routes, sagas: [authSaga], clock: clock.now, delay: clock.delay, locks });
  const a = tab();
  a.store.dispatch(signInRequested({ username: 'learner', password: 'pw' }));
  await settle();
  const b = tab();
  return { a, b, clock, storage, signedInWith: a.state().auth.session?.token };
}

describe('cross-tab renewal with Web Locks', () => {
  it('two tabs renewing the same token at once: one request, the other tab adopts its token; both signed in, no alert', async () => {
    const { locks, grants } = fakeLocks();
    const { a, b, storage, signedInWith } = await twoTabs(locks);
    a.store.dispatch(sessionRenew());
    b.store.dispatch(sessionRenew());
    await settle(10);
    expect(grants).toEqual([RENEWAL_LOCK, RENEWAL_LOCK]);
    expect(renewalsOf(a.requests)).toHaveLength(1);
    expect(renewalsOf(b.requests)).toHaveLength(0);
    const renewed = a.state().auth.session?.token;
    expect(renewed).not.toBe(signedInWith);
    expect(b.state().auth.session?.token).toBe(renewed);
    expect(b.actions).toContain('auth/sessionAdopted');
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ token: renewed });
    for (const tab of [a, b]) {
      expect(selectPendingNotifications(tab.state())).toEqual([]);
      expect(tab.actions).not.toContain('auth:session:end');
    }
  });

  it("a renewal whose answer was lost holds the lock while it asks again; the other tab waits (no request) and then adopts, on virtual time", async () => {
    const { locks, isHeld } = fakeLocks();
    const { a, b, clock } = await twoTabs(locks, 'network');
    a.store.dispatch(sessionRenew());
    await settle(10);
    b.store.dispatch(sessionRenew());
    await settle(10);
    // A waits RENEWAL_RETRY_DELAYS_MS[0] before asking again, holding the lock; B asked nothing
    expect(renewalsOf(a.requests)).toHaveLength(1);
    expect(renewalsOf(b.requests)).toHaveLength(0);
    expect(isHeld(RENEWAL_LOCK)).toBe(true);
    clock.advanceTo(NOW + RENEWAL_RETRY_DELAYS_MS[0]!);
    await settle(10);
    expect(renewalsOf(a.requests)).toHaveLength(2);
    expect(renewalsOf(b.requests)).toHaveLength(0);
    expect(isHeld(RENEWAL_LOCK)).toBe(false);
    expect(b.state().auth.session?.token).toBe(a.state().auth.session?.token);
    for (const tab of [a, b]) expect(selectPendingNotifications(tab.state())).toEqual([]);
  });

  it("a request refused for the token another tab is renewing waits for that renewal, then is sent again with its token: no sign-out", async () => {
    const { locks } = fakeLocks();
    const { a, b, clock, signedInWith } = await twoTabs(locks, 'network', (request) =>
      // A's renewal revoked the token it renews, as the server does once it renewed
      request.headers.Authorization === `Bearer ${signedInWithToken()}` ? { status: 401, data: { message: 'Your session is not valid. Please sign in again.' } } : { status: 200, data: { body: ['ok'] } },
    );
    const signedInWithToken = () => signedInWith;
    a.store.dispatch(sessionRenew());
    await settle(10);
    let answer: unknown = null;
    void b.sagaMiddleware
      .run(function* request(): SagaIterator {
        return yield call(callService, { path: '/modules' });
      })
      .toPromise()
      .then((value: unknown) => (answer = value));
    await settle(10);
    expect(answer).toBeNull(); // waiting for A's renewal (the lock)
    clock.advanceTo(NOW + RENEWAL_RETRY_DELAYS_MS[0]!);
    await settle(20);
    expect(answer).toEqual({ body: ['ok'] });
    const services = b.requests.filter((request) => request.url === '/api/service');
    expect(services.map((request) => request.headers.Authorization)).toEqual([`Bearer ${signedInWith}`, `Bearer ${a.state().auth.session?.token}`]);
    expect(b.actions).not.toContain('auth:session:end');
  });

  it('a tab that adopted another tab\'s renewal while it waited for the lock asks nothing', async () => {
    const { locks } = fakeLocks();
    const { b, signedInWith } = await twoTabs(locks);
    // another tab holds the lock, renewing
    let releaseOther: () => void = () => undefined;
    void locks.request(RENEWAL_LOCK, () => new Promise<void>((resolve) => (releaseOther = resolve)));
    b.store.dispatch(sessionRenew());
    await settle(10);
    // its renewal arrives here through the storage event (tabs.ts adopts it) before B gets the lock
    const next = makeSession({ token: tokenExpiringIn(40 * MIN, 'renewed-elsewhere') });
    b.store.dispatch(sessionAdopted({ session: next, expiresAt: tokenExpiry(next.token)! }));
    releaseOther();
    await settle(10);
    expect(renewalsOf(b.requests)).toHaveLength(0);
    expect(b.state().auth.session?.token).toBe(next.token);
    expect(b.state().auth.session?.token).not.toBe(signedInWith);
    expect(selectPendingNotifications(b.state())).toEqual([]);
  });

  it('a saga cancelled while it waits for the lock lets it go as soon as it is granted', async () => {
    const { locks, isHeld } = fakeLocks();
    let releaseFirst: () => void = () => undefined;
    void locks.request(RENEWAL_LOCK, () => new Promise<void>((resolve) => (releaseFirst = resolve)));
    const h = harness({ locks });
    let ran = false;
    const task = h.sagaMiddleware.run(function* waiting(): SagaIterator {
      yield call(withRenewalLock, function* body(): SagaIterator<void> {
        ran = yield call(() => true);
      });
    });
    await settle();
    task.cancel();
    releaseFirst();
    await settle();
    expect(ran).toBe(false);
    expect(isHeld(RENEWAL_LOCK)).toBe(false);
  });
});

describe('cross-tab renewal without Web Locks (the fallback)', () => {
  it('two tabs renewing at once both ask, with the same renewal key, and get the same token; no alert', async () => {
    const { a, b, signedInWith } = await twoTabs(null);
    a.store.dispatch(sessionRenew());
    b.store.dispatch(sessionRenew());
    await settle(10);
    expect(renewalsOf(a.requests)).toHaveLength(1);
    expect(renewalsOf(b.requests)).toHaveLength(1);
    const renewed = a.state().auth.session?.token;
    expect(renewed).not.toBe(signedInWith);
    expect(b.state().auth.session?.token).toBe(renewed);
    for (const tab of [a, b]) {
      expect(selectPendingNotifications(tab.state())).toEqual([]);
      expect(tab.actions).not.toContain('auth:session:end');
    }
  });
});
