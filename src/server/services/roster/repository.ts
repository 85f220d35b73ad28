/** The roster import's reads and writes (one transaction, given by the service). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';
import type { ClassStudentsTable, ClassTeachersTable, ClassesTable, SchoolPermissionsTable, UserClientsTable, UsersTable } from '../../db/schema';

/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** `where column in (…)` over many values, a chunk at a time. */
export async function selectChunked<V, R>(values: V[], select: (chunk: V[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await select(values.slice(i, i + CHUNK))));
  return out;
}

export async function schoolsBySourcedId(trx: Db) {
  return trx.selectFrom('clients').select(['id', 'lsclient_id', 'name', 'sourced_id']).execute();
}

export async function rosterUsers(trx: Db) {
  return trx
    .selectFrom('users')
    .select(['id', 'sourced_id', 'user_name', 'first_name', 'last_name', 'email', 'roster_email', 'deactivated_at'])
    .where('sourced_id', 'is not', null)
    .execute();
}

export async function usersByName(trx: Db, userNames: string[]) {
  return selectChunked(userNames, (chunk) => trx.selectFrom('users').select(['id', 'user_name', 'sourced_id']).where('user_name', 'in', chunk).execute());
}

export async function membershipsOf(trx: Db, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  return trx.selectFrom('user_clients').select(['user_id', 'client_id']).where('client_id', 'in', clientIds).execute();
}

/**
 * Of these users, those the import's schools do not wholly answer for: a member of a school outside
 * them, a holder of a role at a school outside them, or a holder of a district-wide permission
 * (user_permissions: SUPPORT, GADMINSUPERUSER, …). Their account is more than these schools'.
 */
export async function usersBeyondSchools(trx: Db, userIds: number[], clientIds: number[]): Promise<Set<number>> {
  const rows = await selectChunked(userIds, async (chunk) => {
    const elsewhere = <T extends 'user_clients' | 'school_permissions'>(table: T) => {
      const query = trx.selectFrom(table as 'user_clients').select('user_id').where('user_id', 'in', chunk);
      return (clientIds.length > 0 ? query.where('client_id', 'not in', clientIds) : query).execute();
    };
    const district = trx.selectFrom('user_permissions').select('user_id').where('user_id', 'in', chunk).execute();
    return (await Promise.all([elsewhere('user_clients'), elsewhere('school_permissions'), district])).flat();
  });
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Ends these users' membership of these schools (their account and other schools stay): the
 * membership rows go and the schools left keep their order from 0 (position 0 is the current school,
 * whose roles count).
 */
export async function leaveSchools(trx: Db, userIds: number[], clientIds: number[]): Promise<void> {
  if (clientIds.length === 0) return;
  for (const userId of userIds) {
    await trx.deleteFrom('user_clients').where('user_id', '=', userId).where('client_id', 'in', clientIds).execute();
    const left = await trx.selectFrom('user_clients').select(['client_id', 'position']).where('user_id', '=', userId).orderBy('position').execute();
    for (const [position, row] of left.entries()) {
      if (row.position !== position) await trx.updateTable('user_clients').set({ position }).where('user_id', '=', userId).where('client_id', '=', row.client_id).execute();
    }
    removed('user_clients', userId);
  }
}

export async function positionsOf(trx: Db, userIds: number[]) {
  return selectChunked(userIds, (chunk) =>
    trx.selectFrom('user_clients').select(['user_id', trx.fn.max('position').as('last')]).where('user_id', 'in', chunk).groupBy('user_id').execute(),
  );
}

export async function schoolPermissionsAt(trx: Db, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  return trx.selectFrom('school_permissions').select(['user_id', 'client_id', 'permission']).where('client_id', 'in', clientIds).execute();
}

/**
 * The grants a roster import made (granted_by null) to roster users at these schools: the ones a
 * later import may take back. A grant a person made, or one to an account the roster did not make
 * (the demo world's, say), is never among them — except for the `leaving` users, who leave these
 * schools and so every role they hold there.
 */
export async function rosterGrantsAt(trx: Db, clientIds: number[], permissions: string[], leaving: number[] = []) {
  if (clientIds.length === 0) return [];
  return trx
    .selectFrom('school_permissions')
    .innerJoin('users', 'users.id', 'school_permissions.user_id')
    .innerJoin('clients', 'clients.id', 'school_permissions.client_id')
    .select([
      'school_permissions.user_id',
      'school_permissions.client_id',
      'school_permissions.permission',
      'users.sourced_id',
      'users.first_name',
      'users.last_name',
      'clients.lsclient_id',
    ])
    .where('school_permissions.client_id', 'in', clientIds)
    .where((eb) => {
      const ours = eb.and([eb('school_permissions.permission', 'in', permissions), eb('school_permissions.granted_by', 'is', null)]);
      return leaving.length > 0 ? eb.or([ours, eb('school_permissions.user_id', 'in', leaving)]) : ours;
    })
    .where('users.sourced_id', 'is not', null)
    .execute();
}

export async function classesAt(trx: Db, clientIds: number[]) {
  if (clientIds.length === 0) return [];
  return trx.selectFrom('classes').select(['id', 'client_id', 'name', 'sourced_id', 'archived_at']).where('client_id', 'in', clientIds).execute();
}

export async function rostersOf(trx: Db, classIds: number[]) {
  const students = await selectChunked(classIds, (chunk) =>
    trx.selectFrom('class_students').select(['class_id', 'user_id', 'source', 'left_at']).where('class_id', 'in', chunk).execute(),
  );
  const teachers = await selectChunked(classIds, (chunk) => trx.selectFrom('class_teachers').select(['class_id', 'user_id', 'role']).where('class_id', 'in', chunk).execute());
  return { students, teachers };
}

// ---------------------------------------------------------------- the import's writes (in its transaction)

/** Links the school to the roster's org (its sourcedId). */
export async function linkSchool(trx: Db, clientId: number, sourcedId: string): Promise<void> {
  await trx.updateTable('clients').set({ sourced_id: sourcedId }).where('id', '=', clientId).execute();
  changed('clients');
}

export async function renameSchool(trx: Db, clientId: number, name: string): Promise<void> {
  await trx.updateTable('clients').set({ name }).where('id', '=', clientId).execute();
  changed('clients');
}

export async function insertSchool(trx: Db, school: { lsclient_id: string; name: string; sourced_id: string }): Promise<number> {
  const created = await trx.insertInto('clients').values(school).returning('id').executeTakeFirstOrThrow();
  changed('clients');
  return created.id;
}

export async function insertUsers(trx: Db, rows: Insertable<UsersTable>[]): Promise<void> {
  await trx.insertInto('users').values(rows).execute();
  changed('users');
}

/** The e-mail address the roster gives that waits for its user to confirm it (null: none). */
export async function setRosterEmail(trx: Db, userId: number, email: string | null): Promise<void> {
  await trx.updateTable('users').set({ roster_email: email }).where('id', '=', userId).execute();
  changed('users', userId);
}

export async function updateUser(trx: Db, userId: number, changes: Updateable<UsersTable>): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
  changed('users', userId);
}

