/**
 * One time zone per school, on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): an
 * account made at a school (registered with a class code, created by an administrator, imported
 * from a roster, seeded) is stored with the school's zone; an account with no zone stored reads
 * America/Chicago as SPEC §3 says; accounts made before get their first school's zone from the
 * migration; a school's change of zone moves those still in its old one; a due day is due when that
 * day ends at the school.
 */
import path from 'node:path';
import type { Assignment, ClassDetail } from '../../src/common/classroom';
import { DEFAULT_TIMEZONE } from '../../src/common/constants';
import type { Session } from '../../src/common/types';
import { changed } from '../../src/server/db/changes';
import { migration0028 } from '../../src/server/db/migrations/0028_school_zones';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { createUser } from '../../src/server/services/accounts/admin';
import { CLI_ACTOR } from '../../src/server/services/audit/record';
import { loadIdentity } from '../../src/server/services/auth/repository';
import { importRoster } from '../../src/server/services/roster/service';
import { changeSchoolSettings, retentionMaximums } from '../../src/server/services/schoolSettings';
import { rosterZip, smallDistrict } from '../support/oneRoster';
import { codeFromMail, lastMail, newCode, service } from './support/accounts';
import { addUser } from './support/classroom';
import { serviceClient } from './support/serviceClient';
import { createTestApp, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
const { ok } = serviceClient(() => t.app, 48);
let ip = 0;
const nextIp = () => `10.48.200.${++ip % 250}`;

/** Sets a school's zone in its row only, as a school made with it would have it (nobody moves). */
async function setSchoolZone(lsclientID: string, timezone: string): Promise<void> {
  await t.db.updateTable('clients').set({ timezone }).where('lsclient_id', '=', lsclientID).execute();
  changed('clients');
}

/** Changes a school's zone as its administrator or the CLI does (school settings). */
async function changeSchoolZone(lsclientID: string, timezone: string): Promise<void> {
  const school = await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', lsclientID).executeTakeFirstOrThrow();
  await changeSchoolSettings(t.db, retentionMaximums(t.config), school.id, { timezone }, CLI_ACTOR, t.clock());
}

async function userIdOf(userName: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/** The zone stored in the account's row (null: none). */
async function storedZone(userName: string): Promise<string | null> {
  return (await t.db.selectFrom('users').select('timezone').where('user_name', '=', userName).executeTakeFirstOrThrow()).timezone;
}

async function setStoredZone(userName: string, timezone: string | null): Promise<void> {
  const id = await userIdOf(userName);
  await t.db.updateTable('users').set({ timezone }).where('id', '=', id).execute();
  changed('users', id);
}

/** The zone the account's identity carries (what sign-in and every page read). */
async function zoneOf(userName: string): Promise<string | undefined> {
  return (await loadIdentity(t.db, await userIdOf(userName)))?.user.timezone;
}

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(__dirname, '../fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("an account made at a school is stored with the school's time zone", () => {
  it('the demo teacher and learner, seeded at a school in America/New_York, are stored in it', async () => {
    expect(await storedZone('teacher')).toBe('America/New_York');
    expect(await storedZone('learner')).toBe('America/New_York');
    expect((await signIn(t.app, 'teacher')).user.timezone).toBe('America/New_York');
    expect((await signIn(t.app, 'learner')).user.timezone).toBe('America/New_York');
  });

  it('[S3.03] [S9.05] an account whose time zone is absent reads America/Chicago, even at a school in another zone', async () => {
    await setStoredZone('learner', null);
    expect(DEFAULT_TIMEZONE).toBe('America/Chicago');
    expect((await signIn(t.app, 'learner')).user.timezone).toBe('America/Chicago');
    await setStoredZone('learner', 'America/New_York');
  });

  it('a student registered with a class code is stored in the zone of the code’s school', async () => {
    await setSchoolZone('ROOSEVELT-AC', 'America/Los_Angeles');
    const code = await newCode(t.db, t.clock());
    const started = (await service(t.app, 'POST', '/registration/code', { code }, undefined, nextIp())).json() as { invitationId: number; recordId: number; key: string };
    const rec = (step: string) => `/registration/${started.invitationId}/records/${started.recordId}/${step}`;
    const key = started.key;
    await service(t.app, 'PUT', rec('name'), { key, firstName: 'Zoe', lastName: 'West' }, undefined, nextIp());
    await service(t.app, 'PUT', rec('terms'), { key, accepted: true }, undefined, nextIp());
    await service(t.app, 'POST', rec('verify/send'), { key, email: 'zoe.west@example.edu' }, undefined, nextIp());
    const mailed = codeFromMail((await lastMail(t.db))?.text_body ?? '');
    await service(t.app, 'POST', rec('verify'), { key, code: mailed }, undefined, nextIp());
    await service(t.app, 'PUT', rec('username'), { key, userName: 'zoe.west' }, undefined, nextIp());
    const done = await service(t.app, 'POST', rec('password'), { key, password: 'a long passphrase of mine' }, undefined, nextIp());
    expect(done.statusCode).toBe(200);
    expect((done.json() as { body: Session }).body.user.timezone).toBe('America/Los_Angeles');
    expect(await storedZone('zoe.west')).toBe('America/Los_Angeles');
    expect((await signInRequest(t.app, 'zoe.west', 'a long passphrase of mine')).json()).toMatchObject({ body: { user: { timezone: 'America/Los_Angeles' } } });
  });

  it('[S3.03] an account an administrator creates at a school is stored in its zone; one at no school stores none and reads America/Chicago', async () => {
    await setSchoolZone('ROOSEVELT-AC', 'America/Phoenix');
    const options = { firstName: 'Ray', lastName: 'Stone', password: 'a long passphrase of mine' };
    await createUser(t.db, t.config.passwordHashing, { ...options, userName: 'ray.stone', email: 'ray.stone@example.edu', school: 'ROOSEVELT-AC' }, t.clock());
    await createUser(t.db, t.config.passwordHashing, { ...options, userName: 'ray.nowhere', email: 'ray.nowhere@example.edu', school: null }, t.clock());
    expect(await storedZone('ray.stone')).toBe('America/Phoenix');
    expect(await zoneOf('ray.stone')).toBe('America/Phoenix');
    expect(await storedZone('ray.nowhere')).toBeNull();
    expect(await zoneOf('ray.nowhere')).toBe('America/Chicago');
  });

  it('people imported from a roster are stored in their school’s zone, and move with a change of it', async () => {
    const report = await importRoster(t.db, rosterZip(smallDistrict()), { now: t.clock() });
    expect(report.problems).toEqual([]);
    // the import makes the school, in the deployment's zone for schools
    const maple = await t.db.selectFrom('clients').select('timezone').where('lsclient_id', '=', 'MAPLE-HS').executeTakeFirstOrThrow();
    expect(await storedZone('mrivera')).toBe(maple.timezone);
    expect(await storedZone('ava.stone')).toBe(maple.timezone);
    await changeSchoolZone('MAPLE-HS', 'America/Anchorage');
    expect(await zoneOf('mrivera')).toBe('America/Anchorage');
    expect(await zoneOf('ava.stone')).toBe('America/Anchorage');
  });
});

describe('accounts made before zones were stored (migration 0028_school_zones)', () => {
  it('[S3.03] one with no zone gets its first school’s; one that chose keeps it; one at no school stays absent (America/Chicago)', async () => {
    await setSchoolZone('LINCOLN-HS', 'America/New_York');
    await setSchoolZone('ROOSEVELT-AC', 'America/Phoenix');
    for (const userName of ['teacher', 'learner', 'multi', 'ray.nowhere']) await setStoredZone(userName, null);
    await setStoredZone('support', 'Europe/Dublin');
    await migration0028.up(t.db);
    expect(await storedZone('teacher')).toBe('America/New_York');
    expect(await storedZone('learner')).toBe('America/New_York');
    // multi is at Lincoln first, Roosevelt second
    expect(await storedZone('multi')).toBe('America/New_York');
    expect(await storedZone('support')).toBe('Europe/Dublin');
    expect(await storedZone('ray.nowhere')).toBeNull();
    expect(await zoneOf('ray.nowhere')).toBe('America/Chicago');
    expect((await signIn(t.app, 'teacher')).user.timezone).toBe('America/New_York');
  });
});

describe("a school's change of zone", () => {
  it('moves its people still in its old zone, in the same change; one who chose another keeps it; a second school’s change moves nobody', async () => {
    await setSchoolZone('LINCOLN-HS', 'America/New_York');
    await setSchoolZone('ROOSEVELT-AC', 'America/New_York');
    for (const userName of ['teacher', 'learner', 'multi', 'zoe.west']) await setStoredZone(userName, 'America/New_York');
    await setStoredZone('support', 'America/Denver');
    await setStoredZone('ray.stone', 'America/Phoenix');
    // Roosevelt is zoe.west's first school and multi's second: its change moves her, not him
    await changeSchoolZone('ROOSEVELT-AC', 'America/Los_Angeles');
    expect(await zoneOf('zoe.west')).toBe('America/Los_Angeles');
    expect(await zoneOf('ray.stone')).toBe('America/Phoenix');
    expect(await zoneOf('multi')).toBe('America/New_York');
    await changeSchoolZone('LINCOLN-HS', 'Pacific/Honolulu');
    expect(await zoneOf('teacher')).toBe('Pacific/Honolulu');
    expect(await zoneOf('learner')).toBe('Pacific/Honolulu');
    expect(await zoneOf('multi')).toBe('Pacific/Honolulu');
    expect(await zoneOf('support')).toBe('America/Denver');
    expect((await signIn(t.app, 'teacher')).user.timezone).toBe('Pacific/Honolulu');
  });
});

describe("due days are days at the school, in the school's zone", () => {
  it.each([
    ['America/New_York', Date.UTC(2026, 8, 16, 4, 0, 0) - 1],
    ['America/Los_Angeles', Date.UTC(2026, 8, 16, 7, 0, 0) - 1],
    ['Pacific/Honolulu', Date.UTC(2026, 8, 16, 10, 0, 0) - 1],
  ])('at a school in %s, a teacher (in any zone) who sets 09/15 makes it due as that day ends there', async (zone, dueAt) => {
    const teacherName = `zt-${zone.replace(/\W/g, '').toLowerCase()}`;
    const teacherId = await addUser(t, teacherName, { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
    // the teacher's own zone is not the school's: the due day is still the school's
    await t.db.updateTable('users').set({ timezone: 'Asia/Tokyo' }).where('id', '=', teacherId).execute();
    await offerAllModules(t.db, ['ROOSEVELT-AC']);
    await setSchoolZone('ROOSEVELT-AC', zone);
    const token = (await signIn(t.app, teacherName)).token;
    const cls = await ok<ClassDetail>(token, 'POST', '/classes', { name: `Due in ${zone}` });
    expect(cls.timezone).toBe(zone);
    const a = await ok<Assignment>(token, 'POST', `/classes/${cls.id}/assignments`, { kind: 'module', moduleSlug: 'budgeting', dueDate: '2026-09-15' });
    expect(a).toMatchObject({ dueDate: '2026-09-15', dueAt });
    const again = await ok<ClassDetail>(token, 'GET', `/classes/${cls.id}`);
    expect(again).toMatchObject({ timezone: zone, assignments: [expect.objectContaining({ dueDate: '2026-09-15', dueAt })] });
  });
});
