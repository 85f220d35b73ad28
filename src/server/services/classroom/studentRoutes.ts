/**
 * One student of a class, as staff open them: their record, their work on one assignment, removing
 * them from the class, ending their sessions and giving them a temporary password.
 */
import type { AssignmentWork, ClassStudentRecord, DashboardStudent } from '../../../common/classroom';
import { HttpError } from '../../http/errors';
import { endSessions as endUserSessions, giveTemporaryPassword, type StaffAction } from '../accounts/staffActions';
import { auditActorOf, auditNameOf, auditNameOfUser } from '../audit/actor';
import { recordAudit } from '../audit/record';
import { actorOf, requireAuthority } from '../authority';
import { transcriptRows } from '../catalog/progress';
import { bankOf, loadProgress } from '../catalog/repository';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext, ServiceRoute } from '../types';
import { idParam, noPayload, staffClass, studentParam } from './access';
import { grid, type Grid } from './grid';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { factsOf, assignmentOf } from './shapes';
import { turnInSummaries } from './turnInRoutes';
import { withClassVersions } from './versions';
import { materialsOf, workOf } from './work';

/**
 * A student's row of the class's grid, opened by staff: reading a student's record (or one cell of
 * it) is a staff action on their data, so the trail says who looked, and at what.
 */
async function openStudentRow(ctx: ServiceContext, cls: repo.ClassRow, userId: number, detail: Record<string, unknown> = {}): Promise<{ g: Grid; student: DashboardStudent }> {
  const now = ctx.clock();
  const g = await grid(ctx.db, cls, now);
  const student = g.students.find((s) => s.userId === userId);
  if (!student) throw new HttpError(404, CLASSROOM_MESSAGES.studentNotFound);
  await recordAudit(
    ctx.db,
    auditActorOf(ctx),
    { action: 'student-record.open', schoolId: cls.clientId, targetUserId: userId, targetName: auditNameOf(student), detail: { classId: cls.id, className: cls.name, ...detail } },
    now,
  );
  return { g, student };
}

async function studentRecord(ctx: ServiceContext): Promise<ClassStudentRecord> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  const { g, student } = await openStudentRow(ctx, cls, userId);
  const { cells, ...rest } = student;
  const [progress, attempts, turnIns] = await Promise.all([
    loadProgress(ctx.db, userId),
    repo.reviewAttemptsOf(ctx.db, userId),
    repo.classTurnIns(ctx.db, cls.id, userId),
  ]);
  const titleOf = (m: string, mat: string) => {
    const material = g.tree.find((x) => x.slug === m)?.materials.find((x) => x.slug === mat);
    return material?.review?.title ?? material?.title ?? mat;
  };
  return {
    classId: cls.id,
    student: rest,
    transcript: transcriptRows(g.tree, progress),
    // attempts at this school's content only: what the teacher can place in the catalog
    reviewAttempts: attempts
      .filter((a) => g.tree.some((m) => m.slug === a.module_slug))
      .map((a) => ({ moduleSlug: a.module_slug, materialSlug: a.material_slug, title: titleOf(a.module_slug, a.material_slug), score: a.score, passed: Number(a.passed) === 1, createdAt: Number(a.created_at) })),
    turnIns: await turnInSummaries(
      ctx.db,
      turnIns.map((t) => ({ ...t, className: cls.name })),
      'staff',
    ),
    assignments: g.assignments.map((a) => assignmentOf(a, g.tree)),
    cells,
    exceptions: g.exceptions.filter((e) => e.userId === userId),
  };
}

