/** Forgot password (same answer either way), single-use reset link, sessions revoked; change with the current one. */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../src/common/accounts';
import { lastMail, service } from './support/accounts';
import { authHeaders, createTestApp, messageOf, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const resetCodeOf = (text: string) => /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const userCall = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and only mails a real account', async () => {
    const known = await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.1.0.1');
    const unknown = await service(t.app, 'POST', '/password/forgot', { login: 'nobody-here' }, undefined, '10.1.0.2');
    const byEmail = await service(t.app, 'POST', '/password/forgot', { login: 'MAYA.JOHNSON@example.edu' }, undefined, '10.1.0.3');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(byEmail.body).toBe(unknown.body);
    expect(messageOf(known)).toBe(ACCOUNT_MESSAGES.forgotAnswer);
    const mails = await t.db.selectFrom('outbox').selectAll().where('purpose', '=', 'password-reset').execute();
    expect(mails.map((m) => m.to_address)).toEqual(['maya.johnson@example.edu', 'maya.johnson@example.edu']);
    expect(mails[0]?.text_body).toContain(`${t.config.publicUrl}/password/reset/`);
    // 256-bit code, stored hashed only
    const code = resetCodeOf(mails[0]?.text_body ?? '');
    expect(code.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.selectFrom('password_reset_codes').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash === code)).toBe(false);
  });

  it('limits requests per account name and per IP', async () => {
    for (let i = 0; i < 3; i += 1) await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, `10.2.0.${i}`);
    expect((await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.2.0.9')).statusCode).toBe(429);
    // an unknown name is limited exactly the same way
    for (let i = 0; i < 3; i += 1) await service(t.app, 'POST', '/password/forgot', { login: 'ghost' }, undefined, `10.3.0.${i}`);
    expect((await service(t.app, 'POST', '/password/forgot', { login: 'ghost' }, undefined, '10.3.0.9')).statusCode).toBe(429);
  });
});

describe('reset', () => {
  async function mailedCode(): Promise<string> {
    await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.4.0.1');
    return resetCodeOf((await lastMail(t.db, 'maya.johnson@example.edu'))?.text_body ?? '');
  }

  it('works once, revokes every session, and a second use gets a clear message', async () => {
    const old1 = await signIn(t.app, 'learner');
    const old2 = await signIn(t.app, 'learner');
    const code = await mailedCode();
    expect((await service(t.app, 'POST', '/password/reset/check', { code })).json()).toEqual({ valid: true });
    const weak = await service(t.app, 'POST', '/password/reset', { code, password: 'qwerty123' });
    expect([weak.statusCode, messageOf(weak)]).toEqual([400, ACCOUNT_MESSAGES.passwordCommon]);
    const done = await service(t.app, 'POST', '/password/reset', { code, password: 'my brand new passphrase' });
    expect([done.statusCode, messageOf(done)]).toEqual([200, ACCOUNT_MESSAGES.resetDone]);
    expect((await userCall(old1.token)).statusCode).toBe(401);
    expect((await userCall(old2.token)).statusCode).toBe(401);
    expect((await signInRequest(t.app, 'learner', 'my brand new passphrase')).statusCode).toBe(200);
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(401);
    const again = await service(t.app, 'POST', '/password/reset', { code, password: 'yet another passphrase' });
    expect([again.statusCode, messageOf(again)]).toEqual([410, ACCOUNT_MESSAGES.resetUsed]);
    expect(messageOf(await service(t.app, 'POST', '/password/reset/check', { code }))).toBe(ACCOUNT_MESSAGES.resetUsed);
  });

  it('refuses unknown and expired links', async () => {
    const unknown = await service(t.app, 'POST', '/password/reset', { code: 'x'.repeat(43), password: 'whatever passphrase' });
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([404, ACCOUNT_MESSAGES.resetInvalid]);
    const code = await mailedCode();
    t.clock.advance(ACCOUNT_LIMITS.resetCodeMinutes * 60_000);
    const late = await service(t.app, 'POST', '/password/reset', { code, password: 'whatever passphrase' });
    expect([late.statusCode, messageOf(late)]).toEqual([410, ACCOUNT_MESSAGES.resetExpired]);
  });
});

describe('change password', () => {
  it('needs the current password and revokes every other session', async () => {
    const other = await signIn(t.app, 'multi');
    const mine = await signIn(t.app, 'multi');
    const wrong = await service(t.app, 'PUT', '/me/password', { currentPassword: 'nope', newPassword: 'a fine new passphrase' }, mine.token);
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, ACCOUNT_MESSAGES.currentPasswordWrong]);
    const ok = await service(t.app, 'PUT', '/me/password', { currentPassword: 'demo-password', newPassword: 'a fine new passphrase' }, mine.token);
    expect([ok.statusCode, messageOf(ok)]).toEqual([200, ACCOUNT_MESSAGES.passwordChanged]);
    expect((await userCall(mine.token)).statusCode).toBe(200);
    expect((await userCall(other.token)).statusCode).toBe(401);
    expect((await lastMail(t.db))?.purpose).toBe('password-changed');
    expect((await service(t.app, 'PUT', '/me/password', { currentPassword: 'x', newPassword: 'a fine new passphrase' })).statusCode).toBe(401);
  });

  it('refuses the current password as the new one, and signs no session out', async () => {
    const other = await signIn(t.app, 'multi');
    const mine = await signIn(t.app, 'multi');
    const mailsBefore = (await t.db.selectFrom('outbox').select('id').execute()).length;
    const same = await service(t.app, 'PUT', '/me/password', { currentPassword: 'demo-password', newPassword: 'demo-password' }, mine.token);
    expect([same.statusCode, messageOf(same)]).toEqual([400, ACCOUNT_MESSAGES.passwordUnchanged]);
    expect((await userCall(other.token)).statusCode).toBe(200);
    expect((await t.db.selectFrom('outbox').select('id').execute()).length).toBe(mailsBefore);
    expect((await signInRequest(t.app, 'multi', 'demo-password')).statusCode).toBe(200);
  });

  it('a notice that cannot be mailed does not fail a change already made: no retry meets "current password is wrong"', async () => {
    const down = await createTestApp({ mailer: { send: () => Promise.reject(new Error('the mail server is down')) } });
    try {
      const mine = await signIn(down.app, 'multi');
      const changed = await service(down.app, 'PUT', '/me/password', { currentPassword: 'demo-password', newPassword: 'a fine new passphrase' }, mine.token);
      expect([changed.statusCode, messageOf(changed)]).toEqual([200, ACCOUNT_MESSAGES.passwordChanged]);
      expect((await signInRequest(down.app, 'multi', 'a fine new passphrase')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
