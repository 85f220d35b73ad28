/** The gradebook download: a row per student, a status and a best score per assignment, and its file name. */
import type { Assignment, DashboardStudent } from '../../../../../src/common/classroom';
import { gradebookFileName, gradebookRows } from '../../../../../src/server/services/classroom/gradebook';

const assignment = (id: number, title: string) => ({ id, title }) as Assignment;
const student = (over: Partial<DashboardStudent>): DashboardStudent => ({
  userId: 1,
  firstName: 'Maya',
  lastName: 'Johnson',
  userName: 'maya',
  externalId: null,
  signedIn: false,
  lastActiveAt: null,
  timeSpentSeconds: 0,
  cells: {},
  ...over,
});
const cell = (status: DashboardStudent['cells'][number]['status'], bestScore: number | null) => ({ status, bestScore, attempts: 0, timeSpentSeconds: 0, turnInId: null });

describe('gradebookRows', () => {
  it('heads a status and a score column per assignment', () => {
    expect(gradebookRows([assignment(1, 'Budgeting'), assignment(2, 'Review 1')], [])).toEqual([
      ['Student', 'User name', 'School ID', 'Budgeting — status', 'Budgeting — score', 'Review 1 — status', 'Review 1 — score'],
    ]);
  });

  it.each<[DashboardStudent['cells'][number]['status'], string]>([
    ['not-started', 'Not started'],
    ['in-progress', 'In progress'],
    ['completed', 'Completed'],
    ['passed', 'Passed'],
    ['overdue', 'Overdue'],
  ])('status %s reads %j', (status, words) => {
    const [, row] = gradebookRows([assignment(1, 'A')], [student({ cells: { 1: cell(status, 80) } })]);
    expect(row).toEqual(['Johnson, Maya', 'maya', null, words, 80]);
  });

  it('a student with no cell for an assignment has empty cells; the school id when known', () => {
    const [, row] = gradebookRows([assignment(1, 'A'), assignment(2, 'B')], [student({ externalId: 'S-42', cells: { 2: cell('in-progress', null) } })]);
    expect(row).toEqual(['Johnson, Maya', 'maya', 'S-42', '', null, 'In progress', null]);
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