/** Deactivates the users and ends their sessions (an open tab goes to /login at its next check). */
export async function deactivateUsers(trx: Db, userIds: number[], now: number): Promise<void> {
  await trx.updateTable('users').set({ deactivated_at: now }).where('id', 'in', userIds).execute();
  changed('users');
  await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', 'in', userIds).where('revoked_at', 'is', null).execute();
  changed('sessions');
}

export async function insertMemberships(trx: Db, rows: Insertable<UserClientsTable>[]): Promise<void> {
  await trx.insertInto('user_clients').values(rows).execute();
  changed('user_clients');
}

export async function insertSchoolPermissions(trx: Db, rows: Insertable<SchoolPermissionsTable>[]): Promise<void> {
  await trx.insertInto('school_permissions').values(rows).execute();
  changed('school_permissions');
}

export async function deleteSchoolPermission(trx: Db, grant: { user_id: number; client_id: number; permission: string }): Promise<void> {
  await trx.deleteFrom('school_permissions').where('user_id', '=', grant.user_id).where('client_id', '=', grant.client_id).where('permission', '=', grant.permission).execute();
  removed('school_permissions', grant.user_id);
}

/** A listed class: its roster title, and live again. */
export async function updateClass(trx: Db, classId: number, name: string, now: number): Promise<void> {
  await trx.updateTable('classes').set({ name, archived_at: null, updated_at: now }).where('id', '=', classId).execute();
}

export async function insertClasses(trx: Db, rows: Insertable<ClassesTable>[]): Promise<void> {
  await trx.insertInto('classes').values(rows).execute();
}

export async function archiveClasses(trx: Db, classIds: number[], now: number): Promise<void> {
  await trx.updateTable('classes').set({ archived_at: now, updated_at: now }).where('id', 'in', classIds).execute();
}

/** A student's enrolment ends (`leftAt`) or comes back (null). */
export async function setStudentLeftAt(trx: Db, classId: number, userId: number, leftAt: number | null): Promise<void> {
  await trx.updateTable('class_students').set({ left_at: leftAt }).where('class_id', '=', classId).where('user_id', '=', userId).execute();
}

export async function setTeacherRole(trx: Db, classId: number, userId: number, role: 'owner' | 'co-teacher'): Promise<void> {
  await trx.updateTable('class_teachers').set({ role }).where('class_id', '=', classId).where('user_id', '=', userId).execute();
}

export async function insertClassStudents(trx: Db, rows: Insertable<ClassStudentsTable>[]): Promise<void> {
  await trx.insertInto('class_students').values(rows).execute();
}

export async function insertClassTeachers(trx: Db, rows: Insertable<ClassTeachersTable>[]): Promise<void> {
  await trx.insertInto('class_teachers').values(rows).execute();
}

export async function deleteClassTeacher(trx: Db, classId: number, userId: number): Promise<void> {
  await trx.deleteFrom('class_teachers').where('class_id', '=', classId).where('user_id', '=', userId).execute();
}
