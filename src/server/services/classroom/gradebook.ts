/**
 * The class gradebook a teacher downloads, shaped to import into a gradebook (Google Classroom's
 * among them) without edits: a header, a "Points possible" row, then one row per student keyed by
 * e-mail. Identifier columns first (a roster or school id column only when some student has one: an
 * empty column is what importers trip on), then one score column per assignment, headed by its
 * title and due day, unique. Only numbers (or the missing mark) under an assignment: a status word
 * there makes an import refuse the column. No other facts (a student's language is on the
 * dashboard): an importer takes every column after the identifiers for an assignment. Pure: the route computes the grid and writes the CSV
 * (csv.ts) under the file name given here.
 *
 * Scores, out of 100 points each:
 * - review and module: the best score in percent (a module's is the mean of its reviews'); a module
 *   done without any review scores 100;
 * - worksheet: the teacher's score of the work turned in for it (the newest turn-in; complete is
 *   100, incomplete 0), blank while it is not scored yet;
 * - material: 100 when done (read);
 * - nothing yet and past due: the missing mark (0 unless the teacher chooses blank or M);
 * - nothing yet and not due (or no due day): blank, not graded yet.
 */
import { GRADEBOOK_MISSING_MARKS, TURN_IN_POINTS_POSSIBLE, type Assignment, type DashboardCell, type GradebookMissingMark, type TurnInScore } from '../../../common/classroom';

export const POINTS_POSSIBLE = TURN_IN_POINTS_POSSIBLE;
export type MissingMark = GradebookMissingMark;

export interface GradebookStudent {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  /** the OneRoster sourcedId of an imported student */
  rosterId: string | null;
  /** the school's student id, if the product asks for one */
  schoolId: string | null;
  /** by assignment id */
  cells: Record<number, DashboardCell>;
}

export interface GradebookOptions {
  missing: MissingMark;
  now: number;
  /** the teacher's scores of turned-in work, by turn-in id (a cell's turnInId) */
  turnInScores?: ReadonlyMap<number, TurnInScore>;
}

type Cell = string | number | null;

const MISSING_VALUE: Record<MissingMark, Cell> = { zero: 0, blank: null, M: 'M' };
const isDone = (cell: DashboardCell | undefined): boolean => cell?.status === 'completed' || cell?.status === 'passed';
/** one decimal at most: a module's mean can be 83.333… */
const points = (percent: number): number => Math.round(percent * 10) / 10;

/** A teacher's score in points: complete is full marks, incomplete none. */
export const scorePoints = (given: TurnInScore): number => (given === 'complete' ? POINTS_POSSIBLE : given === 'incomplete' ? 0 : given);

function score(a: Assignment, cell: DashboardCell | undefined, options: GradebookOptions): Cell {
  const graded = a.kind === 'review' || a.kind === 'module';
  if (graded && cell?.bestScore != null) return points(cell.bestScore);
  if (a.kind === 'worksheet' && cell?.turnInId != null) {
    // turned in: the teacher's score; not scored yet is not graded yet, never full marks
    const given = options.turnInScores?.get(cell.turnInId);
    return given === undefined ? null : scorePoints(given);
  }
  if (isDone(cell)) return POINTS_POSSIBLE;
  return a.dueAt !== null && a.dueAt <= options.now ? MISSING_VALUE[options.missing] : null;
}

/** "Title (due YYYY-MM-DD)", with " (2)", " (3)"… on a header already taken. */
function uniqueHeaders(identifiers: readonly string[], assignments: readonly Assignment[]): string[] {
  const taken = new Set(identifiers.map((h) => h.toLowerCase()));
  return assignments.map((a) => {
    const base = `${a.title.trim() || 'Assignment'}${a.dueDate ? ` (due ${a.dueDate})` : ''}`;
    let header = base;
    for (let n = 2; taken.has(header.toLowerCase()); n += 1) header = `${base} (${n})`;
    taken.add(header.toLowerCase());
    return header;
  });
}

/** The header, the points row and the students' rows. */
export function gradebookRows(assignments: readonly Assignment[], students: readonly GradebookStudent[], options: GradebookOptions): Cell[][] {
  const identifiers: { header: string; value: (s: GradebookStudent) => Cell }[] = [
    { header: 'Last name', value: (s) => s.lastName },
    { header: 'First name', value: (s) => s.firstName },
    { header: 'User name', value: (s) => s.userName },
    { header: 'Email address', value: (s) => s.email },
  ];
  if (students.some((s) => s.rosterId)) identifiers.push({ header: 'Roster id', value: (s) => s.rosterId });
  if (students.some((s) => s.schoolId)) identifiers.push({ header: 'Student id', value: (s) => s.schoolId });
  const header = [...identifiers.map((c) => c.header), ...uniqueHeaders(identifiers.map((c) => c.header), assignments)];
  const pointsRow = ['Points possible', ...identifiers.slice(1).map(() => null), ...assignments.map(() => POINTS_POSSIBLE)];
  const rows = students.map((s) => [...identifiers.map((c) => c.value(s)), ...assignments.map((a) => score(a, s.cells[a.id], options))]);
  return [header, pointsRow, ...rows];
}

/** The teacher's missing mark from the query, `zero` when not given; null when it is none of them. */
export function missingMarkOf(raw: unknown): MissingMark | null {
  if (raw === undefined || raw === '') return 'zero';
  return (GRADEBOOK_MISSING_MARKS as readonly unknown[]).includes(raw) ? (raw as MissingMark) : null;
}

/** The download's name from the class's: letters, digits, spaces as dashes; "class" when nothing is left. */
export const gradebookFileName = (className: string): string => `${className.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'class'}-gradebook.csv`;
