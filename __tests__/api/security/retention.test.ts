/**
 * What is stored and for how long (OWASP ASVS 5.0 v14.2.7 retention, v14.2.4):
 * dead session rows, old outbox mail (reset links and codes in the clear), expired codes and
 * registrations nobody finished are deleted by the housekeeping a sign-in runs (at most every
 * 10 minutes); live data is not touched. SECURITY.md lists the same periods.
 */
import { RETENTION, purgeExpired } from '../../../src/server/security/retention';
import { newCode, service } from '../support/accounts';
import { authHeaders, createTestApp, signIn, type TestApp } from '../support/testApp';

const DAY = 86_400_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const countOf = async (table: 'sessions' | 'outbox' | 'password_reset_codes' | 'verification_codes' | 'invitations' | 'registration_records' | 'sign_in_attempts' | 'rate_events') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('[ASVS 5.0 v14.2.7] retention', () => {
  it('[ASVS 5.0 v14.2.7] the documented periods', () => {
    expect(RETENTION).toEqual({ sessionsMs: 7 * DAY, outboxMs: 30 * DAY, expiredCodesMs: DAY, countersMs: DAY, intervalMs: 10 * 60_000 });
  });

  it('[ASVS 5.0 v14.2.7] a sign-in 31 days later deletes dead sessions, old mail, expired codes and unfinished registrations', async () => {
    const old = await signIn(t.app, 'learner');
    await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.31.0.1');
    const record = (await service(t.app, 'POST', '/registration/code', { code: await newCode(t.db, t.clock()) }, undefined, '10.31.0.2')).json() as {
      invitationId: number;
      recordId: number;
      key: string;
    };
    const rec = (step: string) => `/registration/${record.invitationId}/records/${record.recordId}/${step}`;
    await service(t.app, 'PUT', rec('name'), { key: record.key, firstName: 'Left', lastName: 'Unfinished' }, undefined, '10.31.0.2');
    await service(t.app, 'PUT', rec('terms'), { key: record.key, accepted: true }, undefined, '10.31.0.2');
    await service(t.app, 'POST', rec('verify/send'), { key: record.key, email: 'left@example.edu' }, undefined, '10.31.0.2');
    await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: '10.31.0.9', payload: { username: 'ghost', password: 'wrong', appKey: 'cashwise-web' } });
    for (const table of ['sessions', 'outbox', 'password_reset_codes', 'verification_codes', 'invitations', 'registration_records', 'sign_in_attempts', 'rate_events'] as const) {
      expect(await countOf(table)).toBeGreaterThan(0);
    }

    t.clock.advance(31 * DAY);
    const fresh = await signIn(t.app, 'learner');
    expect(await countOf('password_reset_codes')).toBe(0);
    expect(await countOf('verification_codes')).toBe(0);
    expect(await countOf('invitations')).toBe(0);
    expect(await countOf('registration_records')).toBe(0);
    expect(await countOf('sign_in_attempts')).toBe(0);
    expect(await countOf('rate_events')).toBe(0);
    expect(await t.db.selectFrom('outbox').select('id').where('created_at', '<', t.clock() - RETENTION.outboxMs).execute()).toEqual([]);
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(1); // only the fresh one
    // the new session works; the old token is refused as before
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(fresh.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(old.token) })).statusCode).toBe(401);
  });

  it('[ASVS 5.0 v14.2.7] live data stays: a session within its lifetime, today\'s mail, unexpired codes, accounts', async () => {
    await signIn(t.app, 'learner');
    await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.31.0.3');
    const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const users = await userCount();
    expect(users).toBeGreaterThan(0);
    const counts = await purgeExpired(t.db, t.clock() + 60_000);
    expect(counts).toEqual({ counters: 0, sessions: 0, outbox: 0, resetCodes: 0, verificationCodes: 0, invitations: 0 });
    expect(await countOf('sessions')).toBe(1);
    expect(await countOf('password_reset_codes')).toBe(1);
    expect(await userCount()).toBe(users);
  });
});
