/**
 * The server agrees on idle time. Renewals report the SPA's last activity (clamped
 * to now, never earlier than what the session knows); no token outlives that activity by more than
 * 30 min + SERVER_IDLE_SLACK_MS; a session idle past that is refused by renew, /api/auth/user and
 * every authenticated proxy call. All on the fake clock.
 */
import { API_MESSAGES } from '../../src/common/apiMessages';
import { SERVER_IDLE_LIMIT_MS, SERVER_IDLE_SLACK_MS, SESSION } from '../../src/common/constants';
import { decodeToken, expFromClaim } from '../../src/common/token';
import type { Envelope, Session } from '../../src/common/types';
import { START, authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

const MIN = 60_000;
let t: TestApp;
beforeEach(async () => {
  // a long token lifetime, so the idle limit (not the lifetime) is what caps each token
  t = await createTestApp({ env: { TOKEN_LIFETIME_MINUTES: '120' } });
});
afterEach(async () => {
  await t.close();
});

const renew = (token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(token), ...(payload ? { payload } : {}) });
const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });
const proxy = (token: string) => serviceCall(t.app, 'GET', '/me/schools', { token });
const expOf = (token: string) => expFromClaim(decodeToken(token).exp as number);
const bodyOf = (response: { json(): unknown }) => (response.json() as Envelope<Session>).body;

describe('the server enforces idle time', () => {
  it('the slack keeps the SPA table whole: past 30:00 idle, the first 30-s check still sees more than 1:00 left', () => {
    expect(SERVER_IDLE_LIMIT_MS).toBe(SESSION.inactivityLogoutMs + SERVER_IDLE_SLACK_MS);
    expect(SERVER_IDLE_SLACK_MS).toBeGreaterThan(SESSION.logoutWhenRemainingMs + SESSION.checkIntervalMs);
  });

  it('a sign-in token lives at most 30 min + slack, even with a 120-min lifetime', async () => {
    const session = await signIn(t.app, 'learner');
    expect(expOf(session.token)).toBe(START + SERVER_IDLE_LIMIT_MS);
  });

  it('renew: exp = min(now + lifetime, last activity + 30 min + slack, absolute)', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(20 * MIN);
    const response = await renew(first.token, { lastActivityAt: START + 15 * MIN });
    expect(response.statusCode).toBe(200);
    expect(expOf(bodyOf(response).token)).toBe(START + 15 * MIN + SERVER_IDLE_LIMIT_MS);
    const row = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', decodeToken(bodyOf(response).token).jti as string)
      .executeTakeFirstOrThrow();
    expect(row.last_activity_at).toBe(START + 15 * MIN);
  });

  it('renew: a reported activity earlier than the stored one does not move it back', async () => {
    const first = await signIn(t.app, 'learner'); // stored last activity: START
    t.clock.advance(20 * MIN);
    const response = await renew(first.token, { lastActivityAt: START - 60 * MIN });
    expect(response.statusCode).toBe(200);
    expect(expOf(bodyOf(response).token)).toBe(START + SERVER_IDLE_LIMIT_MS);
  });

  it('renew: a reported activity in the future is clamped to now', async () => {
    const first = await signIn(t.app, 'learner');
    t.clock.advance(10 * MIN);
    const response = await renew(first.token, { lastActivityAt: START + 500 * MIN });
    expect(expOf(bodyOf(response).token)).toBe(START + 10 * MIN + SERVER_IDLE_LIMIT_MS);
  });

  it('renew: refused with 401 once the reported activity is more than 30 min + slack old', async () => {
    // a token that is still live (120-min lifetime capped at 32 min) but reports activity 0
    const first = await signIn(t.app, 'learner');
    t.clock.advance(SERVER_IDLE_LIMIT_MS - 1_000);
    // 31:59 since the last activity: the new token would have 1 s left → not issued
    const refused = await renew(first.token, { lastActivityAt: START });
    expect(refused.statusCode).toBe(401);
    expect(messageOf(refused)).toBe(API_MESSAGES.sessionIdle);
  });

  it('renew: with steady reported activity the session goes on (every 20 min for 3 hours)', async () => {
    let token = (await signIn(t.app, 'learner')).token;
    for (let minute = 20; minute <= 180; minute += 20) {
      t.clock.set(START + minute * MIN);
      const response = await renew(token, { lastActivityAt: START + minute * MIN - 5_000 });
      expect(response.statusCode).toBe(200);
      token = bodyOf(response).token;
      expect(expOf(token)).toBe(Math.floor((START + minute * MIN - 5_000 + SERVER_IDLE_LIMIT_MS) / 1000) * 1000);
    }
    expect((await getUser(token)).statusCode).toBe(200);
  });

  it('/api/auth/user and the proxy refuse a session idle past 30 min + slack, and accept it until then', async () => {
    const { token } = await signIn(t.app, 'learner');
    t.clock.advance(SERVER_IDLE_LIMIT_MS - 1);
    expect((await getUser(token)).statusCode).toBe(200);
    expect((await proxy(token)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await proxy(token)).statusCode).toBe(401);
  });

  it('a session row idle past the limit is refused even when its token says otherwise (tokens issued before the limit)', async () => {
    const { token } = await signIn(t.app, 'learner');
    const jti = decodeToken(token).jti as string;
    await t.db.updateTable('sessions').set({ expires_at: START + 600 * MIN }).where('id', '=', jti).execute();
    // the token itself still ends at START + limit; stretch the row's activity back instead
    await t.db.updateTable('sessions').set({ last_activity_at: START - 40 * MIN }).where('id', '=', jti).execute();
    t.clock.advance(MIN);
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await renew(token, { lastActivityAt: START + MIN })).statusCode).toBe(401);
  });
});
