/**
 * The classroom through the service proxy on a real database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL): school permissions, classes and class codes, assignments with due days and
 * attempt limits, the dashboard and gradebook, turn-ins, shared computers and who may see what.
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { ReviewView } from '../../src/common/catalog';
import { CLASSROOM_PATHS, type Assignment, type AssignmentWork, type ClassDashboard, type ClassDetail, type ClassStudentRecord, type ClassSummary, type MyAssignment, type StudentClass, type TurnInRecord, type TurnInSummary } from '../../src/common/classroom';
import type { Envelope, Session } from '../../src/common/types';
import { emptyWorksheet, type WorksheetRecord } from '../../src/common/worksheets';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { revokeSchoolPermission, schoolPermissions } from '../../src/server/services/classroom/schoolPermissions';
import { CLASS_ARCHIVED_MESSAGE } from '../../src/server/services/accounts/accessCodes';
import { CATALOG_MESSAGES } from '../../src/server/services/catalog/messages';
import { CLASSROOM_MESSAGES } from '../../src/server/services/classroom/messages';
import { ACCOUNT_MESSAGES } from '../../src/common/accountMessages';
import { codeFromMail, lastMail } from './support/accounts';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { refused, serviceClient } from './support/serviceClient';
import { authHeaders, createTestApp, serviceCall, signIn, signInRequest, type TestApp } from './support/testApp';
import { addTime } from '../../src/server/services/catalog/repository';
import { STUCK_SECONDS } from '../../src/server/services/classroom/status';

const ROOT = path.resolve(__dirname, '../..');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
const RIGHT = [0, false, 1, true, 1] as const;
const WRONG = [1, true, 0, false, 0] as const;

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 31);
/** for the calls without a session below */
let ip = 0;

let teacher: string;
let teacherId: number;
let coTeacher: string;
let coTeacherId: number;
let schoolAdmin: string;
let otherTeacher: string;
let learner: Session;
let multi: Session;

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  teacherId = await addUser(t, 'teach1', { schoolPermissions: ['TEACHER'], firstName: 'Alex', lastName: 'Morgan' });
  coTeacherId = await addUser(t, 'teach2', { schoolPermissions: ['teacher'], firstName: 'Sam', lastName: 'Lee' });
  await addUser(t, 'sadmin1', { schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'rteach1', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
  await signInStaff();
}, 60_000);

async function signInStaff(): Promise<void> {
  teacher = (await signIn(t.app, 'teach1')).token;
  coTeacher = (await signIn(t.app, 'teach2')).token;
  schoolAdmin = (await signIn(t.app, 'sadmin1')).token;
  otherTeacher = (await signIn(t.app, 'rteach1')).token;
  learner = await signIn(t.app, 'learner');
  multi = await signIn(t.app, 'multi');
}
afterAll(async () => {
  await t.close();
});

async function newClass(name = 'Personal Finance — Period 2', token = teacher): Promise<ClassDetail> {
  const res = await call(token, 'POST', '/classes', { name });
  expect(res.statusCode).toBe(201);
  return res.json() as ClassDetail;
}
async function join(session: Session, code: string): Promise<LightMyRequestResponse> {
  return call(session.token, 'POST', '/me/access-codes', { code });
}

describe('roles held at one school', () => {
  it('[S6.01] a school permission is in the identity only while its school is the current one, upper-cased', async () => {
    expect((await signIn(t.app, 'teach2')).permissions).toEqual(['TEACHER']);
    const both = await addUser(t, 'teach3', { schools: ['ROOSEVELT-AC', 'LINCOLN-HS'], schoolPermissions: ['TEACHER'] });
    const session = await signIn(t.app, 'teach3');
    expect(session.permissions).toEqual(['TEACHER']);
    const switched = await ok<{ clients: unknown[]; permissions: string[] }>(session.token, 'PUT', '/me/schools/current', { lsclientID: 'LINCOLN-HS' });
    expect(switched.permissions).toEqual([]);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) });
    expect((user.json() as Envelope<Session>).body.permissions).toEqual([]);
    // and a teacher at Roosevelt only is not a teacher at Lincoln: no class there
    refused(await call(session.token, 'POST', '/classes', { name: 'Sneaky' }), 403, CLASSROOM_MESSAGES.notStaff);
    expect(await schoolPermissions(t.db, (await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'ROOSEVELT-AC').executeTakeFirstOrThrow()).id, both)).toEqual([
      expect.objectContaining({ userId: both, permission: 'TEACHER' }),
    ]);
  });

  it('[S6.01] revoking a school permission takes it away at the next request', async () => {
    const id = await addUser(t, 'teach4', { schoolPermissions: ['TEACHER'] });
    const session = await signIn(t.app, 'teach4');
    expect((await call(session.token, 'GET', '/classes')).statusCode).toBe(200);
    const lincoln = await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow();
    expect(await revokeSchoolPermission(t.db, { userId: id, clientId: lincoln.id, permission: 'teacher' })).toBe(true);
    refused(await call(session.token, 'GET', '/classes'), 403, CLASSROOM_MESSAGES.notStaff);
  });

  it('[S6.02] GADMINSUPERUSER passes every check: it lists and reads classes', async () => {
    const admin = (await signIn(t.app, 'admin')).token;
    const cls = await newClass('Superuser check');
    expect((await call(admin, 'GET', `/classes/${cls.id}`)).statusCode).toBe(200);
    expect(((await ok<ClassSummary[]>(admin, 'GET', '/classes')).map((c) => c.id))).toContain(cls.id);
  });

  it('a learner, support or another school gets 403 or 404 with a plain message', async () => {
    const cls = await newClass('Private class');
    refused(await call(learner.token, 'GET', '/classes'), 403, CLASSROOM_MESSAGES.notStaff);
    refused(await call(learner.token, 'GET', `/classes/${cls.id}/dashboard`), 403, CLASSROOM_MESSAGES.notStaff);
    refused(await call((await signIn(t.app, 'support')).token, 'GET', `/classes/${cls.id}`), 403);
    refused(await call(otherTeacher, 'GET', `/classes/${cls.id}/dashboard`), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await call(coTeacher, 'GET', `/classes/${cls.id}/dashboard`), 404, CLASSROOM_MESSAGES.classNotFound);
    expect((await ok<ClassSummary[]>(coTeacher, 'GET', '/classes')).map((c) => c.id)).not.toContain(cls.id);
  });
});

