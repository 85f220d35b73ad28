/**
 * One student's data exported or deleted by their school, through the service proxy on a real
 * database (SQLite, or PostgreSQL under TEST_DATABASE_URL), and by the operator CLI; who may, the
 * audit entries, and that a delete leaves nothing of the student behind.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STUDENT_DATA_MESSAGES, STUDENT_DATA_PATHS } from '../../src/common/studentData';
import { adminCli } from './support/adminCli';
import { addUser } from './support/classroom';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let schoolAdmin: string;
let superuser: string;
let roosevelt: string;
let teacher: string;
let learner: string;

const idOf = async (userName: string) => (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const call = (token: string, method: string, p: string, payload?: unknown) => serviceCall(t.app, method, p, { token, payload, ip: '10.20.30.40' });

beforeAll(async () => {
  t = await createTestApp({ demoClassroom: true });
  await addUser(t, 'radmin', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'rkid', { schools: ['ROOSEVELT-AC'] });
  schoolAdmin = (await signIn(t.app, 'schooladmin')).token;
  superuser = (await signIn(t.app, 'admin')).token;
  roosevelt = (await signIn(t.app, 'radmin')).token;
  teacher = (await signIn(t.app, 'teacher')).token;
  learner = (await signIn(t.app, 'learner')).token;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('export', () => {
  it('a school admin downloads one JSON document of the student, without secrets; it is recorded', async () => {
    const id = await idOf('learner');
    await t.db.insertInto('section_completions').values({ user_id: id, module_slug: 'budgeting', material_slug: 'first-budget', section_slug: 'intro', completed_at: t.clock() }).execute();
    await t.db.updateTable('users').set({ roster_email: 'maya.j@school.example.edu' }).where('id', '=', id).execute();
    const res = await call(schoolAdmin, 'GET', STUDENT_DATA_PATHS.export(id));
    expect(res.statusCode).toBe(200);
    const day = new Date(t.clock()).toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="student-learner-${day}.json"`);
    const doc = res.json() as Record<string, unknown> & { profile: { userName: string }; classes: unknown[]; sectionCompletions: unknown[]; reviewAttempts: unknown[] };
    expect(doc.profile).toMatchObject({ userName: 'learner', rosterEmail: 'maya.j@school.example.edu' });
    expect(doc.classes.length).toBeGreaterThan(0);
    expect(doc.sectionCompletions).toContainEqual({ module_slug: 'budgeting', material_slug: 'first-budget', section_slug: 'intro', completed_at: t.clock() });
    expect(Object.keys(doc)).toEqual(
      expect.arrayContaining(['profile', 'schools', 'classes', 'sectionCompletions', 'timeSpent', 'reviewAttempts', 'moduleTests', 'bookmarks', 'budgets', 'worksheets', 'turnIns', 'supportTickets']),
    );
    const text = res.body;
    expect(text).not.toMatch(/password_hash|argon2|token/i);
    const entry = await t.db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toEqual(expect.objectContaining({ action: 'student-data.export', target_user_id: id, actor_name: expect.stringContaining('(schooladmin)'), origin: '10.20.30.40' }));
  });

  it('[tenant] a learner or a teacher is refused (403); another school’s admin hears no such student (404); staff accounts are refused', async () => {
    const id = await idOf('learner');
    expect((await call(learner, 'GET', STUDENT_DATA_PATHS.export(id))).statusCode).toBe(403);
    const asTeacher = await call(teacher, 'GET', STUDENT_DATA_PATHS.export(id));
    expect({ status: asTeacher.statusCode, message: messageOf(asTeacher) }).toEqual({ status: 403, message: STUDENT_DATA_MESSAGES.notAdmin });
    const other = await call(roosevelt, 'GET', STUDENT_DATA_PATHS.export(id));
    expect({ status: other.statusCode, message: messageOf(other) }).toEqual({ status: 404, message: STUDENT_DATA_MESSAGES.notFound });
    expect((await call(roosevelt, 'DELETE', STUDENT_DATA_PATHS.student(id), { confirm: 'learner' })).statusCode).toBe(404);
    const staff = await call(schoolAdmin, 'GET', STUDENT_DATA_PATHS.export(await idOf('teacher')));
    expect({ status: staff.statusCode, message: messageOf(staff) }).toEqual({ status: 403, message: STUDENT_DATA_MESSAGES.staffAccount });
    expect((await call(schoolAdmin, 'GET', '/admin/students/abc/export')).statusCode).toBe(400);
    expect((await call(schoolAdmin, 'GET', STUDENT_DATA_PATHS.export(999_999))).statusCode).toBe(404);
  });

  it('[S6.02] GADMINSUPERUSER reaches a student of any school; that school’s admin does too, Lincoln’s does not', async () => {
    const id = await idOf('rkid');
    expect((await call(schoolAdmin, 'GET', STUDENT_DATA_PATHS.export(id))).statusCode).toBe(404);
    expect((await call(roosevelt, 'GET', STUDENT_DATA_PATHS.export(id))).statusCode).toBe(200);
    const res = await call(superuser, 'GET', STUDENT_DATA_PATHS.export(id));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { school: string }).school).toMatch(/Roosevelt/);
  });
});

describe('delete', () => {
  it('a mismatched confirmation is a 400 that deletes nothing', async () => {
    const id = await idOf('learner');
    for (const payload of [{ confirm: 'learnr' }, {}, { confirm: 42 }]) {
      const res = await call(schoolAdmin, 'DELETE', STUDENT_DATA_PATHS.student(id), payload);
      expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status: 400, message: STUDENT_DATA_MESSAGES.confirmMismatch });
    }
    expect(await idOf('learner')).toBe(id);
  });

  it('a student of one school only: the account and every row of it go; recorded', async () => {
    // a demo-classroom student with progress, not 'learner': the other tests read 'learner' and may run after this one
    const userName = (
      await t.db.selectFrom('class_students').innerJoin('users', 'users.id', 'class_students.user_id').select('users.user_name').where('users.user_name', '!=', 'learner').orderBy('users.user_name', 'desc').executeTakeFirstOrThrow()
    ).user_name;
    const id = await idOf(userName);
    // the confirmation is the user name in any case
    const res = await call(schoolAdmin, 'DELETE', STUDENT_DATA_PATHS.student(id), { confirm: userName.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted', message: STUDENT_DATA_MESSAGES.deleted(userName) });
    const left = async (table: 'users' | 'user_clients' | 'class_students' | 'section_completions' | 'time_spent' | 'review_attempts' | 'sessions' | 'turn_ins' | 'worksheets' | 'budgets') =>
      (table === 'users' ? await t.db.selectFrom('users').select('id').where('id', '=', id).execute() : await t.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).length;
    for (const table of ['users', 'user_clients', 'class_students', 'section_completions', 'time_spent', 'review_attempts', 'sessions', 'turn_ins', 'worksheets', 'budgets'] as const) {
      expect([table, await left(table)]).toEqual([table, 0]);
    }
    const entry = await t.db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toEqual(expect.objectContaining({ action: 'student-data.delete', target_user_id: id, target_name: expect.stringContaining(`(${userName})`), detail: JSON.stringify({ outcome: 'deleted' }) }));
  });

  it('a student of two schools is only unlinked from this one, and told so', async () => {
    const id = await idOf('multi');
    const res = await call(schoolAdmin, 'DELETE', STUDENT_DATA_PATHS.student(id), { confirm: 'multi' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { outcome: string }).outcome).toBe('unlinked');
    const schools = await t.db.selectFrom('user_clients').innerJoin('clients', 'clients.id', 'user_clients.client_id').select(['clients.lsclient_id', 'user_clients.position']).where('user_id', '=', id).execute();
    expect(schools).toEqual([{ lsclient_id: 'ROOSEVELT-AC', position: 0 }]);
    // Lincoln's admin no longer reaches them
    expect((await call(schoolAdmin, 'GET', STUDENT_DATA_PATHS.export(id))).statusCode).toBe(404);
  });
});

describe('the command-line tool', () => {
  const { out, err, run, clear } = adminCli(() => t);
  beforeEach(clear);

  it('student export --out writes the same document; student delete needs --confirm to match', async () => {
    const userName = (await t.db.selectFrom('class_students').innerJoin('users', 'users.id', 'class_students.user_id').select('users.user_name').orderBy('users.user_name').executeTakeFirstOrThrow()).user_name;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'student-export-'));
    try {
      const file = path.join(dir, 'out.json');
      expect(await run('student', 'export', userName, '--out', file)).toBe(0);
      expect((JSON.parse(readFileSync(file, 'utf8')) as { profile: { userName: string } }).profile.userName).toBe(userName);
      expect(await run('student', 'delete', userName)).toBe(2);
      expect(await run('student', 'delete', userName, '--confirm', 'someone-else')).toBe(1);
      expect(err.pop()).toContain('nothing was deleted');
      expect(await run('student', 'delete', userName, '--confirm', userName)).toBe(0);
      expect(out.pop()).toBe(STUDENT_DATA_MESSAGES.deleted(userName));
      expect(await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst()).toBeUndefined();
      const actions = (await t.db.selectFrom('audit_events').select(['action', 'origin']).orderBy('id', 'desc').limit(2).execute()).map((r) => `${r.action} ${r.origin}`);
      expect(actions).toEqual(['student-data.delete cli', 'student-data.export cli']);
      expect(await run('student', 'export', 'nobody-at-all')).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
