/**
 * The classroom's pure rules as tables: how a status reads, when work is overdue, how time spent
 * reads, how the dashboard sorts, filters by triage group and counts its strip and summary row,
 * "Assigned to you"'s order.
 */
import type { Assignment, ClassDashboard, DashboardCell, DashboardStudent, MyAssignment } from '../../../../../src/common/classroom';
import {
  assignmentsFor,
  dueDayText,
  formatMoment,
  assignmentSummary,
  cellLook,
  dueLook,
  formatTimeSpent,
  groupLabel,
  NO_DASHBOARD_FILTERS,
  triageCounts,
  gradebookFileName,
  isOverdue,
  sortMyAssignments,
  statusLook,
  typedDueDay,
  updatedLabel,
  visibleStudents,
} from '../../../../../src/client/features/classroom/model';

describe('statusLook: words and a mark for every status, never colour alone', () => {
  it.each([
    ['not-started', null, 'Not started', '○'],
    ['in-progress', null, 'In progress', '◐'],
    ['completed', null, 'Completed', '✓'],
    ['passed', 85, 'Passed, 85%', '★'],
    ['passed', 66.6, 'Passed, 67%', '★'],
    ['passed', null, 'Passed', '★'],
    ['overdue', null, 'Overdue', '!'],
  ] as const)('%s (score %p) reads "%s" with %s', (status, score, label, mark) => {
    const look = statusLook(status, score);
    expect(look.label).toBe(label);
    expect(look.mark).toBe(mark);
  });

  it('gives each status a different mark', () => {
    const marks = (['not-started', 'in-progress', 'completed', 'passed', 'overdue'] as const).map((s) => statusLook(s).mark);
    expect(new Set(marks).size).toBe(marks.length);
  });
});

describe('typedDueDay: the contract\'s yyyy-mm-dd as a teacher types it', () => {
  it.each([
    ['2026-11-30', '11/30/26'],
    ['2027-01-05', '01/05/27'],
    [null, ''],
    ['', ''],
    ['2026-13', ''],
    ['not a day', ''],
  ])('%p → %p', (due, typed) => {
    expect(typedDueDay(due)).toBe(typed);
  });
});

describe('isOverdue', () => {
  const dueAt = 1_000_000;
  it.each([
    [null, dueAt + 1, false, false, 'no due day'],
    [dueAt, dueAt - 1, false, false, 'before the day ends'],
    [dueAt, dueAt, false, false, 'at the very end of the day'],
    [dueAt, dueAt + 1, false, true, 'after the day ended, not done'],
    [dueAt, dueAt + 1, true, false, 'after the day ended, done'],
  ] as [number | null, number, boolean, boolean, string][])('due %p at %p done %p → %p (%s)', (due, now, done, expected) => {
    expect(isOverdue(due, now, done)).toBe(expected);
  });
});

describe('formatTimeSpent', () => {
  it.each([
    [0, '—'],
    [-5, '—'],
    [Number.NaN, '—'],
    [59, 'under a minute'],
    [60, '1 min'],
    [59 * 60 + 59, '59 min'],
    [3600, '1 h 00 min'],
    [3900, '1 h 05 min'],
    [10 * 3600 + 61, '10 h 01 min'],
  ])('%p s → %s', (seconds, text) => {
    expect(formatTimeSpent(seconds)).toBe(text);
  });
});

const assignments: Assignment[] = [1, 2].map((id) => ({
  id,
  classId: 9,
  kind: 'review',
  moduleSlug: 'm',
  materialSlug: `mat-${id}`,
  worksheetKind: null,
  title: `Review ${id}`,
  href: `/app/catalog/m/material/mat-${id}/review`,
  dueDate: null,
  dueAt: null,
  maxAttempts: null,
  createdAt: 0,
}));

function student(userId: number, firstName: string, lastName: string, over: Partial<DashboardStudent> = {}): DashboardStudent {
  return { userId, firstName, lastName, userName: firstName.toLowerCase(), externalId: null, language: 'en', signedIn: false, lastActiveAt: null, timeSpentSeconds: 0, cells: {}, ...over };
}

