/**
 * Temporary passwords (a teacher's or the school office's, or an account created with one) on a
 * real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): they sign in once, within
 * TEMPORARY_PASSWORD_LIFETIME_MS, and the session they start reaches only the password change, its
 * identity, renewal and sign-out until the user chooses their own. A deactivated account gets the
 * ordinary sign-in failure, whether its password is right or not.
 */
import { TEMPORARY_PASSWORD_LIFETIME_MS } from '../../src/common/accounts';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { ADMIN_PATHS, type NewUserResult } from '../../src/common/schoolAdmin';
import type { Envelope, Session } from '../../src/common/types';
import * as passwords from '../../src/server/security/passwords';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { authHeaders, createTestApp, messageOf, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 34);
let pupilId: number;

beforeEach(async () => {
  t = await createTestApp();
  pupilId = await addUser(t, 'pupil', { firstName: 'Pia' });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await t.close();
});

/** A temporary password for the pupil from Lincoln's school admin (signed in afresh: the clock moves). */
async function temporaryPassword(): Promise<string> {
  const admin = await signIn(t.app, 'schooladmin');
  return (await ok<{ password: string }>(admin.token, 'POST', ADMIN_PATHS.temporaryPassword(pupilId))).password;
}

async function signInWith(password: string): Promise<Session> {
  const response = await signInRequest(t.app, 'pupil', password);
  expect(response.statusCode).toBe(200);
  return (response.json() as Envelope<Session>).body;
}

const spent = (response: { statusCode: number; body: string }) =>
  expect({ status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ status: 401, body: { message: API_MESSAGES.temporaryPasswordSpent } });

describe('a temporary password signs in once', () => {
  it('a second sign-in with it is refused, saying why; the session it started lives on', async () => {
    const password = await temporaryPassword();
    const first = await signInWith(password);
    expect(first.mustChangePassword).toBe(true);
    spent(await signInRequest(t.app, 'pupil', password));
    // a wrong password still gets the ordinary answer: nothing said about the temporary one
    refused(await signInRequest(t.app, 'pupil', 'not-the-password'), 401, API_MESSAGES.badCredentials);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(first.token) })).statusCode).toBe(200);
  });

  it('two sign-ins at the same moment: one session, one refusal', async () => {
    const password = await temporaryPassword();
    const answers = await Promise.all([signInRequest(t.app, 'pupil', password), signInRequest(t.app, 'pupil', password)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('a new temporary password signs in once more; the password the user chooses signs in as often as they like', async () => {
    const first = await signInWith(await temporaryPassword());
    const second = await signInWith(await temporaryPassword());
    expect(second.mustChangePassword).toBe(true);
    // the new password ended the session of the first
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(first.token) })).statusCode).toBe(401);
    const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', pupilId).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('the change accepts the temporary password as the current one; then the chosen password signs in again and again', async () => {
    const password = await temporaryPassword();
    const session = await signInWith(password);
    await ok(session.token, 'PUT', '/me/password', { currentPassword: password, newPassword: 'my own long passphrase 7' });
    for (let i = 0; i < 2; i += 1) {
      const again = await signInWith('my own long passphrase 7');
      expect(again).not.toHaveProperty('mustChangePassword');
    }
    const row = await t.db.selectFrom('users').select(['must_change_password', 'temporary_password_expires_at', 'temporary_password_used_at']).where('id', '=', pupilId).executeTakeFirstOrThrow();
    expect({ ...row, must_change_password: Number(row.must_change_password) }).toEqual({ must_change_password: 0, temporary_password_expires_at: null, temporary_password_used_at: null });
  });
});

describe(`a temporary password expires after ${TEMPORARY_PASSWORD_LIFETIME_MS / 3_600_000} hours`, () => {
  it('signs in a second before, not at the hour', async () => {
    const password = await temporaryPassword();
    t.clock.advance(TEMPORARY_PASSWORD_LIFETIME_MS - 1_000);
    expect((await signInWith(password)).mustChangePassword).toBe(true);

    const later = await temporaryPassword();
    t.clock.advance(TEMPORARY_PASSWORD_LIFETIME_MS);
    spent(await signInRequest(t.app, 'pupil', later));
  });

  it('the password of an account the school office created expires too', async () => {
    const admin = await signIn(t.app, 'schooladmin');
    const created = await ok<NewUserResult>(admin.token, 'POST', ADMIN_PATHS.users, { firstName: 'Nia', lastName: 'Park', userName: 'nia.park', email: 'nia.park@example.edu' });
    t.clock.advance(TEMPORARY_PASSWORD_LIFETIME_MS);
    spent(await signInRequest(t.app, 'nia.park', created.password));
  });
});

