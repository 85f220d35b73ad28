/** Registration by access code and by invitation, step by step, with rate limits. */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../src/common/accounts';
import type { Session } from '../../src/common/types';
import { createProduct, inviteStudents } from '../../src/server/services/accounts/admin';
import { OutboxMailer } from '../../src/server/mail/mailer';
import { codeFromMail, lastMail, newCode, service } from './support/accounts';
import { failCommitsWriting } from './support/faults';
import { createTestApp, messageOf, serviceCall, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
let ipCounter = 0;
/** each test its own IP, so one test's attempts do not throttle another */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Started {
  invitationId: number;
  recordId: number;
  key: string;
  record: { step: string };
}

async function start(code: string, ip = nextIp()): Promise<Started> {
  const response = await service(t.app, 'POST', '/registration/code', { code }, undefined, ip);
  expect(response.statusCode).toBe(200);
  return response.json() as Started;
}

const rec = (s: Started, step = '') => `/registration/${s.invitationId}/records/${s.recordId}${step ? `/${step}` : ''}`;

async function walkToPassword(s: Started, email = 'new.kid@example.edu', userName = 'new.kid') {
  expect((await service(t.app, 'PUT', rec(s, 'name'), { key: s.key, firstName: 'New', lastName: 'Kid' })).json()).toMatchObject({ step: 'terms' });
  expect((await service(t.app, 'PUT', rec(s, 'terms'), { key: s.key, accepted: true })).json()).toMatchObject({ step: 'verify' });
  const sent = await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email });
  expect(sent.statusCode).toBe(200);
  const mail = await lastMail(t.db);
  const code = codeFromMail(mail?.text_body ?? '');
  expect((await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code })).json()).toMatchObject({ step: 'username' });
  expect((await service(t.app, 'PUT', rec(s, 'username'), { key: s.key, userName })).json()).toMatchObject({ step: 'password' });
}

