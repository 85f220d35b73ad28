/**
 * Classes themselves: finding one (with its school), listing a school's, their summaries, creating
 * and changing them. Route handlers never build SQL: the classroom's queries live in this folder,
 * one concept a file (index.ts lists them).
 */
import { sql } from 'kysely';
import { formatAccessCode } from '../../../../common/accounts';
import type { Db } from '../../../db';
import { replaceJoinCode } from './joinCodes';

export interface ClassRow {
  id: number;
  clientId: number;
  name: string;
  archivedAt: number | null;
  createdAt: number;
  schoolName: string;
  lsclientID: string;
  timezone: string;
  /** bumped by every write its dashboard shows (classroom/versions.ts) */
  dashboardVersion: number;
}

export async function findClass(db: Db, classId: number): Promise<ClassRow | undefined> {
  const row = await db
    .selectFrom('classes')
    .innerJoin('clients', 'clients.id', 'classes.client_id')
    .select(['classes.id', 'classes.client_id', 'classes.name', 'classes.archived_at', 'classes.created_at', 'clients.name as school_name', 'clients.lsclient_id', 'clients.timezone', 'classes.dashboard_version'])
    .where('classes.id', '=', classId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    archivedAt: row.archived_at === null ? null : Number(row.archived_at),
    createdAt: Number(row.created_at),
    schoolName: row.school_name,
    lsclientID: row.lsclient_id,
    timezone: row.timezone,
    dashboardVersion: Number(row.dashboard_version),
  };
}

export async function clientIdOf(db: Db, lsclientID: string): Promise<number | undefined> {
  const row = await db.selectFrom('clients').select('id').where(sql`lower(lsclient_id)`, '=', lsclientID.toLowerCase()).executeTakeFirst();
  return row?.id;
}

/** The ids of a school's classes: those `teacherId` teaches, or every one (teacherId null). */
export async function classIdsAt(db: Db, clientId: number, teacherId: number | null): Promise<number[]> {
  let query = db.selectFrom('classes').select('classes.id').where('classes.client_id', '=', clientId).orderBy('classes.name').orderBy('classes.id');
  if (teacherId !== null) {
    query = query.where('classes.id', 'in', (eb) => eb.selectFrom('class_teachers').select('class_id').where('user_id', '=', teacherId));
  }
  return (await query.execute()).map((r) => r.id);
}

export interface ClassSummaryRow {
  id: number;
  name: string;
  archivedAt: number | null;
  studentCount: number;
  assignmentCount: number;
  joinCode: string | null;
  teachers: { userId: number; name: string; role: 'owner' | 'co-teacher' }[];
}

/** Summaries of classes (names, counts, live class code, teachers) in four queries whatever their number. */
export async function classSummaries(db: Db, classIds: readonly number[], now: number): Promise<ClassSummaryRow[]> {
  if (classIds.length === 0) return [];
  const ids = [...classIds];
  const [classes, students, assignments, codes, teachers] = await Promise.all([
    db.selectFrom('classes').select(['id', 'name', 'archived_at']).where('id', 'in', ids).execute(),
    db.selectFrom('class_students').select(['class_id', (eb) => eb.fn.countAll<number>().as('n')]).where('class_id', 'in', ids).where('left_at', 'is', null).groupBy('class_id').execute(),
    db.selectFrom('assignments').select(['class_id', (eb) => eb.fn.countAll<number>().as('n')]).where('class_id', 'in', ids).where('deleted_at', 'is', null).groupBy('class_id').execute(),
    db
      .selectFrom('access_codes')
      .select(['class_id', 'code', 'id'])
      .where('class_id', 'in', ids)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('class_teachers')
      .innerJoin('users', 'users.id', 'class_teachers.user_id')
      .select(['class_teachers.class_id', 'class_teachers.user_id', 'class_teachers.role', 'users.first_name', 'users.last_name'])
      .where('class_teachers.class_id', 'in', ids)
      .orderBy('class_teachers.added_at')
      .orderBy('class_teachers.user_id')
      .execute(),
  ]);
  const byId = new Map(classes.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    if (!c) return [];
    const code = codes.find((row) => row.class_id === id);
    return [
      {
        id,
        name: c.name,
        archivedAt: c.archived_at === null ? null : Number(c.archived_at),
        studentCount: Number(students.find((r) => r.class_id === id)?.n ?? 0),
        assignmentCount: Number(assignments.find((r) => r.class_id === id)?.n ?? 0),
        joinCode: code ? formatAccessCode(code.code) : null,
        teachers: teachers
          .filter((t) => t.class_id === id)
          .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1))
          .map((t) => ({ userId: t.user_id, name: `${t.first_name} ${t.last_name}`.trim(), role: t.role })),
      },
    ];
  });
}

export async function createClass(db: Db, input: { clientId: number; name: string; ownerId: number; productId: number }, now: number): Promise<number> {
  return db.transaction().execute((trx) => insertClass(trx, input, now));
}

/** createClass inside the caller's transaction (with its audit entry, say). */
export async function insertClass(trx: Db, input: { clientId: number; name: string; ownerId: number; productId: number }, now: number): Promise<number> {
  const created = await trx
    .insertInto('classes')
    .values({ client_id: input.clientId, name: input.name, sourced_id: null, created_at: now, updated_at: now, archived_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('class_teachers').values({ class_id: created.id, user_id: input.ownerId, role: 'owner', added_at: now }).execute();
  await replaceJoinCode(trx, created.id, input.clientId, input.productId, now);
  return created.id;
}

export async function updateClass(db: Db, classId: number, change: { name?: string; archived?: boolean }, now: number): Promise<void> {
  const set: { name?: string; archived_at?: number | null; updated_at: number } = { updated_at: now };
  if (change.name !== undefined) set.name = change.name;
  if (change.archived !== undefined) set.archived_at = change.archived ? now : null;
  await db.updateTable('classes').set(set).where('id', '=', classId).execute();
}

/** The schools' lsclientIDs by their row ids. */
export function lsclientIdsOf(db: Db, clientIds: readonly number[]): Promise<{ id: number; lsclient_id: string }[]> {
  return db.selectFrom('clients').select(['id', 'lsclient_id']).where('id', 'in', [...clientIds]).execute();
}

/** The classes' roster ids (set by the OneRoster import; null for a class made by hand) and creation, at one school. */
export function classOrigins(db: Db, schoolId: number, classIds: readonly number[]): Promise<{ id: number; sourced_id: string | null; created_at: number }[]> {
  return db.selectFrom('classes').select(['id', 'sourced_id', 'created_at']).where('client_id', '=', schoolId).where('id', 'in', [...classIds]).execute();
}

/** The class's roster id, null for a class made by hand. */
export async function classSourcedId(db: Db, classId: number): Promise<string | null> {
  return (await db.selectFrom('classes').select('sourced_id').where('id', '=', classId).executeTakeFirstOrThrow()).sourced_id;
}