function cell(over: Partial<DashboardCell>): DashboardCell {
  return { status: 'not-started', state: 'not-started', help: null, due: null, sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null, ...over };
}

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 17); // 11/20/26, midday in Chicago
const dashboard: ClassDashboard = {
  classId: 9,
  name: 'Period 2',
  assignments,
  generatedAt: T0,
  students: [
    student(1, 'Ana', 'Zeller', {
      signedIn: true,
      lastActiveAt: T0,
      timeSpentSeconds: 600,
      cells: { 1: cell({ status: 'passed', state: 'done', bestScore: 90, attempts: 1, timeSpentSeconds: 300 }), 2: cell({ status: 'overdue', due: 'overdue' }) },
    }),
    student(2, 'Ben', 'Adams', {
      lastActiveAt: T0 - DAY,
      timeSpentSeconds: 120,
      cells: { 1: cell({ status: 'passed', state: 'done', bestScore: 70, attempts: 2, timeSpentSeconds: 100 }), 2: cell({ status: 'completed', state: 'done' }) },
    }),
    student(3, 'Cleo', 'Moreno', {
      timeSpentSeconds: 3600,
      cells: { 1: cell({ status: 'in-progress', state: 'needs-help', help: 'out-of-attempts', bestScore: 40, attempts: 2, timeSpentSeconds: 60 }), 2: cell({ status: 'overdue', state: 'in-progress', due: 'overdue' }) },
    }),
  ],
};

const ids = (rows: DashboardStudent[]) => rows.map((s) => s.userId);

describe('visibleStudents: sorting', () => {
  it.each([
    ['student', 'asc', [2, 3, 1]],
    ['student', 'desc', [1, 3, 2]],
    ['timeSpent', 'asc', [2, 1, 3]],
    ['timeSpent', 'desc', [3, 1, 2]],
    ['lastActive', 'desc', [1, 2, 3]],
    ['signedIn', 'desc', [1, 2, 3]],
    // an assignment's column: who needs help first, then the lower score
    ['a:1', 'asc', [3, 2, 1]],
    ['a:1', 'desc', [1, 2, 3]],
    // not started (overdue) before in progress (overdue) before done
    ['a:2', 'asc', [1, 3, 2]],
  ] as const)('by %s %s', (orderBy, order, expected) => {
    expect(ids(visibleStudents(dashboard, NO_DASHBOARD_FILTERS, orderBy, order))).toEqual(expected);
  });
});

describe('visibleStudents: quick filters (a triage group, a name)', () => {
  it.each([
    ['needs help', { group: 'needs-help', name: '' }, [3]],
    ['has not started overdue work', { group: 'not-started-overdue', name: '' }, [1]],
    ['done with everything', { group: 'done', name: '' }, [2]],
    ['a name, any case', { group: null, name: 'MOR' }, [3]],
    ['"Last, First"', { group: null, name: 'adams, ben' }, [2]],
    ['a user name', { group: null, name: 'cleo' }, [3]],
    ['a group and a name', { group: 'done', name: 'ana' }, []],
  ] as const)('%s', (_what, filters, expected) => {
    expect(ids(visibleStudents(dashboard, filters, 'student', 'asc'))).toEqual(expected);
  });
});

describe('the strip and the summary row', () => {
  it('counts students per group, with the words of the strip', () => {
    expect(triageCounts(dashboard)).toEqual({ 'needs-help': 1, 'not-started-overdue': 1, done: 1 });
    expect([groupLabel('needs-help', 3), groupLabel('needs-help', 1), groupLabel('not-started-overdue', 5), groupLabel('done', 12)]).toEqual([
      '3 need help',
      '1 needs help',
      '5 have not started overdue work',
      '12 done',
    ]);
  });

  it('an assignment: how many are done, and the average of the best scores known', () => {
    expect(assignmentSummary(dashboard, 1)).toEqual({ done: 2, total: 3, averageScore: 67 });
    expect(assignmentSummary(dashboard, 2)).toEqual({ done: 1, total: 3, averageScore: null });
  });
});

describe('cellLook and dueLook: the state in words, red only for "needs help"; the due mark apart', () => {
  it.each<[Partial<DashboardCell>, string, string, string]>([
    [{}, 'Not started', '○', 'default'],
    [{ state: 'in-progress', sections: { read: 1, total: 3 } }, 'In progress, 1 of 3 sections', '◐', 'info'],
    [{ state: 'needs-help', help: 'failed', bestScore: 40 }, 'Needs help: failed, 40%', '!', 'error'],
    [{ state: 'needs-help', help: 'out-of-attempts', bestScore: 40 }, 'Needs help: out of attempts, 40%', '!', 'error'],
    [{ state: 'needs-help', help: 'stuck' }, 'Needs help: stuck', '!', 'error'],
    [{ state: 'done', bestScore: 85 }, 'Done, 85%', '✓', 'success'],
    [{ state: 'done' }, 'Done', '✓', 'success'],
  ])('%j', (over, label, mark, colour) => {
    expect(cellLook(cell(over))).toEqual({ label, mark, colour });
  });

  it('the due mark has words and a mark, and none for no due state', () => {
    expect(dueLook('overdue')).toEqual({ label: 'Overdue', mark: '⏰' });
    expect(dueLook('due-soon')).toEqual({ label: 'Due soon', mark: '◷' });
    expect(dueLook(null)).toBeNull();
  });
});

