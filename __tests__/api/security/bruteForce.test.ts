/**
 * Brute force (OWASP ASVS 5.0 v6.3.1 credential stuffing and brute force, v2.4.1
 * anti-automation): at most 100 failed sign-ins per account per hour whether they come from one
 * address or are spread over 50 — the limits live in the database, per user name and per IP, so
 * rotating addresses does not help — while the real student can sign in after the back-off.
 * Access-code entry, e-mailed verification codes and password-reset codes are capped the same way.
 * Client addresses come from inject's remoteAddress (the socket); X-Forwarded-For counts only with
 * TRUST_PROXY and then only the hop our own proxy appended.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_LIMITS } from '../../../src/common/accounts';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { DEFAULT_APP_KEY } from '../../../src/common/constants';
import { DEMO_PASSWORD } from '../../../src/server/db/seed';
import { codeFromMail, lastMail, newCode, service } from '../support/accounts';
import { createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

const MIN = 60_000;
const HOUR = 60 * MIN;
const MAX_FAILURES_PER_HOUR = 100;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const attempt = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: ip, headers, payload: { username, password, appKey: DEFAULT_APP_KEY } });

/**
 * One attacker hour against `username`: an attempt every `everyMs` from the addresses `ipOf(i)`.
 * Returns how many wrong passwords the server actually checked (401) and the 429s.
 */
async function attackHour(username: string, ipOf: (i: number) => string, everyMs: number) {
  let checked = 0;
  let refused = 0;
  const end = t.clock() + HOUR;
  for (let i = 0; t.clock() < end; i += 1) {
    const answer = await attempt(username, `guess-${i}`, ipOf(i));
    if (answer.statusCode === 401) {
      checked += 1;
      expect(messageOf(answer)).toBe(API_MESSAGES.badCredentials);
    } else {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(messageOf(answer)).toMatch(/Too many failed sign-in attempts/);
      refused += 1;
    }
    t.clock.advance(everyMs);
  }
  return { checked, refused };
}

/** The student, after waiting out Retry-After, signs in with the right password. */
async function studentSignsInAfterBackOff(ip: string) {
  const first = await attempt('learner', DEMO_PASSWORD, ip);
  if (first.statusCode === 429) t.clock.advance(Number(first.headers['retry-after']) * 1000);
  const answer = await attempt('learner', DEMO_PASSWORD, ip);
  expect(answer.statusCode).toBe(200);
}

