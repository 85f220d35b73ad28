/**
 * The classroom's queries: classes, their teachers and students, class codes, assignments, turn-ins
 * and the data a dashboard is computed from. Route handlers (routes.ts) and schoolClasses.ts call
 * these and never build SQL themselves. Every read that spans a class's students is one query for
 * all of them (a subquery on class_students), never one per student.
 */
import { sql, type RawBuilder } from 'kysely';
import { formatAccessCode } from '../../../common/accounts';
import { SERVER_IDLE_LIMIT_MS } from '../../../common/constants';
import type { ReviewAttemptLimit } from '../../../common/catalog';
import { isPostgres, type Db } from '../../db';
import type { AssignmentsTable, MaterialProgressTable, TurnInsTable } from '../../db/schema';
import { newAccessCode } from '../../security/codes';
import { sectionKey, materialKey, type LearnerProgress } from '../catalog/repository';
import type { Selectable } from 'kysely';

/** A class code's seats: far more than any class, so it never runs out mid-term. */
export const JOIN_CODE_SEATS = 1_000;

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

export async function teacherRole(db: Db, classId: number, userId: number): Promise<'owner' | 'co-teacher' | null> {
  const row = await db.selectFrom('class_teachers').select('role').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

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

/**
 * The course a class's class code enrols in: the one the school's own access codes give (the
 * newest), else the one most of its students hold, else the first product there is.
 */
export async function joinCodeProduct(db: Db, clientId: number): Promise<number | undefined> {
  const fromCodes = await db
    .selectFrom('access_codes')
    .select('product_id')
    .where('client_id', '=', clientId)
    .where('class_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (fromCodes) return fromCodes.product_id;
  const held = await db
    .selectFrom('user_products')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_id', '=', clientId)
    .groupBy('product_id')
    .orderBy('n', 'desc')
    .orderBy('product_id')
    .executeTakeFirst();
  if (held) return held.product_id;
  return (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirst())?.id;
}

/** A new class code for the class; the old ones stop working (they expire now). Call in a transaction. */
export async function replaceJoinCode(trx: Db, classId: number, clientId: number, productId: number, now: number): Promise<string> {
  await trx
    .updateTable('access_codes')
    .set({ expires_at: now })
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  for (;;) {
    const code = newAccessCode();
    const clash = await trx.selectFrom('access_codes').select('id').where('code', '=', code).executeTakeFirst();
    if (clash) continue;
    await trx
      .insertInto('access_codes')
      .values({ code, client_id: clientId, product_id: productId, seats: JOIN_CODE_SEATS, used: 0, expires_at: null, created_at: now, class_id: classId })
      .execute();
    return formatAccessCode(code);
  }
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

export async function addTeacher(db: Db, classId: number, userId: number, now: number): Promise<void> {
  await db
    .insertInto('class_teachers')
    .values({ class_id: classId, user_id: userId, role: 'co-teacher', added_at: now })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .execute();
}

export async function teacherCount(db: Db, classId: number): Promise<number> {
  const row = await db.selectFrom('class_teachers').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', classId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function removeTeacher(db: Db, classId: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('class_teachers').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------- assignments

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

// ---------------------------------------------------------------- students and their work

export interface StudentRow {
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  externalId: string | null;
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
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'class_students.joined_at', 'class_students.row_version'])
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
const rosterOf = (db: Db, classId: number, only?: readonly number[]) =>
  only ? [...only] : db.selectFrom('class_students').select('user_id').where('class_id', '=', classId).where('left_at', 'is', null);

/**
 * The progress of every student of a class in one query, one row per student and material touched
 * (material_progress, which the database keeps summed up: migration 0031), as the dashboard reads
 * it. In these LearnerProgress maps each completed section carries its material's latest
 * completion, `time` holds the section touched last (its own seconds, the material's last update)
 * and the rest of the material's seconds under `module/material/`, and `attempts` is as
 * loadProgress has it.
 */
export async function classProgress(db: Db, classId: number, only?: readonly number[]): Promise<Map<number, LearnerProgress>> {
  if (only?.length === 0) return new Map();
  const { rows } = await classProgressQuery(db, classId, only).execute(db);
  const byUser = new Map<number, LearnerProgress>();
  for (const row of rows) {
    let progress = byUser.get(row.user_id);
    if (!progress) {
      progress = { completions: new Map(), attempts: new Map(), time: new Map() };
      byUser.set(row.user_id, progress);
    }
    if (row.sections !== '') {
      const completedAt = Number(row.completed_at);
      for (const section of row.sections.split(' ')) progress.completions.set(sectionKey(row.module_slug, row.material_slug, section), completedAt);
    }
    if (row.attempts > 0) {
      progress.attempts.set(materialKey(row.module_slug, row.material_slug), {
        best: Number(row.best),
        count: Number(row.attempts),
        firstAt: Number(row.first_attempt_at),
        lastAt: Number(row.last_attempt_at),
        firstPassedAt: row.first_passed_at === null ? null : Number(row.first_passed_at),
      });
    }
    if (Number(row.time_updated_at) > 0 || Number(row.seconds) > 0) {
      // the section touched last under its own key (status.ts reads "stuck" from it), the rest of
      // the material's time under the material's: the entries still sum to the material's seconds
      const updatedAt = Number(row.time_updated_at);
      const own = row.last_section === '' ? 0 : Number(row.last_section_seconds);
      if (own > 0) progress.time.set(sectionKey(row.module_slug, row.material_slug, row.last_section), { seconds: own, firstAt: 0, updatedAt });
      progress.time.set(sectionKey(row.module_slug, row.material_slug, ''), { seconds: Number(row.seconds) - own, firstAt: 0, updatedAt: own > 0 ? 0 : updatedAt });
    }
  }
  return byUser;
}

/**
 * classProgress's one query: the material_progress rows of the class's students. Its cost must
 * follow the class, never the district's history (its plan is checked on an analyzed database:
 * classroomPlan.test.ts). SQLite reaches each student's rows through the table's key from the
 * roster's ids; PostgreSQL, once a class's students hold a few per cent of a small district's rows,
 * would rather scan the table whole, so there the live roster drives and each student's rows come
 * from a lateral subquery on the same key (OFFSET 0 keeps it a subquery: flattened into a plain
 * join, it would be hashed against a scan of the whole table).
 */
export function classProgressQuery(db: Db, classId: number, only?: readonly number[]) {
  const columns = sql`mp.user_id, mp.module_slug, mp.material_slug, mp.sections, mp.completed_at, mp.attempts, mp.best, mp.first_attempt_at, mp.last_attempt_at, mp.first_passed_at, mp.seconds, mp.time_updated_at, mp.last_section, mp.last_section_seconds`;
  let query;
  if (only) {
    query = sql`SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id IN (${sql.join([...only])})`;
  } else if (isPostgres(db)) {
    query = sql`SELECT p.* FROM class_students AS cs CROSS JOIN LATERAL (SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id = cs.user_id OFFSET 0) AS p WHERE cs.class_id = ${classId} AND cs.left_at IS NULL`;
  } else {
    query = sql`SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id IN (SELECT user_id FROM class_students WHERE class_id = ${classId} AND left_at IS NULL)`;
  }
  return query as RawBuilder<ProgressRow>;
}

type ProgressRow = Selectable<MaterialProgressTable>;

/**
 * Each student's last session activity (`last`), and the same among live sessions (not revoked,
 * not expired, not idle: `live`, who is signed in now), in one pass over the roster's sessions.
 */
export async function sessionActivity(db: Db, classId: number, now: number): Promise<{ live: Map<number, number>; last: Map<number, number> }> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'user_id',
      (eb) => eb.fn.max<number>('last_activity_at').as('last'),
      sql<number | null>`max(case when revoked_at is null and expires_at > ${now} and last_activity_at > ${now - SERVER_IDLE_LIMIT_MS} then last_activity_at end)`.as('live'),
    ])
    .where('user_id', 'in', rosterOf(db, classId))
    .groupBy('user_id')
    .execute();
  const live = new Map<number, number>();
  const last = new Map<number, number>();
  for (const r of rows) {
    last.set(r.user_id, Number(r.last));
    if (r.live !== null) live.set(r.user_id, Number(r.live));
  }
  return { live, last };
}

