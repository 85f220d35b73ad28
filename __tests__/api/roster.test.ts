/**
 * The OneRoster import on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): a valid
 * district, a dry run, a re-import with changes, and broken files that change nothing and say where.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../src/common/classroom';
import { runCommand } from '../../src/server/cli/admin';
import { hashPassword } from '../../src/server/security/passwords';
import { formatRosterReport, importRoster, NO_PASSWORD, type RosterReport } from '../../src/server/services/roster/service';
import { enrollment, HEADERS, klass, MANIFEST, org, rosterZip, smallDistrict, toCsv, user, type District } from '../support/oneRoster';
import { createTestApp, messageOf, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const run = (zip: Uint8Array, options: { dryRun?: boolean; school?: string } = {}) => importRoster(t.db, zip, { ...options, now: t.clock() });

/** Every row the import may touch, in a stable order: equal snapshots mean nothing changed. */
async function snapshot() {
  const db = t.db;
  return {
    clients: await db.selectFrom('clients').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name', 'email', 'sourced_id', 'deactivated_at']).orderBy('id').execute(),
    userClients: await db.selectFrom('user_clients').selectAll().orderBy('user_id').orderBy('client_id').execute(),
    permissions: await db.selectFrom('school_permissions').selectAll().orderBy('user_id').orderBy('client_id').orderBy('permission').execute(),
    classes: await db.selectFrom('classes').selectAll().orderBy('id').execute(),
    students: await db.selectFrom('class_students').selectAll().orderBy('class_id').orderBy('user_id').execute(),
    teachers: await db.selectFrom('class_teachers').selectAll().orderBy('class_id').orderBy('user_id').execute(),
    sessions: await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute(),
  };
}

const classId = async (sourcedId: string) => (await t.db.selectFrom('classes').select('id').where('sourced_id', '=', sourcedId).executeTakeFirstOrThrow()).id;

async function rosterOf(sourcedId: string) {
  return t.db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select(['users.user_name', 'class_students.source', 'class_students.left_at'])
    .where('classes.sourced_id', '=', sourcedId)
    .orderBy('users.user_name')
    .execute();
}

async function teachersOf(sourcedId: string) {
  return t.db
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .innerJoin('classes', 'classes.id', 'class_teachers.class_id')
    .select(['users.user_name', 'class_teachers.role'])
    .where('classes.sourced_id', '=', sourcedId)
    .orderBy('users.user_name')
    .execute();
}

const FIRST_IMPORT = {
  ok: true,
  dryRun: false,
  problems: [],
  schools: { created: 2, updated: 0, removed: 0 },
  users: { created: 7, updated: 0, removed: 0 },
  classes: { created: 3, updated: 0, removed: 0 },
  // 3 teacher and 5 student enrolments; the guardian's is skipped
  enrollments: { created: 8, updated: 0, removed: 0 },
  skipped: { users: 1, enrollments: 1 },
  revoked: [],
  usersLeft: 0,
  warnings: [],
} satisfies RosterReport;

