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
import { retryingTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { auditNameOf } from '../audit/actor';
import { recordAudit, type AuditActor } from '../audit/record';
import { bumpClassVersions } from '../classroom/versions';
import * as repo from './repository';

export interface StudentAtSchool {
  userId: number;
  userName: string;
  name: string;
  clientId: number;
  schoolName: string;
}

/** The student (not staff) `userId` or `userName` at the school `clientId`, else 404 (403 for staff). */
export async function studentAtSchool(db: Db, who: { userId?: number; userName?: string }, clientId: number): Promise<StudentAtSchool> {
  const row = await repo.studentRow(db, who, clientId);
  if (!row) throw new HttpError(404, STUDENT_DATA_MESSAGES.notFound);
  if (await repo.holdsAnyPermission(db, row.id)) throw new HttpError(403, STUDENT_DATA_MESSAGES.staffAccount);
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
    const { user, schools, courses, classes, turnIns, comments, tickets } = await repo.exportRows(trx, id, student.clientId);
    const own = (table: repo.OwnTable) => repo.ownRows(trx, table, id);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ user_id: _u, ...rest }) => rest);
    const document = {
      exportedAt: new Date(now).toISOString(),
      school: student.schoolName,
      profile: {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        userName: user.user_name,
        email: user.email,
        // the address the school's roster lists, not (yet) confirmed by the student
        rosterEmail: user.roster_email,
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
  return retryingTransaction(db, async (trx) => {
    // while the student is still on their classes' rosters: each dashboard loses them (first, so
    // their classes and enrolments are locked before anything else is written: versions.ts)
    await bumpClassVersions(trx, { studentIds: [id] });
    let outcome: 'deleted' | 'unlinked';
    if (await repo.belongsToAnotherSchool(trx, id, student.clientId)) {
      await repo.unlinkFromSchool(trx, id, student.clientId, now);
      outcome = 'unlinked';
    } else {
      await repo.deleteStudent(trx, id);
      outcome = 'deleted';
    }
    await recordAudit(trx, actor, { action: 'student-data.delete', schoolId: student.clientId, targetUserId: id, targetName: student.name, detail: { outcome } }, now);
    return {
      outcome,
      message: outcome === 'deleted' ? STUDENT_DATA_MESSAGES.deleted(student.userName) : STUDENT_DATA_MESSAGES.unlinked(student.userName, student.schoolName),
    };
  });
}
