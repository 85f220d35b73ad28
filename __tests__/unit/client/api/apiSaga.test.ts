import { call } from 'redux-saga/effects';
import {
  callApi,
  callMultipart,
  callService,
  isApiError,
  proxyBody,
  type ApiProblem,
} from '../../../../src/client/api/apiSaga';
import { toApiProblem } from '../../../../src/client/api/apiProblem';
import { sessionEnd, sessionRenewed, sessionStart, type SessionStartPayload } from '../../../../src/client/features/auth/events';
import { authSaga } from '../../../../src/client/features/auth/sagas';
import { renew } from '../../../../src/client/features/auth/slice';
import { selectPendingNotifications } from '../../../../src/client/features/notifications/slice';
import { APP_KEY_STORAGE_KEY, DEFAULT_APP_KEY, RENEWAL_RETRY_DELAYS_MS, SESSION_STORAGE_KEY, TIMEOUTS } from '../../../../src/common/constants';
import { MESSAGES } from '../../../../src/common/messages';
import { tokenExpiry } from '../../../../src/common/token';
import { NOW, harness, makeSession, settle, tokenExpiringIn, type FakeAnswer, type HarnessOptions, type RecordedRequest, type Routes } from '../features/harness';

type Outcome = { value?: unknown; problem?: ApiProblem; done: boolean };

/** Starts one API saga on a harness store; what it gives back or throws is filled in when it ends. */
function start(h: ReturnType<typeof harness>, saga: () => Generator): Outcome {
  const outcome: Outcome = { done: false };
  h.sagaMiddleware.run(function* runner() {
    try {
      outcome.value = yield call(saga);
    } catch (error) {
      if (!isApiError(error)) throw error;
      outcome.problem = error.problem;
    }
    outcome.done = true;
  });
  return outcome;
}

/** Runs one API saga on a harness store and returns what it gave back or threw. */
async function run(h: ReturnType<typeof harness>, saga: () => Generator): Promise<Outcome> {
  const outcome = start(h, saga);
  await settle();
  return outcome;
}

function signedIn(token: string) {
  const session = makeSession({ token });
  const auth: SessionStartPayload & { authenticated: true } = {
    authenticated: true,
    session,
    expiresAt: tokenExpiry(token) ?? 0,
  };
  return { auth: { ...auth, status: 'idle' as const, error: null, endReason: null, serverOffsetMs: 0 } };
}

const echo: Routes = {
  'GET /thing': { status: 200, data: { thing: 1 } },
  'POST /api/service': (req) => ({ status: 200, data: { got: req.data } }),
  'POST /api/service/multipart': { status: 200, data: { ok: true } },
};

