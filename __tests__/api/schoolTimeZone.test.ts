/**
 * One time zone per school, on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL): a
 * person who never chose a zone has their current school's (registered with a class code, created by
 * an administrator, imported from a roster, or already there), one who chose keeps theirs, a school's
 * change of zone reaches its people at once, and a due day is due when that day ends at the school.
 */
import path from 'node:path';
import type { Assignment, ClassDetail } from '../../src/common/classroom';
import type { Session } from '../../src/common/types';
import { changed } from '../../src/server/db/changes';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { createUser } from '../../src/server/services/accounts/admin';
import { loadIdentity } from '../../src/server/services/auth/repository';
import { importRoster } from '../../src/server/services/roster/service';
import { rosterZip, smallDistrict } from '../support/oneRoster';
import { codeFromMail, lastMail, newCode, service } from './support/accounts';
import { addUser } from './support/classroom';
import { serviceClient } from './support/serviceClient';
import { createTestApp, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
const { ok } = serviceClient(() => t.app, 48);
let ip = 0;
const nextIp = () => `10.48.200.${++ip % 250}`;

/** Sets a school's zone in its row, as the settings page does (the settings service is tested elsewhere). */
async function setSchoolZone(lsclientID: string, timezone: string): Promise<void> {
  await t.db.updateTable('clients').set({ timezone }).where('lsclient_id', '=', lsclientID).execute();
  changed('clients');
}

async function zoneOf(userName: string): Promise<string | undefined> {
  const row = await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return (await loadIdentity(t.db, row.id))?.user.timezone;
}

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(__dirname, '../fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("a school's people default to the school's time zone [S3.03]", () => {
  it('the demo teacher and learner, who never chose one, are in their school’s zone, not America/Chicago', async () => {
    await setSchoolZone('LINCOLN-HS', 'America/New_York');
    expect((await signIn(t.app, 'teacher')).user.timezone).toBe('America/New_York');
    expect((await signIn(t.app, 'learner')).user.timezone).toBe('America/New_York');
  });

  it('a person who chose a zone keeps it (multi chose America/New_York at a school in Denver)', async () => {
    await setSchoolZone('LINCOLN-HS', 'America/Denver');
    expect((await signIn(t.app, 'multi')).user.timezone).toBe('America/New_York');
    expect((await signIn(t.app, 'learner')).user.timezone).toBe('America/Denver');
    await setSchoolZone('LINCOLN-HS', 'America/New_York');
  });

  it('a student registered with a class code takes the zone of the code’s school', async () => {
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
    expect((await signInRequest(t.app, 'zoe.west', 'a long passphrase of mine')).json()).toMatchObject({ body: { user: { timezone: 'America/Los_Angeles' } } });
  });

  it('an account an administrator creates at a school takes its zone; one at no school keeps the default', async () => {
    await setSchoolZone('ROOSEVELT-AC', 'America/Phoenix');
    const options = { firstName: 'Ray', lastName: 'Stone', password: 'a long passphrase of mine' };
    await createUser(t.db, t.config.passwordHashing, { ...options, userName: 'ray.stone', email: 'ray.stone@example.edu', school: 'ROOSEVELT-AC' }, t.clock());
    await createUser(t.db, t.config.passwordHashing, { ...options, userName: 'ray.nowhere', email: 'ray.nowhere@example.edu', school: null }, t.clock());
    expect(await zoneOf('ray.stone')).toBe('America/Phoenix');
    expect(await zoneOf('ray.nowhere')).toBe('America/Chicago');
  });

  it('people imported from a roster take their school’s zone, and follow a change of it', async () => {
    const report = await importRoster(t.db, rosterZip(smallDistrict()), { now: t.clock() });
    expect(report.problems).toEqual([]);
    await setSchoolZone('MAPLE-HS', 'America/Anchorage');
    expect(await zoneOf('mrivera')).toBe('America/Anchorage');
    expect(await zoneOf('ava.stone')).toBe('America/Anchorage');
    await setSchoolZone('MAPLE-HS', 'Pacific/Honolulu');
    expect(await zoneOf('ava.stone')).toBe('Pacific/Honolulu');
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