describe('[ASVS 5.0 v6.3.1] failed sign-ins per account per hour', () => {
  it('[ASVS 5.0 v6.3.1] from ONE address: at most 100 wrong passwords an hour are even checked; the student signs in after the back-off', async () => {
    const { checked, refused } = await attackHour('learner', () => '198.51.100.1', 20_000);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    expect(checked).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(60); // 180 attempts in the hour: most never reach a password check
    await studentSignsInAfterBackOff('192.0.2.10');
  });

  it('[ASVS 5.0 v6.3.1] spread over 50 addresses: the per-account limit holds all the same', async () => {
    const { checked } = await attackHour('learner', (i) => `198.51.100.${(i % 50) + 1}`, 20_000);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    await studentSignsInAfterBackOff('192.0.2.11');
  });

  it('[ASVS 5.0 v6.3.1] a locked account answers 429 even to the right password, so the lock reveals nothing', async () => {
    for (let i = 0; i < t.config.throttle.maxPerUser; i += 1) await attempt('learner', 'wrong', '198.51.100.9');
    const right = await attempt('learner', DEMO_PASSWORD, '198.51.100.9');
    const wrong = await attempt('learner', 'still wrong', '198.51.100.9');
    expect([right.statusCode, messageOf(right)]).toEqual([wrong.statusCode, messageOf(wrong)]);
    expect(right.statusCode).toBe(429);
    // an unknown user name is throttled exactly like a real one (no account enumeration through the limit)
    for (let i = 0; i < t.config.throttle.maxPerUser; i += 1) await attempt('nobody-at-all', 'wrong', '198.51.100.8');
    expect((await attempt('nobody-at-all', 'wrong', '198.51.100.8')).statusCode).toBe(429);
  });

  it('[ASVS 5.0 v6.3.1] the hourly cap holds even when the real student keeps signing in between guesses (a success only clears the short window)', async () => {
    let checked = 0;
    const end = t.clock() + HOUR;
    while (t.clock() < end) {
      // 4 guesses from 4 addresses, then the student signs in from school
      for (let i = 0; i < 4; i += 1) {
        if ((await attempt('learner', `guess-${checked}-${i}`, `203.0.113.${(checked + i) % 50}`)).statusCode === 401) checked += 1;
      }
      await attempt('learner', DEMO_PASSWORD, '192.0.2.12');
      t.clock.advance(30_000);
    }
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    expect(checked).toBeGreaterThanOrEqual(MAX_FAILURES_PER_HOUR - 4);
    await studentSignsInAfterBackOff('192.0.2.12');
  });

  it('[ASVS 5.0 v6.3.1] [ASVS 5.0 v4.1.3] X-Forwarded-For is ignored without TRUST_PROXY: a client cannot pick its own address', async () => {
    for (let i = 0; i < t.config.throttle.maxPerIp; i += 1) {
      expect((await attempt(`someone-${i}`, 'wrong', '198.51.100.77', { 'x-forwarded-for': `10.9.${i}.1` })).statusCode).toBe(401);
    }
    expect((await attempt('another-one', 'wrong', '198.51.100.77', { 'x-forwarded-for': '10.200.0.1' })).statusCode).toBe(429);
  });

  it('[ASVS 5.0 v6.3.1] [ASVS 5.0 v4.1.3] behind one trusted proxy, only the hop the proxy appended counts, not what the client prepended', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const via = (username: string, spoofed: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth',
          remoteAddress: '127.0.0.1', // nginx
          headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.88` }, // client-written, then nginx's $remote_addr
          payload: { username, password: 'wrong', appKey: DEFAULT_APP_KEY },
        });
      for (let i = 0; i < proxied.config.throttle.maxPerIp; i += 1) expect((await via(`someone-${i}`, `10.8.${i}.1`)).statusCode).toBe(401);
      expect((await via('another-one', '10.8.250.1')).statusCode).toBe(429);
      // a different real client behind the same proxy is not affected
      const other = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.99' },
        payload: { username: 'learner', password: DEMO_PASSWORD, appKey: DEFAULT_APP_KEY },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('[ASVS 5.0 v2.4.1] codes are capped too', () => {
  /** Counts the answers of `call(i)` over an hour (one every `everyMs`) by status. */
  async function hourOf(call: (i: number) => Promise<LightMyRequestResponse>, everyMs: number) {
    const statuses = new Map<number, number>();
    const end = t.clock() + HOUR;
    for (let i = 0; t.clock() < end; i += 1) {
      const answer = await call(i);
      expect(answer.statusCode).toBeLessThan(500);
      expect(messageOf(answer)).toEqual(expect.any(String));
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      t.clock.advance(everyMs);
    }
    return statuses;
  }

  it('[ASVS 5.0 v2.4.1] access-code entry: guesses per address are capped (and a 60-bit code space makes 50 addresses pointless)', async () => {
    const one = await hourOf((i) => service(t.app, 'POST', '/registration/code', { code: `GUESS${String(i).padStart(7, '0')}` }, undefined, '198.51.100.20'), 20_000);
    expect(one.get(404) ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    expect(one.get(429) ?? 0).toBeGreaterThan(0);
    // a signed-in student adding codes is capped per account across addresses
    const { token } = await signIn(t.app, 'learner');
    const spread = await hourOf((i) => service(t.app, 'POST', '/me/access-codes', { code: `GUESS${String(i).padStart(7, '0')}` }, token, `198.51.101.${(i % 50) + 1}`), 20_000);
    expect(spread.get(404) ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    // the real code still works once the back-off is over
    t.clock.advance(15 * MIN);
    const code = await newCode(t.db, t.clock());
    expect((await service(t.app, 'POST', '/registration/code', { code }, undefined, '198.51.100.20')).statusCode).toBe(200);
  });

  it('[ASVS 5.0 v2.4.1] [ASVS 5.0 v6.5.1] e-mailed verification codes: at most a handful of guesses per code and per hour, from any number of addresses', async () => {
    const started = (await service(t.app, 'POST', '/registration/code', { code: await newCode(t.db, t.clock()) }, undefined, '192.0.2.30')).json() as {
      invitationId: number;
      recordId: number;
      key: string;
    };
    const rec = (step: string) => `/registration/${started.invitationId}/records/${started.recordId}/${step}`;
    await service(t.app, 'PUT', rec('name'), { key: started.key, firstName: 'New', lastName: 'Kid' }, undefined, '192.0.2.30');
    await service(t.app, 'PUT', rec('terms'), { key: started.key, accepted: true }, undefined, '192.0.2.30');
    expect((await service(t.app, 'POST', rec('verify/send'), { key: started.key, email: 'new.kid@example.edu' }, undefined, '192.0.2.30')).statusCode).toBe(200);
    let checked = 0;
    const end = t.clock() + HOUR;
    for (let i = 0; t.clock() < end; i += 1) {
      // the attacker also asks for fresh codes whenever it can (each one resets the 5-attempt budget)
      if (i % 20 === 0) await service(t.app, 'POST', rec('verify/send'), { key: started.key }, undefined, `198.51.102.${(i % 50) + 1}`);
      const guess = await service(t.app, 'POST', rec('verify'), { key: started.key, code: String(100000 + i) }, undefined, `198.51.102.${(i % 50) + 1}`);
      if (guess.statusCode === 400) checked += 1;
      else expect([410, 429]).toContain(guess.statusCode);
      t.clock.advance(10_000);
    }
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    // at most 5 codes an hour × 5 attempts each
    expect(checked).toBeLessThanOrEqual(5 * ACCOUNT_LIMITS.verificationMaxAttempts);
    // the real learner asks for a new code after the back-off and it works
    t.clock.advance(HOUR);
    expect((await service(t.app, 'POST', rec('verify/send'), { key: started.key }, undefined, '192.0.2.30')).statusCode).toBe(200);
    const code = codeFromMail((await lastMail(t.db, 'new.kid@example.edu'))?.text_body ?? '');
    expect((await service(t.app, 'POST', rec('verify'), { key: started.key, code }, undefined, '192.0.2.30')).json()).toMatchObject({ step: 'username' });
  });

  it('[ASVS 5.0 v2.4.1] password reset: forgot mails per account, and reset-code guesses per address, are capped', async () => {
    const forgot = await hourOf((i) => service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, `198.51.103.${(i % 50) + 1}`), 60_000);
    const mails = await t.db.selectFrom('outbox').select('id').where('purpose', '=', 'password-reset').execute();
    expect(mails.length).toBeLessThanOrEqual(3); // 3 requests per account an hour, from however many addresses
    expect(forgot.get(429) ?? 0).toBeGreaterThan(0);
    const guesses = await hourOf((i) => service(t.app, 'POST', '/password/reset/check', { code: `guess-${i}-${'x'.repeat(40)}` }, undefined, '198.51.100.30'), 20_000);
    expect(guesses.get(404) ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
    expect(guesses.get(429) ?? 0).toBeGreaterThan(0);
    const resets = await hourOf((i) => service(t.app, 'POST', '/password/reset', { code: `guess-${i}-${'x'.repeat(40)}`, password: 'a long passphrase here' }, undefined, '198.51.100.31'), 20_000);
    expect(resets.get(404) ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_HOUR);
  });
});
