/**
 * Exceptions for one student (SPEC's classroom, through the service proxy on SQLite, or PostgreSQL
 * under TEST_DATABASE_URL): extra attempts at a review and a later due day, granted by the class's
 * teachers or the school's administrator; what the student then sees (the review answerable again,
 * "Assigned to you" with their own due day) and what the dashboard shows; who may not grant them.
 */
import path from 'node:path';
import type { ReviewView } from '../../src/common/catalog';
import type { Assignment, AssignmentException, ClassDashboard, ClassDetail, ClassStudentRecord, MyAssignment } from '../../src/common/classroom';
import type { Session } from '../../src/common/types';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { CLASSROOM_MESSAGES } from '../../src/server/services/classroom/messages';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

const ROOT = path.resolve(__dirname, '../..');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
const RIGHT = [0, false, 1, true, 1] as const;
const WRONG = [1, true, 0, false, 0] as const;
const DAY = 86_400_000;

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 57);
let teacher: string;
let coTeacher: string;
let schoolAdmin: string;
let otherTeacher: string;
let sameSchoolTeacher: string;
let learner: Session;
let classes = 0;

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'xteach1', { schoolPermissions: ['TEACHER'], firstName: 'Alex', lastName: 'Morgan' });
  await addUser(t, 'xteach2', { schoolPermissions: ['TEACHER'], firstName: 'Sam', lastName: 'Lee' });
  await addUser(t, 'xteach3', { schoolPermissions: ['TEACHER'] });
  await addUser(t, 'xsadmin', { schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'xrteach', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** Everyone signed in again (the clock moves on between tests, and sessions go idle). */
async function signInAll(): Promise<void> {
  teacher = (await signIn(t.app, 'xteach1')).token;
  coTeacher = (await signIn(t.app, 'xteach2')).token;
  sameSchoolTeacher = (await signIn(t.app, 'xteach3')).token;
  schoolAdmin = (await signIn(t.app, 'xsadmin')).token;
  otherTeacher = (await signIn(t.app, 'xrteach')).token;
  learner = await signIn(t.app, 'learner');
}

/** The school's calendar day `days` after now (America/New_York). */
const schoolDay = (days: number): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(t.clock() + days * DAY);

interface World {
  cls: ClassDetail;
  /** two attempts, due tomorrow at the start */
  review: Assignment;
  /** a material due tomorrow at the start */
  material: Assignment;
  /** a worksheet without a due day */
  worksheet: Assignment;
  jo: { id: number; session: Session; userName: string };
  bo: { id: number; session: Session; userName: string };
  path: (userId: number, assignmentId: number) => string;
}

/** A class of two students, Sam Lee its co-teacher, its work due yesterday (two days have passed). */
async function world(): Promise<World> {
  classes += 1;
  await signInAll();
  const cls = await ok<ClassDetail>(teacher, 'POST', '/classes', { name: `Period ${classes}` });
  await ok(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'xteach2' });
  const kid = async (name: string) => {
    const userName = `exc${classes}.${name.toLowerCase()}`;
    const id = await addUser(t, userName, { firstName: name, lastName: 'Kid' });
    const session = await signIn(t.app, userName);
    await ok(session.token, 'POST', '/me/access-codes', { code: cls.joinCode });
    return { id, session, userName };
  };
  const jo = await kid('Jo');
  const bo = await kid('Bo');
  const assign = (payload: object) => ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, payload);
  const review = await assign({ kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 2, dueDate: schoolDay(1) });
  const material = await assign({ kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget', dueDate: schoolDay(1) });
  const worksheet = await assign({ kind: 'worksheet', worksheetKind: 'paycheck' });
  t.clock.advance(2 * DAY);
  await signInAll();
  for (const k of [jo, bo]) k.session = await signIn(t.app, k.userName);
  return { cls, review, material, worksheet, jo, bo, path: (userId, assignmentId) => `/classes/${cls.id}/students/${userId}/exceptions/${assignmentId}` };
}

async function useAttempts(session: Session, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const review = await ok<ReviewView>(session.token, 'GET', `${MAT}/review`);
    await ok(session.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (q) => WRONG[q]!));
  }
}

