/** The gradebook download: identifier columns, a points row, one score column per assignment, and its file name. */
import type { Assignment, DashboardCell, TurnInScore } from '../../../../../src/common/classroom';
import { csvDocument } from '../../../../../src/server/services/classroom/csv';
import { gradebookFileName, gradebookRows, missingMarkOf, type GradebookStudent, type MissingMark } from '../../../../../src/server/services/classroom/gradebook';

const NOW = Date.UTC(2026, 11, 7, 12);
const DAY = 86_400_000;
const assignment = (id: number, title: string, over: Partial<Assignment> = {}) => ({ id, title, kind: 'review', dueDate: null, dueAt: null, ...over }) as Assignment;
const student = (over: Partial<GradebookStudent> = {}): GradebookStudent => ({
  firstName: 'Maya',
  lastName: 'Johnson',
  userName: 'maya',
  email: 'maya@example.edu',
  rosterId: null,
  schoolId: null,
  cells: {},
  ...over,
});
const cell = (status: DashboardCell['status'], bestScore: number | null = null): DashboardCell => ({ status, state: 'not-started', help: null, due: null, sections: null, bestScore, attempts: 0, timeSpentSeconds: 0, turnInId: null });
const zero = { missing: 'zero' as const, now: NOW };
/** the teacher's scores by turn-in id; turn-in 10 is not scored */
const SCORES = new Map<number, TurnInScore>([
  [7, 85],
  [8, 'complete'],
  [9, 'incomplete'],
]);
const turnedIn = (turnInId: number): DashboardCell => ({ ...cell('completed'), turnInId });

