/** A class's assignments: reading, adding, changing and withdrawing them. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db';
import type { AssignmentsTable } from '../../../db/schema';

export type AssignmentRow = Selectable<AssignmentsTable>;

const ASSIGNMENT_COLUMNS = [
  'id',
  'class_id',
  'kind',
  'module_slug',
  'material_slug',
  'worksheet_kind',
  'due_date',
  'due_at',
  'max_attempts',
  'created_by',
  'created_at',
  'deleted_at',
  'section_slug',
  'student_ids',
  'note',
] as const;

/** The students an assignment is for: null for the whole class, else the ids it lists (a re-teach). */
export function assignedStudents(row: Pick<AssignmentRow, 'student_ids'>): number[] | null {
  if (row.student_ids === null) return null;
  const ids = JSON.parse(row.student_ids) as unknown;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

export async function classAssignments(db: Db, classIds: readonly number[]): Promise<AssignmentRow[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('assignments')
    .select([...ASSIGNMENT_COLUMNS])
    .where('class_id', 'in', [...classIds])
    .where('deleted_at', 'is', null)
    .orderBy(sql`case when due_at is null then 1 else 0 end`)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
}

export async function findAssignment(db: Db, classId: number, assignmentId: number): Promise<AssignmentRow | undefined> {
  return db
    .selectFrom('assignments')
    .select([...ASSIGNMENT_COLUMNS])
    .where('id', '=', assignmentId)
    .where('class_id', '=', classId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertAssignment(
  db: Db,
  values: Pick<AssignmentRow, 'class_id' | 'kind' | 'module_slug' | 'material_slug' | 'worksheet_kind' | 'due_date' | 'due_at' | 'max_attempts' | 'created_by' | 'created_at'> &
    Partial<Pick<AssignmentRow, 'section_slug' | 'student_ids' | 'note'>>,
): Promise<number> {
  const row = await db
    .insertInto('assignments')
    .values({ ...values, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAssignment(db: Db, assignmentId: number, set: { due_date?: string | null; due_at?: number | null; max_attempts?: number | null }): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('assignments').set(set).where('id', '=', assignmentId).execute();
}

export async function withdrawAssignment(db: Db, assignmentId: number, now: number): Promise<void> {
  await db.updateTable('assignments').set({ deleted_at: now }).where('id', '=', assignmentId).execute();
}
