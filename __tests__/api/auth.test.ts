/** The auth API of SPEC §7 through app.inject() on a real SQLite file. */
import { SignJWT, base64url } from 'jose';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { APP_KEY_HEADER, DEFAULT_TIMEZONE, RENEWAL_REPLAY_MS } from '../../src/common/constants';
import { decodeToken, expFromClaim } from '../../src/common/token';
import type { Envelope, Session, SessionIdentity } from '../../src/common/types';
import { changed } from '../../src/server/db/changes';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import {
  START,
  appKeyHeader,
  authHeaders,
  createTestApp,
  messageOf,
  signIn,
  signInRequest,
  type TestApp,
} from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const getUser = (token: string, headers: Record<string, string> = authHeaders(token)) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

describe('GET /api', () => {
  it('[S7.01] [S3.06] answers { appbadge, env } with env D in development', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ appbadge: 'DEV', env: 'D' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/auth', () => {
  it('[S7.02] [S3.03] [S1.01] [S1.02] [S9.05] signs in: token with exp in seconds, user with the timezone stored when made at their school, clients, permissions', async () => {
    const response = await signInRequest(t.app, 'learner');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const session = (response.json() as Envelope<Session>).body;
    expect(session.user).toEqual({
      id: expect.any(Number),
      firstName: 'Maya',
      lastName: 'Johnson',
      userName: 'learner',
      userEmail: 'maya.johnson@example.edu',
      timezone: 'America/New_York',
    });
    expect(session.clients).toEqual([{ lsclientID: 'LINCOLN-HS', clientName: 'Lincoln High School' }]);
    expect(session.permissions).toEqual([]);
    const claims = decodeToken(session.token);
    expect(String(claims.exp)).toHaveLength(10); // seconds, not milliseconds
    expect(expFromClaim(claims.exp as number)).toBe(START + 30 * 60_000);
    expect(claims).toMatchObject({ iss: 'cashwise', aud: 'cashwise-web', sub: String(session.user.id) });
    expect(typeof claims.jti).toBe('string');
    const row = await t.db.selectFrom('sessions').selectAll().where('id', '=', claims.jti as string).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expires_at: START + 30 * 60_000, absolute_expires_at: START + 12 * 3_600_000, revoked_at: null });
  });

  it('[S3.03] [S9.05] a user whose timezone is absent signs in with America/Chicago, whatever their school’s zone', async () => {
    await t.db.updateTable('users').set({ timezone: null }).where('user_name', '=', 'learner').execute();
    changed('users');
    const session = ((await signInRequest(t.app, 'learner')).json() as Envelope<Session>).body;
    expect(DEFAULT_TIMEZONE).toBe('America/Chicago');
    expect(session.user.timezone).toBe(DEFAULT_TIMEZONE);
  });

  it('[S1.03] [S3.04] gives a multi-tenant user their schools in order, the current school first', async () => {
    const session = await signIn(t.app, 'multi');
    expect(session.clients.map((c) => c.clientName)).toEqual(['Lincoln High School', 'Roosevelt Academy']);
    expect(session.user.timezone).toBe('America/New_York');
  });

  it('[S6.01] carries permission strings', async () => {
    expect((await signIn(t.app, 'support')).permissions).toEqual(['SUPPORT']);
    expect((await signIn(t.app, 'admin')).permissions).toEqual(['GADMINSUPERUSER']);
  });

  it('accepts the user name in any case', async () => {
    expect((await signInRequest(t.app, '  LEARNER ')).statusCode).toBe(200);
  });

  it('answers an unknown user and a wrong password with the same 401 message', async () => {
    const unknown = await signInRequest(t.app, 'nobody');
    const wrong = await signInRequest(t.app, 'learner', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(messageOf(unknown)).toBe(API_MESSAGES.badCredentials);
    expect(messageOf(wrong)).toBe(API_MESSAGES.badCredentials);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('refuses an unknown app key with a clear 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'learner', password: DEMO_PASSWORD, appKey: 'someone-else' },
    });
    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(API_MESSAGES.unknownAppKey);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no password', { username: 'learner', appKey: 'cashwise-web' }],
    ['no appKey', { username: 'learner', password: DEMO_PASSWORD }],
    ['a number as user name', { username: 42, password: DEMO_PASSWORD, appKey: 'cashwise-web' }],
    ['an array as password', { username: 'learner', password: ['x'], appKey: 'cashwise-web' }],
    ['an empty user name', { username: '', password: DEMO_PASSWORD, appKey: 'cashwise-web' }],
    ['a huge user name', { username: 'x'.repeat(10_000), password: DEMO_PASSWORD, appKey: 'cashwise-web' }],
    ['a huge password', { username: 'learner', password: 'x'.repeat(100_000), appKey: 'cashwise-web' }],
    ['a JSON array', ['learner']],
  ])('[S3.07] answers a bad payload (%s) with 400 and a message', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth', payload: payload as object });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toEqual(expect.any(String));
  });

  it('answers malformed JSON with 400 and a body over 1 MiB with 413, never 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"learner","password":"x","appKey":"cashwise-web","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x', appKey: 'x' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(messageOf(huge)).toBe(API_MESSAGES.bodyTooLarge);
    expect(huge.body).not.toMatch(/at .*\.ts/); // no stack trace
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one user name, and lets the time run out', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await signInRequest(t.app, 'learner', 'wrong')).statusCode).toBe(401);
      t.clock.advance(1000);
    }
    const limited = await signInRequest(t.app, 'learner'); // even the right password waits
    expect(limited.statusCode).toBe(429);
    expect(messageOf(limited)).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBe(15 * 60 - 5); // the first failure leaves the 15-minute window
    // another user from another address is not affected
    expect((await signInRequest(t.app, 'multi', DEMO_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(retryAfter * 1000);
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
  });

  it('throttles one IP address after 20 failures across user names', async () => {
    const from = (username: string, password = 'wrong') =>
      t.app.inject({ method: 'POST', url: '/api/auth', payload: { username, password, appKey: 'cashwise-web' }, remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 20; i += 1) expect((await from(`guess${i}`)).statusCode).toBe(401);
    const limited = await from('learner', DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // a different address still signs in
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the user name counter', async () => {
    for (let i = 0; i < 4; i += 1) await signInRequest(t.app, 'learner', 'wrong');
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signInRequest(t.app, 'learner', 'wrong')).statusCode).toBe(401);
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('[S7.03] returns { body: { user, clients, permissions } } for a good token, with no-store', async () => {
    const session = await signIn(t.app, 'multi');
    const response = await getUser(session.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token: _token, ...identity } = session;
    expect((response.json() as Envelope<SessionIdentity>).body).toEqual(identity);
  });

  it('[S7.10] needs the app-key header', async () => {
    const session = await signIn(t.app, 'learner');
    const missing = await getUser(session.token, { authorization: `Bearer ${session.token}` });
    expect(missing.statusCode).toBe(401);
    expect(messageOf(missing)).toBe(API_MESSAGES.unknownAppKey);
    const unknown = await getUser(session.token, { [APP_KEY_HEADER]: 'nope', authorization: `Bearer ${session.token}` });
    expect(unknown.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: appKeyHeader });
    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(API_MESSAGES.notSignedIn);
  });

  it('answers 401 once the token has expired (exp is exclusive)', async () => {
    const session = await signIn(t.app, 'learner');
    t.clock.advance(30 * 60_000 - 1000);
    expect((await getUser(session.token)).statusCode).toBe(200);
    t.clock.advance(1000);
    const response = await getUser(session.token);
    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(API_MESSAGES.invalidSession);
  });

  it('answers 401 for a revoked session', async () => {
    const session = await signIn(t.app, 'learner');
    await t.db.updateTable('sessions').set({ revoked_at: START }).execute();
    expect((await getUser(session.token)).statusCode).toBe(401);
  });

  describe('forged tokens', () => {
    const b64 = (value: object) => base64url.encode(JSON.stringify(value));
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;

    it.each([
      ['alg none', (token: string) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(token))}.`],
      ['alg none with the old signature', (token: string) => `${b64({ alg: 'none' })}.${token.split('.')[1]}.${token.split('.')[2]}`],
      [
        'a tampered payload (another user)',
        (token: string) => `${token.split('.')[0]}.${b64({ ...claimsOf(token), sub: '4' })}.${token.split('.')[2]}`,
      ],
      ['garbage', () => 'not-a-token'],
      ['an empty signature', (token: string) => `${token.split('.')[0]}.${token.split('.')[1]}.`],
    ])('[S8.01] refuses %s with 401', async (_name, forge) => {
      const session = await signIn(t.app, 'learner');
      const response = await getUser(forge(session.token));
      expect(response.statusCode).toBe(401);
      expect(messageOf(response)).toBe(API_MESSAGES.invalidSession);
    });

    async function resign(token: string, header: Record<string, unknown>, key: Uint8Array, alg = 'HS256') {
      return new SignJWT(claimsOf(token)).setProtectedHeader({ ...header, alg }).sign(key);
    }

    it('refuses a token signed with another key', async () => {
      const session = await signIn(t.app, 'learner');
      const forged = await resign(session.token, { typ: 'JWT' }, new TextEncoder().encode('another-secret-another-secret-1234567890'));
      expect((await getUser(forged)).statusCode).toBe(401);
    });

    it('refuses another HMAC algorithm even with the right key', async () => {
      const session = await signIn(t.app, 'learner');
      const forged = await resign(session.token, {}, t.config.tokenSecret, 'HS512');
      expect((await getUser(forged)).statusCode).toBe(401);
    });

    it.each([
      ['jku', { jku: 'https://evil.example/keys.json' }],
      ['jwk', { jwk: { kty: 'oct', k: 'AAAA' } }],
      ['x5u', { x5u: 'https://evil.example/cert.pem' }],
    ])('refuses a %s header even when the signature is right', async (_name, header) => {
      const session = await signIn(t.app, 'learner');
      const forged = await resign(session.token, header, t.config.tokenSecret);
      expect((await getUser(forged)).statusCode).toBe(401);
    });

    it('refuses a right-key token whose issuer or audience is not ours', async () => {
      const session = await signIn(t.app, 'learner');
      const other = await new SignJWT({ ...claimsOf(session.token), iss: 'someone', aud: 'cashwise-web' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(t.config.tokenSecret);
      expect((await getUser(other)).statusCode).toBe(401);
      const otherAud = await new SignJWT({ ...claimsOf(session.token), aud: 'another-app' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(t.config.tokenSecret);
      expect((await getUser(otherAud)).statusCode).toBe(401);
    });
  });
});

describe('POST /api/auth/renew', () => {
  const renew = (token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(token), ...(payload ? { payload } : {}) });

  it('[S7.04] issues a new session; the old token gets 401 and the new one works', async () => {
    const first = await signIn(t.app, 'multi');
    t.clock.advance(25 * 60_000);
    const response = await renew(first.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const renewed = (response.json() as Envelope<Session>).body;
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.clients).toEqual(first.clients);
    expect(expFromClaim(decodeToken(renewed.token).exp as number)).toBe(START + 55 * 60_000);
    expect((await getUser(first.token)).statusCode).toBe(401);
    expect((await getUser(renewed.token)).statusCode).toBe(200);
    expect((await renew(first.token)).statusCode).toBe(401); // an old token cannot renew twice
    const oldRow = await t.db.selectFrom('sessions').selectAll().where('id', '=', decodeToken(first.token).jti as string).executeTakeFirstOrThrow();
    expect(oldRow.replaced_by).toBe(decodeToken(renewed.token).jti);
  });

  it('clamps lastActivityAt to now', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(60_000);
    const response = await renew(first.token, { lastActivityAt: START + 10 * 3_600_000 });
    const jti = decodeToken((response.json() as Envelope<Session>).body.token).jti as string;
    const row = await t.db.selectFrom('sessions').selectAll().where('id', '=', jti).executeTakeFirstOrThrow();
    expect(row.last_activity_at).toBe(START + 60_000);
  });

  it('accepts an empty JSON body', async () => {
    const first = await signIn(t.app, 'learner');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: { ...authHeaders(first.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a bad body with 400', async () => {
    const first = await signIn(t.app, 'learner');
    expect((await renew(first.token, { lastActivityAt: 'yesterday' })).statusCode).toBe(400);
  });

  it('never goes past the absolute lifetime, and refuses with 401 once a minute or less of it is left', async () => {
    let token = (await signIn(t.app, 'learner')).token;
    // renew every 25 minutes up to 11 h 50 min
    for (let elapsed = 25; elapsed <= 11 * 60 + 50; elapsed += 25) {
      t.clock.set(START + elapsed * 60_000);
      const response = await renew(token);
      expect(response.statusCode).toBe(200);
      token = (response.json() as Envelope<Session>).body.token;
      expect(expFromClaim(decodeToken(token).exp as number)).toBeLessThanOrEqual(START + 12 * 3_600_000);
    }
    expect(expFromClaim(decodeToken(token).exp as number)).toBe(START + 12 * 3_600_000);
    t.clock.set(START + 12 * 3_600_000 - 61_000);
    const late = await renew(token); // 61 s left: still worth a token
    expect(late.statusCode).toBe(200);
    token = (late.json() as Envelope<Session>).body.token;
    t.clock.set(START + 12 * 3_600_000 - 60_000);
    const refused = await renew(token);
    expect(refused.statusCode).toBe(401);
    expect(messageOf(refused)).toBe(API_MESSAGES.sessionTooOld);
  });

  it('needs a live token and the app key', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: appKeyHeader })).statusCode).toBe(401);
    const first = await signIn(t.app, 'learner');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: { authorization: `Bearer ${first.token}` } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/renew asked again (a renewal whose answer was lost; docs/server.md "Renewal")', () => {
  const KEY = 'k3y-of-this-tab_0123456789';
  const renew = (token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(token), ...(payload ? { payload } : {}) });
  const tokenOf = (response: { json(): unknown }) => (response.json() as Envelope<Session>).body.token;

  it('the same token with the same key gets the same new token again; the old token stays refused everywhere else', async () => {
    const first = await signIn(t.app, 'multi');
    t.clock.advance(21 * 60_000);
    const lost = await renew(first.token, { lastActivityAt: t.clock(), renewalKey: KEY });
    expect(lost.statusCode).toBe(200);
    t.clock.advance(30_000);
    const again = await renew(first.token, { lastActivityAt: t.clock(), renewalKey: KEY });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(tokenOf(again)).toBe(tokenOf(lost));
    expect((again.json() as Envelope<Session>).body.clients).toEqual(first.clients);
    // no new session: the row the lost answer named is the only live one
    const live = await t.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute();
    expect(live.map((row) => row.id)).toEqual([decodeToken(tokenOf(lost)).jti]);
    expect((await getUser(first.token)).statusCode).toBe(401);
    expect((await getUser(tokenOf(again))).statusCode).toBe(200);
  });

  it('refuses another key, no key, and a key that is not a renewal key', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(21 * 60_000);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(200);
    expect((await renew(first.token, { renewalKey: `${KEY}x` })).statusCode).toBe(401);
    expect((await renew(first.token)).statusCode).toBe(401);
    const malformed = await renew(first.token, { renewalKey: 'short' });
    expect(malformed.statusCode).toBe(400);
    // a renewal without a key cannot be asked again with one
    const second = await signIn(t.app, 'learner');
    expect((await renew(second.token)).statusCode).toBe(200);
    expect((await renew(second.token, { renewalKey: KEY })).statusCode).toBe(401);
  });

  it('a dropped answer asked again after a Wi-Fi outage of several minutes still gets the new token', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(21 * 60_000);
    const lost = await renew(first.token, { lastActivityAt: t.clock(), renewalKey: KEY });
    expect(lost.statusCode).toBe(200);
    // the browser heard nothing and asks again until the network is back, 8 minutes on
    t.clock.advance(8 * 60_000);
    const again = await renew(first.token, { lastActivityAt: t.clock() - 8 * 60_000, renewalKey: KEY });
    expect(again.statusCode).toBe(200);
    expect(tokenOf(again)).toBe(tokenOf(lost));
    expect((await getUser(first.token)).statusCode).toBe(401);
    expect((await getUser(tokenOf(again))).statusCode).toBe(200);
  });

  it('a duplicate from a second tab sent at the same moment gets the same new token; one session lives on', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(21 * 60_000);
    const [one, two] = await Promise.all([
      renew(first.token, { lastActivityAt: t.clock(), renewalKey: KEY }),
      renew(first.token, { lastActivityAt: t.clock(), renewalKey: KEY }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(tokenOf(two)).toBe(tokenOf(one));
    const live = await t.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute();
    expect(live.map((row) => row.id)).toEqual([decodeToken(tokenOf(one)).jti]);
    expect((await getUser(first.token)).statusCode).toBe(401);
  });

  it(`the window closes ${RENEWAL_REPLAY_MS / 60_000} minutes after the renewal, with the old token still unexpired`, async () => {
    const first = await signIn(t.app, 'learner');
    // renewed early ('Stay Signed In'): the old token has 25 minutes left, more than the window
    t.clock.advance(5 * 60_000);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(200);
    t.clock.advance(RENEWAL_REPLAY_MS);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(200);
    t.clock.advance(1);
    const late = await renew(first.token, { renewalKey: KEY });
    expect(late.statusCode).toBe(401);
    expect(messageOf(late)).toBe(API_MESSAGES.invalidSession);
  });

  it('the window closes when the old token expires, even within its minutes', async () => {
    const first = await signIn(t.app, 'learner');
    const oldExpiry = expFromClaim(decodeToken(first.token).exp as number);
    t.clock.advance(25 * 60_000);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(200);
    t.clock.set(oldExpiry - 1);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(200);
    t.clock.set(oldExpiry);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(401);
  });

  it('is refused once the new session has ended: signed out, renewed in its turn, or every session revoked', async () => {
    for (const end of ['signout', 'renewed', 'revoked'] as const) {
      const first = await signIn(t.app, 'learner');
      t.clock.advance(21 * 60_000);
      const next = tokenOf(await renew(first.token, { renewalKey: KEY }));
      if (end === 'signout') await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(next) });
      if (end === 'renewed') expect((await renew(next)).statusCode).toBe(200);
      if (end === 'revoked') await t.db.updateTable('sessions').set({ revoked_at: t.clock() }).where('revoked_at', 'is', null).execute();
      expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(401);
    }
  });

  it('signing out with the replaced token ends the session its renewal started', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(21 * 60_000);
    const next = tokenOf(await renew(first.token, { renewalKey: KEY }));
    const third = tokenOf(await renew(next, { renewalKey: `${KEY}2` }));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(first.token) })).statusCode).toBe(204);
    expect((await getUser(third)).statusCode).toBe(401);
    expect((await renew(first.token, { renewalKey: KEY })).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute()).toEqual([]);
  });

  it('a sign-out never reaches another user\'s sessions', async () => {
    const mine = await signIn(t.app, 'learner');
    const theirs = await signIn(t.app, 'multi');
    // a row of mine pointing at a session of theirs (a hand-edited database): the chain stops there
    await t.db.updateTable('sessions').set({ replaced_by: decodeToken(theirs.token).jti as string }).where('id', '=', decodeToken(mine.token).jti as string).execute();
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(mine.token) });
    expect((await getUser(theirs.token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/signout', () => {
  const signOut = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/signout', headers });

  it('revokes the session: 204, then the token gets 401', async () => {
    const session = await signIn(t.app, 'learner');
    const response = await signOut(authHeaders(session.token));
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await getUser(session.token)).statusCode).toBe(401);
  });

  it('is best effort: an expired, forged or missing token still gets 204', async () => {
    const session = await signIn(t.app, 'learner');
    t.clock.advance(31 * 60_000);
    expect((await signOut(authHeaders(session.token))).statusCode).toBe(204);
    const row = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(START + 31 * 60_000);
    expect((await signOut(authHeaders('garbage.token.here'))).statusCode).toBe(204);
    expect((await signOut(appKeyHeader)).statusCode).toBe(204);
  });
});

describe('unknown /api routes', () => {
  it('answer 404 { message } with no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(API_MESSAGES.notFound);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