describe('registration by access code', () => {
  it('walks every step and signs the new student in', async () => {
    const code = await newCode(t.db, t.clock());
    const s = await start(code.toLowerCase());
    expect(s.record).toMatchObject({ step: 'name', schoolName: 'Roosevelt Academy', productName: 'Cashwise Financial Literacy' });
    await walkToPassword(s);
    const done = await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'a long passphrase of mine' });
    expect(done.statusCode).toBe(200);
    const session = (done.json() as { body: Session }).body;
    expect(session.token).toEqual(expect.any(String));
    expect(session.user).toMatchObject({ userName: 'new.kid', firstName: 'New', lastName: 'Kid', userEmail: 'new.kid@example.edu', timezone: 'America/New_York' });
    expect(session.clients).toEqual([{ lsclientID: 'ROOSEVELT-AC', clientName: 'Roosevelt Academy' }]);
    // the session is a real one
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-app-key': 'cashwise-web', authorization: `Bearer ${session.token}` } });
    expect(me.statusCode).toBe(200);
    expect((await signInRequest(t.app, 'new.kid', 'a long passphrase of mine')).statusCode).toBe(200);
    // one seat used; the record is done
    const row = await t.db.selectFrom('access_codes').select('used').executeTakeFirstOrThrow();
    expect(row.used).toBe(1);
    expect((await service(t.app, 'POST', rec(s), { key: s.key })).json()).toMatchObject({ step: 'done' });
    expect(messageOf(await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'another long one!' }))).toBe(ACCOUNT_MESSAGES.recordCompleted);
  });

  it('a last step that fails creates nothing and spends neither the seat nor the record: the retry registers', async () => {
    const s = await start(await newCode(t.db, t.clock(), { seats: 1 }));
    await walkToPassword(s);
    const finish = () => service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'a long passphrase of mine' });
    const letThrough = await failCommitsWriting(t.db, 'registration_records', 'UPDATE');
    const failed = await finish();
    await letThrough();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await t.db.selectFrom('users').select('id').where('user_name', '=', 'new.kid').execute()).toEqual([]);
    expect(await t.db.selectFrom('access_codes').select('used').executeTakeFirstOrThrow()).toEqual({ used: 0 });
    expect((await finish()).statusCode).toBe(200);
    expect((await signInRequest(t.app, 'new.kid', 'a long passphrase of mine')).statusCode).toBe(200);
  });

  it("a finished record's key (left in a shared browser) no longer discloses the student's data", async () => {
    const s = await start(await newCode(t.db, t.clock()));
    await walkToPassword(s, 'shared.kid@example.edu', 'shared.kid');
    expect((await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'a long passphrase of mine' })).statusCode).toBe(200);
    const after = await service(t.app, 'POST', rec(s), { key: s.key });
    expect(after.statusCode).toBe(200);
    const view = after.json() as Record<string, unknown>;
    expect(view).toMatchObject({ step: 'done', schoolName: 'Roosevelt Academy', firstName: null, lastName: null, email: null, userName: null, externalId: null });
    expect(JSON.stringify(view)).not.toMatch(/shared\.kid|New|Kid/);
  });

  it('a record opened without its key gets a student-facing message, not a developer one', async () => {
    const s = await start(await newCode(t.db, t.clock()));
    const keyless = await service(t.app, 'POST', rec(s), {});
    expect([keyless.statusCode, messageOf(keyless)]).toEqual([400, ACCOUNT_MESSAGES.recordKeyMissing]);
    expect(messageOf(await service(t.app, 'POST', rec(s), { key: '' }))).toBe(ACCOUNT_MESSAGES.recordKeyMissing);
  });

  it('gives bad, expired and exhausted codes distinct messages', async () => {
    const bad = await service(t.app, 'POST', '/registration/code', { code: 'NOPE-NOPE-NOPE' }, undefined, nextIp());
    expect([bad.statusCode, messageOf(bad)]).toEqual([404, ACCOUNT_MESSAGES.accessCodeNotFound]);
    const expired = await newCode(t.db, t.clock(), { expiresAt: t.clock() + 1000 });
    t.clock.advance(2000);
    const old = await service(t.app, 'POST', '/registration/code', { code: expired }, undefined, nextIp());
    expect([old.statusCode, messageOf(old)]).toEqual([410, ACCOUNT_MESSAGES.accessCodeExpired]);
    const full = await newCode(t.db, t.clock(), { seats: 1 });
    await t.db.updateTable('access_codes').set({ used: 1 }).where('code', '=', full.replace(/-/g, '')).execute();
    const none = await service(t.app, 'POST', '/registration/code', { code: full }, undefined, nextIp());
    expect([none.statusCode, messageOf(none)]).toEqual([409, ACCOUNT_MESSAGES.accessCodeExhausted]);
    const empty = await service(t.app, 'POST', '/registration/code', { code: '' }, undefined, nextIp());
    expect(empty.statusCode).toBe(400);
  });

  it('limits code entry per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) await service(t.app, 'POST', '/registration/code', { code: `BAD${i}` }, undefined, ip);
    const limited = await service(t.app, 'POST', '/registration/code', { code: 'BAD' }, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });

  it('refuses a wrong key, another invitation id and steps out of order', async () => {
    const s = await start(await newCode(t.db, t.clock()));
    expect(messageOf(await service(t.app, 'POST', rec(s), { key: 'x'.repeat(43) }))).toBe(ACCOUNT_MESSAGES.recordInvalid);
    const other = await service(t.app, 'POST', `/registration/${s.invitationId + 1}/records/${s.recordId}`, { key: s.key });
    expect(other.statusCode).toBe(404);
    const early = await service(t.app, 'PUT', rec(s, 'username'), { key: s.key, userName: 'early.bird' });
    expect([early.statusCode, messageOf(early)]).toEqual([409, ACCOUNT_MESSAGES.stepOutOfOrder]);
    const badName = await service(t.app, 'PUT', rec(s, 'name'), { key: s.key, firstName: '', lastName: 'X' });
    expect(badName.statusCode).toBe(400);
    const noTerms = await service(t.app, 'PUT', rec(s, 'terms'), { key: s.key, accepted: false });
    expect(noTerms.statusCode).toBe(400);
  });

  it('asks for the student id when the product needs one', async () => {
    await createProduct(t.db, 'SID', 'Cashwise with Student ID', 'Student ID');
    const s = await start(await newCode(t.db, t.clock(), { product: 'SID' }));
    expect((await service(t.app, 'PUT', rec(s, 'name'), { key: s.key, firstName: 'A', lastName: 'B' })).json()).toMatchObject({ step: 'externalid', externalIdLabel: 'Student ID' });
    expect((await service(t.app, 'PUT', rec(s, 'externalid'), { key: s.key, externalId: 'bad id!' })).statusCode).toBe(400);
    expect((await service(t.app, 'PUT', rec(s, 'externalid'), { key: s.key, externalId: 'S-1234' })).json()).toMatchObject({ step: 'terms', externalId: 'S-1234' });
  });
});

