/**
 * The classroom's answers made from its rows (common/classroom.ts shapes): an assignment with the
 * title and link of what it names in the school's catalog, a class summary, a turn-in with its
 * comments, and the order of "Assigned to you". Pure: the routes read the rows, these shape them.
 */
import { catalogPaths } from '../../../common/catalog';
import type { Assignment, ClassSummary, InboxState, MyAssignment, TurnInReview, TurnInSummary } from '../../../common/classroom';
import { WORKSHEET_INFO, isWorksheetKind, type WorksheetKind } from '../../../common/worksheets';
import type { TreeModule } from '../catalog/repository';
import { assignedStudents, type AssignmentRow, type ClassSummaryRow, type TurnInRow } from './repository';
import type { AssignmentFacts } from './status';

/** An assignment as the class shows it: the title and link of what it names in the school's catalog (its slug when gone). */
export function assignmentOf(row: AssignmentRow, tree: readonly TreeModule[]): Assignment {
  const m = row.module_slug ? tree.find((candidate) => candidate.slug === row.module_slug) : undefined;
  const mat = m && row.material_slug ? m.materials.find((candidate) => candidate.slug === row.material_slug) : undefined;
  let title: string;
  let href: string;
  if (row.kind === 'worksheet') {
    const kind = row.worksheet_kind ?? '';
    title = isWorksheetKind(kind) ? WORKSHEET_INFO[kind].title : kind;
    href = `/app/resources/worksheets/${kind}`;
  } else if (row.kind === 'module') {
    title = m?.title ?? row.module_slug ?? '';
    href = catalogPaths.module(row.module_slug ?? '');
  } else if (row.kind === 'material' && row.section_slug) {
    // a re-teach: the section the students missed, named with its material
    const section = mat?.sections.find((candidate) => candidate.slug === row.section_slug);
    title = `${section?.title ?? row.section_slug} (${mat?.title ?? row.material_slug ?? ''})`;
    href = catalogPaths.section(row.module_slug ?? '', row.material_slug ?? '', row.section_slug);
  } else if (row.kind === 'material') {
    title = mat?.title ?? row.material_slug ?? '';
    href = catalogPaths.material(row.module_slug ?? '', row.material_slug ?? '');
  } else {
    title = mat?.review?.title ?? (mat ? `${mat.title}: review` : (row.material_slug ?? ''));
    href = catalogPaths.review(row.module_slug ?? '', row.material_slug ?? '');
  }
  return {
    id: row.id,
    classId: row.class_id,
    kind: row.kind,
    moduleSlug: row.module_slug,
    materialSlug: row.material_slug,
    worksheetKind: row.worksheet_kind as WorksheetKind | null,
    title,
    href,
    dueDate: row.due_date,
    dueAt: row.due_at === null ? null : Number(row.due_at),
    maxAttempts: row.max_attempts,
    createdAt: Number(row.created_at),
    ...(row.section_slug ? { sectionSlug: row.section_slug } : {}),
    ...(row.student_ids !== null ? { studentIds: assignedStudents(row) } : {}),
    ...(row.note ? { note: row.note } : {}),
  };
}

/** What the status rules (status.ts) read of an assignment. */
export const factsOf = (a: AssignmentRow): AssignmentFacts => ({
  id: a.id,
  kind: a.kind,
  moduleSlug: a.module_slug,
  materialSlug: a.material_slug,
  worksheetKind: a.worksheet_kind,
  dueAt: a.due_at === null ? null : Number(a.due_at),
  createdAt: Number(a.created_at),
  maxAttempts: a.max_attempts === null ? null : Number(a.max_attempts),
});

/** A class in a list: an archived class shows no class code. */
/** The addresses a class code is used at, as the code sheet and the "How to join" page print them. */
export function codeAddresses(publicUrl: string): { signInUrl: string; registerUrl: string; joinUrl: string } {
  return { signInUrl: `${publicUrl}/login`, registerUrl: `${publicUrl}/register/code`, joinUrl: `${publicUrl}/app/profile/code` };
}

export function summaryOf(row: ClassSummaryRow): ClassSummary {
  return {
    id: row.id,
    name: row.name,
    archived: row.archivedAt !== null,
    studentCount: row.studentCount,
    assignmentCount: row.assignmentCount,
    joinCode: row.archivedAt !== null ? null : row.joinCode,
    teachers: row.teachers,
  };
}


export interface CommentRow {
  id: number;
  turnInId: number;
  authorName: string;
  body: string;
  createdAt: number;
}

/** Who reads a turn-in: its class's staff, or its student (who sees the review once the work is returned). */
export type TurnInViewer = 'staff' | 'student';

/** The teacher's review of a turn-in as `viewer` may see it; null when there is nothing (yet) to show. */
export function reviewOf(r: TurnInRow, viewer: TurnInViewer): TurnInReview | null {
  if (viewer === 'student' && r.returnedAt === null) return null;
  const score = r.scorePoints ?? r.scoreMark;
  if (score === null && r.feedback === null && r.returnedAt === null) return null;
  return { score, comment: r.feedback, scoredAt: r.scoredAt, returnedAt: r.returnedAt };
}

/** Where a turn-in stands in its teacher's inbox. */
export function inboxStateOf(r: TurnInRow): InboxState {
  if (r.returnedAt !== null) return 'returned';
  return r.scorePoints !== null || r.scoreMark !== null || r.feedback !== null ? 'scored' : 'to-review';
}

/** Turn-ins with their own comments, oldest comment first as `comments` holds them. */
export function turnInSummariesOf(rows: readonly (TurnInRow & { className: string })[], comments: readonly CommentRow[], viewer: TurnInViewer): TurnInSummary[] {
  return rows.map((r) => ({
    id: r.id,
    classId: r.classId,
    className: r.className,
    assignmentId: r.assignmentId,
    kind: r.kind,
    documentId: r.documentId,
    title: r.title,
    worksheetKind: r.worksheetKind as WorksheetKind | null,
    turnedInAt: r.turnedInAt,
    comments: comments.filter((c) => c.turnInId === r.id).map(({ id, authorName, body, createdAt }) => ({ id, authorName, body, createdAt })),
    review: reviewOf(r, viewer),
  }));
}

const urgency = (a: MyAssignment): number => (a.overdue ? 0 : a.status === 'completed' || a.status === 'passed' ? 2 : 1);

/** "Assigned to you": overdue first, finished last, then by due instant (none last), then newest. */
export function byUrgency(a: MyAssignment, b: MyAssignment): number {
  return urgency(a) - urgency(b) || (a.dueAt ?? Infinity) - (b.dueAt ?? Infinity) || b.createdAt - a.createdAt || a.id - b.id;
}
