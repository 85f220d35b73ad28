/**
 * "What the class got wrong" through the service proxy on a real database (SQLite, or PostgreSQL
 * under TEST_DATABASE_URL), with the fixture content (a five-question review, each question naming
 * its section): the share of the class right on each question from each student's latest answer,
 * most-missed first; one click re-teaches a missed question's section, with a re-review, to the
 * students who missed it and only them; staff of the class only.
 */
import path from 'node:path';
import type { ReviewView } from '../../src/common/catalog';
import type { Assignment, ClassDashboard, ClassDetail, ClassReviewQuestions, MyAssignment, ReteachResult } from '../../src/common/classroom';
import type { Session } from '../../src/common/types';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { CLASSROOM_MESSAGES } from '../../src/server/services/classroom/messages';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, signIn, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
/** the fixture's right answers and a wrong one for each, by the content's choice index */
const RIGHT = [0, false, 1, true, 1] as const;
const WRONG = [1, true, 0, false, 0] as const;
const SECTION_PATH = '/app/catalog/budgeting/material/first-budget/section/needs-and-wants';

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 48);

let teacher: string;
let schoolAdmin: string;
let otherTeacher: string;
let ana: Session;
let ben: Session;
let cy: Session;
let classId: number;
let reviewId: number;
let materialId: number;

/** Answers the review: question i right unless `missed` lists it. */
async function answer(session: Session, missed: readonly number[]): Promise<void> {
  t.clock.advance(60_000);
  const review = await ok<ReviewView>(session.token, 'GET', `${MAT}/review`);
  // the review does not draw: its questions come in the file's order
  await ok(session.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => (missed.includes(i) ? WRONG[i]! : RIGHT[i]!)));
}