describe('extra attempts', () => {
  it('a student out of attempts can attempt again once their teacher grants one more: "Attempt 3 of 3"', async () => {
    const w = await world();
    await useAttempts(w.jo.session, 2);
    const out = await ok<ReviewView>(w.jo.session.token, 'GET', `${MAT}/review`);
    expect(out).toMatchObject({ attempts: 2, attemptLimit: { allowed: 2 }, serving: null, questions: [] });

    const granted = await ok<AssignmentException>(teacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 1 });
    expect(granted).toMatchObject({ assignmentId: w.review.id, userId: w.jo.id, extraAttempts: 1, dueDate: null, dueAt: null, grantedBy: 'Alex Morgan', grantedAt: t.clock() });

    const again = await ok<ReviewView>(w.jo.session.token, 'GET', `${MAT}/review`);
    expect(again).toMatchObject({ attempts: 2, attemptLimit: { allowed: 3, className: w.cls.name, teacher: 'Alex Morgan' } });
    expect(again.questions.length).toBeGreaterThan(0);
    await ok(w.jo.session.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, again, (q) => RIGHT[q]!));
    const grid = await ok<ClassDashboard>(teacher, 'GET', `/classes/${w.cls.id}/dashboard`);
    expect(grid.students.find((s) => s.userId === w.jo.id)?.cells[w.review.id]).toMatchObject({ status: 'passed', attempts: 3, bestScore: 100 });
    // only Jo's limit moved
    await useAttempts(w.bo.session, 2);
    expect(await ok<ReviewView>(w.bo.session.token, 'GET', `${MAT}/review`)).toMatchObject({ attemptLimit: { allowed: 2 }, questions: [] });
  });

  it('withdrawing the exception brings the class’s limit back; a second grant replaces the first', async () => {
    const w = await world();
    await ok(coTeacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 3 });
    expect((await ok<ReviewView>(w.jo.session.token, 'GET', `${MAT}/review`)).attemptLimit?.allowed).toBe(5);
    await ok(teacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 1 });
    expect((await ok<ReviewView>(w.jo.session.token, 'GET', `${MAT}/review`)).attemptLimit?.allowed).toBe(3);
    expect(await ok(teacher, 'DELETE', w.path(w.jo.id, w.review.id))).toEqual({ message: CLASSROOM_MESSAGES.exceptionWithdrawn });
    expect((await ok<ReviewView>(w.jo.session.token, 'GET', `${MAT}/review`)).attemptLimit?.allowed).toBe(2);
    refused(await call(teacher, 'DELETE', w.path(w.jo.id, w.review.id)), 404, CLASSROOM_MESSAGES.exceptionNotFound);
  });
});

describe('a later due day', () => {
  it('"Assigned to you" gives the student their own due day, marked extended, and not overdue until it passes', async () => {
    const w = await world();
    const mineBefore = await ok<MyAssignment[]>(w.jo.session.token, 'GET', '/me/assignments');
    expect(mineBefore.find((a) => a.id === w.material.id)).toMatchObject({ overdue: true, extended: false, dueDate: w.material.dueDate });

    const day = schoolDay(3);
    const granted = await ok<AssignmentException>(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: day });
    expect(granted).toMatchObject({ extraAttempts: 0, dueDate: day, dueAt: expect.any(Number) });

    const mine = (await ok<MyAssignment[]>(w.jo.session.token, 'GET', '/me/assignments')).find((a) => a.id === w.material.id);
    expect(mine).toMatchObject({ dueDate: day, dueAt: granted.dueAt, extended: true, overdue: false, status: 'not-started' });
    // Bo keeps the class's day, and is late
    expect((await ok<MyAssignment[]>(w.bo.session.token, 'GET', '/me/assignments')).find((a) => a.id === w.material.id)).toMatchObject({ dueDate: w.material.dueDate, extended: false, overdue: true });

    // once their own day has passed, they are late too
    t.clock.advance(4 * DAY);
    const later = await signIn(t.app, w.jo.userName);
    expect((await ok<MyAssignment[]>(later.token, 'GET', '/me/assignments')).find((a) => a.id === w.material.id)).toMatchObject({ extended: true, overdue: true });
  });

  it('the dashboard cell uses the student’s own due instant, and turns overdue when it passes with no write in between', async () => {
    const w = await world();
    await ok(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(1) });
    // the students' sessions idle out first: nothing but the clock changes from here on
    t.clock.advance(2 * 3_600_000);
    teacher = (await signIn(t.app, 'xteach1')).token;
    const poll = (etag?: string) => serviceCall(t.app, 'GET', `/classes/${w.cls.id}/dashboard`, { token: teacher, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });
    const first = await poll();
    const grid = first.json() as ClassDashboard;
    const cell = (g: ClassDashboard, userId: number) => g.students.find((s) => s.userId === userId)?.cells[w.material.id]?.status;
    expect(cell(grid, w.jo.id)).toBe('not-started');
    expect(cell(grid, w.bo.id)).toBe('overdue');
    expect(grid.exceptions).toEqual([expect.objectContaining({ assignmentId: w.material.id, userId: w.jo.id, dueDate: schoolDay(1) })]);

    const etag = String(first.headers.etag);
    expect((await poll(etag)).statusCode).toBe(304);
    t.clock.advance(2 * DAY);
    teacher = (await signIn(t.app, 'xteach1')).token;
    const next = await poll(etag);
    expect(next.statusCode).toBe(200);
    expect(cell(next.json() as ClassDashboard, w.jo.id)).toBe('overdue');
  });

  it('the student’s page lists the class’s assignments with their cells and exceptions', async () => {
    const w = await world();
    await ok(schoolAdmin, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(2) });
    const record = await ok<ClassStudentRecord>(teacher, 'GET', `/classes/${w.cls.id}/students/${w.jo.id}`);
    expect(record.assignments.map((a) => a.id)).toEqual(expect.arrayContaining([w.review.id, w.material.id, w.worksheet.id]));
    expect(record.cells[w.material.id]?.status).toBe('not-started');
    expect(record.cells[w.review.id]?.status).toBe('overdue');
    expect(record.exceptions).toEqual([expect.objectContaining({ assignmentId: w.material.id, dueDate: schoolDay(2) })]);
  });
});