/** A cell of the dashboard opened: the student's work on one assignment of the class. */
async function studentWork(ctx: ServiceContext): Promise<AssignmentWork> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  const { g, student } = await openStudentRow(ctx, cls, userId, { assignmentId: row.id });
  const { cells, ...rest } = student;
  const facts = factsOf(row);
  const covered = materialsOf(facts, g.tree);
  const reviewIds = covered.flatMap(({ material }) => (material.review ? [material.review.id] : []));
  const [progress, attempts, bank, turnIns] = await Promise.all([
    loadProgress(ctx.db, userId),
    repo.attemptsWithAnswers(
      ctx.db,
      userId,
      covered.map(({ module: m, material }) => ({ module: m.slug, material: material.slug })),
    ),
    bankOf(ctx.db, reviewIds),
    row.kind === 'worksheet' ? repo.classTurnIns(ctx.db, cls.id, userId) : Promise.resolve([]),
  ]);
  const cell = cells[row.id]!;
  const handedIn = turnIns.filter((t) => t.id === cell.turnInId);
  const [turnIn] = await turnInSummaries(
    ctx.db,
    handedIn.map((t) => ({ ...t, className: cls.name })),
    'staff',
  );
  return { classId: cls.id, assignment: assignmentOf(row, g.tree), student: rest, cell, ...workOf(facts, g.tree, progress, attempts, bank), turnIn: turnIn ?? null };
}

async function removeStudent(ctx: ServiceContext): Promise<{ message: string }> {
  const { cls } = await staffClass(ctx, 'change');
  const userId = await studentParam(ctx, cls);
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.removeStudent(trx, cls.id, userId, ctx.clock()));
  return { message: CLASSROOM_MESSAGES.studentRemoved };
}

/** A student account a teacher may act on: not staff of any kind (no teacher resets a colleague). */
async function actOnStudent(ctx: ServiceContext): Promise<{ cls: repo.ClassRow; userId: number }> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  if (await repo.holdsAnyPermission(ctx.db, userId)) throw new HttpError(403, CLASSROOM_MESSAGES.staffAccount);
  // a student who also belongs to another school is helped by someone who teaches there too
  await requireAuthority(ctx.db, actorOf(signedInIdentity(ctx)), userId, 'teach');
  return { cls, userId };
}

/** The staff action on a class's student (services/accounts/staffActions.ts), its entry naming the class. */
async function classStaffAction(ctx: ServiceContext, cls: repo.ClassRow, userId: number): Promise<StaffAction> {
  return { actor: auditActorOf(ctx), schoolId: cls.clientId, target: { id: userId, name: await auditNameOfUser(ctx.db, userId) }, auditDetail: { classId: cls.id } };
}

async function endSessions(ctx: ServiceContext): Promise<{ message: string; ended: number }> {
  const { cls, userId } = await actOnStudent(ctx);
  const ended = await endUserSessions(ctx.db, await classStaffAction(ctx, cls, userId), ctx.clock());
  ctx.log.info({ studentId: userId, by: signedInIdentity(ctx).user.id, ended }, 'a teacher ended a student\'s sessions');
  return { message: ended > 0 ? CLASSROOM_MESSAGES.sessionsEnded(ended) : CLASSROOM_MESSAGES.noSessions, ended };
}

async function setTemporaryPassword(ctx: ServiceContext): Promise<{ password: string; message: string }> {
  const { cls, userId } = await actOnStudent(ctx);
  // whoever is signed in as the student (the reason for a new password) is signed out
  const password = await giveTemporaryPassword(ctx.db, ctx.config.passwordHashing, await classStaffAction(ctx, cls, userId), ctx.clock());
  ctx.log.info({ studentId: userId, by: signedInIdentity(ctx).user.id }, 'a teacher set a temporary password');
  return { password, message: CLASSROOM_MESSAGES.temporaryPassword };
}

const C = '/classes/:classId';

export const studentRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: `${C}/students/:userId`, access: 'user', handler: studentRecord },
  { method: 'DELETE', path: `${C}/students/:userId`, access: 'user', handler: removeStudent },
  { method: 'GET', path: `${C}/students/:userId/work/:assignmentId`, access: 'user', handler: studentWork },
  { method: 'POST', path: `${C}/students/:userId/end-sessions`, access: 'user', payloadSchema: noPayload, handler: endSessions },
  { method: 'POST', path: `${C}/students/:userId/temporary-password`, access: 'user', payloadSchema: noPayload, handler: setTemporaryPassword },
];
