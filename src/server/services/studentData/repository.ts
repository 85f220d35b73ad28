/**
 * The student-data queries: the student looked up at a school, everything an export holds, and
 * what a delete or an unlink removes. Every query filters by the student's user_id (and, for
 * classes and turned-in work, by the school).
 */
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';
import { currentSchoolId, isSchoolMember } from '../accounts/repository';

/**
 * The school a superuser acts for on a student: the superuser's current school (`current`) when
 * the student belongs to it, else the student's first school; undefined for no school.
 */
export async function studentSchoolFor(db: Db, userId: number, current: number | undefined): Promise<number | undefined> {
  if (current !== undefined && (await isSchoolMember(db, userId, current))) return current;
  return currentSchoolId(db, userId);
}

/** The user `userId` or `userName` (lower-cased here) if they belong to the school `clientId`. */
export function studentRow(db: Db, who: { userId?: number; userName?: string }, clientId: number) {
  let query = db
    .selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .innerJoin('clients', 'clients.id', 'user_clients.client_id')
    .select(['users.id', 'users.user_name', 'users.first_name', 'users.last_name', 'clients.name as school_name'])
    .where('user_clients.client_id', '=', clientId);
  if (who.userId !== undefined) query = query.where('users.id', '=', who.userId);
  else query = query.where('users.user_name', '=', (who.userName ?? '').trim().toLowerCase());
  return query.executeTakeFirst();
}

/** Does the user hold any permission, global or at a school (staff, not a student)? */
export async function holdsAnyPermission(db: Db, userId: number): Promise<boolean> {
  const [global, school] = await Promise.all([
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return global !== undefined || school !== undefined;
}

/** The student's rows an export shows beside their own tables: classes and turn-ins of this school only. */
export async function exportRows(trx: Db, id: number, clientId: number) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'user_name', 'email', 'roster_email', 'timezone', 'created_at', 'sourced_id', 'deactivated_at', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const schools = await trx
    .selectFrom('user_clients')
    .innerJoin('clients', 'clients.id', 'user_clients.client_id')
    .select(['clients.lsclient_id', 'clients.name', 'user_clients.position'])
    .where('user_clients.user_id', '=', id)
    .orderBy('user_clients.position')
    .execute();
  const courses = await trx
    .selectFrom('user_products')
    .innerJoin('products', 'products.id', 'user_products.product_id')
    .innerJoin('clients', 'clients.id', 'user_products.client_id')
    .select(['products.code', 'clients.lsclient_id', 'user_products.external_id', 'user_products.created_at'])
    .where('user_products.user_id', '=', id)
    .execute();
  const classes = await trx
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select(['classes.id', 'classes.name', 'class_students.source', 'class_students.joined_at', 'class_students.left_at'])
    .where('class_students.user_id', '=', id)
    .where('classes.client_id', '=', clientId)
    .orderBy('classes.id')
    .execute();
  const turnIns = await trx
    .selectFrom('turn_ins')
    .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
    .select(['turn_ins.id', 'classes.name as class_name', 'turn_ins.kind', 'turn_ins.title', 'turn_ins.snapshot', 'turn_ins.turned_in_at'])
    .where('turn_ins.user_id', '=', id)
    .where('classes.client_id', '=', clientId)
    .orderBy('turn_ins.id')
    .execute();
  const comments = turnIns.length
    ? await trx
        .selectFrom('turn_in_comments')
        .leftJoin('users', 'users.id', 'turn_in_comments.author_id')
        .select(['turn_in_comments.turn_in_id', 'turn_in_comments.body', 'turn_in_comments.created_at', 'users.first_name', 'users.last_name'])
        .where(
          'turn_in_comments.turn_in_id',
          'in',
          turnIns.map((t) => t.id),
        )
        .orderBy('turn_in_comments.id')
        .execute()
    : [];
  const tickets = await trx
    .selectFrom('support_tickets')
    .select(['issue_key', 'subject', 'description', 'page_url', 'name', 'email', 'school', 'status', 'created_at', 'resolved_at'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  return { user, schools, courses, classes, turnIns, comments, tickets };
}

/** The tables of the student's own work and progress, each with a user_id column. */
export type OwnTable = 'section_completions' | 'time_spent' | 'review_attempts' | 'module_test_attempts' | 'bookmarks' | 'certificates' | 'budgets' | 'worksheets';

/** Every row of `table` that is the student's. */
export async function ownRows(trx: Db, table: OwnTable, id: number): Promise<Record<string, unknown>[]> {
  // kysely cannot type a where over a union of tables
  return (await trx.selectFrom(table as 'budgets').selectAll().where('user_id', '=', id).execute()) as Record<string, unknown>[];
}

/** Does the student belong to a school other than `clientId`? */
export async function belongsToAnotherSchool(trx: Db, id: number, clientId: number): Promise<boolean> {
  return (await trx.selectFrom('user_clients').select('client_id').where('user_id', '=', id).where('client_id', '!=', clientId).executeTakeFirst()) !== undefined;
}

/**
 * Removes the student from one school (their account stays for the others): that school's
 * classes, turn-ins, exceptions, course ids and membership; their remaining schools keep their order from 0;
 * every session ends.
 */
export async function unlinkFromSchool(trx: Db, id: number, clientId: number, now: number): Promise<void> {
  const classIds = trx.selectFrom('classes').select('id').where('client_id', '=', clientId);
  await trx.deleteFrom('turn_ins').where('user_id', '=', id).where('class_id', 'in', classIds).execute();
  await trx
    .deleteFrom('assignment_exceptions')
    .where('user_id', '=', id)
    .where('assignment_id', 'in', trx.selectFrom('assignments').select('id').where('class_id', 'in', classIds))
    .execute();
  await trx.deleteFrom('class_students').where('user_id', '=', id).where('class_id', 'in', classIds).execute();
  await trx.deleteFrom('user_products').where('user_id', '=', id).where('client_id', '=', clientId).execute();
  await trx.deleteFrom('user_clients').where('user_id', '=', id).where('client_id', '=', clientId).execute();
  removed('user_clients', id);
  // the remaining schools keep their order from 0 (position 0 is the current school)
  const left = await trx.selectFrom('user_clients').select(['client_id', 'position']).where('user_id', '=', id).orderBy('position').execute();
  for (const [position, row] of left.entries()) {
    if (row.position !== position) await trx.updateTable('user_clients').set({ position }).where('user_id', '=', id).where('client_id', '=', row.client_id).execute();
  }
  changed('user_clients', id);
  await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
  changed('sessions');
}

/** Deletes the account: every row referencing it goes by ON DELETE CASCADE; tickets they filed go too. */
export async function deleteStudent(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('support_tickets').where('user_id', '=', id).execute();
  await trx.deleteFrom('users').where('id', '=', id).execute();
  removed('users', id);
}
