/**
 * The audit trail's recording on a real database (SQLite, or PostgreSQL under TEST_DATABASE_URL):
 * each staff action on a student's data leaves one entry (who, what, whose, which school, from
 * where) in the action's own transaction; the command-line tool records as itself.
 */
import { adminCli } from './support/adminCli';
import { rosterZip, smallDistrict } from '../support/oneRoster';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let t: TestApp;
let teacher: string;
let lincoln: number;
let learnerId: number;
let classId: number;

beforeAll(async () => {
  t = await createTestApp({ demoClassroom: true });
  teacher = (await signIn(t.app, 'teacher')).token;
  lincoln = (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow()).id;
  learnerId = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirstOrThrow()).id;
  classId = (
    await t.db.selectFrom('class_students').select('class_id').where('user_id', '=', learnerId).where('left_at', 'is', null).executeTakeFirstOrThrow()
  ).class_id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function entries() {
  const rows = await t.db.selectFrom('audit_events').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    at: Number(r.at),
    schoolId: r.client_id,
    actorId: r.actor_id,
    actorName: r.actor_name,
    action: r.action,
    targetUserId: r.target_user_id,
    targetName: r.target_name,
    detail: JSON.parse(r.detail) as unknown,
    origin: r.origin,
  }));
}
async function last() {
  return (await entries()).at(-1);
}
const teacherActor = async () => {
  const row = await t.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('user_name', '=', 'teacher').executeTakeFirstOrThrow();
  return { actorId: row.id, actorName: `${row.first_name} ${row.last_name} (teacher)` };
};
const learnerName = async () => {
  const row = await t.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', learnerId).executeTakeFirstOrThrow();
  return `${row.first_name} ${row.last_name} (learner)`;
};

describe('a teacher’s actions on a student', () => {
  it('opening a student’s page in a class is recorded with who, whose, the school and the IP', async () => {
    const res = await serviceCall(t.app, 'GET', `/classes/${classId}/students/${learnerId}`, { token: teacher, ip: '10.9.8.7' });
    expect(res.statusCode).toBe(200);
    expect(await last()).toEqual({
      at: t.clock(),
      schoolId: lincoln,
      ...(await teacherActor()),
      action: 'student-record.open',
      targetUserId: learnerId,
      targetName: await learnerName(),
      detail: { classId, className: expect.any(String) },
      origin: '10.9.8.7',
    });
  });

  it('a refused request (another school’s student) records nothing', async () => {
    const before = (await entries()).length;
    const other = (await t.db.selectFrom('users').select('id').where('user_name', '=', 'multi').executeTakeFirstOrThrow()).id;
    const res = await serviceCall(t.app, 'GET', `/classes/${classId}/students/${other}`, { token: teacher, ip: '10.9.8.7' });
    expect(res.statusCode).toBe(404);
    expect(await entries()).toHaveLength(before);
  });

  it('ending a student’s sessions is recorded with the number ended', async () => {
    await signIn(t.app, 'learner');
    const res = await serviceCall(t.app, 'POST', `/classes/${classId}/students/${learnerId}/end-sessions`, { token: teacher, ip: '10.9.8.6' });
    expect(res.statusCode).toBe(200);
    const { ended } = res.json() as { ended: number };
    expect(ended).toBeGreaterThan(0);
    expect(await last()).toEqual(
      expect.objectContaining({ schoolId: lincoln, ...(await teacherActor()), action: 'sessions.end', targetUserId: learnerId, targetName: await learnerName(), detail: { classId, ended }, origin: '10.9.8.6' }),
    );
  });

  it('a temporary password is recorded (never the password itself)', async () => {
    const res = await serviceCall(t.app, 'POST', `/classes/${classId}/students/${learnerId}/temporary-password`, { token: teacher, ip: '10.9.8.5' });
    expect(res.statusCode).toBe(200);
    const { password } = res.json() as { password: string };
    const entry = await last();
    expect(entry).toEqual(
      expect.objectContaining({ schoolId: lincoln, ...(await teacherActor()), action: 'password.temporary', targetUserId: learnerId, detail: { classId }, origin: '10.9.8.5' }),
    );
    expect(JSON.stringify(entry)).not.toContain(password);
  });
});

describe('the command-line tool', () => {
  const { run, clear } = adminCli(() => t);
  beforeEach(clear);

  it('grant and revoke are recorded as the command-line tool; an unchanged permission is not', async () => {
    const learner = await learnerName();
    expect(await run('grant', '--username', 'learner', '--permission', 'support')).toBe(0);
    expect(await last()).toEqual(
      expect.objectContaining({ schoolId: lincoln, actorId: null, actorName: 'Command-line tool', action: 'permission.grant', targetUserId: learnerId, targetName: learner, detail: { permission: 'SUPPORT' }, origin: 'cli' }),
    );
    const count = (await entries()).length;
    expect(await run('grant', '--username', 'learner', '--permission', 'SUPPORT')).toBe(0);
    expect(await entries()).toHaveLength(count);
    expect(await run('revoke', '--username', 'learner', '--permission', 'SUPPORT')).toBe(0);
    expect(await last()).toEqual(expect.objectContaining({ actorId: null, action: 'permission.revoke', targetUserId: learnerId, detail: { permission: 'SUPPORT' }, origin: 'cli' }));
  });

  it('create-user is recorded', async () => {
    expect(await run('create-user', '--username', 'Helper1', '--first', 'Hana', '--last', 'Lo', '--email', 'h1@example.edu', '--password', 'a long enough passphrase 9', '--school', 'LINCOLN-HS')).toBe(0);
    expect(await last()).toEqual(expect.objectContaining({ schoolId: lincoln, actorId: null, action: 'user.create', targetName: 'Hana Lo (helper1)', origin: 'cli' }));
  });

  it('a roster import is recorded per school with its counts; a dry run is not', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-roster-'));
    try {
      const file = path.join(dir, 'district.zip');
      writeFileSync(file, rosterZip(smallDistrict()));
      const before = (await entries()).length;
      expect(await run('roster', 'import', file, '--dry-run')).toBe(0);
      expect(await entries()).toHaveLength(before);
      expect(await run('roster', 'import', file)).toBe(0);
      const added = (await entries()).slice(before);
      expect(added.length).toBeGreaterThan(0);
      const schools = new Set(added.map((e) => e.schoolId));
      expect(schools.size).toBe(added.length);
      for (const entry of added) {
        expect(entry).toEqual(
          expect.objectContaining({ actorId: null, actorName: 'Command-line tool', action: 'roster.import', targetUserId: null, origin: 'cli', detail: expect.objectContaining({ usersCreated: 7, classesCreated: 3, enrollmentsCreated: 8 }) }),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
