/** The classroom's answers from its rows: assignment titles and links, class summaries, turn-ins, "Assigned to you" order. */
import type { MyAssignment } from '../../../../../src/common/classroom';
import type { AssignmentRow, ClassSummaryRow, TurnInRow } from '../../../../../src/server/services/classroom/repository';
import { assignmentOf, byUrgency, factsOf, inboxStateOf, reviewOf, summaryOf, turnInSummariesOf, type TurnInViewer } from '../../../../../src/server/services/classroom/shapes';
import { TREE } from '../catalog/fixtures';

const row = (over: Partial<AssignmentRow>): AssignmentRow => ({
  id: 7,
  class_id: 3,
  kind: 'module',
  module_slug: null,
  material_slug: null,
  worksheet_kind: null,
  due_date: null,
  due_at: null,
  max_attempts: null,
  created_by: 1,
  created_at: 100,
  deleted_at: null,
  section_slug: null,
  student_ids: null,
  note: null,
  ...over,
});

describe('assignmentOf', () => {
  it.each<[string, Partial<AssignmentRow>, string, string]>([
    ['a module by its title', { kind: 'module', module_slug: 'budgeting' }, 'Budgeting', '/app/catalog/budgeting'],
    ['a material by its title', { kind: 'material', module_slug: 'budgeting', material_slug: 'second' }, 'Second', '/app/catalog/budgeting/material/second'],
    ['a review by its own title', { kind: 'review', module_slug: 'saving', material_slug: 'only' }, 'Review 3', '/app/catalog/saving/material/only/review'],
    ['a worksheet by its kind’s title', { kind: 'worksheet', worksheet_kind: 'paycheck' }, 'Paycheck Breakdown', '/app/resources/worksheets/paycheck'],
    ['a module gone from the catalog by its slug', { kind: 'module', module_slug: 'retired' }, 'retired', '/app/catalog/retired'],
    ['a material gone from the catalog by its slug', { kind: 'material', module_slug: 'budgeting', material_slug: 'gone' }, 'gone', '/app/catalog/budgeting/material/gone'],
    ['a review of a material gone by the material’s slug', { kind: 'review', module_slug: 'budgeting', material_slug: 'gone' }, 'gone', '/app/catalog/budgeting/material/gone/review'],
    ['a re-teach of a section by its title and its material’s', { kind: 'material', module_slug: 'budgeting', material_slug: 'first', section_slug: 'b', student_ids: '[4,5]' }, 'Section b (First)', '/app/catalog/budgeting/material/first/section/b'],
    ['an unknown worksheet kind by its kind', { kind: 'worksheet', worksheet_kind: 'old-kind' }, 'old-kind', '/app/resources/worksheets/old-kind'],
  ])('%s', (_, over, title, href) => {
    expect(assignmentOf(row(over), TREE)).toMatchObject({ title, href });
  });

  it('a re-teach names the students it is for and carries the note; a class-wide assignment names none', () => {
    expect(assignmentOf(row({ kind: 'review', module_slug: 'budgeting', material_slug: 'first', student_ids: '[4,5]', note: 'Read B again.' }), TREE)).toMatchObject({ studentIds: [4, 5], note: 'Read B again.' });
    const whole = assignmentOf(row({ kind: 'review', module_slug: 'budgeting', material_slug: 'first' }), TREE);
    expect(whole).not.toHaveProperty('studentIds');
    expect(whole).not.toHaveProperty('sectionSlug');
  });

  it('a review of a material without a review of its own is named after the material', () => {
    const tree = [{ ...TREE[0]!, materials: [{ ...TREE[0]!.materials[0]!, review: null }] }];
    expect(assignmentOf(row({ kind: 'review', module_slug: 'budgeting', material_slug: 'first' }), tree).title).toBe('First: review');
  });

  it('carries the row’s ids, due day and instant, limit and creation as numbers', () => {
    const a = assignmentOf(row({ kind: 'review', module_slug: 'saving', material_slug: 'only', due_date: '2026-03-01', due_at: '1772409599999' as unknown as number, max_attempts: 2 }), TREE);
    expect(a).toEqual(expect.objectContaining({ id: 7, classId: 3, kind: 'review', moduleSlug: 'saving', materialSlug: 'only', dueDate: '2026-03-01', dueAt: 1772409599999, maxAttempts: 2, createdAt: 100 }));
  });
});

describe('factsOf', () => {
  it.each<[Partial<AssignmentRow>, number | null]>([
    [{ due_at: null }, null],
    [{ due_at: 5 }, 5],
    [{ due_at: '6' as unknown as number }, 6],
  ])('due_at %j → dueAt %j', (over, dueAt) => {
    expect(factsOf(row(over))).toEqual({ id: 7, kind: 'module', moduleSlug: null, materialSlug: null, worksheetKind: null, dueAt, createdAt: 100, maxAttempts: null });
  });
});