describe('a valid district', () => {
  it('creates schools, users, roles, classes and rosters; imported users have no password', async () => {
    expect(await run(rosterZip(smallDistrict()))).toEqual(FIRST_IMPORT);

    const schools = await t.db.selectFrom('clients').select(['lsclient_id', 'name', 'sourced_id']).where('sourced_id', 'is not', null).orderBy('lsclient_id').execute();
    expect(schools).toEqual([
      { lsclient_id: 'MAPLE-HS', name: 'Maple High School', sourced_id: 'sch-1' },
      { lsclient_id: 'OAK-MS', name: 'Oak Middle School', sourced_id: 'sch-2' },
    ]);
    const ava = await t.db.selectFrom('users').selectAll().where('sourced_id', '=', 's-1').executeTakeFirstOrThrow();
    expect(ava).toMatchObject({ user_name: 'ava.stone', first_name: 'Ava', last_name: 'Stone', email: 'ava.stone@district.example.edu', password_hash: NO_PASSWORD, deactivated_at: null });
    expect(await t.db.selectFrom('users').select('id').where('user_name', '=', 'parent.stone').execute()).toEqual([]);

    const permissions = await t.db
      .selectFrom('school_permissions')
      .innerJoin('users', 'users.id', 'school_permissions.user_id')
      .innerJoin('clients', 'clients.id', 'school_permissions.client_id')
      .select(['users.user_name', 'clients.lsclient_id', 'school_permissions.permission'])
      .where('users.sourced_id', 'is not', null)
      .orderBy('users.user_name')
      .execute();
    expect(permissions).toEqual([
      { user_name: 'jlee', lsclient_id: 'MAPLE-HS', permission: TEACHER_PERMISSION },
      { user_name: 'mrivera', lsclient_id: 'MAPLE-HS', permission: TEACHER_PERMISSION },
      { user_name: 'principal.hall', lsclient_id: 'MAPLE-HS', permission: SCHOOLADMIN_PERMISSION },
    ]);
    expect(await teachersOf('c-1')).toEqual([
      { user_name: 'jlee', role: 'co-teacher' },
      { user_name: 'mrivera', role: 'owner' },
    ]);
    expect(await rosterOf('c-1')).toEqual([
      { user_name: 'ava.stone', source: 'roster', left_at: null },
      { user_name: 'ben.ortiz', source: 'roster', left_at: null },
    ]);
    expect((await rosterOf('c-3')).map((r) => r.user_name)).toEqual(['dev.patel']);
    const memberships = await t.db.selectFrom('user_clients').innerJoin('clients', 'clients.id', 'user_clients.client_id').select(['clients.lsclient_id', 'user_clients.position']).where('user_id', '=', ava.id).execute();
    expect(memberships).toEqual([{ lsclient_id: 'MAPLE-HS', position: 0 }]);

    // no password verifies against an imported user's: the ordinary message, nothing more
    for (const password of ['', NO_PASSWORD, 'demo-password']) {
      const response = await signInRequest(t.app, 'ava.stone', password);
      expect(response.statusCode).toBe(password === '' ? 400 : 401);
    }
    expect(messageOf(await signInRequest(t.app, 'ava.stone', NO_PASSWORD))).toBe(API_MESSAGES.badCredentials);
  });

  it('reports in a dry run what it would do, and changes nothing', async () => {
    const before = await snapshot();
    expect(await run(rosterZip(smallDistrict()), { dryRun: true })).toEqual({ ...FIRST_IMPORT, dryRun: true });
    expect(await snapshot()).toEqual(before);
  });

  it('changes nothing when the same file is imported again', async () => {
    await run(rosterZip(smallDistrict()));
    const before = await snapshot();
    const again = await run(rosterZip(smallDistrict()));
    expect(again).toEqual({ ...FIRST_IMPORT, schools: { created: 0, updated: 0, removed: 0 }, users: { created: 0, updated: 0, removed: 0 }, classes: { created: 0, updated: 0, removed: 0 }, enrollments: { created: 0, updated: 0, removed: 0 } });
    expect(await snapshot()).toEqual(before);
  });

  it('links the one school named by --school', async () => {
    await runCommandOk('create-school', '--id', 'ELM-HS', '--name', 'Elm High');
    const district = smallDistrict();
    const one: District = {
      ...district,
      orgs: [org('elm', 'Elm High School', 'school', 'whatever')],
      users: [user('t-9', 'teacher', 'elm', 'ms.gray', 'Ruth', 'Gray'), user('s-9', 'student', 'elm', 'finn.cole', 'Finn', 'Cole')],
      classes: [klass('c-9', 'Finance', 'elm')],
      enrollments: [enrollment('e-91', 'c-9', 'elm', 't-9', 'teacher', true), enrollment('e-92', 'c-9', 'elm', 's-9', 'student')],
    };
    const report = await run(rosterZip(one), { school: 'elm-hs' });
    expect(report).toMatchObject({ ok: true, schools: { created: 0, updated: 1 }, users: { created: 2 }, classes: { created: 1 }, enrollments: { created: 2 } });
    const elm = await t.db.selectFrom('clients').select(['id', 'name', 'sourced_id']).where('lsclient_id', '=', 'ELM-HS').executeTakeFirstOrThrow();
    expect(elm).toMatchObject({ name: 'Elm High', sourced_id: 'elm' });
    expect((await t.db.selectFrom('classes').select('client_id').where('sourced_id', '=', 'c-9').executeTakeFirstOrThrow()).client_id).toBe(elm.id);

    // --school with a file for two schools, or an unknown school, is refused
    expect((await run(rosterZip(smallDistrict()), { school: 'ELM-HS' })).problems).toEqual([
      { file: 'orgs.csv', column: 'type', message: 'A file for one school (ELM-HS) must list exactly one org of type school; it lists 2.' },
    ]);
    expect((await run(rosterZip(one), { school: 'NOPE' })).problems).toEqual([{ file: '--school', message: 'No school has the id "NOPE".' }]);
  });
});

