/**
 * The classroom's pure rules: how a status reads (text and a mark, never colour alone), how the
 * dashboard's rows sort and filter (SPEC §9 match modes), when a due day is overdue, how time spent
 * reads. Pages and sagas call these; tests check them as tables.
 */
import type { AssignmentStatus, ClassDashboard, DashboardCell, DashboardStudent, MyAssignment } from '../../../common/classroom';
import { formatDay } from '../../../common/calendarDay';
import { matchesFilter, type FilterKind, type MatchMode } from '../../ui/filters';
import { formatTime, namesZone } from '../../ui/format';

/** How often the open dashboard asks again: a student's progress shows within 10 s (one poll and its answer). */
export const DASHBOARD_POLL_MS = 5_000;

export type ChipColour = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface StatusLook {
  label: string;
  /** a mark beside the label, so the status reads without its colour (and in print) */
  mark: string;
  colour: ChipColour;
}

const LOOKS: Record<AssignmentStatus, StatusLook> = {
  'not-started': { label: 'Not started', mark: '○', colour: 'default' },
  'in-progress': { label: 'In progress', mark: '◐', colour: 'info' },
  completed: { label: 'Completed', mark: '✓', colour: 'success' },
  passed: { label: 'Passed', mark: '★', colour: 'success' },
  overdue: { label: 'Overdue', mark: '!', colour: 'error' },
};

/** A cell's look: "Passed, 85%" when a best score is known. */
export function statusLook(status: AssignmentStatus, bestScore: number | null = null): StatusLook {
  const look = LOOKS[status];
  if (status === 'passed' && bestScore !== null) return { ...look, label: `Passed, ${Math.round(bestScore)}%` };
  return look;
}

/** A status's place when the column is sorted: the work furthest from done first. */
const STATUS_RANK: Record<AssignmentStatus, number> = { overdue: 0, 'not-started': 1, 'in-progress': 2, completed: 3, passed: 4 };

/** A due day has passed: `dueAt` is the instant the day ends in the school's time zone. */
export function isOverdue(dueAt: number | null, now: number, done: boolean): boolean {
  return dueAt !== null && !done && now > dueAt;
}

