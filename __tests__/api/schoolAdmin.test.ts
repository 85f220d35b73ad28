/**
 * School administration through the service proxy on a real database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL): who may administer which school, users (search, create, deactivate, temporary
 * passwords, sessions, roles, never locking the last administrator out), access codes and
 * invitations, and the audit trail (each action recorded once, filters, CSV, read-only).
 */
import { API_MESSAGES } from '../../src/common/apiMessages';
import type { AuditEntry } from '../../src/common/audit';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  ADMIN_PATHS,
  type AdminAccessCode,
  type AdminInvitation,
  type AdminOverview,
  type AdminSchool,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
  type NewUserResult,
} from '../../src/common/schoolAdmin';
import type { Session } from '../../src/common/types';
import { adminRoutes } from '../../src/server/services/schoolAdmin/routes';
import { lastMail } from './support/accounts';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, messageOf, serviceCall, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 32);

let admin: Session;
let superuser: Session;
let learner: Session;
let teacherToken: string;
let rAdmin: string;
let learnerId: number;
let rKidId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'schooladmin');
  superuser = await signIn(t.app, 'admin');
  learner = await signIn(t.app, 'learner');
  learnerId = learner.user.id;
  await addUser(t, 'lteach', { schoolPermissions: ['TEACHER'] });
  teacherToken = (await signIn(t.app, 'lteach')).token;
  await addUser(t, 'radmin', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['SCHOOLADMIN'] });
  rAdmin = (await signIn(t.app, 'radmin')).token;
  rKidId = await addUser(t, 'rkid', { schools: ['ROOSEVELT-AC'], firstName: 'Rosa', lastName: 'Kid' });
  for (let i = 0; i < ADMIN_PAGE_SIZE + 3; i += 1) await addUser(t, `pupil${String(i).padStart(2, '0')}`, { firstName: 'Pupil', lastName: `Number${i}` });
});
afterAll(async () => {
  await t.close();
});

async function trail(token: string, params: Record<string, unknown> = {}): Promise<AuditPage> {
  return ok<AuditPage>(token, 'GET', ADMIN_PATHS.audit, undefined, params);
}

describe('who administers which school', () => {
  it('a learner, a teacher and support are refused every admin route', async () => {
    const support = (await signIn(t.app, 'support')).token;
    for (const token of [learner.token, teacherToken, support]) {
      refused(await call(token, 'GET', ADMIN_PATHS.overview), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'GET', ADMIN_PATHS.users), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'POST', ADMIN_PATHS.temporaryPassword(learnerId)), 403, ADMIN_MESSAGES.notAdmin);
      refused(await call(token, 'GET', ADMIN_PATHS.audit), 403, ADMIN_MESSAGES.notAdmin);
    }
  });

  it('a school admin runs their current school only; the superuser picks any school', async () => {
    expect(await ok<AdminSchool[]>(admin.token, 'GET', ADMIN_PATHS.schools)).toEqual([{ id: 'LINCOLN-HS', name: 'Lincoln High School' }]);
    const all = await ok<AdminSchool[]>(superuser.token, 'GET', ADMIN_PATHS.schools);
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining(['LINCOLN-HS', 'ROOSEVELT-AC']));
    refused(await call(admin.token, 'GET', ADMIN_PATHS.overview, undefined, { school: 'ROOSEVELT-AC' }), 404, ADMIN_MESSAGES.unknownSchool);
    const roosevelt = await ok<AdminOverview>(superuser.token, 'GET', ADMIN_PATHS.overview, undefined, { school: 'roosevelt-ac' });
    expect(roosevelt.school).toEqual({ id: 'ROOSEVELT-AC', name: 'Roosevelt Academy' });
    refused(await call(superuser.token, 'GET', ADMIN_PATHS.overview, undefined, { school: 'NOWHERE' }), 404, ADMIN_MESSAGES.unknownSchool);
  });

  it('the overview counts the school’s users, staff and classes', async () => {
    const o = await ok<AdminOverview>(admin.token, 'GET', ADMIN_PATHS.overview);
    expect(o.school.id).toBe('LINCOLN-HS');
    expect(o.staff).toBeGreaterThanOrEqual(3); // support, admin, schooladmin, lteach…
    expect(o.learners).toBe(o.users - o.staff);
    expect(o.users).toBeGreaterThanOrEqual(ADMIN_PAGE_SIZE + 3);
  });
});