describe('callApi (SPEC S8.01, S8.03, S7.10)', () => {
  it('[S7.10] sends the app key (default) and the Bearer token from the store', async () => {
    const token = tokenExpiringIn(60_000);
    const h = harness({ routes: echo, preloadedState: signedIn(token) });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(outcome.value).toEqual({ thing: 1 });
    expect(h.requests[0]?.headers).toMatchObject({ 'x-app-key': DEFAULT_APP_KEY, Authorization: `Bearer ${token}` });
  });

  it('[S3.05] the app key comes from localStorage when set', async () => {
    const h = harness({ routes: echo });
    h.storage.setItem(APP_KEY_STORAGE_KEY, 'kiosk');
    await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(h.requests[0]?.headers['x-app-key']).toBe('kiosk');
  });

  it('[S8.01] no token: plain client, no Authorization header', async () => {
    const h = harness({ routes: echo });
    await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(h.requests).toHaveLength(1);
    expect(h.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('[S8.01] an expired token ends the session BEFORE the call, which is not made', async () => {
    const h = harness({ routes: echo, preloadedState: signedIn(tokenExpiringIn(-1)) });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized' });
    expect(h.requests).toHaveLength(0);
    expect(h.actions).toContain('auth:session:end');
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'expired' });
  });

  it("an expired token that another tab has renewed already (cc:auth): that tab's token is adopted and sent, the session goes on", async () => {
    const expired = tokenExpiringIn(-1, 'expired');
    const renewedToken = tokenExpiringIn(30 * 60_000, 'renewed');
    const session = makeSession({ token: expired });
    const h = harness({ routes: echo, preloadedState: signedIn(expired), stored: { ...session, token: renewedToken } });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(outcome.value).toEqual({ thing: 1 });
    expect(h.requests.map((request) => request.headers.Authorization)).toEqual([`Bearer ${renewedToken}`]);
    expect(h.actions).toContain('auth/sessionAdopted');
    expect(h.actions).not.toContain('auth:session:end');
  });

  it('[S8.01] a 401 answer ends the session and throws', async () => {
    const h = harness({
      routes: { 'GET /thing': { status: 401, data: { message: 'Your session is not valid.' } } },
      preloadedState: signedIn(tokenExpiringIn(60_000)),
    });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(outcome.problem).toEqual({ kind: 'unauthorized', status: 401, message: 'Your session is not valid.' });
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'unauthorized' });
  });

  it("[S8.02] a timeout logs 'Request timed out' and throws a timeout problem", async () => {
    const h = harness({ routes: { 'GET /thing': 'timeout' } });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing', timeoutMs: 50 }));
    expect(outcome.problem?.kind).toBe('timeout');
    expect(h.logger.warn).toHaveBeenCalledWith(MESSAGES.requestTimedOut);
    expect(h.requests[0]?.timeout).toBe(TIMEOUTS.clientMinimumMs);
  });

  it.each([
    ['[S8.03] message from response.data.message', { status: 400, data: { message: 'Bad path' } }, { kind: 'client', status: 400, message: 'Bad path' }],
    ['[S8.03] else the error message', { status: 502, data: 'Bad Gateway' }, { kind: 'server', status: 502, message: 'Request failed with status code 502' }],
    ['network error', 'network' as const, { kind: 'network', message: 'Network Error' }],
  ])('%s', async (_label, answer, problem) => {
    const h = harness({ routes: { 'GET /thing': answer } });
    const outcome = await run(h, () => callApi({ method: 'GET', url: '/thing' }));
    expect(outcome.problem).toEqual(problem);
  });

  it('a non-axios error becomes a client problem with its message', () => {
    expect(toApiProblem(new Error('x'))).toEqual({ kind: 'client', message: 'x' });
  });
});

describe('callService (SPEC S7.06, S7.07, S8.03)', () => {
  it('[S7.06][S7.07] POST /api/service with the defaults: OneLook, GET, 15000 ms', async () => {
    const h = harness({ routes: echo });
    const outcome = await run(h, () => callService({ path: '/whichway/support' }));
    expect(h.requests[0]).toMatchObject({ method: 'POST', url: '/api/service' });
    expect(h.requests[0]?.data).toEqual({ service: 'OneLook', method: 'GET', path: '/whichway/support', timeout: TIMEOUTS.proxyMs });
    expect(outcome.value).toEqual({ got: h.requests[0]?.data });
    expect(h.requests[0]?.timeout).toBeGreaterThanOrEqual(TIMEOUTS.proxyMs);
  });

  it('[S7.06] every given field is passed through', () => {
    expect(
      proxyBody({ service: 'Campaign', method: 'POST', path: '/p', payload: { a: 1 }, params: { q: 'x' }, useSystem: true, timeout: 5000 }),
    ).toEqual({ service: 'Campaign', method: 'POST', path: '/p', payload: { a: 1 }, params: { q: 'x' }, useSystem: true, timeout: 5000 });
  });

  it('[S8.03] errors are hidden by default: no notification, the problem is thrown', async () => {
    const h = harness({ routes: { 'POST /api/service': { status: 404, data: { message: 'Unknown route for this service.' } } } });
    const outcome = await run(h, () => callService({ path: '/nope' }));
    expect(outcome.problem).toMatchObject({ status: 404, message: 'Unknown route for this service.' });
    expect(selectPendingNotifications(h.state())).toEqual([]);
  });

  it('[S8.03] with showErrors an error alert carries the message', async () => {
    const h = harness({ routes: { 'POST /api/service': { status: 404, data: { message: 'Unknown route for this service.' } } } });
    await run(h, () => callService({ path: '/nope', showErrors: true }));
    expect(selectPendingNotifications(h.state())).toEqual([
      expect.objectContaining({ severity: 'error', detail: 'Unknown route for this service.' }),
    ]);
  });
});

