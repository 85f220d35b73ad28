/**
 * A school's settings and its OneRoster upload through the service proxy, on a real database
 * (SQLite, or PostgreSQL under TEST_DATABASE_URL): who may read and change which school's, the
 * validation, the audit trail, the dry run then the import of exactly that file, and the tenant
 * matrix (a Roosevelt administrator sees nothing of Lincoln and cannot import into it). The CLI's
 * `school settings` calls the same service.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { RosterUploadResult } from '../../src/common/roster';
import { ADMIN_MESSAGES } from '../../src/common/schoolAdmin';
import {
  MIN_AUDIT_RETENTION_DAYS,
  ROSTER_FILE_FIELD,
  ROSTER_UPLOAD_MESSAGES,
  SCHOOL_SETTINGS_PATHS as P,
  SETTINGS_MESSAGES,
  type RosterUploadRules,
  type SchoolSettings,
} from '../../src/common/schoolSettings';
import { runCommand } from '../../src/server/cli/admin';
import { ROSTER_UPLOAD_MAX_BYTES } from '../../src/server/services/schoolSettings/routes';
import { enrollment, klass, org, rosterZip, smallDistrict, user, type District } from '../support/oneRoster';
import { addUser } from './support/classroom';
import type { Session } from '../../src/common/types';
import { authHeaders, createTestApp, messageOf, multipartCall, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let superuser: string;
let rAdmin: string;
let learner: string;
let ip = 0;
const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${ip % 250}`;
const call = (token: string, method: string, path: string, payload?: unknown, params?: Record<string, unknown>) => serviceCall(t.app, method, path, { token, payload, params, ip: nextIp() });

function refused(res: LightMyRequestResponse, status: number, message?: string): void {
  expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status, message: message ?? expect.any(String) });
}

beforeAll(async () => {
  t = await createTestApp({ env: { RECORDING_RETENTION_DAYS: '30', AUDIT_RETENTION_DAYS: '730' } });
  admin = (await signIn(t.app, 'schooladmin')).token;
  superuser = (await signIn(t.app, 'admin')).token;
  learner = (await signIn(t.app, 'learner')).token;
  await addUser(t, 'radmin', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['SCHOOLADMIN'] });
  rAdmin = (await signIn(t.app, 'radmin')).token;
});
afterAll(async () => {
  await t.close();
});

const auditOf = (action: string) =>
  t.db.selectFrom('audit_events as a').innerJoin('clients as c', 'c.id', 'a.client_id').select(['c.lsclient_id', 'a.actor_name', 'a.detail', 'a.origin']).where('a.action', '=', action).orderBy('a.id').execute();

describe('school settings', () => {
  it('a school administrator reads their school’s time zone and retention, bounded by the deployment’s', async () => {
    const res = await call(admin, 'GET', P.settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      school: { id: 'LINCOLN-HS', name: 'Lincoln High School' },
      timezone: 'America/New_York',
      retention: {
        recordings: { days: null, effectiveDays: 30, maxDays: 30, minDays: 1 },
        audit: { days: null, effectiveDays: 730, maxDays: 730, minDays: MIN_AUDIT_RETENTION_DAYS },
      },
      studentsWithoutEmail: false,
      helpBuffer: true,
    } satisfies SchoolSettings);
  });

  it('changes the time zone and a shorter retention, records old → new once, and an unchanged save records nothing', async () => {
    const res = await call(admin, 'PUT', P.settings, { timezone: 'America/Chicago', recordingRetentionDays: 7 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { settings: SchoolSettings; message: string };
    expect(body.message).toBe(SETTINGS_MESSAGES.saved);
    expect(body.settings.timezone).toBe('America/Chicago');
    expect(body.settings.retention.recordings).toEqual({ days: 7, effectiveDays: 7, maxDays: 30, minDays: 1 });
    const again = await call(admin, 'PUT', P.settings, { timezone: 'America/Chicago' });
    expect((again.json() as { message: string }).message).toBe(SETTINGS_MESSAGES.unchanged);
    const entries = await auditOf('school.settings');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ lsclient_id: 'LINCOLN-HS', actor_name: 'Linda Okafor (schooladmin)' });
    expect(JSON.parse(entries[0]!.detail)).toEqual({ timezone: 'America/New_York → America/Chicago', recordingRetentionDays: 'deployment default → 7' });
    // null goes back to the deployment's
    const reset = (await call(admin, 'PUT', P.settings, { recordingRetentionDays: null, timezone: 'America/New_York' })).json() as { settings: SchoolSettings };
    expect(reset.settings.retention.recordings.days).toBeNull();
    expect(reset.settings.timezone).toBe('America/New_York');
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, SETTINGS_MESSAGES.timezone],
    [{ timezone: '' }, SETTINGS_MESSAGES.timezone],
    [{ recordingRetentionDays: 31 }, SETTINGS_MESSAGES.retention('Support recordings', 1, 30)],
    [{ recordingRetentionDays: 0 }, SETTINGS_MESSAGES.retention('Support recordings', 1, 30)],
    [{ auditRetentionDays: 7.5 }, SETTINGS_MESSAGES.retention('Audit trail', MIN_AUDIT_RETENTION_DAYS, 730)],
    [{ auditRetentionDays: MIN_AUDIT_RETENTION_DAYS - 1 }, SETTINGS_MESSAGES.retention('Audit trail', MIN_AUDIT_RETENTION_DAYS, 730)],
    [{ auditRetentionDays: 731 }, SETTINGS_MESSAGES.retention('Audit trail', MIN_AUDIT_RETENTION_DAYS, 730)],
    [{}, SETTINGS_MESSAGES.nothing],
  ])('refuses %j with a 400 that says why, and changes nothing', async (payload, message) => {
    const before = await t.db.selectFrom('clients').selectAll().where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow();
    refused(await call(admin, 'PUT', P.settings, payload), 400, message);
    expect(await t.db.selectFrom('clients').selectAll().where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow()).toEqual(before);
  });

  it('refuses a malformed payload (a string of days, an unknown field) with a 400', async () => {
    expect((await call(admin, 'PUT', P.settings, { recordingRetentionDays: '7' })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', P.settings, { retention: 7 })).statusCode).toBe(400);
  });

  it('tenant matrix: a Roosevelt administrator reads and changes Roosevelt only; the superuser picks any school; a learner is refused', async () => {
    expect(((await call(rAdmin, 'GET', P.settings)).json() as SchoolSettings).school.id).toBe('ROOSEVELT-AC');
    refused(await call(rAdmin, 'GET', P.settings, undefined, { school: 'LINCOLN-HS' }), 404, ADMIN_MESSAGES.unknownSchool);
    refused(await call(rAdmin, 'PUT', P.settings, { timezone: 'Europe/London' }, { school: 'LINCOLN-HS' }), 404, ADMIN_MESSAGES.unknownSchool);
    expect((await t.db.selectFrom('clients').select('timezone').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow()).timezone).toBe('America/New_York');
    const res = await call(superuser, 'PUT', P.settings, { timezone: 'America/Denver' }, { school: 'ROOSEVELT-AC' });
    expect((res.json() as { settings: SchoolSettings }).settings).toMatchObject({ school: { id: 'ROOSEVELT-AC' }, timezone: 'America/Denver' });
    for (const [method, path] of [
      ['GET', P.settings],
      ['PUT', P.settings],
      ['GET', P.roster],
    ] as const) {
      refused(await call(learner, method, path, method === 'PUT' ? { timezone: 'UTC' } : undefined), 403, ADMIN_MESSAGES.notAdmin);
    }
  });

  it('the CLI shows and changes the same settings through the same service, recorded as the command-line tool', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    const deps = { config: t.config, db: t.db, now: t.clock };
    expect(await runCommand(['school', 'settings', '--school', 'roosevelt-ac'], io, deps)).toBe(0);
    expect(out.pop()).toBe(
      [
        'Roosevelt Academy (ROOSEVELT-AC)',
        '  Time zone: America/Denver',
        "  Support recordings: the deployment's 30 days; a school may choose 1 to 30",
        `  Audit trail: the deployment's 730 days; a school may choose ${MIN_AUDIT_RETENTION_DAYS} to 730`,
      ].join('\n'),
    );
    expect(await runCommand(['school', 'settings', '--school', 'ROOSEVELT-AC', '--audit-retention-days', '365', '--timezone', 'America/Phoenix'], io, deps)).toBe(0);
    expect(out.pop()).toContain('Saved.\nRoosevelt Academy (ROOSEVELT-AC)\n  Time zone: America/Phoenix');
    expect(((await call(rAdmin, 'GET', P.settings)).json() as SchoolSettings).retention.audit.days).toBe(365);
    expect((await auditOf('school.settings')).at(-1)).toMatchObject({ lsclient_id: 'ROOSEVELT-AC', origin: 'cli' });
    // refused values: exit 1 and the service's message; a bad option: exit 2
    expect(await runCommand(['school', 'settings', '--school', 'ROOSEVELT-AC', '--recording-retention-days', '90'], io, deps)).toBe(1);
    expect(err.pop()).toBe(SETTINGS_MESSAGES.retention('Support recordings', 1, 30));
    expect(await runCommand(['school', 'settings', '--school', 'ROOSEVELT-AC', '--audit-retention-days', 'forever'], io, deps)).toBe(2);
    expect(await runCommand(['school', 'settings', '--school', 'NOPE'], io, deps)).toBe(1);
    expect(await runCommand(['school', 'settings', '--school', 'ROOSEVELT-AC', '--audit-retention-days', 'default'], io, deps)).toBe(0);
    expect(((await call(rAdmin, 'GET', P.settings)).json() as SchoolSettings).retention.audit.days).toBeNull();
  });

  it('Get Help’s minute before a request: turned off, the school’s students learn it with their identity (sign-in, GET /api/auth/user); on again, it is gone', async () => {
    const identity = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) })).json() as { body: Session };
    expect((await identity(learner)).body).not.toHaveProperty('helpBufferOff');
    const off = await call(admin, 'PUT', P.settings, { helpBuffer: false });
    expect((off.json() as { settings: SchoolSettings }).settings.helpBuffer).toBe(false);
    expect((await identity(learner)).body.helpBufferOff).toBe(true);
    expect((await signIn(t.app, 'learner')).helpBufferOff).toBe(true);
    expect(JSON.parse((await auditOf('school.settings')).at(-1)!.detail)).toEqual({ helpBuffer: 'true → false' });
    // another school's people are not touched by Lincoln's choice
    expect((await identity(rAdmin)).body).not.toHaveProperty('helpBufferOff');
    await call(admin, 'PUT', P.settings, { helpBuffer: true });
    expect((await identity(learner)).body).not.toHaveProperty('helpBufferOff');
    refused(await call(admin, 'PUT', P.settings, { helpBuffer: 'off' }), 400, SETTINGS_MESSAGES.helpBuffer);
  });
});

// ---------------------------------------------------------------- the roster upload

/** Lincoln's own export: one school org (Lincoln), a teacher, two students, one class. */
function lincoln(): District {
  return {
    orgs: [org('lin-dist', 'Lincoln District', 'district'), org('lin', 'Lincoln High School', 'school', 'LINCOLN-HS', 'lin-dist')],
    users: [user('lt-1', 'teacher', 'lin', 'ms.grant', 'Ada', 'Grant'), user('ls-1', 'student', 'lin', 'leo.park', 'Leo', 'Park'), user('ls-2', 'student', 'lin', 'mia.chen', 'Mia', 'Chen')],
    classes: [klass('lc-1', 'Financial Literacy, Period 3', 'lin')],
    enrollments: [enrollment('le-1', 'lc-1', 'lin', 'lt-1', 'teacher', true), enrollment('le-2', 'lc-1', 'lin', 'ls-1', 'student'), enrollment('le-3', 'lc-1', 'lin', 'ls-2', 'student')],
    courses: [],
    academicSessions: [],
  };
}