export interface TurnInRow {
  id: number;
  classId: number;
  userId: number;
  assignmentId: number | null;
  kind: 'worksheet' | 'budget';
  documentId: number;
  title: string;
  turnedInAt: number;
  worksheetKind: string | null;
  /** the teacher's review (shapes.ts turns it into a TurnInReview) */
  scorePoints: number | null;
  scoreMark: 'complete' | 'incomplete' | null;
  feedback: string | null;
  scoredAt: number | null;
  returnedAt: number | null;
}

const turnInColumns = [
  'turn_ins.id',
  'turn_ins.class_id',
  'turn_ins.user_id',
  'turn_ins.assignment_id',
  'turn_ins.kind',
  'turn_ins.document_id',
  'turn_ins.title',
  'turn_ins.turned_in_at',
  'turn_ins.score_points',
  'turn_ins.score_mark',
  'turn_ins.feedback',
  'turn_ins.scored_at',
  'turn_ins.returned_at',
] as const;

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A turn_ins row as turnInColumns select it, with its worksheet's kind. */
type TurnInSelected = Omit<Selectable<TurnInsTable>, 'snapshot' | 'scored_by'> & { worksheet_kind: string | null };

function toTurnInRow(r: TurnInSelected): TurnInRow {
  return {
    scorePoints: numberOrNull(r.score_points),
    scoreMark: r.score_mark,
    feedback: r.feedback,
    scoredAt: numberOrNull(r.scored_at),
    returnedAt: numberOrNull(r.returned_at),
    id: r.id,
    classId: r.class_id,
    userId: r.user_id,
    assignmentId: r.assignment_id,
    kind: r.kind,
    documentId: r.document_id,
    title: r.title,
    turnedInAt: Number(r.turned_in_at),
    worksheetKind: r.worksheet_kind,
  };
}