describe('summaryOf', () => {
  const summary: ClassSummaryRow = { id: 1, name: 'Period 2', archivedAt: null, studentCount: 3, assignmentCount: 4, joinCode: 'ABCD-EFGH', teachers: [] };
  it.each<[string, number | null, boolean, string | null]>([
    ['a live class shows its join code', null, false, 'ABCD-EFGH'],
    ['an archived class shows none', 50, true, null],
  ])('%s', (_, archivedAt, archived, joinCode) => {
    expect(summaryOf({ ...summary, archivedAt })).toEqual({ id: 1, name: 'Period 2', archived, studentCount: 3, assignmentCount: 4, joinCode, teachers: [] });
  });
});

describe('turnInSummariesOf', () => {
  const turnIn = (id: number): TurnInRow & { className: string } => ({ id, classId: 1, userId: 2, assignmentId: null, kind: 'budget', documentId: 9, title: 'Mine', turnedInAt: 10, worksheetKind: null, className: 'Period 2', ...UNREVIEWED });
  it('gives each turn-in its own comments, in the order given, without the turn-in id', () => {
    const comments = [
      { id: 1, turnInId: 2, authorName: 'Ms. Lee', body: 'first', createdAt: 1 },
      { id: 2, turnInId: 1, authorName: 'Ms. Lee', body: 'other', createdAt: 2 },
      { id: 3, turnInId: 2, authorName: 'A former teacher', body: 'second', createdAt: 3 },
    ];
    const [one, two] = turnInSummariesOf([turnIn(1), turnIn(2)], comments, 'staff');
    expect(one?.comments.map((c) => c.body)).toEqual(['other']);
    expect(two?.comments).toEqual([
      { id: 1, authorName: 'Ms. Lee', body: 'first', createdAt: 1 },
      { id: 3, authorName: 'A former teacher', body: 'second', createdAt: 3 },
    ]);
    expect(two).toMatchObject({ id: 2, classId: 1, className: 'Period 2', kind: 'budget', documentId: 9, title: 'Mine', turnedInAt: 10, assignmentId: null });
  });
});

const UNREVIEWED = { scorePoints: null, scoreMark: null, feedback: null, scoredAt: null, returnedAt: null } as const;

describe('the teacher’s review of a turn-in (reviewOf, inboxStateOf)', () => {
  const row = (over: Partial<TurnInRow>): TurnInRow => ({ id: 1, classId: 1, userId: 2, assignmentId: null, kind: 'worksheet', documentId: 9, title: 'Mine', turnedInAt: 10, worksheetKind: 'paycheck', ...UNREVIEWED, ...over });
  it.each<[string, Partial<TurnInRow>, TurnInViewer, ReturnType<typeof reviewOf>, ReturnType<typeof inboxStateOf>]>([
    ['nothing given yet', {}, 'staff', null, 'to-review'],
    ['points, not returned: staff see them', { scorePoints: 85, feedback: 'Good', scoredAt: 20 }, 'staff', { score: 85, comment: 'Good', scoredAt: 20, returnedAt: null }, 'scored'],
    ['points, not returned: the student sees nothing yet', { scorePoints: 85, feedback: 'Good', scoredAt: 20 }, 'student', null, 'scored'],
    ['a mark, returned: the student sees it', { scoreMark: 'complete', scoredAt: 20, returnedAt: 30 }, 'student', { score: 'complete', comment: null, scoredAt: 20, returnedAt: 30 }, 'returned'],
    ['zero points are a score', { scorePoints: 0, scoredAt: 20 }, 'staff', { score: 0, comment: null, scoredAt: 20, returnedAt: null }, 'scored'],
    ['a comment alone', { feedback: 'See me', scoredAt: 20 }, 'staff', { score: null, comment: 'See me', scoredAt: 20, returnedAt: null }, 'scored'],
    ['returned without a score', { returnedAt: 30 }, 'student', { score: null, comment: null, scoredAt: null, returnedAt: 30 }, 'returned'],
  ])('%s', (_, over, viewer, review, state) => {
    expect(reviewOf(row(over), viewer)).toEqual(review);
    expect(inboxStateOf(row(over))).toBe(state);
  });
});

describe('byUrgency ("Assigned to you")', () => {
  const mine = (id: number, over: Partial<MyAssignment>): MyAssignment =>
    ({ id, status: 'not-started', overdue: false, dueAt: null, createdAt: 0, ...over }) as MyAssignment;
  it.each<[string, MyAssignment[], number[]]>([
    ['overdue before the rest, finished last', [mine(1, { status: 'passed' }), mine(2, {}), mine(3, { status: 'overdue', overdue: true })], [3, 2, 1]],
    ['sooner due first, no due day last', [mine(1, {}), mine(2, { dueAt: 20 }), mine(3, { dueAt: 10 })], [3, 2, 1]],
    ['same due: newest first', [mine(1, { createdAt: 1 }), mine(2, { createdAt: 5 })], [2, 1]],
    ['all else equal: by id', [mine(2, {}), mine(1, {})], [1, 2]],
    ['completed ranks with passed', [mine(1, { status: 'completed', dueAt: 1 }), mine(2, { status: 'in-progress', dueAt: 99 })], [2, 1]],
  ])('%s', (_, list, order) => {
    expect([...list].sort(byUrgency).map((a) => a.id)).toEqual(order);
  });
});
