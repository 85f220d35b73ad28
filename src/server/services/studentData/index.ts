/**
 * One student's data for their school: export (one JSON document of everything stored about them)
 * and delete. Called by the OneLook routes (./routes.ts) and the operator CLI
 * (`npm run admin -- student …`); docs/privacy.md says what a school gets and what goes.
 *
 * The export holds the student's own rows only: no password hash, no session or token, no other
 * person's data (a teacher's comment shows its author's name, as the student sees it), and of
 * classes and turned-in work only this school's. Delete removes the account (every row referencing
 * it goes by the foreign keys' ON DELETE CASCADE, on SQLite and PostgreSQL; tickets they filed are
 * deleted with it); when the student also belongs to another school only this school's link,
 * classes, turn-ins, permissions and course ids go, and the account stays.
 */
import { STUDENT_DATA_MESSAGES } from '../../../common/studentData';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { auditNameOf } from '../audit/actor';
import { recordAudit, type AuditActor } from '../audit/record';
import { bumpClassVersions } from '../classroom/versions';

export interface StudentAtSchool {
  userId: number;
  userName: string;
  name: string;
  clientId: number;
  schoolName: string;
}

/** The student (not staff) `userId` or `userName` at the school `clientId`, else 404 (403 for staff). */
export async function studentAtSchool(db: Db, who: { userId?: number; userName?: string }, clientId: number): Promise<StudentAtSchool> {
  let query = db
    .selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .innerJoin('clients', 'clients.id', 'user_clients.client_id')
    .select(['users.id', 'users.user_name', 'users.first_name', 'users.last_name', 'clients.name as school_name'])
    .where('user_clients.client_id', '=', clientId);
  if (who.userId !== undefined) query = query.where('users.id', '=', who.userId);
  else query = query.where('users.user_name', '=', (who.userName ?? '').trim().toLowerCase());
  const row = await query.executeTakeFirst();
  if (!row) throw new HttpError(404, STUDENT_DATA_MESSAGES.notFound);
  const [global, school] = await Promise.all([
    db.selectFrom('user_permissions').select('permission').where('user_id', '=', row.id).executeTakeFirst(),
    db.selectFrom('school_permissions').select('permission').where('user_id', '=', row.id).executeTakeFirst(),
  ]);
  if (global || school) throw new HttpError(403, STUDENT_DATA_MESSAGES.staffAccount);
  return {
    userId: row.id,
    userName: row.user_name,
    name: auditNameOf({ firstName: row.first_name, lastName: row.last_name, userName: row.user_name }),
    clientId,
    schoolName: row.school_name,
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const json = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Everything stored about the student (this school's classes only); recorded as student-data.export. */
export async function exportStudentData(db: Db, student: StudentAtSchool, actor: AuditActor, now: number): Promise<Record<string, unknown>> {
  const id = student.userId;
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'user_name', 'email', 'timezone', 'created_at', 'sourced_id', 'deactivated_at', 'must_change_password'])
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
      .where('classes.client_id', '=', student.clientId)
      .orderBy('classes.id')
      .execute();
    const turnIns = await trx
      .selectFrom('turn_ins')
      .innerJoin('classes', 'classes.id', 'turn_ins.class_id')
      .select(['turn_ins.id', 'classes.name as class_name', 'turn_ins.kind', 'turn_ins.title', 'turn_ins.snapshot', 'turn_ins.turned_in_at'])
      .where('turn_ins.user_id', '=', id)
      .where('classes.client_id', '=', student.clientId)
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
    type OwnTable = 'section_completions' | 'time_spent' | 'review_attempts' | 'module_test_attempts' | 'bookmarks' | 'certificates' | 'budgets' | 'worksheets';
    // every one of these tables has user_id; kysely cannot type a where over a union of tables
    const own = async (table: OwnTable): Promise<Record<string, unknown>[]> =>
      (await trx.selectFrom(table as 'budgets').selectAll().where('user_id', '=', id).execute()) as Record<string, unknown>[];
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ user_id: _u, ...rest }) => rest);
    const tickets = await trx
      .selectFrom('support_tickets')
      .select(['issue_key', 'subject', 'description', 'page_url', 'name', 'email', 'school', 'status', 'created_at', 'resolved_at'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    const document = {
      exportedAt: new Date(now).toISOString(),
      school: student.schoolName,
      profile: {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        userName: user.user_name,
        email: user.email,
        timezone: user.timezone,
        createdAt: num(user.created_at),
        rosterSourcedId: user.sourced_id,
        deactivatedAt: num(user.deactivated_at),
        mustChangePassword: Number(user.must_change_password) === 1,
      },
      schools: schools.map((s) => ({ lsclientID: s.lsclient_id, name: s.name })),
      courses: courses.map((c) => ({ product: c.code, school: c.lsclient_id, studentId: c.external_id, joinedAt: num(c.created_at) })),
      classes: classes.map((c) => ({ name: c.name, joinedBy: c.source, joinedAt: num(c.joined_at), leftAt: num(c.left_at) })),
      sectionCompletions: strip(await own('section_completions')),
      timeSpent: strip(await own('time_spent')),
      reviewAttempts: strip(await own('review_attempts')),
      moduleTests: strip(await own('module_test_attempts')),
      bookmarks: strip(await own('bookmarks')),
      certificates: strip(await own('certificates')),
      budgets: strip(await own('budgets')).map((b) => ({ ...b, data: typeof b.data === 'string' ? json(b.data) : b.data })),
      worksheets: strip(await own('worksheets')).map((w) => ({ ...w, data: typeof w.data === 'string' ? json(w.data) : w.data })),
      turnIns: turnIns.map((t) => ({
        className: t.class_name,
        kind: t.kind,
        title: t.title,
        turnedInAt: num(t.turned_in_at),
        document: json(t.snapshot),
        comments: comments
          .filter((c) => c.turn_in_id === t.id)
          .map((c) => ({ author: c.first_name === null ? null : `${c.first_name} ${c.last_name ?? ''}`.trim(), body: c.body, createdAt: num(c.created_at) })),
      })),
      supportTickets: tickets.map((t) => ({ ...t, created_at: num(t.created_at), resolved_at: num(t.resolved_at) })),
    };
    await recordAudit(trx, actor, { action: 'student-data.export', schoolId: student.clientId, targetUserId: id, targetName: student.name }, now);
    return document;
  });
}