describe('classes and class codes', () => {
  it('creates a class with its owner and a class code; renames, archives and restores it', async () => {
    const cls = await newClass('  Period   3 ');
    expect(cls).toMatchObject({ name: 'Period 3', archived: false, studentCount: 0, assignmentCount: 0, schoolName: 'Lincoln High School', timezone: 'America/New_York', assignments: [] });
    expect(cls.joinCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(cls.teachers).toEqual([{ userId: teacherId, name: 'Alex Morgan', role: 'owner' }]);
    expect((await ok<ClassDetail>(teacher, 'PATCH', `/classes/${cls.id}`, { name: 'Period 3 (Fall)' })).name).toBe('Period 3 (Fall)');
    const archived = await ok<ClassDetail>(teacher, 'PATCH', `/classes/${cls.id}`, { archived: true });
    expect(archived).toMatchObject({ archived: true, joinCode: null });
    refused(await call(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'module', moduleSlug: 'budgeting' }), 409, CLASSROOM_MESSAGES.archived);
    expect(await ok<ClassDetail>(teacher, 'PATCH', `/classes/${cls.id}`, { archived: false })).toMatchObject({ archived: false, joinCode: cls.joinCode });
  });

  it('a class names the addresses its class code is used at, for its "How to join" page', async () => {
    const cls = await newClass('Period 4');
    const read = await ok<ClassDetail>(teacher, 'GET', `/classes/${cls.id}`);
    expect(read).toMatchObject({
      signInUrl: `${t.config.publicUrl}/login`,
      registerUrl: `${t.config.publicUrl}/register/code`,
      joinUrl: `${t.config.publicUrl}/app/profile/code`,
    });
  });

  it.each([
    [undefined, CLASSROOM_MESSAGES.nameRequired],
    [{}, CLASSROOM_MESSAGES.nameRequired],
    [{ name: '   ' }, CLASSROOM_MESSAGES.nameRequired],
    [{ name: 42 }, CLASSROOM_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, CLASSROOM_MESSAGES.nameTooLong],
    [{ name: 'ok', clientId: 2 }, 'Unknown field: clientId'],
  ])('a bad class payload %j is a 400 with its message', async (payload, message) => {
    refused(await call(teacher, 'POST', '/classes', payload), 400, message);
  });

  it('a bad class change or id is a 400, never a 500', async () => {
    const cls = await newClass('Changes');
    refused(await call(teacher, 'PATCH', `/classes/${cls.id}`, {}), 400, CLASSROOM_MESSAGES.nothingToChange);
    refused(await call(teacher, 'PATCH', `/classes/${cls.id}`, { archived: 'yes' }), 400, 'archived must be true or false.');
    refused(await call(teacher, 'GET', '/classes/abc'), 400, CLASSROOM_MESSAGES.badId('class'));
    refused(await call(teacher, 'GET', '/classes/99999999999'), 400, CLASSROOM_MESSAGES.badId('class'));
    refused(await call(teacher, 'GET', '/classes/424242'), 404, CLASSROOM_MESSAGES.classNotFound);
  });

  it('a student joins with the class code at /me/access-codes; a new code revokes the old; an archived class says so', async () => {
    const cls = await newClass('Join test');
    const res = await join(multi, cls.joinCode!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MESSAGES.classJoined('Join test — Alex Morgan, Lincoln High School'), joinedClass: { id: cls.id, name: 'Join test', teachers: ['Alex Morgan'] } });
    expect((await ok<StudentClass[]>(multi.token, 'GET', '/me/classes')).find((c) => c.id === cls.id)).toEqual({ id: cls.id, name: 'Join test', schoolName: 'Lincoln High School', teachers: ['Alex Morgan'] });
    // a student can be in several classes
    const second = await newClass('Join test, second class', coTeacher);
    expect((await join(multi, second.joinCode!)).statusCode).toBe(200);
    expect((await ok<StudentClass[]>(multi.token, 'GET', '/me/classes')).map((c) => c.id)).toEqual(expect.arrayContaining([cls.id, second.id]));
    refused(await join(multi, second.joinCode!), 409, ACCOUNT_MESSAGES.classCodeAlreadyRedeemed);
    const renewed = await ok<ClassDetail>(teacher, 'POST', `/classes/${cls.id}/join-code`);
    expect(renewed.joinCode).not.toBe(cls.joinCode);
    expect(renewed.studentCount).toBe(1);
    refused(await join(learner, cls.joinCode!), 410, ACCOUNT_MESSAGES.classCodeExpired);
    await ok(teacher, 'PATCH', `/classes/${cls.id}`, { archived: true });
    refused(await join(learner, renewed.joinCode!), 410, CLASS_ARCHIVED_MESSAGE);
    refused(await call(null, 'POST', '/registration/code', { code: renewed.joinCode }), 410, CLASS_ARCHIVED_MESSAGE);
    expect((await ok<StudentClass[]>(multi.token, 'GET', '/me/classes')).map((c) => c.id)).not.toContain(cls.id);
  });

  it('registration by a class code enrols the new student in the class', async () => {
    const cls = await newClass('Registration test');
    const record = await ok<{ invitationId: number; recordId: number; key: string }>(teacher, 'POST', '/registration/code', { code: cls.joinCode });
    const r = `/registration/${record.invitationId}/records/${record.recordId}`;
    const anon = (method: string, p: string, payload: unknown) => serviceCall(t.app, method, p, { payload, ip: `10.32.0.${++ip % 250}` });
    expect((await anon('PUT', `${r}/name`, { key: record.key, firstName: 'Nia', lastName: 'Brooks' })).statusCode).toBe(200);
    expect((await anon('PUT', `${r}/terms`, { key: record.key, accepted: true })).statusCode).toBe(200);
    expect((await anon('POST', `${r}/verify/send`, { key: record.key, email: 'nia.brooks@example.edu' })).statusCode).toBe(200);
    const code = codeFromMail((await lastMail(t.db, 'nia.brooks@example.edu'))?.text_body ?? '');
    expect((await anon('POST', `${r}/verify`, { key: record.key, code })).statusCode).toBe(200);
    const userName = 'nia.brooks.class';
    expect((await anon('PUT', `${r}/username`, { key: record.key, userName })).statusCode).toBe(200);
    const done = await anon('POST', `${r}/password`, { key: record.key, password: 'correct horse battery staple 42' });
    expect(done.statusCode).toBeLessThan(300);
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
    const enrolled = await t.db.selectFrom('class_students').select(['class_id', 'source']).where('user_id', '=', user.id).execute();
    expect(enrolled).toEqual([{ class_id: cls.id, source: 'code' }]);
  });

  it('co-teachers: a TEACHER of the same school only; only the owner or a school admin removes the owner; never the last teacher removed', async () => {
    const cls = await newClass('Co-taught');
    refused(await call(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'learner' }), 404, CLASSROOM_MESSAGES.teacherNotFound);
    refused(await call(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'rteach1' }), 404, CLASSROOM_MESSAGES.teacherNotFound);
    refused(await call(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'nobody-here' }), 404, CLASSROOM_MESSAGES.teacherNotFound);
    const added = await ok<ClassDetail>(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'TEACH2' });
    expect(added.teachers.map((x) => [x.name, x.role])).toEqual([
      ['Alex Morgan', 'owner'],
      ['Sam Lee', 'co-teacher'],
    ]);
    refused(await call(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'teach2' }), 409, CLASSROOM_MESSAGES.alreadyTeacher);
    expect((await ok<ClassSummary[]>(coTeacher, 'GET', '/classes')).map((c) => c.id)).toContain(cls.id);
    // a co-teacher never removes the owner; the owner leaves by their own hand
    refused(await call(coTeacher, 'DELETE', `/classes/${cls.id}/teachers/${teacherId}`), 403, CLASSROOM_MESSAGES.ownerStays);
    await ok(teacher, 'DELETE', `/classes/${cls.id}/teachers/${teacherId}`);
    refused(await call(coTeacher, 'DELETE', `/classes/${cls.id}/teachers/${coTeacherId}`), 409, CLASSROOM_MESSAGES.lastTeacher);
    refused(await call(teacher, 'GET', `/classes/${cls.id}`), 404, CLASSROOM_MESSAGES.classNotFound);
  });

  it('a school admin reads every class of the school but does not change it', async () => {
    const cls = await newClass('Admin reads');
    expect((await ok<ClassSummary[]>(schoolAdmin, 'GET', '/classes')).map((c) => c.id)).toContain(cls.id);
    expect((await call(schoolAdmin, 'GET', `/classes/${cls.id}/dashboard`)).statusCode).toBe(200);
    refused(await call(schoolAdmin, 'PATCH', `/classes/${cls.id}`, { name: 'Hijacked' }), 403, CLASSROOM_MESSAGES.readOnly);
    refused(await call(schoolAdmin, 'POST', '/classes', { name: 'Admin class' }), 403, CLASSROOM_MESSAGES.notTeacher);
  });
});

