/**
 * A student's Home leads with one next step: which assignment it is, how its due day reads, and
 * what its button says. Pure, so the rule is table-tested.
 *
 * The rule, among the work not yet completed or passed:
 * 1. overdue work, the longest overdue first (what the teacher is waiting for);
 * 2. work with a due day, the soonest first;
 * 3. work with no due day that is in progress (picking up beats starting);
 * 4. work with no due day not started.
 * Ties: in progress before not started, then by title. With no open assignment there is no assigned
 * next step, and Home leads with the catalog's "Continue where you left off" card instead.
 */
import type { MyAssignment } from '../../../common/classroom';
import { formatDay, type CalendarDay } from '../../../common/calendarDay';

export type OpenAssignment = Pick<MyAssignment, 'dueAt' | 'overdue' | 'progress' | 'title'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Completed or passed: on Home's Done list, never a next step. */
export function isDone(a: Pick<MyAssignment, 'progress'>): boolean {
  return a.progress === 'completed' || a.progress === 'passed';
}

/** The rule's group of an open assignment: 0 overdue, 1 due, 2 no due day in progress, 3 no due day. */
function group(a: OpenAssignment): number {
  if (a.overdue) return 0;
  if (a.dueAt !== null) return 1;
  return a.progress === 'in-progress' ? 2 : 3;
}

/** Open work in the rule's order: overdue, then by due day (none last), in progress first on ties. */
export function byNextStep<T extends OpenAssignment>(a: T, b: T): number {
  return (
    group(a) - group(b) ||
    (a.dueAt ?? 0) - (b.dueAt ?? 0) ||
    Number(b.progress === 'in-progress') - Number(a.progress === 'in-progress') ||
    a.title.localeCompare(b.title)
  );
}

/** The one next step among `items` (finished ones are skipped), or null when nothing is open. */
export function chooseNextStep<T extends OpenAssignment>(items: readonly T[]): T | null {
  return [...items].filter((a) => !isDone(a)).sort(byNextStep)[0] ?? null;
}

/** Whole days from `today` to the yyyy-mm-dd `dueDate` (negative: in the past); null when unreadable. */
export function daysUntil(dueDate: string, today: CalendarDay): number | null {
  const [year, month, day] = dueDate.split('-').map(Number);
  if (!year || !month || !day) return null;
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(today.year, today.month - 1, today.day)) / DAY_MS);
}

/**
 * A due day as a student reads it: "today", "tomorrow", "yesterday", a weekday within six days
 * either way ("Fri"), else mm/dd/yy. Without `today`, always mm/dd/yy.
 */
export function dueWhen(dueDate: string, today?: CalendarDay): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  if (!year || !month || !day) return '';
  const days = today ? daysUntil(dueDate, today) : null;
  if (days === null || Math.abs(days) > 6) return formatDay({ year, month, day });
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/**
 * "Due Fri", "Was due yesterday" (overdue), "Due Fri (extended)" (the student's own later day a
 * teacher granted), "No due day"; mm/dd/yy days without `today`.
 */
export function dueLine(a: Pick<MyAssignment, 'dueDate' | 'overdue' | 'extended'>, today?: CalendarDay): string {
  if (!a.dueDate) return 'No due day';
  return `${a.overdue ? 'Was due' : 'Due'} ${dueWhen(a.dueDate, today)}${a.extended ? ' (extended)' : ''}`;
}

/** Due today or tomorrow and not done: marked "Due soon" on Home. */
export function dueSoon(a: Pick<MyAssignment, 'dueDate' | 'overdue' | 'progress'>, today: CalendarDay): boolean {
  if (!a.dueDate || a.overdue || isDone(a)) return false;
  const days = daysUntil(a.dueDate, today);
  return days !== null && days >= 0 && days <= 1;
}

/** The next step's heading: "Next: Review: Planning for Expenses — due Fri". */
export function nextStepHeading(a: Pick<MyAssignment, 'title' | 'dueDate' | 'overdue' | 'extended'>, today: CalendarDay): string {
  if (!a.dueDate) return `Next: ${a.title}`;
  return `Next: ${a.title} — ${dueLine(a, today).replace(/^[DW]/, (c) => c.toLowerCase())}`;
}

const ACTIONS: Record<MyAssignment['kind'], { start: string; resume: string }> = {
  review: { start: 'Start the review', resume: 'Try the review again' },
  material: { start: 'Start reading', resume: 'Keep reading' },
  module: { start: 'Start the module', resume: 'Continue the module' },
  worksheet: { start: 'Open the worksheet', resume: 'Finish the worksheet' },
};

/** The next step's button: what opening it does, for this kind of work and how far along it is. */
export function nextStepAction(a: Pick<MyAssignment, 'kind' | 'progress'>): string {
  const action = ACTIONS[a.kind];
  return a.progress === 'in-progress' ? action.resume : action.start;
}