describe('callMultipart (SPEC S7.08)', () => {
  it('[S7.08] POST /api/service/multipart with a `request` field and the files', async () => {
    const h = harness({ routes: echo, now: NOW });
    await run(h, () => callMultipart({ service: 'File', method: 'POST', path: '/upload' }, { file: new Blob(['hi']) }));
    const form = h.requests[0]?.data as FormData;
    expect(h.requests[0]?.url).toBe('/api/service/multipart');
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('request')))).toEqual({ service: 'File', method: 'POST', path: '/upload', timeout: TIMEOUTS.proxyMs });
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('a 401 for a token a renewal replaced, or is replacing (docs/server.md "Renewal")', () => {
  type Harness = ReturnType<typeof harness>;
  const oldToken = tokenExpiringIn(9 * 60_000, 'old');
  const newToken = tokenExpiringIn(30 * 60_000, 'new');
  const session = makeSession({ token: oldToken });
  const renewed = { ...session, token: newToken };
  const refusal: FakeAnswer = { status: 401, data: { message: 'Your session is not valid.' } };
  const bearer = (req: RecordedRequest) => req.headers.Authorization;
  /** The service refuses the old (revoked) token and answers the new one. */
  const service = (req: RecordedRequest): FakeAnswer => (bearer(req) === `Bearer ${newToken}` ? { status: 200, data: { thing: 2 } } : refusal);
  const serviceCalls = (h: Harness) => h.requests.filter((req) => req.url === '/api/service').map(bearer);

  /**
   * Signed in with the old token (stored too); POST /api/service answers with `answer`, which may
   * first act on the store (what happens while the call is on its way).
   */
  function signedInWith(answer: (req: RecordedRequest, h: Harness) => FakeAnswer, options: Pick<HarnessOptions, 'routes' | 'sagas'> = {}): Harness {
    const h: Harness = harness({
      stored: session,
      preloadedState: signedIn(oldToken),
      sagas: options.sagas,
      routes: { ...options.routes, 'POST /api/service': (req) => answer(req, h), 'POST /api/auth/signout': { status: 204 } },
    });
    return h;
  }

  /** A renewal's answer arriving while a call is on its way: the store now holds the new token. */
  const renewedMeanwhile = (h: Harness) => {
    h.renewals.replaced(oldToken, newToken);
    h.store.dispatch(sessionRenewed({ session: renewed, expiresAt: tokenExpiry(newToken) ?? 0 }));
  };

  /**
   * A renewal whose first answer is lost (network error), then `second`; a catalog call sent while
   * it waits to ask again is refused. Returns the call's outcome once the renewal was asked again.
   */
  async function refusedWhileRenewalAskedAgain(second: FakeAnswer) {
    jest.useFakeTimers({ now: NOW });
    let renewals = 0;
    const h = signedInWith(service, {
      sagas: [authSaga],
      routes: { 'POST /api/auth/renew': () => (++renewals === 1 ? 'network' : second) },
    });
    h.store.dispatch(renew());
    await jest.advanceTimersByTimeAsync(10);
    expect(renewals).toBe(1);
    const outcome = start(h, () => callService({ path: '/catalog' }));
    await jest.advanceTimersByTimeAsync(10);
    // refused, and waiting: no session end, no second try yet
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`]);
    expect(outcome.done).toBe(false);
    expect(h.actions).not.toContain('auth:session:end');
    await jest.advanceTimersByTimeAsync(RENEWAL_RETRY_DELAYS_MS[0]);
    return { h, outcome };
  }

  afterEach(() => jest.useRealTimers());

  it('refused while a renewal whose answer was lost is asked again: waits for it, then asks with the new token; still signed in', async () => {
    const { h, outcome } = await refusedWhileRenewalAskedAgain({ status: 200, data: { body: renewed } });
    expect(outcome).toEqual({ done: true, value: { thing: 2 } });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(h.state().auth).toMatchObject({ authenticated: true, endReason: null });
    expect(h.state().auth.session?.token).toBe(newToken);
    expect(h.actions).not.toContain('auth:session:end');
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('refused while a renewal is under way that then fails: the 401 ends the session once the renewal has settled', async () => {
    const { h, outcome } = await refusedWhileRenewalAskedAgain(refusal);
    expect(outcome).toEqual({ done: true, problem: { kind: 'unauthorized', status: 401, message: 'Your session is not valid.' } });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`]);
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'unauthorized' });
  });

  it.each([
    ['a renewal replaced the token while the call was on its way: asked once more with the new token', renewedMeanwhile, 0],
    [
      'another tab renewed the token (not heard of yet): its token is adopted from cc:auth and the call asked again',
      (h: Harness) => h.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(renewed)),
      1,
    ],
  ])('refused after %s', async (_label, meanwhile, adoptions) => {
    const h = signedInWith((req, store) => {
      if (bearer(req) === `Bearer ${oldToken}`) meanwhile(store);
      return service(req);
    });
    const outcome = await run(h, () => callService({ path: '/catalog' }));
    expect(outcome).toEqual({ done: true, value: { thing: 2 } });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(h.actions.filter((type) => type === 'auth/sessionAdopted')).toHaveLength(adoptions);
    expect(h.actions).not.toContain('auth:session:end');
  });

  it('the new token refused too: the session ends, and the call is not asked a third time', async () => {
    const h = signedInWith((req, store) => {
      if (bearer(req) === `Bearer ${oldToken}`) renewedMeanwhile(store);
      return refusal;
    });
    const outcome = await run(h, () => callService({ path: '/catalog' }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'unauthorized' });
  });

  it('another learner in cc:auth is not adopted: the 401 ends the session', async () => {
    const h = signedInWith((req, store) => {
      store.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...renewed, user: { ...session.user, id: 8 } }));
      return service(req);
    });
    const outcome = await run(h, () => callService({ path: '/catalog' }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized' });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`]);
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'unauthorized' });
  });

  it("a call given its own token is not asked again with the store's", async () => {
    const h = harness({ preloadedState: signedIn(newToken), routes: { 'POST /api/service': service } });
    const outcome = await run(h, () => callApi({ method: 'POST', url: '/api/service', token: oldToken }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized' });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`]);
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'unauthorized' });
  });

  it('refused after another student signed in meanwhile: not asked with their token, and their session is not ended', async () => {
    const other = makeSession({ token: newToken, user: { ...session.user, id: 8, userName: 'other' } });
    const h = signedInWith((_req, store) => {
      // the first student signed out, the next one signed in: a sign-in is no renewal
      store.store.dispatch(sessionStart({ session: other, expiresAt: tokenExpiry(newToken) ?? 0 }));
      return refusal;
    });
    const outcome = await run(h, () => callService({ path: '/catalog' }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(serviceCalls(h)).toEqual([`Bearer ${oldToken}`]);
    expect(h.actions).not.toContain('auth:session:end');
    expect(h.state().auth.session?.token).toBe(newToken);
  });

  it('refused after the student signed out meanwhile: the sign-out stands, no second session end', async () => {
    const h = signedInWith(
      (_req, store) => {
        store.store.dispatch(sessionEnd({ reason: 'signout' }));
        return refusal;
      },
      { sagas: [authSaga] },
    );
    const outcome = await run(h, () => callService({ path: '/catalog' }));
    expect(outcome.problem).toMatchObject({ kind: 'unauthorized' });
    expect(h.actions.filter((type) => type === 'auth:session:end')).toHaveLength(1);
    expect(h.state().auth).toMatchObject({ authenticated: false, endReason: 'signout' });
  });
});
