/**
 * A school administrator's OneRoster upload stays inside the school (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL): a user missing from the file only leaves the school when they belong to
 * another one too; accounts another school or the district answers for are not the file's to
 * change; an existing account's e-mail is never replaced (the roster's address waits for its user
 * to confirm it); every field keeps the account rules.
 */
import { ACCOUNT_MESSAGES, type ProfileView } from '../../src/common/accounts';
import type { RosterReport, RosterUploadResult } from '../../src/common/roster';
import type { Envelope, Session } from '../../src/common/types';
import { ROSTER_FILE_FIELD, SCHOOL_SETTINGS_PATHS as P } from '../../src/common/schoolSettings';
import { SUPPORT_PERMISSION, TEACHER_PERMISSION } from '../../src/common/permissions';
import { hashPassword } from '../../src/server/security/passwords';
import { formatRosterReport, importRoster } from '../../src/server/services/roster/service';
import { enrollment, klass, org, rosterZip, user, type District, type Rows } from '../support/oneRoster';
import { codeFromMail, lastMail, service } from './support/accounts';
import { createTestApp, multipartCall, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
let adminToken: string;
beforeEach(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t.app, 'schooladmin')).token;
});
afterEach(async () => {
  await t.close();
});

/** Lincoln's own export: a teacher and three students in one class, with `extra` users listed too. */
function lincoln(users: Rows = [user('lt-1', 'teacher', 'lin', 'ms.grant', 'Ada', 'Grant'), user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park'), user('ls-2', 'student', 'lin', 'mia.chen', 'Mia', 'Chen'), user('ls-3', 'student', 'lin', 'noa.bell', 'Noa', 'Bell')]): District {
  const listed = new Set(users.map((u) => String(u[0])));
  return {
    orgs: [org('lin', 'Lincoln High School', 'school', 'LINCOLN-HS')],
    users,
    classes: [klass('lc-1', 'Financial Literacy', 'lin')],
    enrollments: [enrollment('le-1', 'lc-1', 'lin', 'lt-1', 'teacher', true), enrollment('le-2', 'lc-1', 'lin', 'ls-1', 'student'), enrollment('le-3', 'lc-1', 'lin', 'ls-2', 'student'), enrollment('le-4', 'lc-1', 'lin', 'ls-3', 'student')].filter((e) =>
      listed.has(String(e[5])),
    ),
    courses: [],
    academicSessions: [],
  };
}

/** Lincoln's administrator sends the file, as a dry run or (with the dry run's sha256) for real. */
function upload(zip: Uint8Array, payload: { dryRun: boolean; sha256?: string }) {
  const file = { data: zip, filename: 'lincoln.zip', type: 'application/zip' };
  return multipartCall(t.app, { method: 'POST', path: P.roster, payload }, { [ROSTER_FILE_FIELD]: file }, { token: adminToken });
}

/** Lincoln's administrator uploads the file: a dry run, then (when it passes) the import of that file. */
async function adminImport(district: District): Promise<RosterReport> {
  const zip = rosterZip(district);
  const send = (payload: { dryRun: boolean; sha256?: string }) => upload(zip, payload);
  const dry = (await send({ dryRun: true })).json() as RosterUploadResult;
  if (!dry.report.ok) return dry.report;
  const done = (await send({ dryRun: false, sha256: dry.sha256 })).json() as RosterUploadResult;
  expect({ ...done.report, dryRun: true }).toEqual(dry.report);
  return done.report;
}

const schoolId = async (lsclientId: string) => (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', lsclientId).executeTakeFirstOrThrow()).id;
const account = (sourcedId: string) =>
  t.db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name', 'email', 'roster_email', 'password_hash', 'deactivated_at']).where('sourced_id', '=', sourcedId).executeTakeFirstOrThrow();

/** Gives a roster user a password and signs them in: a session the import may or may not end. */
async function signedIn(sourcedId: string): Promise<number> {
  const { id, user_name } = await account(sourcedId);
  await t.db.updateTable('users').set({ password_hash: await hashPassword('a-good-password', t.config.passwordHashing) }).where('id', '=', id).execute();
  expect((await signInRequest(t.app, user_name, 'a-good-password')).statusCode).toBe(200);
  return id;
}

describe('a user missing from the school administrator’s file', () => {
  it('leaves only this school when they belong to another too; a user of this school alone is deactivated [ASVS 5.0 v8.2.2]', async () => {
    expect(await adminImport(lincoln())).toMatchObject({ ok: true, users: { created: 4 } });
    const [lincolnId, rooseveltId] = [await schoolId('LINCOLN-HS'), await schoolId('ROOSEVELT-AC')];
    const now = t.clock();
    // Leo also belongs to Roosevelt (a code, say) and is in a Roosevelt class; Mia is Lincoln's only
    const leo = await signedIn('ls-1');
    const mia = await signedIn('ls-2');
    await t.db.insertInto('user_clients').values({ user_id: leo, client_id: rooseveltId, position: 1 }).execute();
    const rooseveltClass = await t.db.insertInto('classes').values({ client_id: rooseveltId, name: 'Money at Roosevelt', sourced_id: null, created_at: now, updated_at: now, archived_at: null }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('class_students').values({ class_id: rooseveltClass.id, user_id: leo, source: 'code', joined_at: now, left_at: null }).execute();
    t.clock.advance(60_000);
    const later = t.clock();

    const report = await adminImport(lincoln([user('lt-1', 'teacher', 'lin', 'ms.grant', 'Ada', 'Grant'), user('ls-3', 'student', 'lin', 'noa.bell', 'Noa', 'Bell')]));
    expect(report).toMatchObject({ ok: true, users: { created: 0, updated: 0, removed: 1 }, usersLeft: 1, enrollments: { removed: 2 }, problems: [] });
    expect(formatRosterReport(report)).toContain('  left the school: 1 user(s) of another school too, no longer listed (their account stays)');

    // Leo: out of Lincoln (membership, Lincoln's class), still Roosevelt's, active, signed in
    expect((await account('ls-1')).deactivated_at).toBeNull();
    expect(await t.db.selectFrom('user_clients').select(['client_id', 'position']).where('user_id', '=', leo).execute()).toEqual([{ client_id: rooseveltId, position: 0 }]);
    expect(await t.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', leo).execute()).toEqual([{ revoked_at: null }]);
    const classesOf = (userId: number) =>
      t.db.selectFrom('class_students').innerJoin('classes', 'classes.id', 'class_students.class_id').select(['classes.client_id', 'class_students.left_at']).where('user_id', '=', userId).orderBy('classes.client_id').execute();
    expect(await classesOf(leo)).toEqual(
      [
        { client_id: lincolnId, left_at: later },
        { client_id: rooseveltId, left_at: null },
      ].sort((a, b) => a.client_id - b.client_id),
    );
    expect((await signInRequest(t.app, 'leo.park', 'a-good-password')).statusCode).toBe(200);

    // Mia: deactivated, her session ended, as before
    expect((await account('ls-2')).deactivated_at).toBe(later);
    expect(await t.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', mia).execute()).toEqual([{ revoked_at: later }]);
    expect(await classesOf(mia)).toEqual([{ client_id: lincolnId, left_at: later }]);
  });

  it('takes every role a leaving user held at this school, a person’s grant too, and audits each', async () => {
    await adminImport(lincoln());
    const [lincolnId, rooseveltId] = [await schoolId('LINCOLN-HS'), await schoolId('ROOSEVELT-AC')];
    const { id: grant } = await account('lt-1');
    await t.db.insertInto('user_clients').values({ user_id: grant, client_id: rooseveltId, position: 1 }).execute();
    // the principal's own grant, which no roster takes back while its holder is at the school
    const principal = await t.db.selectFrom('users').select('id').where('user_name', '=', 'schooladmin').executeTakeFirstOrThrow();
    await t.db.updateTable('school_permissions').set({ granted_by: principal.id }).where('user_id', '=', grant).execute();
    const report = await adminImport(lincoln([user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park')]));
    expect(report).toMatchObject({ ok: true, usersLeft: 1, revoked: [{ sourcedId: 'lt-1', school: 'LINCOLN-HS', permission: TEACHER_PERMISSION }] });
    expect(await t.db.selectFrom('school_permissions').select('permission').where('user_id', '=', grant).where('client_id', '=', lincolnId).execute()).toEqual([]);
    expect(await t.db.selectFrom('class_teachers').select('class_id').where('user_id', '=', grant).execute()).toEqual([]);
    const audited = await t.db.selectFrom('audit_events').select(['action', 'client_id', 'target_user_id']).where('action', '=', 'permission.revoke').execute();
    // recorded at Lincoln, where it happened, and at Roosevelt, the school the person still belongs to
    expect(audited).toEqual([
      { action: 'permission.revoke', client_id: lincolnId, target_user_id: grant },
      { action: 'permission.revoke', client_id: rooseveltId, target_user_id: grant },
    ]);
  });
});

describe('accounts the school does not alone answer for', () => {
  it('refuses a row that would change a district SUPPORT account or another school’s teacher, and changes nothing [ASVS 5.0 v8.2.2]', async () => {
    await adminImport(lincoln());
    const rooseveltId = await schoolId('ROOSEVELT-AC');
    // Leo is given SUPPORT by the district; Ms Grant also teaches at Roosevelt; Sam is district staff of no school
    const { id: leo } = await account('ls-1');
    const { id: grant } = await account('lt-1');
    await t.db.insertInto('user_permissions').values({ user_id: leo, permission: SUPPORT_PERMISSION }).execute();
    await t.db.insertInto('user_clients').values({ user_id: grant, client_id: rooseveltId, position: 1 }).execute();
    await t.db.insertInto('school_permissions').values({ user_id: grant, client_id: rooseveltId, permission: TEACHER_PERMISSION, granted_at: t.clock(), granted_by: null }).execute();
    await t.db
      .insertInto('users')
      .values({ first_name: 'Sam', last_name: 'Ward', user_name: 'sam.ward', email: 'sam.ward@district.example.edu', timezone: null, password_hash: 'x', created_at: t.clock(), sourced_id: 'd-1', deactivated_at: null })
      .execute();
    const { id: sam } = await account('d-1');
    await t.db.insertInto('user_permissions').values({ user_id: sam, permission: SUPPORT_PERMISSION }).execute();
    const before = await Promise.all(['ls-1', 'lt-1', 'd-1'].map(account));

    // listed as they are, the SUPPORT student and the two-school teacher are the school's to enrol
    expect(await adminImport(lincoln())).toMatchObject({ ok: true, problems: [], users: { updated: 0 } });

    const hijack = lincoln([
      user('lt-1', 'teacher', 'lin', 'ms.grant.new', 'Ada', 'Grant', { email: 'ms.grant@district.example.edu' }),
      user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park', { email: 'attacker@example.org' }),
      user('ls-2', 'student', 'lin', 'mia.chen', 'Mia', 'Chen'),
      user('ls-3', 'student', 'lin', 'noa.bell', 'Noa', 'Bell'),
      user('d-1', 'administrator', 'lin', 'sam.ward', 'Sam', 'Ward'),
    ]);
    const report = await adminImport(hijack);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      {
        file: 'users.csv',
        line: 2,
        column: 'username',
        message: 'The user "lt-1" also belongs to another school or holds district permissions: ask the district administrator to change their account (username).',
      },
      {
        file: 'users.csv',
        line: 3,
        column: 'email',
        message: 'The user "ls-1" also belongs to another school or holds district permissions: ask the district administrator to change their account (email).',
      },
      { file: 'users.csv', line: 6, column: 'sourcedId', message: 'The user "d-1" belongs to another school or holds district permissions: only the district administrator can import them.' },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/ROOSEVELT/i);
    expect(await Promise.all(['ls-1', 'lt-1', 'd-1'].map(account))).toEqual(before);
    expect(await t.db.selectFrom('user_clients').select('client_id').where('user_id', '=', sam).execute()).toEqual([]);
  });

  it('the operator’s import (the CLI) may still change them', async () => {
    await adminImport(lincoln());
    const { id: leo } = await account('ls-1');
    await t.db.insertInto('user_permissions').values({ user_id: leo, permission: SUPPORT_PERMISSION }).execute();
    const renamed = lincoln().users.map((u) => (u[0] === 'ls-1' ? user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park-Lane') : u));
    const report = await importRoster(t.db, rosterZip({ ...lincoln(), users: renamed }), { school: 'LINCOLN-HS', now: t.clock() });
    expect(report).toMatchObject({ ok: true, users: { updated: 1 } });
    expect((await account('ls-1')).last_name).toBe('Park-Lane');
  });
});

describe('an existing account’s e-mail', () => {
  it('is never replaced by the file: the import says so and keeps the account’s; a missing one is filled in', async () => {
    await adminImport(lincoln());
    const { id: mia } = await account('ls-2');
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', mia).execute();
    const changed = lincoln().users.map((u) =>
      u[0] === 'ls-1'
        ? user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Parker', { email: 'someone.else@example.org' })
        : u[0] === 'ls-3'
          ? user('ls-3', 'student', 'lin', 'noa.bell', 'Noa', 'Bell', { email: 'NOA.BELL@district.example.edu' })
          : u,
    );
    const report = await adminImport({ ...lincoln(), users: changed });
    expect(report).toMatchObject({ ok: true, users: { updated: 2 } });
    // only Leo's: Noa's differs in case alone
    expect(report.warnings).toEqual([{ file: 'users.csv', line: 3, column: 'email', message: expect.stringMatching(/^The email differs from the account’s, which stays as it is/) as string }]);
    expect(formatRosterReport(report)).toContain('  warnings: 1\n    users.csv, line 3, column email: The email differs from the account’s');
    expect(await account('ls-1')).toMatchObject({ last_name: 'Parker', email: 'leo.park@district.example.edu', roster_email: 'someone.else@example.org' });
    expect(await account('ls-2')).toMatchObject({ email: 'mia.chen@district.example.edu', roster_email: null });
    expect(await account('ls-3')).toMatchObject({ email: 'noa.bell@district.example.edu', roster_email: null });
  });

  it('waits for its user: the profile offers the roster’s address, and their code confirms it', async () => {
    await adminImport(lincoln());
    const listedAs = (email: string) => lincoln().users.map((u) => (u[0] === 'ls-1' ? user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park', { email }) : u));
    // a dry run of a changed address stores nothing
    const dry = (await upload(rosterZip({ ...lincoln(), users: listedAs('leo.new@example.org') }), { dryRun: true })).json() as RosterUploadResult;
    expect(dry.report.warnings).toHaveLength(1);
    expect((await account('ls-1')).roster_email).toBeNull();

    // the import keeps the account's address; the roster's waits, and the profile says so
    expect((await adminImport({ ...lincoln(), users: listedAs('leo.new@example.org') })).warnings[0]?.message).toMatch(/waits for its user to confirm it/);
    expect(await account('ls-1')).toMatchObject({ email: 'leo.park@district.example.edu', roster_email: 'leo.new@example.org' });
    await signedIn('ls-1');
    const token = ((await signInRequest(t.app, 'leo.park', 'a-good-password')).json() as Envelope<Session>).body.token;
    const profile = (await service(t.app, 'GET', '/me/profile', undefined, token)).json() as ProfileView;
    expect(profile).toMatchObject({ user: { userEmail: 'leo.park@district.example.edu' }, pendingEmail: null, rosterEmail: 'leo.new@example.org' });

    // the file agreeing with the account again answers it; listing the new address again brings it back
    await adminImport(lincoln());
    expect((await account('ls-1')).roster_email).toBeNull();
    await adminImport({ ...lincoln(), users: listedAs('Leo.New@example.org') });
    expect((await account('ls-1')).roster_email).toBe('Leo.New@example.org');

    // "Use this address" is the profile's e-mail change: a code to the new address, entered by Leo
    const changing = await service(t.app, 'PUT', '/me/profile', { firstName: 'Leo', lastName: 'Park', email: profile.rosterEmail, timezone: 'America/Chicago' }, token);
    expect(changing.json()).toMatchObject({ user: { userEmail: 'leo.park@district.example.edu' }, pendingEmail: 'leo.new@example.org', message: ACCOUNT_MESSAGES.emailChangeSent });
    expect((await account('ls-1')).roster_email).toBe('Leo.New@example.org');
    const code = codeFromMail((await lastMail(t.db, 'leo.new@example.org'))?.text_body ?? '');
    expect((await service(t.app, 'POST', '/me/email/verify', { code }, token)).json()).toMatchObject({ user: { userEmail: 'leo.new@example.org' } });
    expect(await account('ls-1')).toMatchObject({ email: 'leo.new@example.org', roster_email: null });
    expect(((await service(t.app, 'GET', '/me/profile', undefined, token)).json() as ProfileView).rosterEmail).toBeNull();
  });

  it('is offered until its user says it is not theirs; the account keeps its own', async () => {
    await adminImport(lincoln());
    await adminImport({ ...lincoln(), users: lincoln().users.map((u) => (u[0] === 'ls-2' ? user('ls-2', 'student', 'lin', 'mia.chen', 'Mia', 'Chen', { email: 'not.mia@example.org' }) : u)) });
    await signedIn('ls-2');
    const token = ((await signInRequest(t.app, 'mia.chen', 'a-good-password')).json() as Envelope<Session>).body.token;
    expect((await service(t.app, 'DELETE', '/me/roster-email', { email: 'x@example.org' }, token)).statusCode).toBe(400);
    const dismissed = await service(t.app, 'DELETE', '/me/roster-email', undefined, token);
    expect(dismissed.json()).toEqual({ message: ACCOUNT_MESSAGES.rosterEmailDismissed });
    expect(await account('ls-2')).toMatchObject({ email: 'mia.chen@district.example.edu', roster_email: null });
    expect(((await service(t.app, 'GET', '/me/profile', undefined, token)).json() as ProfileView).rosterEmail).toBeNull();
    expect((await service(t.app, 'DELETE', '/me/roster-email')).statusCode).toBe(401);
  });
});

describe('the account rules', () => {
  it('refuses what registration refuses, each with file, line and column, and creates no one [ASVS 5.0 v2.2.1]', async () => {
    const bad = lincoln([
      user('lt-1', 'teacher', 'lin', 'ms.grant', 'x'.repeat(200_000), 'Grant'),
      user('ls-1', 'student', 'lin', '<img src=x onerror=alert(1)>', 'Leo', 'Park', { email: 'leo@district.example.edu' }),
      user('ls-2', 'student', 'lin', "=cmd|' /c calc'!a0", 'Mia', 'Chen', { email: 'mia@district.example.edu' }),
      user('ls-3', 'student', 'lin', 'noa.bell', 'Noa', 'Bell', { email: 'not-an-email' }),
    ]);
    const report = await adminImport(bad);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => [p.file, p.line, p.column])).toEqual([
      ['users.csv', 2, 'givenName'],
      ['users.csv', 3, 'username'],
      ['users.csv', 4, 'username'],
      ['users.csv', 5, 'email'],
    ]);
    expect(report.problems[0]?.message).toBe('The givenName can be at most 50 characters; it has 200000.');
    expect(await t.db.selectFrom('users').select('id').where('sourced_id', 'is not', null).execute()).toEqual([]);
    // the command-line import keeps the same rules
    expect((await importRoster(t.db, rosterZip(bad), { now: t.clock() })).problems).toHaveLength(4);
  });
});
