/**
 * Class codes on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): what a code leads
 * to before the student commits (the public preview), a signed-in student joining another class
 * with one, and the school setting that lets students of its class codes register without an
 * e-mail address (the server refuses the skip otherwise, and forgets it when the school turns it off).
 */
import type { ClassDetail, StudentClass } from '../../src/common/classroom';
import { ACCOUNT_MESSAGES, type CodePreview, type RegistrationRecordView } from '../../src/common/accounts';
import { SETTINGS_MESSAGES, type SchoolSettings } from '../../src/common/schoolSettings';
import type { Session } from '../../src/common/types';
import { CLASS_ARCHIVED_MESSAGE } from '../../src/server/services/accounts/accessCodes';
import { newCode } from './support/accounts';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, serviceCall, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
// `ok('', …)`: a call without a session, as a student registering makes it
const { call, ok } = serviceClient(() => t.app, 48);
let teacher: string;
let schoolAdmin: string;
let rAdmin: string;

interface Started {
  invitationId: number;
  recordId: number;
  key: string;
  record: RegistrationRecordView;
}

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'rivera', { schoolPermissions: ['TEACHER'], firstName: 'Dana', lastName: 'Rivera' });
  await addUser(t, 'colee', { schoolPermissions: ['TEACHER'], firstName: 'Sam', lastName: 'Lee' });
  await addUser(t, 'radmin2', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['SCHOOLADMIN'] });
  teacher = (await signIn(t.app, 'rivera')).token;
  schoolAdmin = (await signIn(t.app, 'schooladmin')).token;
  rAdmin = (await signIn(t.app, 'radmin2')).token;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const newClass = (name: string) => ok<ClassDetail>(teacher, 'POST', '/classes', { name });
const setting = (token: string, on: boolean) => call(token, 'PUT', '/admin/settings', { studentsWithoutEmail: on });
const rec = (s: Started, step = '') => `/registration/${s.invitationId}/records/${s.recordId}${step ? `/${step}` : ''}`;

async function startToVerify(code: string): Promise<Started> {
  const s = await ok<Started>('', 'POST', '/registration/code', { code });
  await ok('', 'PUT', rec(s, 'name'), { key: s.key, firstName: 'Nia', lastName: 'Brooks' });
  const view = await ok<RegistrationRecordView>('', 'PUT', rec(s, 'terms'), { key: s.key, accepted: true });
  expect(view.step).toBe('verify');
  return { ...s, record: view };
}