/** Deletes the student, or unlinks them from this school when they belong to another; recorded as student-data.delete. */
export async function deleteStudentData(db: Db, student: StudentAtSchool, actor: AuditActor, now: number): Promise<{ outcome: 'deleted' | 'unlinked'; message: string }> {
  const id = student.userId;
  return db.transaction().execute(async (trx) => {
    // while the student is still on their classes' rosters: each dashboard loses them
    await bumpClassVersions(trx, { studentIds: [id] });
    const other = await trx.selectFrom('user_clients').select('client_id').where('user_id', '=', id).where('client_id', '!=', student.clientId).executeTakeFirst();
    let outcome: 'deleted' | 'unlinked';
    if (other) {
      const classIds = trx.selectFrom('classes').select('id').where('client_id', '=', student.clientId);
      await trx.deleteFrom('turn_ins').where('user_id', '=', id).where('class_id', 'in', classIds).execute();
      await trx.deleteFrom('class_students').where('user_id', '=', id).where('class_id', 'in', classIds).execute();
      await trx.deleteFrom('user_products').where('user_id', '=', id).where('client_id', '=', student.clientId).execute();
      await trx.deleteFrom('user_clients').where('user_id', '=', id).where('client_id', '=', student.clientId).execute();
      // the remaining schools keep their order from 0 (position 0 is the current school)
      const left = await trx.selectFrom('user_clients').select(['client_id', 'position']).where('user_id', '=', id).orderBy('position').execute();
      for (const [position, row] of left.entries()) {
        if (row.position !== position) await trx.updateTable('user_clients').set({ position }).where('user_id', '=', id).where('client_id', '=', row.client_id).execute();
      }
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      outcome = 'unlinked';
    } else {
      await trx.deleteFrom('support_tickets').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      outcome = 'deleted';
    }
    await recordAudit(trx, actor, { action: 'student-data.delete', schoolId: student.clientId, targetUserId: id, targetName: student.name, detail: { outcome } }, now);
    return {
      outcome,
      message: outcome === 'deleted' ? STUDENT_DATA_MESSAGES.deleted(student.userName) : STUDENT_DATA_MESSAGES.unlinked(student.userName, student.schoolName),
    };
  });
}