describe('users', () => {
  it('searches by name, user name and e-mail, a page at a time, only at the school', async () => {
    const first = await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'pupil' });
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 3);
    expect(first.users).toHaveLength(ADMIN_PAGE_SIZE);
    const second = await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'pupil', page: 2 });
    expect(second.users).toHaveLength(3);
    expect(new Set([...first.users, ...second.users].map((u) => u.id)).size).toBe(ADMIN_PAGE_SIZE + 3);
    expect((await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'number7' })).users.map((u) => u.userName)).toEqual(['pupil07']);
    expect((await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'pupil03@example' })).users.map((u) => u.userName)).toEqual(['pupil03']);
    // LIKE's wildcards are text: "_" finds nobody here
    expect((await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: '%' })).total).toBe(0);
    // Roosevelt's student is nowhere in Lincoln's list
    expect((await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'rkid' })).total).toBe(0);
    refused(await call(admin.token, 'GET', ADMIN_PATHS.users, undefined, { page: 0 }), 400, ADMIN_MESSAGES.badPage);
  });

  it('creates a learner with a temporary password that must be changed at the first sign-in', async () => {
    const created = await ok<NewUserResult>(admin.token, 'POST', ADMIN_PATHS.users, { firstName: ' Nia ', lastName: 'Park', userName: 'Nia.Park', email: 'nia.park@example.edu' });
    expect(created.user).toMatchObject({ userName: 'nia.park', firstName: 'Nia', roles: [], mustChangePassword: true });
    const signedIn = await signInRequest(t.app, 'nia.park', created.password);
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { body: Session }).body.mustChangePassword).toBe(true);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.users, { firstName: 'Nia', lastName: 'Park', userName: 'nia.park', email: 'nia@example.edu' }), 409);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.users, { firstName: '', lastName: 'Park', userName: 'x', email: 'nope' }), 400);
    const entry = (await trail(admin.token, { action: 'user.create' })).entries[0];
    expect(entry).toMatchObject({ actorName: 'Linda Okafor (schooladmin)', targetName: 'Nia Park (nia.park)', targetUserId: created.user.id });
  });

  it('gives a temporary password and ends sessions, each recorded in the trail', async () => {
    const student = await signIn(t.app, 'pupil01');
    const studentId = student.user.id;
    const ended = await ok<{ ended: number }>(admin.token, 'POST', ADMIN_PATHS.endSessions(studentId));
    expect(ended.ended).toBe(1);
    const { password } = await ok<{ password: string }>(admin.token, 'POST', ADMIN_PATHS.temporaryPassword(studentId));
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await signInRequest(t.app, 'pupil01', password)).statusCode).toBe(200);
    const entries = (await trail(admin.token, { target: 'pupil01' })).entries;
    expect(entries.map((e) => e.action)).toEqual(['password.temporary', 'sessions.end']);
    expect(entries[1]).toMatchObject({ detail: { ended: 1 }, origin: expect.stringMatching(/^10\.32\./) });
    // Roosevelt's admin cannot touch Lincoln's student, nor Lincoln's admin Roosevelt's
    refused(await call(rAdmin, 'POST', ADMIN_PATHS.temporaryPassword(studentId)), 404, ADMIN_MESSAGES.userNotFound);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.endSessions(rKidId)), 404, ADMIN_MESSAGES.userNotFound);
    // a district account is the district's
    refused(await call(admin.token, 'POST', ADMIN_PATHS.temporaryPassword(superuser.user.id)), 403, ADMIN_MESSAGES.staffByDistrict);
  });

  it('deactivates (no sign-in, sessions ended) and reactivates', async () => {
    const pupil = await signIn(t.app, 'pupil02');
    const off = await ok<{ user: AdminUser }>(admin.token, 'POST', ADMIN_PATHS.deactivate(pupil.user.id));
    expect(off.user.deactivated).toBe(true);
    // the ordinary sign-in failure: a deactivated account's password is not confirmed
    refused(await signInRequest(t.app, 'pupil02'), 401, API_MESSAGES.badCredentials);
    refused(await call(pupil.token, 'GET', '/me/profile'), 401);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.deactivate(pupil.user.id)), 409, ADMIN_MESSAGES.alreadyDeactivated);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.deactivate(admin.user.id)), 409, ADMIN_MESSAGES.notSelf);
    expect((await ok<{ user: AdminUser }>(admin.token, 'POST', ADMIN_PATHS.reactivate(pupil.user.id))).user.deactivated).toBe(false);
    expect((await signInRequest(t.app, 'pupil02')).statusCode).toBe(200);
    expect((await trail(admin.token, { target: 'pupil02' })).entries.map((e) => e.action)).toEqual(['user.reactivate', 'user.deactivate']);
  });

  it('grants and revokes school roles, never the last school administrator', async () => {
    const pupil = (await ok<AdminUserPage>(admin.token, 'GET', ADMIN_PATHS.users, undefined, { q: 'pupil04' })).users[0]!;
    expect((await ok<{ user: AdminUser }>(admin.token, 'PUT', ADMIN_PATHS.role(pupil.id, 'TEACHER'))).user.roles).toEqual(['TEACHER']);
    expect(messageOf(await call(admin.token, 'PUT', ADMIN_PATHS.role(pupil.id, 'TEACHER')))).toBe(ADMIN_MESSAGES.alreadyHeld('Teacher'));
    // the role holds at Lincoln: the new teacher reads Lincoln's classes
    expect((await call((await signIn(t.app, 'pupil04')).token, 'GET', '/classes')).statusCode).toBe(200);
    expect((await ok<{ user: AdminUser }>(admin.token, 'DELETE', ADMIN_PATHS.role(pupil.id, 'TEACHER'))).user.roles).toEqual([]);
    refused(await call(admin.token, 'DELETE', ADMIN_PATHS.role(pupil.id, 'TEACHER')), 404, ADMIN_MESSAGES.notHeld);
    // only the school's roles: never GADMINSUPERUSER
    refused(await call(admin.token, 'PUT', `/admin/users/${pupil.id}/roles/GADMINSUPERUSER`), 400, ADMIN_MESSAGES.badRole);
    // the last school administrator stays
    refused(await call(admin.token, 'DELETE', ADMIN_PATHS.role(admin.user.id, 'SCHOOLADMIN')), 409, ADMIN_MESSAGES.lastAdmin);
    // with a second administrator, either may step down; the second one's session runs the school too
    await ok(admin.token, 'PUT', ADMIN_PATHS.role(pupil.id, 'SCHOOLADMIN'));
    const second = await signIn(t.app, 'pupil04');
    expect((await ok<AdminOverview>(second.token, 'GET', ADMIN_PATHS.overview)).school.id).toBe('LINCOLN-HS');
    await ok(second.token, 'DELETE', ADMIN_PATHS.role(pupil.id, 'SCHOOLADMIN'));
    refused(await call(admin.token, 'DELETE', ADMIN_PATHS.role(admin.user.id, 'SCHOOLADMIN')), 409, ADMIN_MESSAGES.lastAdmin);
    const actions = (await trail(admin.token, { target: 'pupil04' })).entries.map((e) => `${e.action} ${String(e.detail.permission)}`);
    expect(actions).toEqual(['permission.revoke SCHOOLADMIN', 'permission.grant SCHOOLADMIN', 'permission.revoke TEACHER', 'permission.grant TEACHER']);
  });
});