const upload = (token: string, zip: Uint8Array | string, payload: unknown, params?: Record<string, unknown>, filename = 'lincoln.zip') =>
  multipartCall(t.app, { method: 'POST', path: P.roster, payload, ...(params ? { params } : {}) }, { [ROSTER_FILE_FIELD]: { data: zip, filename, type: 'application/zip' } }, { token, ip: nextIp() });

const lincolnUsers = async () =>
  (
    await t.db
      .selectFrom('users')
      .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .innerJoin('clients', 'clients.id', 'user_clients.client_id')
      .select('users.user_name')
      .where('clients.lsclient_id', '=', 'LINCOLN-HS')
      .where('users.sourced_id', 'is not', null)
      .orderBy('users.user_name')
      .execute()
  ).map((r) => r.user_name);

describe('the roster upload', () => {
  it('tells the page the largest file it takes and whether a district file is allowed', async () => {
    expect((await call(admin, 'GET', P.roster)).json()).toEqual({ maxBytes: Math.min(ROSTER_UPLOAD_MAX_BYTES, t.config.uploads.maxBytesPerRequest), mayImportDistrict: false } satisfies RosterUploadRules);
    expect(((await call(superuser, 'GET', P.roster)).json() as RosterUploadRules).mayImportDistrict).toBe(true);
  });

  it('a dry run reports what the import would do and changes nothing; the import applies exactly that file and is audited', async () => {
    const zip = rosterZip(lincoln());
    const dry = await upload(admin, zip, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    const seen = dry.json() as RosterUploadResult;
    expect(seen).toMatchObject({ fileName: 'lincoln.zip', message: ROSTER_UPLOAD_MESSAGES.dryRunDone, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(seen.report).toMatchObject({ ok: true, dryRun: true, problems: [], schools: { created: 0, updated: 1, removed: 0 }, users: { created: 3, updated: 0, removed: 0 }, classes: { created: 1 } });
    expect(await lincolnUsers()).toEqual([]);
    expect(await auditOf('roster.import')).toEqual([]);

    // an import must name the dry run's file, and that file only
    refused(await upload(admin, zip, { dryRun: false }), 400, ROSTER_UPLOAD_MESSAGES.shaNeeded);
    const other = rosterZip({ ...lincoln(), users: lincoln().users.slice(0, 2) });
    refused(await upload(admin, other, { dryRun: false, sha256: seen.sha256 }), 409, ROSTER_UPLOAD_MESSAGES.notTheDryRun);
    expect(await lincolnUsers()).toEqual([]);

    const done = await upload(admin, zip, { dryRun: false, sha256: seen.sha256 });
    expect(done.statusCode).toBe(200);
    const result = done.json() as RosterUploadResult;
    expect(result.message).toBe(ROSTER_UPLOAD_MESSAGES.imported);
    expect({ ...result.report, dryRun: true }).toEqual(seen.report);
    expect(await lincolnUsers()).toEqual(['leo.park', 'mia.chen', 'ms.grant']);
    const entries = await auditOf('roster.import');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ lsclient_id: 'LINCOLN-HS', actor_name: 'Linda Okafor (schooladmin)', origin: expect.stringMatching(/^10\.33\./) });
    expect(JSON.parse(entries[0]!.detail)).toMatchObject({ usersCreated: 3, classesCreated: 1 });
  });

  it('a file that is not a roster gets the CLI’s problem report, never a 500, and changes nothing', async () => {
    const notZip = await upload(admin, 'this is not a zip', { dryRun: true }, undefined, 'notes.txt');
    expect(notZip.statusCode).toBe(200);
    const report = (notZip.json() as RosterUploadResult).report;
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([{ file: 'the ZIP file', message: expect.stringMatching(/^The file is not a ZIP archive that can be read/) }]);

    const broken = lincoln();
    broken.users[1]![5] = 'pupil';
    const missing = rosterZip(broken, { 'classes.csv': null });
    const res = (await upload(admin, missing, { dryRun: true })).json() as RosterUploadResult;
    expect(res.message).toBe(ROSTER_UPLOAD_MESSAGES.refused);
    expect(res.report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'classes.csv' }),
        { file: 'users.csv', line: 3, column: 'role', message: expect.stringContaining('"pupil"') },
      ]),
    );
  });

  it('refuses a request with no file, two files, or a district file from a school administrator, before reading anything', async () => {
    refused(await multipartCall(t.app, { method: 'POST', path: P.roster, payload: { dryRun: true } }, {}, { token: admin, ip: nextIp() }), 400, ROSTER_UPLOAD_MESSAGES.missing);
    const zip = rosterZip(lincoln());
    const two = await multipartCall(
      t.app,
      { method: 'POST', path: P.roster, payload: { dryRun: true } },
      { [ROSTER_FILE_FIELD]: { data: zip, filename: 'a.zip' }, other: { data: zip, filename: 'b.zip' } },
      { token: admin, ip: nextIp() },
    );
    refused(two, 400, ROSTER_UPLOAD_MESSAGES.oneFile);
    refused(await upload(admin, zip, { dryRun: true, district: true }), 403, ROSTER_UPLOAD_MESSAGES.districtOnly);
    refused(await upload(learner, zip, { dryRun: true }), 403, ADMIN_MESSAGES.notAdmin);
  });

  it('refuses a file over the size limit with a 413 that says the limit', async () => {
    const small = await createTestApp({ env: { UPLOAD_MAX_BYTES: '65536' } });
    try {
      const token = (await signIn(small.app, 'schooladmin')).token;
      const big = new Uint8Array(70_000);
      const res = await multipartCall(small.app, { method: 'POST', path: P.roster, payload: { dryRun: true } }, { [ROSTER_FILE_FIELD]: { data: big, filename: 'big.zip' } }, { token });
      expect(res.statusCode).toBe(413);
      expect(messageOf(res)).toMatch(/too large/);
    } finally {
      await small.close();
    }
  });

  it('tenant matrix: a Roosevelt administrator cannot import into Lincoln nor touch its users, and learns nothing of it', async () => {
    // Lincoln's own file (its org is now Lincoln) uploaded by Roosevelt's administrator
    const zip = rosterZip(lincoln());
    const before = await lincolnUsers();
    const res = (await upload(rAdmin, zip, { dryRun: true })).json() as RosterUploadResult;
    expect(res.report.ok).toBe(false);
    expect(res.report.problems).toEqual([{ file: 'orgs.csv', line: 3, column: 'sourcedId', message: 'The org "lin" is already another school.' }]);
    expect(JSON.stringify(res.report)).not.toMatch(/LINCOLN/i);

    // a Roosevelt file that lists Lincoln's roster students by their sourcedId
    const rose: District = {
      ...lincoln(),
      orgs: [org('rose', 'Roosevelt Academy', 'school', 'ROOSEVELT-AC')],
      users: [user('ls-1', 'student', 'rose', 'leo.park', 'Hacked', 'Name'), user('rs-1', 'student', 'rose', 'ray.stone', 'Ray', 'Stone')],
      classes: [klass('rc-1', 'Money', 'rose')],
      enrollments: [enrollment('re-1', 'rc-1', 'rose', 'rs-1', 'student')],
    };
    const refusedImport = (await upload(rAdmin, rosterZip(rose), { dryRun: true })).json() as RosterUploadResult;
    expect(refusedImport.report.problems).toEqual([
      { file: 'users.csv', line: 2, column: 'sourcedId', message: 'The user "ls-1" belongs to another school or holds district permissions: only the district administrator can import them.' },
    ]);
    // asking for Lincoln by name is asking for a school that does not exist
    refused(await upload(rAdmin, zip, { dryRun: true }, { school: 'LINCOLN-HS' }), 404, ADMIN_MESSAGES.unknownSchool);
    expect(await lincolnUsers()).toEqual(before);
    expect((await t.db.selectFrom('users').select('first_name').where('sourced_id', '=', 'ls-1').executeTakeFirstOrThrow()).first_name).toBe('Leo');
    expect((await auditOf('roster.import')).map((e) => e.lsclient_id)).toEqual(['LINCOLN-HS']);
  });

  it('the superuser imports a district file for several schools, or a file for the picked school', async () => {
    const zip = rosterZip(smallDistrict());
    const dry = (await upload(superuser, zip, { dryRun: true, district: true })).json() as RosterUploadResult;
    expect(dry.report).toMatchObject({ ok: true, schools: { created: 2 } });
    const done = (await upload(superuser, zip, { dryRun: false, district: true, sha256: dry.sha256 })).json() as RosterUploadResult;
    expect(done.report.ok).toBe(true);
    expect((await t.db.selectFrom('clients').select('lsclient_id').where('lsclient_id', 'in', ['MAPLE-HS', 'OAK-MS']).execute()).length).toBe(2);
    // without district, a file of two schools is refused for the picked school
    const picked = (await upload(superuser, zip, { dryRun: true }, { school: 'ROOSEVELT-AC' })).json() as RosterUploadResult;
    expect(picked.report.problems).toEqual([{ file: 'orgs.csv', column: 'type', message: 'A file for one school (ROOSEVELT-AC) must list exactly one org of type school; it lists 2.' }]);
  });
});