/** Turn-ins to a class (all students, one, or some), newest first; the worksheet kind comes from the snapshot's row. */
export async function classTurnIns(db: Db, classId: number, userId?: number | readonly number[]): Promise<TurnInRow[]> {
  if (typeof userId === 'object' && userId.length === 0) return [];
  let query = db
    .selectFrom('turn_ins')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind'])
    .where('turn_ins.class_id', '=', classId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc');
  if (typeof userId === 'number') query = query.where('turn_ins.user_id', '=', userId);
  else if (userId) query = query.where('turn_ins.user_id', 'in', [...userId]);
  return (await query.execute()).map(toTurnInRow);
}

/** A student's turn-ins to every class, newest first. */
export async function studentTurnIns(db: Db, userId: number): Promise<(TurnInRow & { className: string })[]> {
  const rows = await db
    .selectFrom('turn_ins')
    .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'classes.name as class_name'])
    .where('turn_ins.user_id', '=', userId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...toTurnInRow(r), className: r.class_name }));
}

export async function findTurnIn(db: Db, turnInId: number): Promise<(TurnInRow & { className: string; snapshot: string; studentName: string }) | undefined> {
  const row = await db
    .selectFrom('turn_ins')
    .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
    .innerJoin('users', 'users.id', 'turn_ins.user_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'classes.name as class_name', 'turn_ins.snapshot', 'users.first_name', 'users.last_name'])
    .where('turn_ins.id', '=', turnInId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toTurnInRow(row), className: row.class_name, snapshot: row.snapshot, studentName: `${row.first_name} ${row.last_name}`.trim() };
}

export async function commentsOf(db: Db, turnInIds: readonly number[]): Promise<{ id: number; turnInId: number; authorName: string; body: string; createdAt: number }[]> {
  if (turnInIds.length === 0) return [];
  const rows = await db
    .selectFrom('turn_in_comments')
    .leftJoin('users', 'users.id', 'turn_in_comments.author_id')
    .select(['turn_in_comments.id', 'turn_in_comments.turn_in_id', 'turn_in_comments.body', 'turn_in_comments.created_at', 'users.first_name', 'users.last_name'])
    .where('turn_in_comments.turn_in_id', 'in', [...turnInIds])
    .orderBy('turn_in_comments.created_at')
    .orderBy('turn_in_comments.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    turnInId: r.turn_in_id,
    authorName: r.first_name === null ? 'A former teacher' : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    body: r.body,
    createdAt: Number(r.created_at),
  }));
}