/** "1 h 05 min", "12 min", "under a minute", "—" for none. */
export function formatTimeSpent(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  if (seconds < 60) return 'under a minute';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A student as the grid and the filter name them: "Last, First". */
export const studentName = (s: Pick<DashboardStudent, 'firstName' | 'lastName'>) => `${s.lastName}, ${s.firstName}`;

/** The grid's sortable columns: the fixed ones, or an assignment's (`a:<id>`). */
export type DashboardSortKey = 'student' | 'signedIn' | 'lastActive' | 'timeSpent' | `a:${number}`;

const EMPTY_CELL: DashboardCell = { status: 'not-started', bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null };

export const cellOf = (student: DashboardStudent, assignmentId: number): DashboardCell => student.cells[assignmentId] ?? EMPTY_CELL;

function sortValue(student: DashboardStudent, key: DashboardSortKey): string | number {
  switch (key) {
    case 'student':
      return studentName(student).toLocaleLowerCase();
    case 'signedIn':
      return student.signedIn ? 1 : 0;
    case 'lastActive':
      return student.lastActiveAt ?? -1;
    case 'timeSpent':
      return student.timeSpentSeconds;
    default: {
      const cell = cellOf(student, Number(key.slice(2)));
      // within one status, the higher score after the lower
      return STATUS_RANK[cell.status] * 1000 + (cell.bestScore ?? -1);
    }
  }
}

/** The dashboard's filter fields (SPEC §9): by kind, over what each row shows. */
export const DASHBOARD_FILTERS = [
  { id: 'student', label: 'Student', kind: 'text' },
  { id: 'status', label: 'Any status', kind: 'text' },
  { id: 'minutes', label: 'Minutes spent', kind: 'numeric' },
  { id: 'lastActive', label: 'Last active', kind: 'date' },
] as const satisfies ReadonlyArray<{ id: string; label: string; kind: FilterKind }>;

export type DashboardFilterId = (typeof DASHBOARD_FILTERS)[number]['id'];
export type DashboardFilters = Record<DashboardFilterId, { mode: MatchMode; value: string }>;

function filterValue(student: DashboardStudent, id: DashboardFilterId, dashboard: ClassDashboard): string | number | Date | null {
  switch (id) {
    case 'student':
      return `${student.firstName} ${student.lastName} ${student.userName} ${student.externalId ?? ''}`;
    case 'status':
      // every status the row shows, so "contains overdue" keeps a student with any overdue work
      return dashboard.assignments.map((a) => statusLook(cellOf(student, a.id).status).label).join(' · ');
    case 'minutes':
      return Math.floor(student.timeSpentSeconds / 60);
    case 'lastActive':
      return student.lastActiveAt === null ? null : new Date(student.lastActiveAt);
  }
}

/** Pure: the rows the grid shows, filtered (SPEC §9) then sorted; ties keep the name order. */
export function visibleStudents(
  dashboard: ClassDashboard,
  filters: DashboardFilters,
  orderBy: DashboardSortKey,
  order: 'asc' | 'desc',
  timeZone?: string,
): DashboardStudent[] {
  const byName = (a: DashboardStudent, b: DashboardStudent) => studentName(a).localeCompare(studentName(b));
  return dashboard.students
    .filter((s) => DASHBOARD_FILTERS.every((f) => matchesFilter(filterValue(s, f.id, dashboard), filters[f.id].mode, filters[f.id].value, { timeZone })))
    .sort((a, b) => {
      const x = sortValue(a, orderBy);
      const y = sortValue(b, orderBy);
      const cmp = x < y ? -1 : x > y ? 1 : 0;
      return (order === 'asc' ? cmp : -cmp) || byName(a, b);
    });
}

/** "Assigned to you": overdue first, then by due day (none last), then by title. */
export function sortMyAssignments(items: readonly MyAssignment[]): MyAssignment[] {
  return [...items].sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      (a.dueAt ?? Number.POSITIVE_INFINITY) - (b.dueAt ?? Number.POSITIVE_INFINITY) ||
      a.title.localeCompare(b.title),
  );
}

/** The assignments that name `path` (the page a student is on), for its "Assigned" notice. */
export function assignmentsFor(items: readonly MyAssignment[], path: string): MyAssignment[] {
  // `/` is an alias of /app (SPEC §2): both addresses are the same page
  const clean = (p: string) => p.replace(/\/+$/, '').replace(/^\/app(?=\/|$)/, '');
  return items.filter((a) => clean(a.href) === clean(path));
}

/** A gradebook file's name: the class's name, safe on every system, and the day. */
export function gradebookFileName(className: string, day: string): string {
  const safe = className.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'class';
  return `${safe}-gradebook-${day}.csv`;
}

/** A moment as "11/27/26, 3:04 PM" in `timeZone` (the teacher's; ui/format.ts formatTime): last active, turned in. */
export function formatMoment(ms: number | null, timeZone: string): string {
  if (ms === null) return '—';
  return formatTime(ms, timeZone, { day: true });
}

/** "Updated 3:04:05 PM": when the grid's answer was made, in `timeZone`, as the audit trail shows times. */
export function updatedLabel(generatedAt: number, timeZone: string): string {
  return `Updated ${formatTime(generatedAt, timeZone, { seconds: true })}`;
}

/**
 * A due day as the teacher reads it: "12/11/26", a day at the school, and when the browser's clock is
 * in another zone, the zone it ends in ("12/11/26, ends 11:59 PM EST"); '' for none.
 */
export function dueDayText(dueDate: string | null, dueAt: number | null, schoolZone: string, browserZone?: string): string {
  const day = typedDueDay(dueDate);
  if (!day || dueAt === null || !namesZone(schoolZone, browserZone)) return day;
  return `${day}, ends ${formatTime(dueAt, schoolZone, { browserZone })}`;
}

/** The contract's yyyy-mm-dd as the teacher reads and types it (mm/dd/yy); '' for none. */
export function typedDueDay(dueDate: string | null): string {
  if (!dueDate) return '';
  const [year, month, day] = dueDate.split('-').map(Number);
  return year && month && day ? formatDay({ year, month, day }) : '';
}