const questionsPath = () => `/classes/${classId}/assignments/${reviewId}/questions`;
const reteachPath = () => `/classes/${classId}/assignments/${reviewId}/reteach`;
const questionIdAt = async (position: number) =>
  (await t.db.selectFrom('content_questions').select('id').where('position', '=', position).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, FIXTURE, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'mqteach', { schoolPermissions: ['TEACHER'], firstName: 'Alex', lastName: 'Morgan' });
  await addUser(t, 'mqadmin', { schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'mqother', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
  for (const [userName, firstName, lastName] of [
    ['mqana', 'Ana', 'Alvarez'],
    ['mqben', 'Ben', 'Brooks'],
    ['mqcy', 'Cy', 'Cole'],
  ] as const) {
    await addUser(t, userName, { firstName, lastName });
  }
  teacher = (await signIn(t.app, 'mqteach')).token;
  schoolAdmin = (await signIn(t.app, 'mqadmin')).token;
  otherTeacher = (await signIn(t.app, 'mqother')).token;
  [ana, ben, cy] = [await signIn(t.app, 'mqana'), await signIn(t.app, 'mqben'), await signIn(t.app, 'mqcy')];

  const cls = await ok<ClassDetail>(teacher, 'POST', '/classes', { name: 'Period 5' });
  classId = cls.id;
  for (const s of [ana, ben, cy]) await ok(s.token, 'POST', '/me/access-codes', { code: cls.joinCode });
  reviewId = (await ok<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, { kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget' })).id;
  materialId = (await ok<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget' })).id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('what the class got wrong', () => {
  it('before any attempt: every question, in the bank’s order, answered by nobody', async () => {
    const view = await ok<ClassReviewQuestions>(teacher, 'GET', questionsPath());
    expect(view).toMatchObject({ classId, assignmentId: reviewId, title: 'Review: Making Your First Budget', studentCount: 3, attemptedCount: 0 });
    expect(view.questions.map((q) => [q.position, q.answered, q.percentRight])).toEqual([1, 2, 3, 4, 5].map((p) => [p, 0, null]));
  });

  it('[S9] the share right from each student’s latest answer, the most-missed first, with the section each tests and who missed it', async () => {
    await answer(ana, []);
    await answer(ben, [0, 4]);
    await answer(cy, [0, 4]);
    // Cy's retake gets question 5 right: their latest answer is what counts
    await answer(cy, [0]);
    const view = await ok<ClassReviewQuestions>(teacher, 'GET', questionsPath());
    expect(view.attemptedCount).toBe(3);
    expect(view.questions.map((q) => [q.position, q.percentRight])).toEqual([
      [1, 33],
      [5, 67],
      [2, 100],
      [3, 100],
      [4, 100],
    ]);
    const [first, second] = view.questions;
    expect(first).toMatchObject({
      prompt: 'Which of these is a need?',
      answered: 3,
      right: 1,
      section: { slug: 'needs-and-wants', title: 'Needs and Wants', path: SECTION_PATH },
      missedBy: [
        { userId: ben.user.id, name: 'Ben Brooks' },
        { userId: cy.user.id, name: 'Cy Cole' },
      ],
      retaughtTo: [],
    });
    expect(second!.missedBy.map((s) => s.name)).toEqual(['Ben Brooks']);
    // the answers are not in it: the page is about who missed what, not the key
    expect(JSON.stringify(view)).not.toMatch(/Housing is a need/);
  });

  it('a school administrator reads it; the class’s students, another school’s teacher and a non-review assignment do not', async () => {
    expect((await ok<ClassReviewQuestions>(schoolAdmin, 'GET', questionsPath())).questions).toHaveLength(5);
    refused(await call(ana.token, 'GET', questionsPath()), 403, CLASSROOM_MESSAGES.notStaff);
    refused(await call(otherTeacher, 'GET', questionsPath()), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await call(teacher, 'GET', `/classes/${classId}/assignments/${materialId}/questions`), 400, CLASSROOM_MESSAGES.notAReview);
    refused(await call(teacher, 'GET', `/classes/${classId}/assignments/999999/questions`), 404, CLASSROOM_MESSAGES.assignmentNotFound);
    refused(await call(teacher, 'GET', `/classes/${classId}/assignments/x1/questions`), 400, CLASSROOM_MESSAGES.badId('assignment'));
  });

  it.each<[string, () => Promise<unknown>, number, string]>([
    ['no question', async () => ({}), 400, CLASSROOM_MESSAGES.questionRequired],
    ['a question id as text', async () => ({ questionId: String(await questionIdAt(1)) }), 400, CLASSROOM_MESSAGES.questionRequired],
    ['an unknown field', async () => ({ questionId: await questionIdAt(1), students: [1] }), 400, 'Unknown field: students'],
    ['a question of another review', async () => ({ questionId: 999999 }), 404, CLASSROOM_MESSAGES.questionNotFound],
    ['a question nobody missed', async () => ({ questionId: await questionIdAt(2) }), 409, CLASSROOM_MESSAGES.nobodyMissed],
  ])('refuses a re-teach of %s, assigning nothing', async (_name, payload, status, message) => {
    const before = await t.db.selectFrom('assignments').select('id').execute();
    refused(await call(teacher, 'POST', reteachPath(), await payload()), status, message);
    expect(await t.db.selectFrom('assignments').select('id').execute()).toEqual(before);
  });

  it('a school administrator may not re-teach (read, not change), nor may a student', async () => {
    const questionId = await questionIdAt(1);
    refused(await call(schoolAdmin, 'POST', reteachPath(), { questionId }), 403, CLASSROOM_MESSAGES.readOnly);
    refused(await call(ben.token, 'POST', reteachPath(), { questionId }), 403, CLASSROOM_MESSAGES.notStaff);
  });

  it('one click assigns the missed question’s section and a re-review to the students who missed it, and only them', async () => {
    const questionId = await questionIdAt(1);
    const res = await call(teacher, 'POST', reteachPath(), { questionId });
    expect(res.statusCode).toBe(201);
    const result = res.json() as ReteachResult;
    expect(result.message).toBe(CLASSROOM_MESSAGES.retaught('Needs and Wants', 2));
    expect(result.students.map((s) => s.name)).toEqual(['Ben Brooks', 'Cy Cole']);
    const [section, review] = result.assignments;
    expect(section).toMatchObject({ kind: 'material', sectionSlug: 'needs-and-wants', href: SECTION_PATH, title: 'Needs and Wants (Making Your First Budget)', studentIds: [ben.user.id, cy.user.id] });
    expect(review).toMatchObject({ kind: 'review', href: '/app/catalog/budgeting/material/first-budget/review', studentIds: [ben.user.id, cy.user.id] });
    expect(section!.note).toBe(CLASSROOM_MESSAGES.reteachNote('Needs and Wants', 'Review: Making Your First Budget'));

    // the students who missed it see both; the one who did not sees neither
    const benList = await ok<MyAssignment[]>(ben.token, 'GET', '/me/assignments');
    expect(benList.filter((a) => a.studentIds).map((a) => [a.kind, a.href, a.status])).toEqual([
      ['material', SECTION_PATH, 'not-started'],
      ['review', '/app/catalog/budgeting/material/first-budget/review', 'not-started'],
    ]);
    expect((await ok<MyAssignment[]>(ana.token, 'GET', '/me/assignments', undefined, { all: true })).filter((a) => a.studentIds)).toEqual([]);
    // the class's own lists are unchanged: the grid, the gradebook and the class page show the class's assignments
    expect((await ok<ClassDashboard>(teacher, 'GET', `/classes/${classId}/dashboard`)).assignments.map((a) => a.id).sort()).toEqual([reviewId, materialId].sort());
    expect((await ok<ClassDetail>(teacher, 'GET', `/classes/${classId}`)).assignments).toHaveLength(2);

    // sent once: the page says so, and a second click assigns nothing more
    const view = await ok<ClassReviewQuestions>(teacher, 'GET', questionsPath());
    expect(view.questions[0]!.retaughtTo).toEqual([ben.user.id, cy.user.id]);
    refused(await call(teacher, 'POST', reteachPath(), { questionId }), 409, CLASSROOM_MESSAGES.alreadyRetaught);

    // passing the review after the re-teach completes it
    await answer(ben, []);
    expect((await ok<MyAssignment[]>(ben.token, 'GET', '/me/assignments')).filter((a) => a.studentIds)).toEqual([]);
    const done = (await ok<MyAssignment[]>(ben.token, 'GET', '/me/assignments', undefined, { all: true })).filter((a) => a.studentIds);
    expect(done.map((a) => a.status)).toEqual(['completed', 'passed']);
    expect((await ok<MyAssignment[]>(cy.token, 'GET', '/me/assignments')).filter((a) => a.studentIds)).toHaveLength(2);
  });

  it('a question that names no section cannot be re-taught by section', async () => {
    await t.db.updateTable('content_questions').set({ section_slug: null }).where('position', '=', 5).execute();
    refused(await call(teacher, 'POST', reteachPath(), { questionId: await questionIdAt(5) }), 409, CLASSROOM_MESSAGES.noSection);
    expect((await ok<ClassReviewQuestions>(teacher, 'GET', questionsPath())).questions.find((q) => q.position === 5)!.section).toBeNull();
  });

  it('an archived class is read, not re-taught', async () => {
    await ok(teacher, 'PATCH', `/classes/${classId}`, { archived: true });
    expect((await ok<ClassReviewQuestions>(teacher, 'GET', questionsPath())).questions).toHaveLength(5);
    refused(await call(teacher, 'POST', reteachPath(), { questionId: await questionIdAt(1) }), 409, CLASSROOM_MESSAGES.archived);
    await ok(teacher, 'PATCH', `/classes/${classId}`, { archived: false });
  });
});