describe('access codes and invitations', () => {
  it('creates, lists and revokes an access code; sends and withdraws an invitation', async () => {
    const created = await ok<{ code: AdminAccessCode }>(admin.token, 'POST', ADMIN_PATHS.codes, { seats: 30, expires: '2027-06-30' });
    expect(created.code).toMatchObject({ seats: 30, used: 0, className: null });
    refused(await call(admin.token, 'POST', ADMIN_PATHS.codes, { seats: 0 }), 400, ADMIN_MESSAGES.badSeats);
    refused(await call(admin.token, 'POST', ADMIN_PATHS.codes, { seats: 5, expires: '2020-01-01' }), 400, ADMIN_MESSAGES.badExpiry);
    expect((await ok<AdminAccessCode[]>(admin.token, 'GET', ADMIN_PATHS.codes)).map((c) => c.id)).toContain(created.code.id);
    expect((await ok<AdminAccessCode[]>(rAdmin, 'GET', ADMIN_PATHS.codes)).map((c) => c.id)).not.toContain(created.code.id);
    refused(await call(rAdmin, 'DELETE', ADMIN_PATHS.code(created.code.id)), 404, ADMIN_MESSAGES.codeNotFound);
    await ok(admin.token, 'DELETE', ADMIN_PATHS.code(created.code.id));
    const registration = await call(null, 'POST', '/registration/code', { code: created.code.code });
    expect(registration.statusCode).toBeGreaterThanOrEqual(400);

    const sent = await ok<{ invitation: AdminInvitation }>(admin.token, 'POST', ADMIN_PATHS.invitations, { email: 'new.student@example.edu' });
    expect(sent.invitation).toMatchObject({ email: 'new.student@example.edu', usedAt: null });
    expect((await lastMail(t.db, 'new.student@example.edu'))?.text_body).toContain('/register/');
    refused(await call(admin.token, 'POST', ADMIN_PATHS.invitations, { email: 'not-an-address' }), 400);
    refused(await call(rAdmin, 'DELETE', ADMIN_PATHS.invitation(sent.invitation.id)), 404, ADMIN_MESSAGES.invitationNotFound);
    await ok(admin.token, 'DELETE', ADMIN_PATHS.invitation(sent.invitation.id));
    refused(await call(admin.token, 'DELETE', ADMIN_PATHS.invitation(sent.invitation.id)), 404, ADMIN_MESSAGES.invitationNotFound);
    const actions = (await trail(admin.token)).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['access-code.create', 'access-code.revoke', 'invitation.create']));
  });

  it.each([
    ['es-MX,es;q=0.9', 'Lincoln High School te invita a', 'Crea tu cuenta: '],
    ['en-US', 'You are invited to', 'Create your account: '],
  ])("an invitation speaks the inviter's language (saved, else their browser's: %s); the invited person has no account yet", async (header, subject, action) => {
    const email = `invited.${header.slice(0, 2)}@example.edu`;
    const res = await serviceCall(t.app, 'POST', ADMIN_PATHS.invitations, { token: admin.token, payload: { email }, headers: { 'accept-language': header } });
    expect(res.statusCode).toBe(201);
    const mail = await lastMail(t.db, email);
    expect(mail?.subject.startsWith(subject)).toBe(true);
    expect(mail?.text_body).toContain(action);
  });
});