/** The students' saved worksheets (kind and last change), for "in progress" on worksheet assignments. */
export async function classWorksheets(db: Db, classId: number, only?: readonly number[]): Promise<{ userId: number; kind: string; updatedAt: number }[]> {
  if (only?.length === 0) return [];
  const rows = await db
    .selectFrom('worksheets')
    .select(['user_id', 'kind', (eb) => eb.fn.max<number>('updated_at').as('updated_at')])
    .where('user_id', 'in', rosterOf(db, classId, only))
    .where('deleted_at', 'is', null)
    .groupBy(['user_id', 'kind'])
    .execute();
  return rows.map((r) => ({ userId: r.user_id, kind: r.kind, updatedAt: Number(r.updated_at) }));
}

// ---------------------------------------------------------------- people and documents the routes check

/** The id of the user with this user name (as stored: lower case). */
export async function userIdByName(db: Db, userName: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst())?.id;
}

export async function isSchoolMember(db: Db, userId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('user_clients').select('user_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** The permissions the user holds at the school and globally, as granted (either case). */
export async function permissionsAt(db: Db, userId: number, clientId: number): Promise<string[]> {
  const [school, global] = await Promise.all([
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', userId).where('client_id', '=', clientId).execute(),
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).execute(),
  ]);
  return [...school, ...global].map((r) => r.permission);
}

/** Does the user hold any permission, globally or at any school: staff of some kind? */
export async function holdsAnyPermission(db: Db, userId: number): Promise<boolean> {
  const [global, school] = await Promise.all([
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return global !== undefined || school !== undefined;
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

export async function insertComment(db: Db, comment: { turnInId: number; authorId: number; body: string; createdAt: number }): Promise<number> {
  const row = await db
    .insertInto('turn_in_comments')
    .values({ turn_in_id: comment.turnInId, author_id: comment.authorId, body: comment.body, created_at: comment.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's live worksheet, as a turn-in copies it. */
export function ownedWorksheet(db: Db, userId: number, documentId: number): Promise<{ kind: string; title: string; data: string } | undefined> {
  return db.selectFrom('worksheets').select(['kind', 'title', 'data']).where('id', '=', documentId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The owner's live budget, as a turn-in copies it. */
export function ownedBudget(db: Db, userId: number, documentId: number): Promise<{ name: string; data: string } | undefined> {
  return db.selectFrom('budgets').select(['name', 'data']).where('id', '=', documentId).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertTurnIn(
  db: Db,
  turnIn: { classId: number; userId: number; assignmentId: number | null; kind: 'worksheet' | 'budget'; documentId: number; title: string; snapshot: string; turnedInAt: number },
): Promise<number> {
  const row = await db
    .insertInto('turn_ins')
    .values({
      class_id: turnIn.classId,
      user_id: turnIn.userId,
      assignment_id: turnIn.assignmentId,
      kind: turnIn.kind,
      document_id: turnIn.documentId,
      title: turnIn.title,
      snapshot: turnIn.snapshot,
      turned_in_at: turnIn.turnedInAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A class's turn-ins with their students' names, newest first: the teacher's inbox. */
export async function inboxTurnIns(db: Db, classId: number): Promise<(TurnInRow & { studentName: string })[]> {
  const rows = await db
    .selectFrom('turn_ins')
    .innerJoin('users', 'users.id', 'turn_ins.user_id')
    .leftJoin('worksheets', (join) => join.onRef('worksheets.id', '=', 'turn_ins.document_id').on('turn_ins.kind', '=', 'worksheet'))
    .select([...turnInColumns, 'worksheets.kind as worksheet_kind', 'users.first_name', 'users.last_name'])
    .where('turn_ins.class_id', '=', classId)
    .orderBy('turn_ins.turned_in_at', 'desc')
    .orderBy('turn_ins.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...toTurnInRow(r), studentName: `${r.first_name} ${r.last_name}`.trim() }));
}

/** The teacher's score and comment on a turn-in: only the fields given change. */
export async function saveTurnInReview(
  db: Db,
  turnInId: number,
  review: { score?: { points: number | null; mark: 'complete' | 'incomplete' | null }; feedback?: string | null; scoredBy: number; at: number },
): Promise<void> {
  await db
    .updateTable('turn_ins')
    .set({
      ...(review.score === undefined ? {} : { score_points: review.score.points, score_mark: review.score.mark }),
      ...(review.feedback === undefined ? {} : { feedback: review.feedback }),
      scored_by: review.scoredBy,
      scored_at: review.at,
    })
    .where('id', '=', turnInId)
    .execute();
}

/** The teacher's scores of a class's turn-ins, by turn-in id (the scored ones only). */
export async function turnInScores(db: Db, classId: number): Promise<Map<number, number | 'complete' | 'incomplete'>> {
  const rows = await db
    .selectFrom('turn_ins')
    .select(['id', 'score_points', 'score_mark'])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('score_points', 'is not', null), eb('score_mark', 'is not', null)]))
    .execute();
  return new Map(rows.map((r) => [r.id, r.score_points === null ? (r.score_mark ?? 'incomplete') : Number(r.score_points)]));
}

/** Returns a turn-in to its student. */
export async function returnTurnIn(db: Db, turnInId: number, at: number): Promise<void> {
  await db.updateTable('turn_ins').set({ returned_at: at }).where('id', '=', turnInId).execute();
}

/** A learner's live worksheets (kind and last change), for "in progress" on worksheet assignments. */
export async function learnerWorksheets(db: Db, userId: number): Promise<{ kind: string; updatedAt: number }[]> {
  const rows = await db.selectFrom('worksheets').select(['kind', 'updated_at']).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  return rows.map((w) => ({ kind: w.kind, updatedAt: Number(w.updated_at) }));
}

/** The schools' lsclientIDs by their row ids. */
export function lsclientIdsOf(db: Db, clientIds: readonly number[]): Promise<{ id: number; lsclient_id: string }[]> {
  return db.selectFrom('clients').select(['id', 'lsclient_id']).where('id', 'in', [...clientIds]).execute();
}

// ---------------------------------------------------------------- a school's classes, as its administrator runs them

/** The classes' roster ids (set by the OneRoster import; null for a class made by hand) and creation, at one school. */
export function classOrigins(db: Db, schoolId: number, classIds: readonly number[]): Promise<{ id: number; sourced_id: string | null; created_at: number }[]> {
  return db.selectFrom('classes').select(['id', 'sourced_id', 'created_at']).where('client_id', '=', schoolId).where('id', 'in', [...classIds]).execute();
}

/** The user names of the classes' teachers. */
export function teacherUserNames(db: Db, classIds: readonly number[]): Promise<{ user_id: number; user_name: string }[]> {
  return db
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['class_teachers.user_id', 'users.user_name'])
    .where('class_teachers.class_id', 'in', [...classIds])
    .execute();
}

/** The class's roster id, null for a class made by hand. */
export async function classSourcedId(db: Db, classId: number): Promise<string | null> {
  return (await db.selectFrom('classes').select('sourced_id').where('id', '=', classId).executeTakeFirstOrThrow()).sourced_id;
}

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

/** The class's class code that works now (the newest), formatted, and when it stops. */
export async function liveJoinCode(db: Db, classId: number, now: number): Promise<{ code: string; expiresAt: number | null } | undefined> {
  const row = await db
    .selectFrom('access_codes')
    .select(['code', 'expires_at'])
    .where('class_id', '=', classId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { code: formatAccessCode(row.code), expiresAt: row.expires_at === null ? null : Number(row.expires_at) } : undefined;
}

/** The school's active members who hold `permission` there, by name. */
export function holdersAtSchool(db: Db, schoolId: number, permission: string) {
  return db
    .selectFrom('users')
    .innerJoin('school_permissions', 'school_permissions.user_id', 'users.id')
    .innerJoin('user_clients', (join) => join.onRef('user_clients.user_id', '=', 'users.id').on('user_clients.client_id', '=', schoolId))
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.user_name', 'users.sourced_id'])
    .where('school_permissions.client_id', '=', schoolId)
    .where('school_permissions.permission', '=', permission)
    .where('users.deactivated_at', 'is', null)
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
}

/** A user's name and roster id. */
export function userNamed(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'user_name', 'sourced_id']).where('id', '=', userId).executeTakeFirst();
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
