/**
 * The classroom's pure rules: how a status reads (text and a mark, never colour alone), how the
 * dashboard's rows sort and filter (its triage groups and a name), what its strip and summary row count, when a due day is overdue, how time spent
 * and a student's language read. Pages and sagas call these; tests check them as tables.
 */
import type { Assignment, AssignmentStatus, CellState, ClassDashboard, DashboardCell, DashboardStudent, DueMark, MyAssignment } from '../../../common/classroom';
import { formatDay } from '../../../common/calendarDay';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/language';
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

const CELL_LOOKS: Record<CellState, StatusLook> = {
  'not-started': { label: 'Not started', mark: '○', colour: 'default' },
  'in-progress': { label: 'In progress', mark: '◐', colour: 'info' },
  'needs-help': { label: 'Needs help', mark: '!', colour: 'error' },
  done: { label: 'Done', mark: '✓', colour: 'success' },
};

const HELP_WORDS: Record<NonNullable<DashboardCell['help']>, string> = { failed: 'failed', 'out-of-attempts': 'out of attempts', stuck: 'stuck' };

/**
 * A dashboard cell's look, its triage state (red only for "needs help": act): "Done, 85%",
 * "Needs help: out of attempts, 40%", "In progress, 1 of 3 sections". The due mark is apart (`dueLook`).
 */
export function cellLook(cell: DashboardCell): StatusLook {
  const look = CELL_LOOKS[cell.state];
  const score = cell.bestScore === null ? '' : `, ${Math.round(cell.bestScore)}%`;
  if (cell.state === 'done') return { ...look, label: `${look.label}${score}` };
  if (cell.state === 'needs-help') return { ...look, label: `${look.label}: ${HELP_WORDS[cell.help ?? 'failed']}${score}` };
  if (cell.state === 'in-progress' && cell.sections) return { ...look, label: `${look.label}, ${cell.sections.read} of ${cell.sections.total} sections` };
  return look;
}

/** The due mark beside a cell: words and a mark, not red (red is "needs help"). */
export function dueLook(due: DueMark | null): { label: string; mark: string } | null {
  if (due === 'overdue') return { label: 'Overdue', mark: '⏰' };
  if (due === 'due-soon') return { label: 'Due soon', mark: '◷' };
  return null;
}

/**
 * A student's language as their teacher reads it, in the teacher's words (not the student's: the
 * teacher's own language is theirs). The dashboard marks only the students who read in another
 * language than the default, with a short mark and these words for a screen reader.
 */
export const STUDENT_LANGUAGE_LOOKS: Record<Language, { mark: string; label: string }> = {
  en: { mark: 'EN', label: 'Reads in English' },
  es: { mark: 'ES', label: 'Reads in Spanish' },
};

/** "Reads in Spanish": a student's language in words (English when the answer carries none). */
export const studentLanguageLabel = (language: Language | undefined): string => (STUDENT_LANGUAGE_LOOKS[language ?? DEFAULT_LANGUAGE] ?? STUDENT_LANGUAGE_LOOKS[DEFAULT_LANGUAGE]).label;

/** The mark on a student's row, or null for a student who reads in the default language. */
export const studentLanguageMark = (language: Language): { mark: string; label: string } | null => (language === DEFAULT_LANGUAGE ? null : STUDENT_LANGUAGE_LOOKS[language]);

/** A cell's place when its column is sorted: who needs help first, then overdue before not. */
const STATE_RANK: Record<CellState, number> = { 'needs-help': 0, 'not-started': 1, 'in-progress': 2, done: 3 };

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

const EMPTY_CELL: DashboardCell = { status: 'not-started', state: 'not-started', help: null, due: null, sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null };

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
      // within one state, overdue first, then the higher score after the lower
      return STATE_RANK[cell.state] * 10_000 + (cell.due === 'overdue' ? 0 : 1000) + (cell.bestScore ?? -1);
    }
  }
}

/**
 * The dashboard's quick filters, its strip's groups (students, not cells): who needs help on
 * something, who has not started work that is overdue, who has done everything assigned.
 */
export const TRIAGE_GROUPS = [
  { id: 'needs-help', one: 'needs help', many: 'need help' },
  { id: 'not-started-overdue', one: 'has not started overdue work', many: 'have not started overdue work' },
  { id: 'done', one: 'done', many: 'done' },
] as const;
export type TriageGroup = (typeof TRIAGE_GROUPS)[number]['id'];

export function inGroup(student: DashboardStudent, assignments: readonly Pick<Assignment, 'id'>[], group: TriageGroup): boolean {
  const cells = assignments.map((a) => cellOf(student, a.id));
  switch (group) {
    case 'needs-help':
      return cells.some((c) => c.state === 'needs-help');
    case 'not-started-overdue':
      return cells.some((c) => c.state === 'not-started' && c.due === 'overdue');
    case 'done':
      return cells.length > 0 && cells.every((c) => c.state === 'done');
  }
}

/** "3 need help · 5 have not started overdue work · 12 done": each group's count of students. */
export function triageCounts(dashboard: Pick<ClassDashboard, 'students' | 'assignments'>): Record<TriageGroup, number> {
  const counts = { 'needs-help': 0, 'not-started-overdue': 0, done: 0 } as Record<TriageGroup, number>;
  for (const s of dashboard.students) for (const g of TRIAGE_GROUPS) if (inGroup(s, dashboard.assignments, g.id)) counts[g.id] += 1;
  return counts;
}

/** A strip entry's words: "1 needs help", "3 need help". */
export const groupLabel = (group: TriageGroup, count: number): string => {
  const g = TRIAGE_GROUPS.find((x) => x.id === group)!;
  return `${count} ${count === 1 ? g.one : g.many}`;
};

/** An assignment's summary row: how many of the class are done, and the mean of the best scores known. */
export function assignmentSummary(dashboard: Pick<ClassDashboard, 'students'>, assignmentId: number): { done: number; total: number; averageScore: number | null } {
  const cells = dashboard.students.map((s) => cellOf(s, assignmentId));
  const scores = cells.filter((c) => c.bestScore !== null).map((c) => c.bestScore as number);
  return {
    done: cells.filter((c) => c.state === 'done').length,
    total: cells.length,
    averageScore: scores.length ? Math.round(scores.reduce((x, y) => x + y, 0) / scores.length) : null,
  };
}

/** The grid's quick filters: one triage group (or all) and a name. */
export interface DashboardFilters {
  group: TriageGroup | null;
  /** part of a name, user name or school id, any case */
  name: string;
}

export const NO_DASHBOARD_FILTERS: DashboardFilters = { group: null, name: '' };

/** Pure: the rows the grid shows, filtered then sorted; ties keep the name order. */
export function visibleStudents(dashboard: ClassDashboard, filters: DashboardFilters, orderBy: DashboardSortKey, order: 'asc' | 'desc'): DashboardStudent[] {
  const byName = (a: DashboardStudent, b: DashboardStudent) => studentName(a).localeCompare(studentName(b));
  const name = filters.name.trim().toLocaleLowerCase();
  return dashboard.students
    .filter((s) => filters.group === null || inGroup(s, dashboard.assignments, filters.group))
    .filter((s) => !name || `${s.firstName} ${s.lastName} ${s.lastName}, ${s.firstName} ${s.userName} ${s.externalId ?? ''}`.toLocaleLowerCase().includes(name))
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