describe('what a grant writes', () => {
  it('bumps the class’s dashboard version and the student’s row, and records who granted what', async () => {
    const w = await world();
    const versions = async () => ({
      cls: Number((await t.db.selectFrom('classes').select('dashboard_version').where('id', '=', w.cls.id).executeTakeFirstOrThrow()).dashboard_version),
      jo: Number((await t.db.selectFrom('class_students').select('row_version').where('class_id', '=', w.cls.id).where('user_id', '=', w.jo.id).executeTakeFirstOrThrow()).row_version),
      bo: Number((await t.db.selectFrom('class_students').select('row_version').where('class_id', '=', w.cls.id).where('user_id', '=', w.bo.id).executeTakeFirstOrThrow()).row_version),
    });
    const before = await versions();
    await ok(teacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 2, dueDate: schoolDay(5) });
    const after = await versions();
    expect(after.cls).toBeGreaterThan(before.cls);
    expect(after.jo).toBeGreaterThan(before.jo);
    expect(after.bo).toBe(before.bo);
    const entry = await t.db.selectFrom('audit_events').select(['action', 'target_user_id', 'actor_name', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'assignment-exception.grant', target_user_id: w.jo.id, actor_name: 'Alex Morgan (xteach1)' });
    expect(JSON.parse(entry.detail)).toEqual({ classId: w.cls.id, className: w.cls.name, assignmentId: w.review.id, extraAttempts: 2, dueDate: schoolDay(5) });

    await ok(teacher, 'DELETE', w.path(w.jo.id, w.review.id));
    expect((await versions()).jo).toBeGreaterThan(after.jo);
    expect((await t.db.selectFrom('audit_events').select('action').orderBy('id', 'desc').executeTakeFirstOrThrow()).action).toBe('assignment-exception.withdraw');
  });
});

