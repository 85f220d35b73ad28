/** Review attempts as the classroom reads them, and the attempt limit a student's classes set. */
import { sql } from 'kysely';
import type { ReviewAttemptLimit } from '../../../../common/catalog';
import type { Db } from '../../../db';

/** The review attempts of some students at one material's review, with their answers (what the class got wrong). */
export async function reviewAnswersOf(db: Db, userIds: readonly number[], moduleSlug: string, materialSlug: string): Promise<{ userId: number; createdAt: number; answers: string; passed: boolean }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('review_attempts')
    .select(['user_id', 'created_at', 'answers', 'passed'])
    .where('user_id', 'in', [...userIds])
    .where('module_slug', '=', moduleSlug)
    .where('material_slug', '=', materialSlug)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id, createdAt: Number(r.created_at), answers: r.answers, passed: Number(r.passed) === 1 }));
}

/**
 * The assignment whose review attempt limit binds the student for one material: the one with the
 * smallest limit among the review assignments of the live classes they are in (the earliest on a
 * tie), each limit with the extra attempts a teacher granted this student on it.
 */
async function bindingAssignment(db: Db, userId: number, moduleSlug: string, materialSlug: string) {
  const allowed = sql<number>`assignments.max_attempts + coalesce(assignment_exceptions.extra_attempts, 0)`;
  return db
    .selectFrom('assignments')
    .innerJoin('class_students', 'class_students.class_id', 'assignments.class_id')
    .innerJoin('classes', 'classes.id', 'assignments.class_id')
    .leftJoin('assignment_exceptions', (join) =>
      join.onRef('assignment_exceptions.assignment_id', '=', 'assignments.id').onRef('assignment_exceptions.user_id', '=', 'class_students.user_id'),
    )
    .select([allowed.as('max_attempts'), 'assignments.class_id', 'assignments.created_by', 'classes.name'])
    .where('class_students.user_id', '=', userId)
    .where('class_students.left_at', 'is', null)
    .where('classes.archived_at', 'is', null)
    .where('assignments.deleted_at', 'is', null)
    .where('assignments.kind', '=', 'review')
    .where('assignments.module_slug', '=', moduleSlug)
    .where('assignments.material_slug', '=', materialSlug)
    .where('assignments.max_attempts', 'is not', null)
    .orderBy(allowed)
    .orderBy('assignments.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The binding limit, the class that set it and the teacher to ask for more (whoever made the
 * assignment if they still teach the class, else its owner); null for none.
 */
export async function bindingLimit(db: Db, userId: number, moduleSlug: string, materialSlug: string): Promise<ReviewAttemptLimit | null> {
  const row = await bindingAssignment(db, userId, moduleSlug, materialSlug);
  if (row?.max_attempts === null || row?.max_attempts === undefined) return null;
  const teachers = await db
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['class_teachers.user_id', 'class_teachers.role', 'users.first_name', 'users.last_name'])
    .where('class_teachers.class_id', '=', row.class_id)
    .orderBy('class_teachers.added_at')
    .orderBy('class_teachers.user_id')
    .execute();
  const teacher = teachers.find((t) => t.user_id === row.created_by) ?? teachers.find((t) => t.role === 'owner') ?? teachers[0];
  return {
    allowed: Number(row.max_attempts),
    className: row.name,
    teacher: teacher ? `${teacher.first_name} ${teacher.last_name}`.trim() : null,
  };
}

/** A learner's review attempts at any school's content, newest first. */
export function reviewAttemptsOf(db: Db, userId: number) {
  return db
    .selectFrom('review_attempts')
    .select(['module_slug', 'material_slug', 'score', 'passed', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A student's review attempts on some materials ("module/material"), with their answers. */
export function attemptsWithAnswers(db: Db, userId: number, materials: readonly { module: string; material: string }[]) {
  if (materials.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('review_attempts')
    .select(['module_slug', 'material_slug', 'score', 'passed', 'answers', 'created_at'])
    .where('user_id', '=', userId)
    .where('module_slug', 'in', [...new Set(materials.map((m) => m.module))])
    .where('material_slug', 'in', [...new Set(materials.map((m) => m.material))])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
