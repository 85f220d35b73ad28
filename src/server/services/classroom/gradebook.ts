/**
 * The class gradebook a teacher downloads: one row per student, a status and a best score per
 * assignment, in the dashboard's order. Pure: the route computes the grid and writes the CSV
 * (csv.ts) under the file name given here.
 */
import type { Assignment, DashboardCell, DashboardStudent } from '../../../common/classroom';

const STATUS_WORDS: Record<DashboardCell['status'], string> = { 'not-started': 'Not started', 'in-progress': 'In progress', completed: 'Completed', passed: 'Passed', overdue: 'Overdue' };

/** The header and the students' rows. */
export function gradebookRows(assignments: readonly Assignment[], students: readonly DashboardStudent[]): (string | number | null)[][] {
  const header = ['Student', 'User name', 'School ID', ...assignments.flatMap((a) => [`${a.title} — status`, `${a.title} — score`])];
  const rows = students.map((s) => [
    `${s.lastName}, ${s.firstName}`,
    s.userName,
    s.externalId,
    ...assignments.flatMap((a) => {
      const cell = s.cells[a.id];
      return [cell ? STATUS_WORDS[cell.status] : '', cell?.bestScore ?? null];
    }),
  ]);
  return [header, ...rows];
}

/** The download's name from the class's: letters, digits, spaces as dashes; "class" when nothing is left. */
export const gradebookFileName = (className: string): string => `${className.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'class'}-gradebook.csv`;