describe('the preview of a code (POST /registration/code/preview)', () => {
  it('names the school, the class and its teachers (owner first) — only those', async () => {
    const cls = await newClass('Period 2');
    await ok(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'colee' });
    const preview = await ok<CodePreview>('', 'POST', '/registration/code/preview', { code: cls.joinCode!.toLowerCase() });
    expect(preview).toEqual({ schoolName: 'Lincoln High School', productName: 'Cashwise Financial Literacy', className: 'Period 2', teachers: ['Dana Rivera', 'Sam Lee'], emailOptional: false });
    // nothing is spent: no record, no seat
    const code = await t.db.selectFrom('access_codes').select('used').where('class_id', '=', cls.id).executeTakeFirstOrThrow();
    expect(Number(code.used)).toBe(0);
  });

  it("a school's access code names the school and the course, no class", async () => {
    const preview = await ok<CodePreview>('', 'POST', '/registration/code/preview', { code: await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' }) });
    expect(preview).toEqual({ schoolName: 'Lincoln High School', productName: 'Cashwise Financial Literacy', className: null, teachers: [], emailOptional: false });
  });

  it('an unknown, expired or archived code gets its clear message and nothing else', async () => {
    refused(await call(null, 'POST', '/registration/code/preview', { code: 'ZZZZ-ZZZZ-ZZZZ' }), 404, ACCOUNT_MESSAGES.accessCodeNotFound);
    refused(await call(null, 'POST', '/registration/code/preview', { code: '' }), 400, ACCOUNT_MESSAGES.codeRequired);
    const old = await newClass('Old code');
    await ok(teacher, 'POST', `/classes/${old.id}/join-code`);
    refused(await call(null, 'POST', '/registration/code/preview', { code: old.joinCode }), 410, ACCOUNT_MESSAGES.classCodeExpired);
    const expired = await newCode(t.db, t.clock(), { school: 'LINCOLN-HS', expiresAt: t.clock() + 1000 });
    t.clock.advance(2000);
    refused(await call(null, 'POST', '/registration/code/preview', { code: expired }), 410, ACCOUNT_MESSAGES.accessCodeExpired);
    const archived = await newClass('Archived');
    await ok(teacher, 'PATCH', `/classes/${archived.id}`, { archived: true });
    const res = await call(null, 'POST', '/registration/code/preview', { code: archived.joinCode });
    refused(res, 410, CLASS_ARCHIVED_MESSAGE);
    expect(res.body).not.toContain('Archived');
    refused(await call(null, 'POST', '/registration/code/preview', { code: 'X', extra: 1 }), 400);
  });

  it('[ASVS 5.0 v6.3.1] is rate limited per IP as entering a code is', async () => {
    const ip = '10.48.250.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await serviceCall(t.app, 'POST', '/registration/code/preview', { payload: { code: `BADCODE${i}` }, ip })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
  });
});

describe('a signed-in student joins another class with its class code', () => {
  it('is told the class, its teacher and the school', async () => {
    const cls = await newClass('Period 5');
    const learner: Session = await signIn(t.app, 'learner');
    const res = await call(learner.token, 'POST', '/me/access-codes', { code: cls.joinCode });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.classJoined('Period 5 — Dana Rivera, Lincoln High School'),
      joinedClass: { id: cls.id, name: 'Period 5', teachers: ['Dana Rivera'] },
    });
    expect((await ok<StudentClass[]>(learner.token, 'GET', '/me/classes')).map((c) => c.name)).toContain('Period 5');
    refused(await call(learner.token, 'POST', '/me/access-codes', { code: cls.joinCode }), 409, ACCOUNT_MESSAGES.classCodeAlreadyRedeemed);
  });
});