describe('assignments', () => {
  let cls: ClassDetail;
  beforeAll(async () => {
    cls = await newClass('Assignments');
  });

  it.each([
    [{ kind: 'quiz' }, CLASSROOM_MESSAGES.badKind],
    [{ kind: 'module' }, CLASSROOM_MESSAGES.moduleRequired],
    [{ kind: 'material', moduleSlug: 'budgeting' }, CLASSROOM_MESSAGES.materialRequired],
    [{ kind: 'worksheet' }, CLASSROOM_MESSAGES.worksheetRequired],
    [{ kind: 'worksheet', worksheetKind: 'tax-return' }, CLASSROOM_MESSAGES.worksheetRequired],
    [{ kind: 'module', moduleSlug: 'Not A Slug' }, CLASSROOM_MESSAGES.notInCatalog],
    [{ kind: 'module', moduleSlug: 'investing' }, CLASSROOM_MESSAGES.notInCatalog],
    [{ kind: 'material', moduleSlug: 'budgeting', materialSlug: 'nope' }, CLASSROOM_MESSAGES.notInCatalog],
    [{ kind: 'module', moduleSlug: 'budgeting', dueDate: '2026-02-30' }, CLASSROOM_MESSAGES.badDueDate],
    [{ kind: 'module', moduleSlug: 'budgeting', dueDate: 20260930 }, CLASSROOM_MESSAGES.badDueDate],
    [{ kind: 'module', moduleSlug: 'budgeting', dueDate: '2026-08-31' }, CLASSROOM_MESSAGES.duePassed],
    [{ kind: 'module', moduleSlug: 'budgeting', maxAttempts: 2 }, CLASSROOM_MESSAGES.attemptsOnlyForReviews],
    [{ kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 0 }, CLASSROOM_MESSAGES.badMaxAttempts],
    [{ kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 2.5 }, CLASSROOM_MESSAGES.badMaxAttempts],
    [{ kind: 'module', moduleSlug: 'budgeting', classId: 1 }, 'Unknown field: classId'],
  ])('a bad assignment %j is a 400 with its message', async (payload, message) => {
    refused(await call(teacher, 'POST', `/classes/${cls.id}/assignments`, payload), 400, message);
  });

  it('a due day is due when that day ends at the school (America/New_York, EDT in September)', async () => {
    const a = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget', dueDate: '2026-09-15' });
    expect(a).toMatchObject({
      kind: 'material',
      title: 'Making Your First Budget',
      href: '/app/catalog/budgeting/material/first-budget',
      dueDate: '2026-09-15',
      dueAt: Date.UTC(2026, 8, 16, 4, 0, 0) - 1,
      maxAttempts: null,
    });
    refused(await call(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget' }), 409, CLASSROOM_MESSAGES.alreadyAssigned);
    const changed = await ok<Assignment>(teacher, 'PATCH', `/classes/${cls.id}/assignments/${a.id}`, { dueDate: null });
    expect(changed).toMatchObject({ dueDate: null, dueAt: null });
    refused(await call(teacher, 'PATCH', `/classes/${cls.id}/assignments/${a.id}`, { maxAttempts: 3 }), 400, CLASSROOM_MESSAGES.attemptsOnlyForReviews);
    expect((await ok<{ message: string }>(teacher, 'DELETE', `/classes/${cls.id}/assignments/${a.id}`)).message).toBe(CLASSROOM_MESSAGES.assignmentWithdrawn);
    refused(await call(teacher, 'DELETE', `/classes/${cls.id}/assignments/${a.id}`), 404, CLASSROOM_MESSAGES.assignmentNotFound);
  });
});

describe('a class at work: assignments, dashboard, gradebook, turn-ins, shared computers', () => {
  interface Kid {
    id: number;
    userName: string;
    session: Session;
  }
  /** A class with its students and assignments, made by each test for itself (see classAtWork). */
  interface AtWork {
    cls: ClassDetail;
    review: Assignment;
    material: Assignment;
    worksheet: Assignment;
    module: Assignment;
    /** Jo Adams, who does the work */
    jo: Kid;
    /** Bo "B" =HYPERLINK(…), who does nothing: a name a spreadsheet must not run */
    bo: Kid;
  }
  let classes = 0;
  const DAY = 86_400_000;
  /** The school's calendar day `days` after now (America/New_York). */
  const schoolDay = (days: number): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(t.clock() + days * DAY);

  /**
   * "Personal Finance — Period 5" with two students of its own and four assignments (a review with
   * two attempts that was due yesterday, a material, a module, a worksheet), then two days on with
   * everyone signed in again: each test starts from this alone, so any one runs by itself (`-t`).
   */
  async function classAtWork(): Promise<AtWork> {
    classes += 1;
    const cls = await newClass('Personal Finance — Period 5');
    const kid = async (name: string, firstName: string, lastName: string): Promise<Kid> => {
      const userName = `work${classes}.${name}`;
      const id = await addUser(t, userName, { firstName, lastName });
      const session = await signIn(t.app, userName);
      expect((await join(session, cls.joinCode!)).statusCode).toBe(200);
      return { id, userName, session };
    };
    const jo = await kid('jo', 'Jo', 'Adams');
    const bo = await kid('bo', 'Bo "B"', '=HYPERLINK("http://x.example")');
    const assign = (payload: object) => ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, payload);
    const material = await assign({ kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget', dueDate: schoolDay(9) });
    const review = await assign({ kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 2, dueDate: schoolDay(1) });
    const worksheet = await assign({ kind: 'worksheet', worksheetKind: 'paycheck' });
    const module = await assign({ kind: 'module', moduleSlug: 'budgeting', dueDate: schoolDay(19) });
    t.clock.advance(2 * DAY); // the review is overdue now
    // two days on, every session is long idle
    await signInStaff();
    for (const k of [jo, bo]) k.session = await signIn(t.app, k.userName);
    return { cls, review, material, worksheet, module, jo, bo };
  }

  /** A wrong attempt, then a right one: passed with 100, both attempts the limit allows used. */
  async function passReviewInTwo(student: Session): Promise<void> {
    const first = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, first, (i) => WRONG[i]!));
    const second = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, second, (i) => RIGHT[i]!));
  }

  /** The student turns in a paycheck worksheet for the class's worksheet assignment. */
  async function turnIn(w: AtWork): Promise<TurnInSummary> {
    const doc = await ok<WorksheetRecord>(w.jo.session.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'My first job', data: emptyWorksheet('paycheck') });
    return ok<TurnInSummary>(w.jo.session.token, 'POST', '/me/turn-ins', { classId: w.cls.id, kind: 'worksheet', documentId: doc.id, assignmentId: w.worksheet.id });
  }

  it('"Assigned to you": overdue first, then by due day, none last; finished work leaves the list', async () => {
    const w = await classAtWork();
    const { cls, review, material, module, worksheet, jo } = w;
    const mine = await ok<MyAssignment[]>(jo.session.token, 'GET', '/me/assignments');
    expect(mine.map((a) => [a.id, a.status, a.overdue, a.className])).toEqual([
      [review.id, 'overdue', true, cls.name],
      [material.id, 'not-started', false, cls.name],
      [module.id, 'not-started', false, cls.name],
      [worksheet.id, 'not-started', false, cls.name],
    ]);
    expect(mine[0]).toMatchObject({ href: '/app/catalog/budgeting/material/first-budget/review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 2 });
    expect(await ok<MyAssignment[]>(learner.token, 'GET', '/me/assignments')).toEqual([]);
    // the worksheet turned in: it leaves the list
    await turnIn(w);
    expect((await ok<MyAssignment[]>(jo.session.token, 'GET', '/me/assignments')).map((a) => a.id)).not.toContain(worksheet.id);
  });

  it('"Assigned to you" with `all`: finished work too, each with its own progress beside the due state and its best score', async () => {
    const { review, material, jo } = await classAtWork();
    const student = jo.session;
    const all = () => ok<MyAssignment[]>(student.token, 'GET', '/me/assignments', undefined, { all: true });
    const reviewOf = async () => (await all()).find((a) => a.id === review.id)!;
    // overdue and not started: the due state and the work's own state are two things
    expect(await reviewOf()).toMatchObject({ status: 'overdue', overdue: true, progress: 'not-started', bestScore: null });
    const first = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, first, (i) => WRONG[i]!));
    expect(await reviewOf()).toMatchObject({ status: 'overdue', overdue: true, progress: 'in-progress', bestScore: 0 });
    const second = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, second, (i) => RIGHT[i]!));
    // passed: off the open list, on the full one with its best score; the material is its reading, not
    // its review, so it stays open until its sections are read
    const open = await ok<MyAssignment[]>(student.token, 'GET', '/me/assignments');
    expect(open.map((a) => a.id)).not.toContain(review.id);
    expect(await reviewOf()).toMatchObject({ status: 'passed', overdue: false, progress: 'passed', bestScore: 100 });
    expect((await all()).find((a) => a.id === material.id)).toMatchObject({ progress: 'not-started', bestScore: null });
    expect(open.map((a) => a.id)).toContain(material.id);
  });

  it('a limited review says which attempt this is; once they are used it serves no questions and names who can grant more', async () => {
    const { cls, jo } = await classAtWork();
    const student = jo.session;
    const limit = { allowed: 2, className: cls.name, teacher: 'Alex Morgan' };
    const first = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    expect(first).toMatchObject({ attempts: 0, attemptLimit: limit });
    expect(first.questions.length).toBeGreaterThan(0);
    // a copy opened in another tab, submitted once the attempts are used
    const spare = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, first, (i) => WRONG[i]!));
    const second = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    expect(second).toMatchObject({ attempts: 1, attemptLimit: limit });
    await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, second, (i) => WRONG[i]!));

    const servings = () => t.db.selectFrom('review_servings').select('id').where('user_id', '=', jo.id).execute();
    const openBefore = (await servings()).length;
    const used = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
    expect(used).toMatchObject({ attempts: 2, attemptLimit: limit, serving: null, questions: [] });
    expect(await servings()).toHaveLength(openBefore);
    expect(CATALOG_MESSAGES.attemptsUsed(limit)).toBe(
      'You have used all 2 attempts your teacher set for this review (Personal Finance — Period 5). Ask Alex Morgan for another attempt.',
    );
    refused(await call(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, spare, (i) => RIGHT[i]!)), 409, CATALOG_MESSAGES.attemptsUsed(limit));
    // learners outside the class are not limited
    expect(await ok<ReviewView>(learner.token, 'GET', `${MAT}/review`)).toMatchObject({ attemptLimit: null });
  });

  it('the binding limit is the smallest of the student’s classes, and its teacher is the one who assigned it', async () => {
    const { jo } = await classAtWork();
    const other = await newClass('Economics — Period 1', teacher);
    expect((await call(teacher, 'POST', `/classes/${other.id}/teachers`, { userName: 'teach2' })).statusCode).toBeLessThan(300);
    expect((await join(jo.session, other.joinCode!)).statusCode).toBe(200);
    await ok<Assignment>(coTeacher, 'POST', `/classes/${other.id}/assignments`, { kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 1 });
    const review = await ok<ReviewView>(jo.session.token, 'GET', `${MAT}/review`);
    expect(review.attemptLimit).toEqual({ allowed: 1, className: 'Economics — Period 1', teacher: 'Sam Lee' });
    expect(CATALOG_MESSAGES.attemptsUsed(review.attemptLimit!)).toBe(
      'You have used the 1 attempt your teacher set for this review (Economics — Period 1). Ask Sam Lee for another attempt.',
    );
  });

  it('the dashboard shows each student × assignment: passed with the best score, in progress, not started, overdue; who is signed in', async () => {
    const { cls, review, material, module, worksheet, jo: kid, bo } = await classAtWork();
    await passReviewInTwo(kid.session);
    await ok(kid.session.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 120 });
    const board = await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`);
    expect(board).toMatchObject({ classId: cls.id, name: 'Personal Finance — Period 5', generatedAt: t.clock() });
    expect(board.assignments.map((a) => a.id)).toEqual([review.id, material.id, module.id, worksheet.id]);
    const jo = board.students.find((s) => s.userName === kid.userName)!;
    expect(jo).toMatchObject({ firstName: 'Jo', lastName: 'Adams', signedIn: true, timeSpentSeconds: 120, externalId: null });
    expect(jo.lastActiveAt).toBe(t.clock());
    expect(jo.cells[review.id]).toEqual({ status: 'passed', state: 'done', help: null, due: null, sections: null, bestScore: 100, attempts: 2, timeSpentSeconds: 120, turnInId: null });
    // the material is its reading: 1 section of 3 read time on, not its review's result
    expect(jo.cells[material.id]).toMatchObject({ status: 'in-progress', state: 'in-progress', bestScore: null, attempts: 0, sections: { read: 0, total: 3 } });
    expect(jo.cells[module.id]).toMatchObject({ status: 'in-progress', state: 'in-progress', bestScore: 100 });
    expect(jo.cells[worksheet.id]).toMatchObject({ status: 'not-started', state: 'not-started', due: null });
    const other = board.students.find((s) => s.userName === bo.userName)!;
    // overdue is a mark beside the state, not the state
    expect(other.cells[review.id]).toMatchObject({ status: 'overdue', state: 'not-started', due: 'overdue' });
    expect(other.cells[material.id]).toMatchObject({ status: 'not-started', state: 'not-started', due: null });
    expect(board.students.map((s) => s.userName)).toEqual([bo.userName, kid.userName]);
  });

  it('S: a signed-in student on one unread section for 20 minutes, touched within 10, needs help: stuck', async () => {
    const { cls, material, jo: kid } = await classAtWork();
    const userId = (await t.db.selectFrom('users').select('id').where('user_name', '=', kid.userName).executeTakeFirstOrThrow()).id;
    await addTime(t.db, { user_id: userId, module_slug: 'budgeting', material_slug: 'first-budget', section_slug: 'needs-and-wants' }, STUCK_SECONDS + 60, t.clock());
    const jo = (await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`)).students.find((s) => s.userName === kid.userName)!;
    expect(jo.cells[material.id]).toMatchObject({ state: 'needs-help', help: 'stuck' });
  });

  it('S: a review failed twice under a limit of 2 needs help, out of attempts, marked overdue; a material read is done whatever its review', async () => {
    const { cls, review, material, jo: kid } = await classAtWork();
    for (let i = 0; i < 2; i += 1) {
      const served = await ok<ReviewView>(kid.session.token, 'GET', `${MAT}/review`);
      await ok(kid.session.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, served, (n) => WRONG[n]!));
    }
    let jo = (await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`)).students.find((s) => s.userName === kid.userName)!;
    expect(jo.cells[review.id]).toMatchObject({ state: 'needs-help', help: 'out-of-attempts', due: 'overdue', attempts: 2 });
    expect(jo.cells[material.id]).toMatchObject({ state: 'not-started', bestScore: null });
    expect((await ok<MyAssignment[]>(kid.session.token, 'GET', '/me/assignments')).map((a) => a.id)).toContain(material.id);
    for (const section of ['track-your-spending', 'needs-and-wants', 'write-the-plan']) await ok(kid.session.token, 'POST', `${MAT}/sections/${section}/complete`);
    jo = (await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`)).students.find((s) => s.userName === kid.userName)!;
    expect(jo.cells[material.id]).toMatchObject({ status: 'completed', state: 'done', sections: { read: 3, total: 3 } });
    // read: it leaves "Assigned to you" though its review is not passed
    expect((await ok<MyAssignment[]>(kid.session.token, 'GET', '/me/assignments')).map((a) => a.id)).not.toContain(material.id);
  });

  it("S: a cell opens the student's work: attempts with their answers in words, sections with time, the turn-in", async () => {
    const w = await classAtWork();
    const { cls, review, material, module, worksheet, jo: kid, bo } = w;
    await passReviewInTwo(kid.session);
    await ok(kid.session.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 120 });
    await ok(kid.session.token, 'POST', `${MAT}/sections/track-your-spending/complete`);
    const work = await ok<AssignmentWork>(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, review.id));
    expect(work).toMatchObject({ classId: cls.id, assignment: { id: review.id }, student: { userId: kid.id, firstName: 'Jo' }, cell: { state: 'done', bestScore: 100 }, sections: [], turnIn: null });
    expect(work.attempts.map((a) => [a.score, a.passed])).toEqual([
      [100, true],
      [0, false],
    ]);
    const [passed, failed] = work.attempts;
    expect(passed!.answers.length).toBeGreaterThan(0);
    expect(passed!.answers.every((a) => a.correct && a.prompt.length > 0 && a.answer.length > 0)).toBe(true);
    expect(failed!.answers.every((a) => !a.correct)).toBe(true);
    expect(failed!.answers.map((a) => a.answer)).toContain('True');

    const reading = await ok<AssignmentWork>(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, material.id));
    expect(reading.attempts).toEqual([]);
    expect(reading.sections).toHaveLength(3);
    expect(reading.sections[0]).toMatchObject({ read: true, seconds: 120 });
    expect(reading.sections.slice(1).every((s) => !s.read && s.seconds === 0)).toBe(true);
    const whole = await ok<AssignmentWork>(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, module.id));
    expect(whole.attempts).toHaveLength(2);
    expect(whole.sections.length).toBeGreaterThanOrEqual(3);

    const handedIn = await turnIn(w);
    expect((await ok<AssignmentWork>(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, worksheet.id))).turnIn).toMatchObject({ id: handedIn.id, title: 'My first job' });
    expect((await ok<AssignmentWork>(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, bo.id, worksheet.id))).turnIn).toBeNull();

    // staff only, of this class: the student, a stranger, a bad id, another class's assignment
    expect((await call(kid.session.token, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, review.id))).statusCode).toBe(403);
    expect((await call(teacher, 'GET', `/classes/${cls.id}/students/${kid.id}/work/abc`)).statusCode).toBe(400);
    expect((await call(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, kid.id, 999_999))).statusCode).toBe(404);
    expect((await call(teacher, 'GET', CLASSROOM_PATHS.work(cls.id, learner.user.id, review.id))).statusCode).toBe(404);
  });

  it('[bounded] the dashboard runs the same number of queries for 2 students as for 12', async () => {
    const { cls } = await classAtWork();
    const executor = t.db.getExecutor();
    const count = async () => {
      // once to fill the read caches (sessions, identity, catalog) that the inserts below emptied
      await ok(teacher, 'GET', `/classes/${cls.id}/dashboard`);
      const spy = jest.spyOn(executor, 'executeQuery');
      try {
        await ok(teacher, 'GET', `/classes/${cls.id}/dashboard`);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const small = await count();
    const extra = await ok<ClassDetail>(teacher, 'POST', '/classes', { name: 'Bigger' });
    for (let i = 0; i < 10; i += 1) {
      const id = await addUser(t, `bulk${classes}x${i}`);
      await t.db.insertInto('class_students').values({ class_id: cls.id, user_id: id, source: 'teacher', joined_at: t.clock(), left_at: null }).execute();
    }
    expect(extra.id).toBeGreaterThan(0);
    expect(await count()).toBe(small);
  });

  it('turning in: the student turns in a worksheet; the teacher reads it and comments; the student sees the comment', async () => {
    const { cls, review, worksheet, jo } = await classAtWork();
    const student = jo.session;
    const doc = await ok<WorksheetRecord>(student.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'My first job', data: emptyWorksheet('paycheck') });
    const stranger = await ok<WorksheetRecord>(learner.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Not yours', data: emptyWorksheet('paycheck') });
    refused(await call(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: stranger.id }), 404, CLASSROOM_MESSAGES.documentNotFound);
    refused(await call(learner.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: stranger.id }), 404, CLASSROOM_MESSAGES.notInClass);
    refused(await call(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: doc.id, assignmentId: review.id }), 400, CLASSROOM_MESSAGES.wrongAssignment);
    refused(await call(student.token, 'POST', '/me/turn-ins', { classId: '1', kind: 'worksheet', documentId: doc.id }), 400);
    refused(await call(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'essay', documentId: doc.id }), 400, CLASSROOM_MESSAGES.badTurnInKind);
    const res = await call(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: doc.id, assignmentId: worksheet.id });
    expect(res.statusCode).toBe(201);
    const turned = res.json() as TurnInSummary;
    expect(turned).toMatchObject({ classId: cls.id, className: cls.name, assignmentId: worksheet.id, kind: 'worksheet', documentId: doc.id, title: 'My first job', comments: [] });
    // a later edit does not change what was handed in
    await ok(student.token, 'PUT', `/worksheets/${doc.id}`, { kind: 'paycheck', version: doc.version, title: 'Edited after', data: emptyWorksheet('paycheck') });

    const read = await ok<TurnInRecord>(teacher, 'GET', `/turn-ins/${turned.id}`);
    expect(read).toMatchObject({ id: turned.id, studentName: 'Jo Adams', worksheetKind: 'paycheck', title: 'My first job', data: emptyWorksheet('paycheck') });
    refused(await call(teacher, 'POST', `/classes/${cls.id}/turn-ins/${turned.id}/comments`, { body: '   ' }), 400, CLASSROOM_MESSAGES.commentRequired);
    const comment = await call(teacher, 'POST', `/classes/${cls.id}/turn-ins/${turned.id}/comments`, { body: 'Good start: check the tax line.' });
    expect(comment.statusCode).toBe(201);
    const mine = await ok<TurnInSummary[]>(student.token, 'GET', '/me/turn-ins');
    expect(mine[0]).toMatchObject({ id: turned.id, comments: [{ authorName: 'Alex Morgan', body: 'Good start: check the tax line.' }] });
    expect((await ok<TurnInRecord>(student.token, 'GET', `/turn-ins/${turned.id}`)).comments).toHaveLength(1);
    refused(await call(learner.token, 'GET', `/turn-ins/${turned.id}`), 404, CLASSROOM_MESSAGES.turnInNotFound);
    refused(await call(otherTeacher, 'GET', `/turn-ins/${turned.id}`), 404, CLASSROOM_MESSAGES.turnInNotFound);
    refused(await call(coTeacher, 'GET', `/turn-ins/${turned.id}`), 404, CLASSROOM_MESSAGES.turnInNotFound);

    const board = await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`);
    expect(board.students.find((s) => s.userName === jo.userName)!.cells[worksheet.id]).toMatchObject({ status: 'completed', turnInId: turned.id });
  });

  it("a student's page: transcript, review attempts and turn-ins, read-only", async () => {
    const w = await classAtWork();
    await passReviewInTwo(w.jo.session);
    await turnIn(w);
    const record = await ok<ClassStudentRecord>(teacher, 'GET', `/classes/${w.cls.id}/students/${w.jo.id}`);
    expect(record.student).toMatchObject({ userId: w.jo.id, userName: w.jo.userName });
    expect(record.student).not.toHaveProperty('cells');
    expect(record.transcript).toEqual([expect.objectContaining({ moduleSlug: 'budgeting', averageBestScore: 100 })]);
    expect(record.reviewAttempts.map((a) => [a.score, a.passed])).toEqual([
      [100, true],
      [0, false],
    ]);
    expect(record.turnIns).toHaveLength(1);
    refused(await call(teacher, 'GET', `/classes/${w.cls.id}/students/${learner.user.id}`), 404, CLASSROOM_MESSAGES.studentNotFound);
  });

  /** The gradebook as a spreadsheet reads it, checked for what an import needs: a rectangle, unique non-empty headers, a points row, an e-mail on every student. */
  async function gradebookTable(w: AtWork, params?: Record<string, unknown>): Promise<string[][]> {
    const res = await call(teacher, 'GET', `/classes/${w.cls.id}/gradebook.csv`, undefined, params);
    expect(res.statusCode).toBe(200);
    const table = parse(res.body, { bom: true, relax_column_count: false }) as string[][];
    const [header, points, ...students] = table;
    expect(new Set(table.map((r) => r.length))).toEqual(new Set([header!.length]));
    expect(header!.filter((h) => h.trim() === '')).toEqual([]);
    expect(new Set(header!.map((h) => h.toLowerCase())).size).toBe(header!.length);
    expect(points![0]).toBe('Points possible');
    const email = header!.indexOf('Email address');
    for (const row of students) expect(row[email]).toMatch(/^[^@\s]+@[^@\s]+$/);
    return table;
  }

  it('the gradebook CSV: BOM, CRLF, a points row, one score column per assignment, formulas neutralised, e-mail on every row', async () => {
    const w = await classAtWork();
    await passReviewInTwo(w.jo.session);
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${(await turnIn(w)).id}/review`, { score: 92 });
    const res = await call(teacher, 'GET', `/classes/${w.cls.id}/gradebook.csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Personal-Finance-Period-5-gradebook.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(await gradebookTable(w)).toEqual([
      [
        'Last name',
        'First name',
        'User name',
        'Email address',
        `Review: Making Your First Budget (due ${w.review.dueDate})`,
        `Making Your First Budget (due ${w.material.dueDate})`,
        `Budgeting Basics (due ${w.module.dueDate})`,
        'Paycheck Breakdown',
      ],
      ['Points possible', '', '', '', '100', '100', '100', '100'],
      // Bo never tried the review, due yesterday: missing, 0; the rest is not due yet
      [`'=HYPERLINK("http://x.example")`, 'Bo "B"', w.bo.userName, `${w.bo.userName}@example.edu`, '0', '', '', ''],
      // Jo passed the review but has not read the material, not yet due: its column is empty; the
      // worksheet's column is the teacher's score of what Jo turned in
      ['Adams', 'Jo', w.jo.userName, `${w.jo.userName}@example.edu`, '100', '', '100', '92'],
    ]);
  });

  it('the gradebook: the teacher’s missing mark, a roster id column only when a student has one, a bad mark refused', async () => {
    const w = await classAtWork();
    const scores = (table: string[][]) => table.slice(2).map((r) => r.slice(-4));
    expect(scores(await gradebookTable(w, { missing: 'blank' }))).toEqual([
      ['', '', '', ''],
      ['', '', '', ''],
    ]);
    expect(scores(await gradebookTable(w, { missing: 'M' }))).toEqual([
      ['M', '', '', ''],
      ['M', '', '', ''],
    ]);
    expect((await gradebookTable(w))[0]).not.toContain('Roster id');
    await t.db.updateTable('users').set({ sourced_id: 'sis-jo-7' }).where('id', '=', w.jo.id).execute();
    const table = await gradebookTable(w);
    expect(table[0]!.slice(0, 5)).toEqual(['Last name', 'First name', 'User name', 'Email address', 'Roster id']);
    expect(table.slice(2).map((r) => r[4])).toEqual(['', 'sis-jo-7']);
    refused(await call(teacher, 'GET', `/classes/${w.cls.id}/gradebook.csv`, undefined, { missing: 'nothing' }), 400, CLASSROOM_MESSAGES.badMissingMark);
  });

  it('shared computers: ending the sessions signs the student out at their next request', async () => {
    const { cls, jo } = await classAtWork();
    refused(await call(teacher, 'POST', `/classes/${cls.id}/students/${teacherId}/end-sessions`), 404, CLASSROOM_MESSAGES.studentNotFound);
    const res = await ok<{ message: string; ended: number }>(teacher, 'POST', `/classes/${cls.id}/students/${jo.id}/end-sessions`);
    expect(res.ended).toBeGreaterThan(0);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(jo.session.token) });
    expect(check.statusCode).toBe(401);
    const board = await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`);
    expect(board.students.find((s) => s.userName === jo.userName)!.signedIn).toBe(false);
    refused(await call(otherTeacher, 'POST', `/classes/${cls.id}/students/${jo.id}/end-sessions`), 404);
    refused(await call(learner.token, 'POST', `/classes/${cls.id}/students/${jo.id}/end-sessions`), 403, CLASSROOM_MESSAGES.notStaff);
  });

  it('a temporary password: shown once, must be changed at the next sign-in (the flag), cleared by /me/password', async () => {
    const { cls, jo } = await classAtWork();
    const { password } = await ok<{ password: string }>(teacher, 'POST', `/classes/${cls.id}/students/${jo.id}/temporary-password`);
    expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.db.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', jo.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(password);
    expect(stored.must_change_password).toBe(1);
    const old = await signInRequest(t.app, jo.userName);
    expect(old.statusCode).toBe(401);
    const signedIn = await signInRequest(t.app, jo.userName, password);
    const session = (signedIn.json() as Envelope<Session>).body;
    expect(session.mustChangePassword).toBe(true);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) });
    expect((user.json() as Envelope<Session>).body.mustChangePassword).toBe(true);
    await ok(session.token, 'PUT', '/me/password', { currentPassword: password, newPassword: 'my own long passphrase 7' });
    const after = (await signInRequest(t.app, jo.userName, 'my own long passphrase 7')).json() as Envelope<Session>;
    expect(after.body).not.toHaveProperty('mustChangePassword');
    // never on a staff account
    await t.db.insertInto('class_students').values({ class_id: cls.id, user_id: coTeacherId, source: 'teacher', joined_at: t.clock(), left_at: null }).execute();
    refused(await call(teacher, 'POST', `/classes/${cls.id}/students/${coTeacherId}/temporary-password`), 403, CLASSROOM_MESSAGES.staffAccount);
    await t.db.deleteFrom('class_students').where('user_id', '=', coTeacherId).execute();
  });

  it('removing a student keeps their work; they leave "my classes"', async () => {
    const { cls, jo, bo } = await classAtWork();
    await ok(bo.session.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 30 });
    refused(await call(schoolAdmin, 'DELETE', `/classes/${cls.id}/students/${bo.id}`), 403, CLASSROOM_MESSAGES.readOnly);
    expect((await ok<{ message: string }>(teacher, 'DELETE', `/classes/${cls.id}/students/${bo.id}`)).message).toBe(CLASSROOM_MESSAGES.studentRemoved);
    expect((await ok<ClassDashboard>(teacher, 'GET', `/classes/${cls.id}/dashboard`)).students.map((s) => s.userName)).toEqual([jo.userName]);
    expect((await ok<StudentClass[]>(bo.session.token, 'GET', '/me/classes')).map((c) => c.id)).not.toContain(cls.id);
    expect(await t.db.selectFrom('time_spent').select('seconds').where('user_id', '=', bo.id).execute()).toEqual([{ seconds: 30 }]);
  });
});