describe('gradebookRows', () => {
  it('heads identifier columns, then one column per assignment named by title and due day; a points row under it', () => {
    const rows = gradebookRows([assignment(1, 'Budgeting', { dueDate: '2026-12-01', dueAt: NOW - DAY }), assignment(2, 'Review 1')], [], zero);
    expect(rows).toEqual([
      ['Last name', 'First name', 'User name', 'Email address', 'Budgeting (due 2026-12-01)', 'Review 1'],
      ['Points possible', null, null, null, 100, 100],
    ]);
  });

  it('two assignments with the same title and day get distinct headers, and none takes an identifier column’s', () => {
    const [header] = gradebookRows(
      [assignment(1, 'Budgeting', { dueDate: '2026-12-01' }), assignment(2, 'Budgeting', { dueDate: '2026-12-01' }), assignment(3, 'Budgeting'), assignment(4, 'User name'), assignment(5, '  ')],
      [],
      zero,
    );
    expect(header!.slice(4)).toEqual(['Budgeting (due 2026-12-01)', 'Budgeting (due 2026-12-01) (2)', 'Budgeting', 'User name (2)', 'Assignment']);
    expect(new Set(header!.map((h) => String(h).toLowerCase())).size).toBe(header!.length);
  });

  it('no roster id and no school id: no such columns; with one student’s: the column, filled where known', () => {
    expect(gradebookRows([], [student()], zero)[0]).toEqual(['Last name', 'First name', 'User name', 'Email address']);
    const rows = gradebookRows([], [student({ rosterId: 'sis-7', schoolId: 'S-42' }), student({ userName: 'jo' })], zero);
    expect(rows).toEqual([
      ['Last name', 'First name', 'User name', 'Email address', 'Roster id', 'Student id'],
      ['Points possible', null, null, null, null, null],
      ['Johnson', 'Maya', 'maya', 'maya@example.edu', 'sis-7', 'S-42'],
      ['Johnson', 'Maya', 'jo', 'maya@example.edu', null, null],
    ]);
  });

  const past = { dueDate: '2026-12-06', dueAt: NOW - DAY };
  const future = { dueDate: '2026-12-09', dueAt: NOW + DAY };
  it.each<[string, Partial<Assignment>, DashboardCell | undefined, string | number | null]>([
    ['a passed review: its best score', { kind: 'review', ...past }, cell('passed', 90), 90],
    ['a failed review past due: its best score, not missing', { kind: 'review', ...past }, cell('overdue', 40), 40],
    ['a review tried, not due yet: the score so far', { kind: 'review', ...future }, cell('in-progress', 40), 40],
    ['a review never tried, past due: missing', { kind: 'review', ...past }, cell('overdue'), 0],
    ['a review never tried, not due: blank', { kind: 'review', ...future }, cell('not-started'), null],
    ['a review never tried, no due day: blank', { kind: 'review' }, cell('not-started'), null],
    ['a module: the mean of its reviews, one decimal', { kind: 'module', ...future }, cell('in-progress', 83.3333), 83.3],
    ['a module done without reviews: 100', { kind: 'module' }, cell('completed'), 100],
    ['a material done: 100, whatever its review scored', { kind: 'material', ...past }, cell('passed', 80), 100],
    ['a material half read past due: missing', { kind: 'material', ...past }, cell('overdue'), 0],
    ['a material half read, not due: blank', { kind: 'material', ...future }, cell('in-progress'), null],
    ['a worksheet turned in and scored in points: the teacher’s score', { kind: 'worksheet', ...past }, turnedIn(7), 85],
    ['a worksheet turned in and marked complete: 100', { kind: 'worksheet', ...past }, turnedIn(8), 100],
    ['a worksheet turned in and marked incomplete: 0', { kind: 'worksheet', ...past }, turnedIn(9), 0],
    ['a worksheet turned in, not scored yet: blank, never missing', { kind: 'worksheet', ...past }, turnedIn(10), null],
    ['a worksheet not turned in, past due: missing', { kind: 'worksheet', ...past }, cell('overdue'), 0],
    ['no cell at all, past due: missing', { kind: 'worksheet', ...past }, undefined, 0],
  ])('%s', (_name, over, c, expected) => {
    const [, , row] = gradebookRows([assignment(1, 'A', over)], [student({ cells: c ? { 1: c } : {} })], { ...zero, turnInScores: SCORES });
    expect(row![4]).toBe(expected);
  });

  it.each<[MissingMark, string | number | null]>([
    ['zero', 0],
    ['blank', null],
    ['M', 'M'],
  ])('the missing mark %s writes %j for missing work only', (missing, mark) => {
    const [, , row] = gradebookRows(
      [assignment(1, 'A', { dueAt: NOW - DAY }), assignment(2, 'B', { dueAt: NOW - DAY }), assignment(3, 'C', { dueAt: NOW + DAY })],
      [student({ cells: { 1: cell('overdue'), 2: cell('passed', 70) } })],
      { missing, now: NOW },
    );
    expect(row!.slice(4)).toEqual([mark, 70, null]);
  });

  it('every row has as many cells as the header; a name that starts a formula (= or full-width ＝) is neutralised in the CSV', () => {
    const rows = gradebookRows(
      [assignment(1, 'A', { dueAt: NOW - DAY }), assignment(2, 'B')],
      [student({ lastName: '=HYPERLINK("http://x.example")', firstName: '＝1+1', rosterId: 'r1' }), student()],
      zero,
    );
    expect(new Set(rows.map((r) => r.length))).toEqual(new Set([7]));
    const lines = csvDocument(rows).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://x.example"")",'＝1+1,maya,maya@example.edu,r1,0,`);
  });
});

describe('missingMarkOf', () => {
  it.each<[unknown, MissingMark | null]>([
    [undefined, 'zero'],
    ['', 'zero'],
    ['zero', 'zero'],
    ['blank', 'blank'],
    ['M', 'M'],
    ['m', null],
    ['0', null],
    [0, null],
    [true, null],
  ])('%j → %j', (raw, mark) => {
    expect(missingMarkOf(raw)).toBe(mark);
  });
});

describe('gradebookFileName', () => {
  it.each([
    ['Period 2', 'Period-2-gradebook.csv'],
    ['  Econ   101  ', 'Econ-101-gradebook.csv'],
    ['Ms. Lee’s "best" class!', 'Ms-Lees-best-class-gradebook.csv'],
    ['under_score-dash', 'under_score-dash-gradebook.csv'],
    ['数学', 'class-gradebook.csv'],
    ['', 'class-gradebook.csv'],
  ])('%j → %j', (name, file) => {
    expect(gradebookFileName(name)).toBe(file);
  });
});
