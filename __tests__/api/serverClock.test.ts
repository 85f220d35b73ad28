/**
 * The server tells its time (src/common/serverClock.ts): every /api answer's Date header is the
 * server's clock — the clock its tokens are stamped with — so the SPA can judge `exp` in server
 * time on a computer whose clock is wrong. On the fake clock, which Node's own Date would ignore.
 */
import { serverClockOffset } from '../../src/common/serverClock';
import { decodeToken } from '../../src/common/token';
import type { Envelope, Session } from '../../src/common/types';
import { START, authHeaders, createTestApp, signIn, signInRequest, type TestApp } from './support/testApp';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const dateOf = (response: { headers: Record<string, unknown> }) => Date.parse(String(response.headers.date));

describe('the server clock in every /api answer', () => {
  it('sign-in: the Date header and the token\'s iat are the server\'s clock', async () => {
    t.clock.advance(1_234);
    const response = await signInRequest(t.app, 'learner');
    expect(response.statusCode).toBe(200);
    const { token } = (response.json() as Envelope<Session>).body;
    // HTTP-date and iat are whole seconds
    expect(dateOf(response)).toBe(START + 1_000);
    expect((decodeToken(token).iat as number) * 1000).toBe(START + 1_000);
  });

  it('renewal and validation answers carry it too; a browser a day behind learns +1 day', async () => {
    const session = await signIn(t.app, 'learner');
    t.clock.advance(20 * 60_000);
    const renewal = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(session.token), payload: {} });
    expect(renewal.statusCode).toBe(200);
    expect(dateOf(renewal)).toBe(START + 20 * 60_000);
    const { token } = (renewal.json() as Envelope<Session>).body;
    t.clock.advance(DAY);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });
    // the token ran out a day ago: refused, and the answer still tells the server's time
    expect(user.statusCode).toBe(401);
    expect(dateOf(user)).toBe(START + 20 * 60_000 + DAY);
    const browserNow = START + 20 * 60_000; // its clock a day behind
    expect(serverClockOffset({ date: String(user.headers.date), arrivedAt: browserNow })).toBe(DAY);
  });

  it('GET /api (the environment) carries it too', async () => {
    t.clock.advance(DAY);
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(dateOf(response)).toBe(START + DAY);
  });
});
