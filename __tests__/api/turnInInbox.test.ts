/**
 * The class's inbox of turned-in work through the service proxy on a real database (SQLite, or
 * PostgreSQL under TEST_DATABASE_URL): the list, the teacher's score and comment, returning work,
 * what the student sees of it, the gradebook's score, the audit trail and who may do what.
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { BudgetData, BudgetRecord } from '../../src/common/budget';
import type { ClassDetail, ClassInbox, InboxItem, TurnInRecord, TurnInSummary } from '../../src/common/classroom';
import type { Session } from '../../src/common/types';
import type { WorksheetRecord } from '../../src/common/worksheets';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { CLASSROOM_MESSAGES } from '../../src/server/services/classroom/messages';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, signIn, type TestApp } from './support/testApp';

const ROOT = path.resolve(__dirname, '../..');

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 48);

let teacher: string;
let coTeacher: string;
let schoolAdmin: string;
let otherTeacher: string;

const SAVINGS = { goalName: 'Car', targetCents: 300_000, currentCents: 20_000, monthlyCents: 25_000, aprBasisPoints: 450 };
const BUDGET: BudgetData = {
  name: 'September',
  month: '2026-09',
  payFrequency: 'biweekly',
  incomes: [{ source: 'Job', amountCents: 120_000, frequency: 'biweekly' }],
  expenses: [{ category: 'Rent', kind: 'need', variability: 'fixed', amountCents: 90_000 }],
  goals: [],
  debts: [],
};

interface World {
  cls: ClassDetail;
  /** a student of the class, with a worksheet and a budget turned in (the budget last) */
  kid: Session & { id: number };
  worksheetTurnIn: TurnInSummary;
  budgetTurnIn: TurnInSummary;
  assignmentId: number;
}

let classes = 0;
/** A class of its own for each test, with one student who turned in a savings goal (assigned) and then a budget. */
async function world(): Promise<World> {
  classes += 1;
  const cls = await ok<ClassDetail>(teacher, 'POST', '/classes', { name: `Period ${classes}` });
  await ok(teacher, 'POST', `/classes/${cls.id}/teachers`, { userName: 'inteach2' });
  const userName = `inkid${classes}`;
  const id = await addUser(t, userName, { firstName: 'Maya', lastName: 'Johnson' });
  const session = await signIn(t.app, userName);
  await ok(session.token, 'POST', '/me/access-codes', { code: cls.joinCode });
  const assignment = await ok<{ id: number }>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'savings-goal' });
  const sheet = await ok<WorksheetRecord>(session.token, 'POST', '/worksheets', { kind: 'savings-goal', title: '', data: SAVINGS });
  const worksheetTurnIn = await ok<TurnInSummary>(session.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: sheet.id, assignmentId: assignment.id });
  t.clock.advance(60_000);
  const budget = await ok<BudgetRecord>(session.token, 'POST', '/budgets', { status: 'draft', data: BUDGET });
  const budgetTurnIn = await ok<TurnInSummary>(session.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'budget', documentId: budget.id });
  return { cls, kid: { ...session, id }, worksheetTurnIn, budgetTurnIn, assignmentId: assignment.id };
}

