/**
 * A teacher's exceptions for one student on one assignment (assignment_exceptions): attempts on
 * top of a review's limit, and a due day of their own. Read with the class's live assignments
 * only, so a withdrawn assignment's exceptions are never shown or applied.
 */
import type { AssignmentException } from '../../../common/classroom';
import type { Db } from '../../db';

/** The live exceptions of a class, or of a student across their classes, or both. */
export async function exceptionsOf(db: Db, scope: { classIds?: readonly number[]; userId?: number }): Promise<AssignmentException[]> {
  if (scope.classIds?.length === 0) return [];
  let query = db
    .selectFrom('assignment_exceptions')
    .innerJoin('assignments', 'assignments.id', 'assignment_exceptions.assignment_id')
    .leftJoin('users', 'users.id', 'assignment_exceptions.granted_by')
    .select([
      'assignment_exceptions.assignment_id',
      'assignment_exceptions.user_id',
      'assignment_exceptions.extra_attempts',
      'assignment_exceptions.due_date',
      'assignment_exceptions.due_at',
      'assignment_exceptions.granted_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('assignments.deleted_at', 'is', null);
  if (scope.classIds) query = query.where('assignments.class_id', 'in', [...scope.classIds]);
  if (scope.userId !== undefined) query = query.where('assignment_exceptions.user_id', '=', scope.userId);
  const rows = await query.orderBy('assignment_exceptions.assignment_id').orderBy('assignment_exceptions.user_id').execute();
  return rows.map((r) => ({
    assignmentId: r.assignment_id,
    userId: r.user_id,
    extraAttempts: Number(r.extra_attempts),
    dueDate: r.due_date,
    dueAt: r.due_at === null ? null : Number(r.due_at),
    grantedBy: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    grantedAt: Number(r.granted_at),
  }));
}

/** Each student's own due instant by assignment, for status.ts `studentDueAt`. */
export function ownDueAts(exceptions: readonly AssignmentException[]): (assignmentId: number, userId: number) => number | null | undefined {
  const byKey = new Map(exceptions.map((e) => [`${e.assignmentId}:${e.userId}`, e.dueAt]));
  return (assignmentId, userId) => byKey.get(`${assignmentId}:${userId}`);
}

export interface ExceptionValues {
  assignment_id: number;
  user_id: number;
  extra_attempts: number;
  due_date: string | null;
  due_at: number | null;
  granted_by: number;
  granted_at: number;
}

/** Sets the student's exception on the assignment, replacing the one they had (safe to re-run). */
export async function saveException(db: Db, values: ExceptionValues): Promise<void> {
  const { extra_attempts, due_date, due_at, granted_by, granted_at } = values;
  await db
    .insertInto('assignment_exceptions')
    .values(values)
    .onConflict((oc) => oc.columns(['assignment_id', 'user_id']).doUpdateSet({ extra_attempts, due_date, due_at, granted_by, granted_at }))
    .execute();
}

/** Withdraws the student's exception on the assignment; false when they had none. */
export async function deleteException(db: Db, assignmentId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('assignment_exceptions').where('assignment_id', '=', assignmentId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