describe('registering without an e-mail address (the school setting)', () => {
  it('the school administrator turns it on and off for their school only; it is audited', async () => {
    expect((await ok<SchoolSettings>(schoolAdmin, 'GET', '/admin/settings')).studentsWithoutEmail).toBe(false);
    const on = await setting(schoolAdmin, true);
    expect(on.statusCode).toBe(200);
    expect((on.json() as { settings: SchoolSettings }).settings.studentsWithoutEmail).toBe(true);
    const audit = await t.db.selectFrom('audit_events').select('detail').where('action', '=', 'school.settings').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(String(audit.detail)).toContain('false → true');
    // Roosevelt's administrator changes Roosevelt's, never Lincoln's
    expect((await setting(rAdmin, true)).statusCode).toBe(200);
    expect((await setting(rAdmin, false)).statusCode).toBe(200);
    expect((await ok<SchoolSettings>(schoolAdmin, 'GET', '/admin/settings')).studentsWithoutEmail).toBe(true);
    refused(await call(schoolAdmin, 'PUT', '/admin/settings', { studentsWithoutEmail: 'yes' }), 400, SETTINGS_MESSAGES.studentsWithoutEmail);
    refused(await call((await signIn(t.app, 'learner')).token, 'PUT', '/admin/settings', { studentsWithoutEmail: true }), 403);
    expect((await setting(schoolAdmin, false)).statusCode).toBe(200);
  });

  it('when off, the verify step stays: skipping is refused', async () => {
    const cls = await newClass('Period 3');
    const s = await startToVerify(cls.joinCode!);
    expect(s.record).toMatchObject({ emailOptional: false, emailSkipped: false });
    refused(await call(null, 'POST', rec(s, 'verify/skip'), { key: s.key }), 403, ACCOUNT_MESSAGES.emailRequiredBySchool);
    expect((await ok<RegistrationRecordView>('', 'POST', rec(s), { key: s.key })).step).toBe('verify');
  });

  it('when on, a class code’s student registers with no e-mail, is in the class, and signs in', async () => {
    expect((await setting(schoolAdmin, true)).statusCode).toBe(200);
    const cls = await newClass('Period 4');
    expect((await ok<CodePreview>('', 'POST', '/registration/code/preview', { code: cls.joinCode })).emailOptional).toBe(true);
    const s = await startToVerify(cls.joinCode!);
    expect(s.record).toMatchObject({ emailOptional: true, emailSkipped: false, step: 'verify' });
    const skipped = await ok<RegistrationRecordView>('', 'POST', rec(s, 'verify/skip'), { key: s.key });
    expect(skipped).toMatchObject({ step: 'username', emailSkipped: true, emailVerified: false });
    await ok('', 'PUT', rec(s, 'username'), { key: s.key, userName: 'nia.noemail' });
    const done = await call(null, 'POST', rec(s, 'password'), { key: s.key, password: 'correct horse battery staple 42' });
    expect(done.statusCode).toBe(200);
    const user = await t.db.selectFrom('users').select(['id', 'email']).where('user_name', '=', 'nia.noemail').executeTakeFirstOrThrow();
    expect(user.email).toBe('');
    expect(await t.db.selectFrom('class_students').select(['class_id', 'source']).where('user_id', '=', user.id).execute()).toEqual([{ class_id: cls.id, source: 'code' }]);
    expect((await signInRequest(t.app, 'nia.noemail', 'correct horse battery staple 42')).statusCode).toBe(200);
    // a forgotten password has no address to go to: the same answer, no mail, no reset code
    const mails = await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await call(null, 'POST', '/password/forgot', { login: 'nia.noemail' })).json()).toEqual({ message: ACCOUNT_MESSAGES.forgotAnswer });
    expect(await t.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(mails);
    expect(await t.db.selectFrom('password_reset_codes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it("when on, a school's access code (not a class's) still needs an e-mail", async () => {
    const s = await startToVerify(await newCode(t.db, t.clock(), { school: 'LINCOLN-HS' }));
    expect(s.record.emailOptional).toBe(false);
    refused(await call(null, 'POST', rec(s, 'verify/skip'), { key: s.key }), 403, ACCOUNT_MESSAGES.emailRequiredBySchool);
  });

  it('turned off after a student skipped: the student is asked for an e-mail again', async () => {
    const cls = await newClass('Period 6');
    const s = await startToVerify(cls.joinCode!);
    expect((await ok<RegistrationRecordView>('', 'POST', rec(s, 'verify/skip'), { key: s.key })).step).toBe('username');
    expect((await setting(schoolAdmin, false)).statusCode).toBe(200);
    expect(await ok<RegistrationRecordView>('', 'POST', rec(s), { key: s.key })).toMatchObject({ step: 'verify', emailOptional: false, emailSkipped: false });
    refused(await call(null, 'PUT', rec(s, 'username'), { key: s.key, userName: 'late.skipper' }), 409, ACCOUNT_MESSAGES.stepOutOfOrder);
  });

  it('a record of another key cannot be skipped for', async () => {
    expect((await setting(schoolAdmin, true)).statusCode).toBe(200);
    const cls = await newClass('Period 8');
    const s = await startToVerify(cls.joinCode!);
    refused(await call(null, 'POST', rec(s, 'verify/skip'), { key: 'x'.repeat(43) }), 404, ACCOUNT_MESSAGES.recordInvalid);
    expect((await ok<RegistrationRecordView>('', 'POST', rec(s), { key: s.key })).emailSkipped).toBe(false);
  });
});