describe('e-mail verification', () => {
  async function atVerify() {
    const s = await start(await newCode(t.db, t.clock()));
    await service(t.app, 'PUT', rec(s, 'name'), { key: s.key, firstName: 'V', lastName: 'K' });
    await service(t.app, 'PUT', rec(s, 'terms'), { key: s.key, accepted: true });
    return s;
  }

  it('mails a 6-digit code, with a link carrying the otid, and enforces the resend cooldown', async () => {
    const s = await atVerify();
    const sent = await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' });
    const { otid } = sent.json() as { otid: number };
    const mail = await lastMail(t.db, 'v.k@example.edu');
    expect(mail?.text_body).toMatch(/Your code: \d{6}/);
    expect(mail?.html_body).toContain('<!doctype html>');
    expect(mail?.text_body).toContain(`/register/${s.invitationId}/record/${s.recordId}/verify/${otid}?code=`);
    const again = await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' });
    expect(again.statusCode).toBe(429);
    expect(messageOf(again)).toMatch(/Please wait \d+ seconds/);
    t.clock.advance(ACCOUNT_LIMITS.verificationResendSeconds * 1000);
    expect((await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' })).statusCode).toBe(200);
    // the code is stored hashed, never in clear
    const rows = await t.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('allows 5 attempts, then asks for a new code', async () => {
    const s = await atVerify();
    await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' });
    const real = codeFromMail((await lastMail(t.db))?.text_body ?? '');
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i += 1) {
      const r = await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code: wrong });
      expect([r.statusCode, messageOf(r)]).toEqual([400, ACCOUNT_MESSAGES.verificationWrong]);
    }
    const fifth = await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code: wrong });
    expect([fifth.statusCode, messageOf(fifth)]).toEqual([429, ACCOUNT_MESSAGES.verificationTooManyAttempts]);
    const right = await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code: real });
    expect(messageOf(right)).toBe(ACCOUNT_MESSAGES.verificationTooManyAttempts);
    expect((await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code: '12ab56' })).statusCode).toBe(400);
  });

  it("speaks the language of the registering person's browser (no account holds a choice yet); the code works the same", async () => {
    const s = await atVerify();
    const sent = await serviceCall(t.app, 'POST', rec(s, 'verify/send'), { payload: { key: s.key, email: 'nuevo@example.edu' }, ip: nextIp(), headers: { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' } });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMail(t.db, 'nuevo@example.edu');
    const code = /Tu código: (\d{6})/.exec(mail?.text_body ?? '')?.[1] ?? '';
    expect(mail?.subject).toBe(`Tu código de verificación de ${t.config.productName}: ${code}`);
    expect(mail?.text_body).toContain(`Vence en ${ACCOUNT_LIMITS.verificationCodeMinutes} minutos.`);
    expect((await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code })).json()).toMatchObject({ step: 'username' });
  });

  it('expires a code after 10 minutes', async () => {
    const s = await atVerify();
    await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' });
    const code = codeFromMail((await lastMail(t.db))?.text_body ?? '');
    t.clock.advance(ACCOUNT_LIMITS.verificationCodeMinutes * 60_000);
    const late = await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code });
    expect([late.statusCode, messageOf(late)]).toEqual([410, ACCOUNT_MESSAGES.verificationExpired]);
  });

  it('a right code whose save fails is not used up: the same code sent again verifies the address', async () => {
    const s = await atVerify();
    await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' });
    const code = codeFromMail((await lastMail(t.db))?.text_body ?? '');
    const letThrough = await failCommitsWriting(t.db, 'registration_records', 'UPDATE');
    const failed = await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code });
    await letThrough();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect((await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code })).json()).toMatchObject({ step: 'username', emailVerified: true });
  });

  it('accepts the mailed link (otid + code)', async () => {
    const s = await atVerify();
    const { otid } = (await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'v.k@example.edu' })).json() as { otid: number };
    const code = codeFromMail((await lastMail(t.db))?.text_body ?? '');
    expect((await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code, otid })).json()).toMatchObject({ step: 'username', emailVerified: true });
  });
});

