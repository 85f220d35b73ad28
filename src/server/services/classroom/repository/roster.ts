/**
 * The students of a class (live enrolments: left_at null): enrolling and removing one, the classes a
 * student is in, and the roster as the dashboard and the school's administrator read it. Every read
 * that spans a class's students is one query for all of them, never one per student.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../../common/language';
import type { Db } from '../../../db';

export async function isEnrolled(db: Db, classId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('class_students')
    .select('user_id')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Enrols (again, after leaving) a student; nothing when already in the class. */
export async function enrolStudent(trx: Db, classId: number, userId: number, source: 'code' | 'roster' | 'teacher', now: number): Promise<void> {
  const row = await trx.selectFrom('class_students').select('left_at').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) {
    await trx.insertInto('class_students').values({ class_id: classId, user_id: userId, source, joined_at: now, left_at: null }).execute();
  } else if (row.left_at !== null) {
    await trx.updateTable('class_students').set({ left_at: null, joined_at: now, source }).where('class_id', '=', classId).where('user_id', '=', userId).execute();
  }
}

export async function removeStudent(db: Db, classId: number, userId: number, now: number): Promise<boolean> {
  const result = await db.updateTable('class_students').set({ left_at: now }).where('class_id', '=', classId).where('user_id', '=', userId).where('left_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The classes a student is in (live enrolments), with school and class names. */
export async function studentClasses(db: Db, userId: number): Promise<{ id: number; name: string; clientId: number; schoolName: string; archivedAt: number | null }[]> {
  const rows = await db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .innerJoin('clients', 'clients.id', 'classes.client_id')
    .select(['classes.id', 'classes.name', 'classes.client_id', 'clients.name as school_name', 'classes.archived_at'])
    .where('class_students.user_id', '=', userId)
    .where('class_students.left_at', 'is', null)
    .orderBy('classes.name')
    .orderBy('classes.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, clientId: r.client_id, schoolName: r.school_name, archivedAt: r.archived_at === null ? null : Number(r.archived_at) }));
}

export interface StudentRow {
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  externalId: string | null;
  /** the language the student reads the course in: English until they choose */
  language: Language;
  joinedAt: number;
  /** the enrolment's row version (classroom/versions.ts): what a cached dashboard row is keyed by */
  rowVersion: number;
}

/** A class's students (live enrolments), by last name, with the school's student id if they gave one. */
export async function classStudents(db: Db, classId: number, clientId: number): Promise<StudentRow[]> {
  const [rows, ids] = await Promise.all([
    db
      .selectFrom('class_students')
      .innerJoin('users', 'users.id', 'class_students.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.language', 'class_students.joined_at', 'class_students.row_version'])
      .where('class_students.class_id', '=', classId)
      .where('class_students.left_at', 'is', null)
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('user_products')
      .select(['user_id', 'external_id'])
      .where('client_id', '=', clientId)
      .where('external_id', 'is not', null)
      .where('user_id', 'in', (eb) => eb.selectFrom('class_students').select('user_id').where('class_id', '=', classId).where('left_at', 'is', null))
      .orderBy('created_at')
      .execute(),
  ]);
  const external = new Map<number, string>();
  for (const r of ids) if (r.external_id && !external.has(r.user_id)) external.set(r.user_id, r.external_id);
  return rows.map((r) => ({
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    userName: r.user_name,
    externalId: external.get(r.id) ?? null,
    language: isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE,
    joinedAt: Number(r.joined_at),
    rowVersion: Number(r.row_version),
  }));
}

/**
 * The e-mail and roster id of a class's students (live enrolments), for the gradebook only: an
 * import matches its rows on e-mail. The dashboard never carries them.
 */
export async function studentContacts(db: Db, classId: number): Promise<Map<number, { email: string; sourcedId: string | null }>> {
  const rows = await db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .select(['users.id', 'users.email', 'users.sourced_id'])
    .where('class_students.class_id', '=', classId)
    .where('class_students.left_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, { email: r.email, sourcedId: r.sourced_id }]));
}

/**
 * The students a dashboard read covers: `only` (the rows a poll recomputes), else the class's live
 * roster as a subquery.
 */
export const rosterOf = (db: Db, classId: number, only?: readonly number[]) =>
  only ? [...only] : db.selectFrom('class_students').select('user_id').where('class_id', '=', classId).where('left_at', 'is', null);

/** A class's students (live enrolments) by name, with how and when they joined. */
export function enrolledStudents(db: Db, classId: number) {
  return db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'class_students.source', 'class_students.joined_at'])
    .where('class_students.class_id', '=', classId)
    .where('class_students.left_at', 'is', null)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}