describe('the audit trail', () => {
  it('newest first, a page at a time, only the school’s, filtered by action, actor, target and date', async () => {
    const all = await trail(admin.token);
    expect(all.total).toBeGreaterThan(5);
    const times = all.entries.map((e: AuditEntry) => e.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.entries.every((e) => e.schoolName === 'Lincoln High School')).toBe(true);
    expect((await trail(rAdmin)).entries.some((e) => e.schoolName === 'Lincoln High School')).toBe(false);
    // pupil04, an administrator for a moment, stepped down once; everything else was schooladmin
    expect((await trail(admin.token, { actor: 'PUPIL04' })).entries.map((e) => e.action)).toEqual(['permission.revoke']);
    expect((await trail(admin.token, { actor: 'linda okafor' })).total).toBe(all.total - 1);
    expect((await trail(admin.token, { actor: 'nobody-like-this' })).total).toBe(0);

    const today = new Date(t.clock()).toISOString().slice(0, 10);
    expect((await trail(admin.token, { date: today, dateMode: 'is' })).total).toBe(all.total);
    expect((await trail(admin.token, { date: today, dateMode: 'isNot' })).total).toBe(0);
    expect((await trail(admin.token, { date: today, dateMode: 'before' })).total).toBe(0);
    expect((await trail(admin.token, { date: '2000-01-01', dateMode: 'after' })).total).toBe(all.total);
    refused(await call(admin.token, 'GET', ADMIN_PATHS.audit, undefined, { date: '2026-02-30' }), 400, ADMIN_MESSAGES.badDate);
    refused(await call(admin.token, 'GET', ADMIN_PATHS.audit, undefined, { action: 'nope' }), 400, ADMIN_MESSAGES.badAction);
    refused(await call(admin.token, 'GET', ADMIN_PATHS.audit, undefined, { date: today, dateMode: 'around' }), 400, ADMIN_MESSAGES.badDateMode);
  });

  it('exports as CSV a spreadsheet opens safely', async () => {
    await ok(admin.token, 'POST', ADMIN_PATHS.users, { firstName: '=HYPERLINK("x")', lastName: 'Formula', userName: 'formula.kid', email: 'formula@example.edu' });
    const res = await call(admin.token, 'GET', ADMIN_PATHS.auditCsv, undefined, { action: 'user.create' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFWhen (UTC),School,Who,Action,Whose data,Details,From\r\n')).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""x"") Formula (formula.kid)"`);
    expect(res.body).toContain('Created a user');
    expect(res.body).not.toContain('Gave a temporary password');
  });

  it('no route changes or deletes an entry', () => {
    const writes = adminRoutes.filter((r) => r.path.startsWith('/admin/audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