describe('user names and passwords', () => {
  it('checks availability as they type, rate limited, without other leaks', async () => {
    const ip = nextIp();
    expect((await service(t.app, 'POST', '/registration/usernames/available', { userName: 'learner' }, undefined, ip)).json()).toEqual({ available: false, message: ACCOUNT_MESSAGES.userNameTaken });
    expect((await service(t.app, 'POST', '/registration/usernames/available', { userName: 'free.name' }, undefined, ip)).json()).toEqual({ available: true });
    expect((await service(t.app, 'POST', '/registration/usernames/available', { userName: 'No!' }, undefined, ip)).json()).toMatchObject({ available: false });
    for (let i = 0; i < 57; i += 1) await service(t.app, 'POST', '/registration/usernames/available', { userName: `n${i}xx` }, undefined, ip);
    expect((await service(t.app, 'POST', '/registration/usernames/available', { userName: 'late' }, undefined, ip)).statusCode).toBe(429);
  });

  it('refuses a taken user name and a common or short password', async () => {
    const s = await start(await newCode(t.db, t.clock()));
    await service(t.app, 'PUT', rec(s, 'name'), { key: s.key, firstName: 'A', lastName: 'B' });
    await service(t.app, 'PUT', rec(s, 'terms'), { key: s.key, accepted: true });
    await service(t.app, 'POST', rec(s, 'verify/send'), { key: s.key, email: 'a.b@example.edu' });
    await service(t.app, 'POST', rec(s, 'verify'), { key: s.key, code: codeFromMail((await lastMail(t.db))?.text_body ?? '') });
    const taken = await service(t.app, 'PUT', rec(s, 'username'), { key: s.key, userName: 'Learner' });
    expect([taken.statusCode, messageOf(taken)]).toEqual([409, ACCOUNT_MESSAGES.userNameTaken]);
    await service(t.app, 'PUT', rec(s, 'username'), { key: s.key, userName: 'a.b' + 'cd' });
    const common = await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'password1' });
    expect([common.statusCode, messageOf(common)]).toEqual([400, ACCOUNT_MESSAGES.passwordCommon]);
    const short = await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'short' });
    expect([short.statusCode, messageOf(short)]).toEqual([400, ACCOUNT_MESSAGES.passwordMin]);
  });
});

describe('registration by invitation', () => {
  it('checks the token and the e-mail, locks the e-mail, then registers', async () => {
    const mailer = new OutboxMailer(t.db, t.clock);
    const [invitation] = await inviteStudents(t.db, { mailer, config: t.config }, { school: 'LINCOLN-HS', product: 'CASHWISE', emails: ['invited@example.edu'] }, t.clock());
    const mail = await lastMail(t.db, 'invited@example.edu');
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    const id = invitation?.id ?? 0;
    expect(mail?.text_body).toContain(`/register/${id}?token=`);
    const wrongEmail = await service(t.app, 'POST', `/registration/invitations/${id}`, { token, email: 'other@example.edu' }, undefined, nextIp());
    expect([wrongEmail.statusCode, messageOf(wrongEmail)]).toEqual([400, ACCOUNT_MESSAGES.invitationEmailMismatch]);
    const wrongToken = await service(t.app, 'POST', `/registration/invitations/${id}`, { token: 'x'.repeat(43), email: 'invited@example.edu' }, undefined, nextIp());
    expect([wrongToken.statusCode, messageOf(wrongToken)]).toEqual([404, ACCOUNT_MESSAGES.invitationInvalid]);
    const ok = await service(t.app, 'POST', `/registration/invitations/${id}`, { token, email: 'Invited@example.edu' }, undefined, nextIp());
    const s = ok.json() as Started;
    expect(s.record).toMatchObject({ emailLocked: true, email: 'invited@example.edu', schoolName: 'Lincoln High School' });
    await walkToPassword(s, 'someone.else@example.edu', 'invited');
    const session = ((await service(t.app, 'POST', rec(s, 'password'), { key: s.key, password: 'invited and happy' })).json() as { body: Session }).body;
    // the invitation's address stays, whatever the payload said
    expect(session.user.userEmail).toBe('invited@example.edu');
    const reuse = await service(t.app, 'POST', `/registration/invitations/${id}`, { token, email: 'invited@example.edu' }, undefined, nextIp());
    expect(reuse.statusCode).toBe(404);
  });
});