describe('a re-import with changes', () => {
  it('updates what changed, deactivates users no longer listed, and drops enrolments', async () => {
    await run(rosterZip(smallDistrict()));
    // cara (s-3) has set a password and is signed in; a learner joined c-1 with the class's join code
    await t.db.updateTable('users').set({ password_hash: await hashPassword('a-good-password', t.config.passwordHashing) }).where('sourced_id', '=', 's-3').execute();
    const cara = await signInRequest(t.app, 'cara.nash', 'a-good-password');
    expect(cara.statusCode).toBe(200);
    const learner = await signIn(t.app, 'learner');
    await t.db.insertInto('class_students').values({ class_id: await classId('c-1'), user_id: learner.user.id, source: 'code', joined_at: t.clock(), left_at: null }).execute();
    t.clock.advance(60_000);

    const changed = smallDistrict();
    changed.users = changed.users
      .filter((u) => u[0] !== 's-3')
      .map((u) => (u[0] === 's-1' ? user('s-1', 'student', 'sch-1', 'ava.stone', 'Ava', 'Stone-Reyes') : u))
      .concat([user('s-5', 'student', 'sch-1', 'eli.moss', 'Eli', 'Moss')]);
    changed.classes = changed.classes.map((c) => (c[0] === 'c-2' ? klass('c-2', 'Economics (Honors)', 'sch-1') : c));
    changed.enrollments = changed.enrollments
      // ben leaves c-1; cara's enrolment in c-2 goes with her; jlee becomes c-1's owner
      .filter((e) => !['e-4', 'e-7'].includes(String(e[0])))
      .map((e) => (e[0] === 'e-2' ? enrollment('e-2', 'c-1', 'sch-1', 't-2', 'teacher', true) : e))
      .concat([enrollment('e-10', 'c-2', 'sch-1', 's-5', 'student')]);

    const dry = await run(rosterZip(changed), { dryRun: true });
    const report = await run(rosterZip(changed));
    expect(report).toEqual({
      ...FIRST_IMPORT,
      schools: { created: 0, updated: 0, removed: 0 },
      users: { created: 1, updated: 1, removed: 1 },
      classes: { created: 0, updated: 1, removed: 0 },
      // eli joins c-2; jlee's role; ben leaves c-1 and cara c-2
      enrollments: { created: 1, updated: 1, removed: 2 },
    });
    expect(dry).toEqual({ ...report, dryRun: true });

    expect(await t.db.selectFrom('users').select('last_name').where('sourced_id', '=', 's-1').executeTakeFirstOrThrow()).toEqual({ last_name: 'Stone-Reyes' });
    expect(await t.db.selectFrom('classes').select('name').where('sourced_id', '=', 'c-2').executeTakeFirstOrThrow()).toEqual({ name: 'Economics (Honors)' });
    const now = t.clock();
    expect(await rosterOf('c-1')).toEqual([
      { user_name: 'ava.stone', source: 'roster', left_at: null },
      { user_name: 'ben.ortiz', source: 'roster', left_at: now },
      // the roster never touches a student who joined with the code
      { user_name: 'learner', source: 'code', left_at: null },
    ]);
    expect(await rosterOf('c-2')).toEqual([
      { user_name: 'ben.ortiz', source: 'roster', left_at: null },
      { user_name: 'cara.nash', source: 'roster', left_at: now },
      { user_name: 'eli.moss', source: 'roster', left_at: null },
    ]);
    expect(await teachersOf('c-1')).toEqual([
      { user_name: 'jlee', role: 'owner' },
      { user_name: 'mrivera', role: 'owner' },
    ]);

    // cara is deactivated: her record stays, her session ended, and she cannot sign in; her right
    // password gets the ordinary answer, as a wrong one does (no hint that it was right)
    const caraRow = await t.db.selectFrom('users').select(['id', 'deactivated_at']).where('sourced_id', '=', 's-3').executeTakeFirstOrThrow();
    expect(caraRow.deactivated_at).toBe(now);
    expect(await t.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', caraRow.id).execute()).toEqual([{ revoked_at: now }]);
    const refused = await signInRequest(t.app, 'cara.nash', 'a-good-password');
    expect(refused.statusCode).toBe(401);
    expect(messageOf(refused)).toBe(API_MESSAGES.badCredentials);
    expect(messageOf(await signInRequest(t.app, 'cara.nash', 'wrong-password-1'))).toBe(API_MESSAGES.badCredentials);

    // listed again: active again, back in her class
    const back = smallDistrict();
    await run(rosterZip(back));
    expect((await t.db.selectFrom('users').select('deactivated_at').where('id', '=', caraRow.id).executeTakeFirstOrThrow()).deactivated_at).toBeNull();
    expect((await signInRequest(t.app, 'cara.nash', 'a-good-password')).statusCode).toBe(200);
    expect((await rosterOf('c-2')).find((r) => r.user_name === 'cara.nash')?.left_at).toBeNull();
  });

  it('takes back the TEACHER and SCHOOLADMIN it granted and the file no longer grants; a person\'s grant stays', async () => {
    await run(rosterZip(smallDistrict()));
    const idBy = async (sourcedId: string) => (await t.db.selectFrom('users').select('id').where('sourced_id', '=', sourcedId).executeTakeFirstOrThrow()).id;
    const [rivera, lee, hall] = [await idBy('t-1'), await idBy('t-2'), await idBy('a-1')];
    const maple = (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'MAPLE-HS').executeTakeFirstOrThrow()).id;
    // the principal granted jlee TEACHER by hand: a person's grant, which no roster takes back
    await t.db.updateTable('school_permissions').set({ granted_by: hall }).where('user_id', '=', lee).where('client_id', '=', maple).execute();
    t.clock.advance(60_000);

    // mrivera moves to Oak; jlee leaves the district; the principal now teaches
    const changed = smallDistrict();
    changed.users = changed.users
      .filter((u) => u[0] !== 't-2')
      .map((u) => (u[0] === 't-1' ? user('t-1', 'teacher', 'sch-2', 'mrivera', 'Marco', 'Rivera') : u[0] === 'a-1' ? user('a-1', 'teacher', 'sch-1', 'principal.hall', 'Dana', 'Hall') : u));
    changed.enrollments = changed.enrollments.filter((e) => !['e-1', 'e-2', 'e-5'].includes(String(e[0])));
    const revoked = [
      { sourcedId: 'a-1', name: 'Dana Hall', school: 'MAPLE-HS', permission: SCHOOLADMIN_PERMISSION },
      { sourcedId: 't-1', name: 'Marco Rivera', school: 'MAPLE-HS', permission: TEACHER_PERMISSION },
    ];
    const audit = () => t.db.selectFrom('audit_events').select(['action', 'actor_id', 'origin', 'client_id', 'target_user_id', 'target_name', 'detail']).where('action', '=', 'permission.revoke').orderBy('id').execute();

    // a dry run lists each revocation and changes nothing (no audit entry either)
    const before = await snapshot();
    const dry = await run(rosterZip(changed), { dryRun: true });
    expect(dry).toMatchObject({ ok: true, dryRun: true, revoked });
    expect(await snapshot()).toEqual(before);
    expect(await audit()).toEqual([]);

    const report = await run(rosterZip(changed));
    expect(report).toEqual({ ...dry, dryRun: false });
    expect(report.users.removed).toBe(1);
    const held = await t.db
      .selectFrom('school_permissions')
      .innerJoin('clients', 'clients.id', 'school_permissions.client_id')
      .select(['user_id', 'clients.lsclient_id', 'permission', 'granted_by'])
      .where('user_id', 'in', [rivera, lee, hall])
      .orderBy('user_id')
      .orderBy('lsclient_id')
      .orderBy('permission')
      .execute();
    expect(held).toEqual(
      [
        { user_id: rivera, lsclient_id: 'OAK-MS', permission: TEACHER_PERMISSION, granted_by: null },
        // deactivated with the roster, but the principal's grant is hers until a person takes it back
        { user_id: lee, lsclient_id: 'MAPLE-HS', permission: TEACHER_PERMISSION, granted_by: hall },
        { user_id: hall, lsclient_id: 'MAPLE-HS', permission: TEACHER_PERMISSION, granted_by: null },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    // each revocation is in the audit trail, as the command-line tool (no actor was passed), at every
    // school of the person: Marco Rivera also teaches at Oak, whose trail shows it too
    const oak = (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'OAK-MS').executeTakeFirstOrThrow()).id;
    const riveraRevoked = { action: 'permission.revoke', actor_id: null, origin: 'cli', target_user_id: rivera, target_name: 'Marco Rivera', detail: JSON.stringify({ permission: 'TEACHER', by: 'roster' }) };
    expect(await audit()).toEqual([
      { action: 'permission.revoke', actor_id: null, origin: 'cli', client_id: maple, target_user_id: hall, target_name: 'Dana Hall', detail: JSON.stringify({ permission: 'SCHOOLADMIN', by: 'roster' }) },
      ...[maple, oak].map((client_id) => ({ ...riveraRevoked, client_id })),
    ]);

    // the same file again takes nothing more back
    expect((await run(rosterZip(changed))).revoked).toEqual([]);
  });

  it('prints each revocation', async () => {
    await run(rosterZip(smallDistrict()));
    const changed = smallDistrict();
    changed.users = changed.users.map((u) => (u[0] === 't-1' ? user('t-1', 'student', 'sch-1', 'mrivera', 'Marco', 'Rivera') : u));
    changed.enrollments = changed.enrollments.filter((e) => e[0] !== 'e-1');
    expect(formatRosterReport(await run(rosterZip(changed), { dryRun: true })).split('\n').slice(-3)).toEqual([
      '  permissions revoked: 1 (the roster no longer grants them)',
      '    TEACHER at MAPLE-HS: Marco Rivera (t-1)',
      '  skipped: 1 user(s) and 1 enrollment(s) with roles Cashwise has no place for (guardians, aides, …)',
    ]);
  });

  it('deactivates only the users of the schools in the file', async () => {
    await run(rosterZip(smallDistrict()));
    const oakOnly: District = {
      ...smallDistrict(),
      orgs: [org('sch-2', 'Oak Middle School', 'school', 'OAK-MS')],
      users: [user('s-4', 'student', 'sch-2', 'dev.patel', 'Dev', 'Patel')],
      classes: [klass('c-3', 'Money Basics', 'sch-2')],
      enrollments: [enrollment('e-8', 'c-3', 'sch-2', 's-4', 'student')],
    };
    const report = await run(rosterZip(oakOnly));
    expect(report).toMatchObject({ ok: true, users: { created: 0, updated: 0, removed: 0 }, classes: { removed: 0 } });
    expect(await t.db.selectFrom('users').select('id').where('sourced_id', 'is not', null).where('deactivated_at', 'is not', null).execute()).toEqual([]);
  });
});

describe('a broken file changes nothing and says where', () => {
  const district = smallDistrict();
  // each broken file also carries a change, so a half-done import would show in the snapshot
  const renamed = { ...district, users: district.users.map((u) => (u[0] === 's-1' ? user('s-1', 'student', 'sch-1', 'ava.stone', 'Ava', 'Changed') : u)) };
  const cases: [string, Uint8Array, RosterReport['problems']][] = [
    ['missing manifest', rosterZip(renamed, { 'manifest.csv': null }), [{ file: 'manifest.csv', message: 'The ZIP has no manifest.csv: this is not a OneRoster CSV export.' }]],
    [
      'unknown classSourcedId',
      rosterZip({ ...renamed, enrollments: [...renamed.enrollments, enrollment('e-50', 'c-404', 'sch-1', 's-1', 'student')] }),
      [{ file: 'enrollments.csv', line: 11, column: 'classSourcedId', message: 'No class in classes.csv has the sourcedId "c-404".' }],
    ],
    [
      'bad role',
      rosterZip({ ...renamed, users: renamed.users.map((u) => (u[0] === 's-2' ? user('s-2', 'learner', 'sch-1', 'ben.ortiz', 'Ben', 'Ortiz') : u)) }),
      [{ file: 'users.csv', line: 6, column: 'role', message: expect.stringMatching(/^"learner" is not a OneRoster role \(student, teacher, /) as string }],
    ],
    [
      'duplicate sourcedId',
      rosterZip({ ...renamed, classes: [...renamed.classes, klass('c-2', 'Economics again', 'sch-1')] }),
      [{ file: 'classes.csv', line: 5, column: 'sourcedId', message: 'The sourcedId "c-2" is also on line 3.' }],
    ],
    [
      'bad CSV (a quote never closed)',
      rosterZip(renamed, { 'orgs.csv': `${toCsv(HEADERS.orgs, renamed.orgs)}sch-3,active,2026-08-15,"Unclosed School,school,X,\r\n` }),
      [{ file: 'orgs.csv', line: 5, message: 'The CSV cannot be read: a quoted field opened on this line is never closed.' }],
    ],
    [
      'a user name that belongs to another account',
      rosterZip({ ...renamed, users: [...renamed.users, user('s-6', 'student', 'sch-1', 'Learner', 'Maya', 'J')] }),
      [{ file: 'users.csv', line: 10, column: 'username', message: 'The user name "learner" belongs to another Cashwise account.' }],
    ],
    ['not a ZIP', new TextEncoder().encode('sourcedId,name\n1,2\n'), [{ file: 'the ZIP file', message: expect.stringMatching(/^The file is not a ZIP archive/) as string }]],
  ];

  it.each(cases)('%s', async (_name, zip, problems) => {
    await run(rosterZip(district));
    const before = await snapshot();
    for (const dryRun of [false, true]) {
      const report = await run(zip, { dryRun });
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual(problems);
      expect(report.users).toEqual({ created: 0, updated: 0, removed: 0 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists every problem of a file, not only the first', async () => {
    const manyWrong: District = {
      ...district,
      users: [...district.users, user('s-1', 'student', 'sch-1', 'someone', 'Some', 'One'), user('s-7', 'pupil', 'sch-1', 'x.y', 'X', 'Y')],
      enrollments: [...district.enrollments, enrollment('e-60', 'c-1', 'sch-1', 'nobody', 'student', 'yes')],
    };
    const report = await run(rosterZip(manyWrong));
    expect(report.problems.map((p) => [p.file, p.line, p.column])).toEqual([
      ['users.csv', 10, 'sourcedId'],
      ['users.csv', 11, 'role'],
      ['enrollments.csv', 11, 'userSourcedId'],
      ['enrollments.csv', 11, 'primary'],
    ]);
  });

  it('refuses a delta export and a manifest that names a missing file', async () => {
    const delta = toCsv(HEADERS.manifest, MANIFEST.map((r) => (r[0] === 'file.users' ? ['file.users', 'delta'] : r)));
    expect((await run(rosterZip(district, { 'manifest.csv': delta }))).problems).toEqual([
      { file: 'manifest.csv', line: 11, column: 'value', message: 'file.users is a delta: export a bulk file (the whole roster).' },
    ]);
    expect((await run(rosterZip(district, { 'courses.csv': null }))).problems).toEqual([{ file: 'courses.csv', message: 'The manifest lists courses.csv but the ZIP does not have it.' }]);
  });
});

async function runCommandOk(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, { config: t.config, db: t.db, now: t.clock });
  if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}: ${err.join('\n')}`);
  return out;
}

describe('npm run admin -- roster import', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-roster-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the report; a refused file prints every problem and exits 1', async () => {
    const good = path.join(dir, 'district.zip');
    writeFileSync(good, rosterZip(smallDistrict()));
    expect(await runCommandOk('roster', 'import', good, '--dry-run')).toEqual([
      [
        'Dry run (nothing was changed); the import would make:',
        '  schools: 2 created, 0 updated, 0 removed',
        '  users: 7 created, 0 updated, 0 deactivated',
        '  classes: 3 created, 0 updated, 0 archived',
        '  enrollments: 8 created, 0 updated, 0 dropped',
        '  skipped: 1 user(s) and 1 enrollment(s) with roles Cashwise has no place for (guardians, aides, …)',
      ].join('\n'),
    ]);
    expect(await t.db.selectFrom('users').select('id').where('sourced_id', 'is not', null).execute()).toEqual([]);
    expect((await runCommandOk('roster', 'import', good))[0]).toMatch(/^Imported the roster:\n {2}schools: 2 created/);

    const bad = path.join(dir, 'broken.zip');
    writeFileSync(bad, rosterZip(smallDistrict(), { 'manifest.csv': null }));
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const deps = { config: t.config, db: t.db, now: t.clock };
    expect(await runCommand(['roster', 'import', bad], io, deps)).toBe(1);
    expect(err).toEqual(['The roster was not imported: 1 problem(s); nothing was changed.\n  manifest.csv: The ZIP has no manifest.csv: this is not a OneRoster CSV export.']);
    expect(await runCommand(['roster', 'import', path.join(dir, 'missing.zip')], io, deps)).toBe(1);
    expect(err.pop()).toMatch(/^Cannot read .*missing\.zip/);
    expect(await runCommand(['roster', 'export', good], io, deps)).toBe(2);
    expect(await runCommand(['roster', 'import'], io, deps)).toBe(2);
    expect(await runCommand(['roster', 'import', good, 'extra'], io, deps)).toBe(2);
  });
});