const review = (w: World, turnInId: number, payload: unknown, token = teacher) => call(token, 'PUT', `/classes/${w.cls.id}/turn-ins/${turnInId}/review`, payload);
const giveBack = (w: World, turnInId: number, token = teacher) => call(token, 'POST', `/classes/${w.cls.id}/turn-ins/${turnInId}/return`);
const versionOf = async (classId: number) => Number((await t.db.selectFrom('classes').select('dashboard_version').where('id', '=', classId).executeTakeFirstOrThrow()).dashboard_version);

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'inteach1', { schoolPermissions: ['TEACHER'], firstName: 'Alex', lastName: 'Morgan' });
  await addUser(t, 'inteach2', { schoolPermissions: ['TEACHER'], firstName: 'Sam', lastName: 'Lee' });
  await addUser(t, 'insadmin', { schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'inrteach', { schools: ['ROOSEVELT-AC'], schoolPermissions: ['TEACHER'] });
  teacher = (await signIn(t.app, 'inteach1')).token;
  coTeacher = (await signIn(t.app, 'inteach2')).token;
  schoolAdmin = (await signIn(t.app, 'insadmin')).token;
  otherTeacher = (await signIn(t.app, 'inrteach')).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('the class inbox', () => {
  it('lists every turned-in worksheet and budget of the class, newest first, each to review, for its teachers and its school admin', async () => {
    const w = await world();
    const inbox = await ok<ClassInbox>(teacher, 'GET', `/classes/${w.cls.id}/inbox`);
    expect(inbox).toMatchObject({ classId: w.cls.id, name: w.cls.name });
    expect(inbox.items.map((i) => [i.id, i.kind, i.title, i.studentName, i.userId, i.worksheetKind, i.state, i.review])).toEqual([
      [w.budgetTurnIn.id, 'budget', 'September', 'Maya Johnson', w.kid.id, null, 'to-review', null],
      [w.worksheetTurnIn.id, 'worksheet', 'Savings Goal Timeline', 'Maya Johnson', w.kid.id, 'savings-goal', 'to-review', null],
    ]);
    expect(inbox.items[1]!.assignmentId).toBe(w.assignmentId);
    expect((await ok<ClassInbox>(schoolAdmin, 'GET', `/classes/${w.cls.id}/inbox`)).items).toHaveLength(2);
    // another school's teacher, a student: no such class
    refused(await call(otherTeacher, 'GET', `/classes/${w.cls.id}/inbox`), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await call(w.kid.token, 'GET', `/classes/${w.cls.id}/inbox`), 403, CLASSROOM_MESSAGES.notStaff);
  });

  it('a score in points and a comment: the teacher sees them at once, the student once the work is returned', async () => {
    const w = await world();
    const scored = await ok<InboxItem>(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 85, comment: '  Good plan; check the interest.  ' });
    expect(scored).toMatchObject({ id: w.worksheetTurnIn.id, state: 'scored', review: { score: 85, comment: 'Good plan; check the interest.', scoredAt: t.clock(), returnedAt: null } });
    // not returned yet: the student sees neither
    const before = await ok<TurnInSummary[]>(w.kid.token, 'GET', '/me/turn-ins');
    expect(before.find((s) => s.id === w.worksheetTurnIn.id)?.review).toBeNull();
    expect((await ok<TurnInRecord>(w.kid.token, 'GET', `/turn-ins/${w.worksheetTurnIn.id}`)).review).toBeNull();

    t.clock.advance(1000);
    const returned = await ok<InboxItem>(teacher, 'POST', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/return`);
    expect(returned).toMatchObject({ state: 'returned', review: { score: 85, comment: 'Good plan; check the interest.', returnedAt: t.clock() } });
    const after = await ok<TurnInSummary[]>(w.kid.token, 'GET', '/me/turn-ins');
    expect(after.find((s) => s.id === w.worksheetTurnIn.id)?.review).toMatchObject({ score: 85, comment: 'Good plan; check the interest.' });
    expect(after.find((s) => s.id === w.budgetTurnIn.id)?.review).toBeNull();
    expect((await ok<TurnInRecord>(w.kid.token, 'GET', `/turn-ins/${w.worksheetTurnIn.id}`)).review).toMatchObject({ score: 85 });
    refused(await giveBack(w, w.worksheetTurnIn.id), 409, CLASSROOM_MESSAGES.alreadyReturned);

    // returned work can be turned in again: a new item to review; a later change of score shows at once
    const sheetId = (await t.db.selectFrom('turn_ins').select('document_id').where('id', '=', w.worksheetTurnIn.id).executeTakeFirstOrThrow()).document_id;
    const again = await ok<TurnInSummary>(w.kid.token, 'POST', '/me/turn-ins', { classId: w.cls.id, kind: 'worksheet', documentId: sheetId, assignmentId: w.assignmentId });
    expect((await ok<ClassInbox>(teacher, 'GET', `/classes/${w.cls.id}/inbox`)).items.map((i) => [i.id, i.state])).toEqual([
      [again.id, 'to-review'],
      [w.budgetTurnIn.id, 'to-review'],
      [w.worksheetTurnIn.id, 'returned'],
    ]);
    await ok(coTeacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 'complete' });
    expect((await ok<TurnInRecord>(w.kid.token, 'GET', `/turn-ins/${w.worksheetTurnIn.id}`)).review).toMatchObject({ score: 'complete', comment: 'Good plan; check the interest.' });
  });

  it('a field left out stays; null or an empty comment clears it', async () => {
    const w = await world();
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.budgetTurnIn.id}/review`, { score: 'incomplete', comment: 'Add your savings.' });
    expect((await ok<InboxItem>(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.budgetTurnIn.id}/review`, { comment: 'Add your savings goal.' })).review).toMatchObject({ score: 'incomplete', comment: 'Add your savings goal.' });
    expect((await ok<InboxItem>(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.budgetTurnIn.id}/review`, { score: null })).review).toMatchObject({ score: null, comment: 'Add your savings goal.' });
    expect(await ok<InboxItem>(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.budgetTurnIn.id}/review`, { comment: '   ' })).toMatchObject({ state: 'to-review', review: null });
  });

  it.each<[string, unknown, string]>([
    ['more points than possible', { score: 101 }, CLASSROOM_MESSAGES.badScore],
    ['negative points', { score: -1 }, CLASSROOM_MESSAGES.badScore],
    ['a fraction of a point', { score: 2.5 }, CLASSROOM_MESSAGES.badScore],
    ['points as text', { score: '90' }, CLASSROOM_MESSAGES.badScore],
    ['a mark that is not one', { score: 'done' }, CLASSROOM_MESSAGES.badScore],
    ['true', { score: true }, CLASSROOM_MESSAGES.badScore],
    ['a comment that is a number', { comment: 5 }, CLASSROOM_MESSAGES.feedbackNotText],
    ['a comment too long', { comment: 'x'.repeat(2001) }, CLASSROOM_MESSAGES.feedbackTooLong],
    ['nothing', {}, CLASSROOM_MESSAGES.nothingToReview],
    ['no payload', undefined, CLASSROOM_MESSAGES.nothingToReview],
    ['a list', [85], CLASSROOM_MESSAGES.nothingToReview],
    ['an unknown field', { score: 5, grade: 'A' }, 'Unknown field: grade'],
  ])('a review with %s is refused with a message', async (_, payload, message) => {
    const w = await world();
    refused(await review(w, w.worksheetTurnIn.id, payload), 400, message);
  });

  it('only the class’s teachers score and return its work, and only work turned in to it', async () => {
    const w = await world();
    const other = await world();
    // the school admin reads the class but does not change it; others do not see it
    refused(await review(w, w.worksheetTurnIn.id, { score: 5 }, schoolAdmin), 403, CLASSROOM_MESSAGES.readOnly);
    refused(await giveBack(w, w.worksheetTurnIn.id, schoolAdmin), 403, CLASSROOM_MESSAGES.readOnly);
    refused(await review(w, w.worksheetTurnIn.id, { score: 5 }, otherTeacher), 404, CLASSROOM_MESSAGES.classNotFound);
    refused(await review(w, w.worksheetTurnIn.id, { score: 100 }, w.kid.token), 403, CLASSROOM_MESSAGES.notStaff);
    // another class's turn-in named through this class
    refused(await review(w, other.worksheetTurnIn.id, { score: 5 }), 404, CLASSROOM_MESSAGES.turnInNotFound);
    refused(await giveBack(w, other.worksheetTurnIn.id), 404, CLASSROOM_MESSAGES.turnInNotFound);
    refused(await review(w, 999_999, { score: 5 }), 404, CLASSROOM_MESSAGES.turnInNotFound);
    refused(await call(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/abc/review`, { score: 5 }), 400, CLASSROOM_MESSAGES.badId('turn-in'));
    refused(await call(teacher, 'POST', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/return`, { now: true }), 400);
    expect(await t.db.selectFrom('turn_ins').select(['score_points', 'returned_at']).where('id', 'in', [w.worksheetTurnIn.id, other.worksheetTurnIn.id]).execute()).toEqual([
      { score_points: null, returned_at: null },
      { score_points: null, returned_at: null },
    ]);
  });

  it('scoring and returning bump the class’s dashboard and are in the audit trail, naming the student', async () => {
    const w = await world();
    const v0 = await versionOf(w.cls.id);
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 70, comment: 'Close.' });
    const v1 = await versionOf(w.cls.id);
    expect(v1).toBeGreaterThan(v0);
    await ok(teacher, 'POST', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/return`);
    expect(await versionOf(w.cls.id)).toBeGreaterThan(v1);
    const entries = await t.db.selectFrom('audit_events').select(['action', 'actor_name', 'target_user_id', 'detail']).where('target_user_id', '=', w.kid.id).orderBy('id').execute();
    expect(entries.map((e) => [e.action, e.target_user_id, JSON.parse(e.detail)])).toEqual([
      ['turn-in.score', w.kid.id, { classId: w.cls.id, className: w.cls.name, turnInId: w.worksheetTurnIn.id, title: 'Savings Goal Timeline', score: 70 }],
      ['turn-in.return', w.kid.id, { classId: w.cls.id, className: w.cls.name, turnInId: w.worksheetTurnIn.id, title: 'Savings Goal Timeline' }],
    ]);
  });

  it('the gradebook shows the teacher’s score of turned-in work: points, complete as full marks, blank until scored', async () => {
    const w = await world();
    const column = async (): Promise<string | undefined> => {
      const res = await call(teacher, 'GET', `/classes/${w.cls.id}/gradebook.csv`);
      const [header, , row] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
      return row![header!.indexOf('Savings Goal Timeline')];
    };
    expect(await column()).toBe('');
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 85 });
    expect(await column()).toBe('85');
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 'complete' });
    expect(await column()).toBe('100');
    await ok(teacher, 'PUT', `/classes/${w.cls.id}/turn-ins/${w.worksheetTurnIn.id}/review`, { score: 'incomplete' });
    expect(await column()).toBe('0');
  });
});