function mine(id: number, over: Partial<MyAssignment>): MyAssignment {
  return { ...assignments[0]!, id, className: 'Period 2', status: 'not-started', overdue: false, progress: 'not-started', bestScore: null, title: `T${id}`, ...over };
}

describe('sortMyAssignments: overdue first, then by due day, none last', () => {
  it('orders them', () => {
    const items = [
      mine(1, { dueAt: null, title: 'A' }),
      mine(2, { dueAt: 300 }),
      mine(3, { dueAt: 100, overdue: true }),
      mine(4, { dueAt: 200 }),
      mine(5, { dueAt: 50, overdue: true }),
    ];
    expect(sortMyAssignments(items).map((a) => a.id)).toEqual([5, 3, 4, 2, 1]);
  });
});

describe('assignmentsFor: the page a student is on', () => {
  const items = [mine(1, { href: '/app/catalog/m/material/mat-1' }), mine(2, { href: '/app/resources/worksheets/net-worth' })];
  it.each([
    ['/app/catalog/m/material/mat-1', [1]],
    ['/app/catalog/m/material/mat-1/', [1]],
    ['/catalog/m/material/mat-1', [1]],
    ['/app/catalog/m/material/mat-1/review', []],
    ['/app/resources/worksheets/net-worth', [2]],
    ['/app', []],
  ])('%s → %p', (path, expected) => {
    expect(assignmentsFor(items, path).map((a) => a.id)).toEqual(expected);
  });
});

describe('gradebookFileName', () => {
  it.each([
    ['Personal Finance — Period 2', '2026-11-27', 'Personal-Finance-Period-2-gradebook-2026-11-27.csv'],
    ['../../etc', '2026-11-27', 'etc-gradebook-2026-11-27.csv'],
    ['Économie 1', '2026-11-27', 'Économie-1-gradebook-2026-11-27.csv'],
    ['———', '2026-11-27', 'class-gradebook-2026-11-27.csv'],
  ])('%s → %s', (name, day, file) => {
    expect(gradebookFileName(name, day)).toBe(file);
  });
});

describe('due days are days at the school, named with its zone when the browser is elsewhere', () => {
  // 2026-12-11 ends at the school in New York at 04:59:59.999 UTC on the 12th
  const dueAt = Date.UTC(2026, 11, 12, 5, 0, 0) - 1;
  it.each<[dueDate: string | null, schoolZone: string, browserZone: string, expected: string]>([
    ['2026-12-11', 'America/New_York', 'America/New_York', '12/11/26'],
    ['2026-12-11', 'America/New_York', 'America/Chicago', '12/11/26, ends 11:59 PM EST'],
    ['2026-12-11', 'America/New_York', 'Asia/Tokyo', '12/11/26, ends 11:59 PM EST'],
    [null, 'America/New_York', 'America/Chicago', ''],
  ])('dueDayText(%p) at a school in %p read in %p is %p', (dueDate, schoolZone, browserZone, expected) => {
    expect(dueDayText(dueDate, dueDate ? dueAt : null, schoolZone, browserZone).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it.each<[at: number, timeZone: string, expected: string]>([
    [Date.UTC(2026, 11, 7, 13, 57, 5), 'America/New_York', '12/07/26, 8:57 AM'],
    [Date.UTC(2026, 11, 7, 13, 57, 5), 'America/Chicago', '12/07/26, 7:57 AM'],
  ])('formatMoment and updatedLabel name the time in %p as ui/format.ts formatTime does', (at, timeZone, expected) => {
    const label = (text: string) => text.replace(/\u202f/g, ' ').replace(/ [A-Z]{3}$/, '');
    expect(label(formatMoment(at, timeZone))).toBe(expected);
    expect(label(updatedLabel(at, timeZone))).toBe(`Updated ${expected.split(', ')[1]?.replace(/ (AM|PM)$/, ':05 $1')}`);
  });
});