describe('a session with a temporary password reaches only the way out of it', () => {
  it('403 on every other route, in the proxy and outside it; its identity, renewal, the change and sign-out work', async () => {
    const password = await temporaryPassword();
    const session = await signInWith(password);
    const changeFirst = { status: 403, message: API_MESSAGES.changeTemporaryPassword };
    const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, message: (JSON.parse(res.body) as { message?: string }).message });

    // service routes: a learner's own, another service's, a staff one, a public one
    for (const [service, method, path] of [
      ['OneLook', 'GET', '/me/profile'],
      ['OneLook', 'PUT', '/me/profile'],
      ['OneLook', 'GET', '/catalog'],
      ['Auth', 'GET', '/permissions'],
      ['OneLook', 'GET', ADMIN_PATHS.users],
      ['OneLook', 'GET', '/certificates/verify/ABCD'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders(session.token), payload: { service, method, path } });
      expect({ route: `${service} ${method} ${path}`, ...answer(res) }).toEqual({ route: `${service} ${method} ${path}`, ...changeFirst });
    }
    // a page rendered ahead of the app
    expect(answer(await t.app.inject({ method: 'GET', url: '/api/page?path=/app/catalog', headers: authHeaders(session.token) }))).toEqual(changeFirst);

    const identity = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) });
    expect(identity.statusCode).toBe(200);
    expect((identity.json() as Envelope<Session>).body.mustChangePassword).toBe(true);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(session.token), payload: {} });
    expect(renewed.statusCode).toBe(200);
    const token = (renewed.json() as Envelope<Session>).body.token;

    // the change with the temporary password as the current one: the same session goes on, everywhere
    await ok(token, 'PUT', '/me/password', { currentPassword: password, newPassword: 'my own long passphrase 7' });
    expect((await call(token, 'GET', '/me/profile')).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });
    expect((after.json() as Envelope<Session>).body).not.toHaveProperty('mustChangePassword');
  });

  it('signs out', async () => {
    const session = await signInWith(await temporaryPassword());
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(session.token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) })).statusCode).toBe(401);
  });

  it('a wrong current password is refused as ever', async () => {
    const session = await signInWith(await temporaryPassword());
    refused(await call(session.token, 'PUT', '/me/password', { currentPassword: 'not-the-password', newPassword: 'my own long passphrase 7' }), 400);
  });
});

describe('a deactivated account', () => {
  it('gets the ordinary sign-in failure whether its password is right or wrong, after the same password check', async () => {
    const admin = await signIn(t.app, 'schooladmin');
    await ok(admin.token, 'POST', ADMIN_PATHS.deactivate(pupilId));
    const verify = jest.spyOn(passwords, 'verifyPassword');
    const right = await signInRequest(t.app, 'pupil', 'demo-password');
    const wrong = await signInRequest(t.app, 'pupil', 'wrong-password-1');
    expect(verify).toHaveBeenCalledTimes(2);
    const seen = (res: typeof right) => ({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    expect(seen(right)).toEqual(seen(wrong));
    expect(messageOf(right)).toBe(API_MESSAGES.badCredentials);
  });

  it('counts right-password attempts as failures: throttled like wrong ones', async () => {
    const admin = await signIn(t.app, 'schooladmin');
    await ok(admin.token, 'POST', ADMIN_PATHS.deactivate(pupilId));
    let last = await signInRequest(t.app, 'pupil', 'demo-password');
    for (let i = 0; i < 10 && last.statusCode === 401; i += 1) last = await signInRequest(t.app, 'pupil', 'demo-password');
    expect(last.statusCode).toBe(429);
  });
});