describe('validation', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it.each([
    [{ extraAttempts: 0 }, CLASSROOM_MESSAGES.badExtraAttempts],
    [{ extraAttempts: 11 }, CLASSROOM_MESSAGES.badExtraAttempts],
    [{ extraAttempts: 1.5 }, CLASSROOM_MESSAGES.badExtraAttempts],
    [{ extraAttempts: '2' }, CLASSROOM_MESSAGES.badExtraAttempts],
    [{}, CLASSROOM_MESSAGES.exceptionEmpty],
    [{ extraAttempts: null, dueDate: null }, CLASSROOM_MESSAGES.exceptionEmpty],
    [null, CLASSROOM_MESSAGES.exceptionEmpty],
    [{ dueDate: 'next friday' }, CLASSROOM_MESSAGES.badDueDate],
    [{ dueDate: '2026-02-30' }, CLASSROOM_MESSAGES.badDueDate],
  ])('PUT %j is refused: %s', async (payload, message) => {
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.review.id), payload), 400, message);
  });

  it('an unknown field is refused', async () => {
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 1, grantedBy: 1 }), 400);
  });

  it('a due day must be in the future and later than the class’s', async () => {
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(-1) }), 400, CLASSROOM_MESSAGES.duePassed);
    // the class's own day, yesterday, is over
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: w.material.dueDate }), 400, CLASSROOM_MESSAGES.duePassed);
    await ok(teacher, 'PATCH', `/classes/${w.cls.id}/assignments/${w.material.id}`, { dueDate: schoolDay(4) });
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(3) }), 400, CLASSROOM_MESSAGES.extensionNotLater(schoolDay(4)));
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(4) }), 400, CLASSROOM_MESSAGES.extensionNotLater(schoolDay(4)));
    await ok(teacher, 'PUT', w.path(w.jo.id, w.material.id), { dueDate: schoolDay(5) });
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.worksheet.id), { dueDate: schoolDay(5) }), 400, CLASSROOM_MESSAGES.noDueToExtend);
  });

  it('extra attempts only on a review with a limit', async () => {
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.material.id), { extraAttempts: 1 }), 400, CLASSROOM_MESSAGES.extraAttemptsOnlyForReviews);
    await ok(teacher, 'PATCH', `/classes/${w.cls.id}/assignments/${w.review.id}`, { maxAttempts: null });
    refused(await call(teacher, 'PUT', w.path(w.jo.id, w.review.id), { extraAttempts: 1 }), 400, CLASSROOM_MESSAGES.attemptsNotLimited);
    await ok(teacher, 'PATCH', `/classes/${w.cls.id}/assignments/${w.review.id}`, { maxAttempts: 2 });
  });

  it('bad ids are a 400, a withdrawn assignment a 404', async () => {
    refused(await call(teacher, 'PUT', `/classes/${w.cls.id}/students/x/exceptions/${w.review.id}`, { extraAttempts: 1 }), 400, CLASSROOM_MESSAGES.badId('student'));
    refused(await call(teacher, 'PUT', `/classes/${w.cls.id}/students/${w.jo.id}/exceptions/0`, { extraAttempts: 1 }), 400, CLASSROOM_MESSAGES.badId('assignment'));
    const extra = await ok<Assignment>(teacher, 'POST', `/classes/${w.cls.id}/assignments`, { kind: 'module', moduleSlug: 'budgeting', dueDate: schoolDay(2) });
    await ok(teacher, 'DELETE', `/classes/${w.cls.id}/assignments/${extra.id}`);
    refused(await call(teacher, 'PUT', w.path(w.jo.id, extra.id), { dueDate: schoolDay(3) }), 404, CLASSROOM_MESSAGES.assignmentNotFound);
  });
});

describe('who may grant', () => {
  it('the class’s teachers and the school’s administrator; nobody else, and never for someone outside the class', async () => {
    const w = await world();
    const put = (token: string, userId = w.jo.id, assignmentId = w.review.id) => call(token, 'PUT', w.path(userId, assignmentId), { extraAttempts: 1 });
    expect((await put(teacher)).statusCode).toBe(200);
    expect((await put(coTeacher)).statusCode).toBe(200);
    expect((await put(schoolAdmin)).statusCode).toBe(200);
    refused(await put(learner.token), 403, CLASSROOM_MESSAGES.notStaff);
    refused(await put(w.bo.session.token), 403, CLASSROOM_MESSAGES.notStaff);
    refused(await put(otherTeacher), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await put(sameSchoolTeacher), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await call(otherTeacher, 'DELETE', w.path(w.jo.id, w.review.id)), 404, CLASSROOM_MESSAGES.classNotFound);
    // a student who is not in the class (or left it)
    refused(await put(teacher, learner.user.id), 404, CLASSROOM_MESSAGES.studentNotFound);
    await ok(teacher, 'DELETE', `/classes/${w.cls.id}/students/${w.bo.id}`);
    refused(await put(teacher, w.bo.id), 404, CLASSROOM_MESSAGES.studentNotFound);
    // an assignment of another class
    const other = await ok<ClassDetail>(sameSchoolTeacher, 'POST', '/classes', { name: 'Elsewhere' });
    const theirs = await ok<Assignment>(sameSchoolTeacher, 'POST', `/classes/${other.id}/assignments`, { kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', maxAttempts: 1 });
    refused(await put(teacher, w.jo.id, theirs.id), 404, CLASSROOM_MESSAGES.assignmentNotFound);
    // an archived class takes no new exceptions
    await ok(teacher, 'PATCH', `/classes/${w.cls.id}`, { archived: true });
    refused(await put(teacher), 409, CLASSROOM_MESSAGES.archived);
  });
});
