/**
 * One student's exception on one assignment (paths and shapes: common/classroom.ts): extra attempts
 * at a review and a later due day. Granted by whoever may help the class's students — its teachers
 * and the school's administrator (access.ts `staffClass`, read level, as for ending a student's
 * sessions) — never in an archived class. Each write bumps the student's dashboard rows and is
 * recorded in the audit trail, in one transaction.
 */
import { mixed, object } from 'yup';
import { MAX_EXTRA_ATTEMPTS, type AssignmentException, type ExceptionInput } from '../../../common/classroom';
import { HttpError } from '../../http/errors';
import { auditActorOf, auditNameOfUser } from '../audit/actor';
import { recordAudit } from '../audit/record';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext, ServiceRoute } from '../types';
import { dueAtOf, parseDueDay } from './dueDates';
import { deleteException, exceptionsOf, saveException } from './exceptions';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { idParam, staffClass, studentParam } from './access';
import { withClassVersions } from './versions';

const exceptionSchema = object({
  extraAttempts: mixed<number>()
    .nullable()
    .optional()
    .test('attempts', CLASSROOM_MESSAGES.badExtraAttempts, (v) => v === undefined || v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_EXTRA_ATTEMPTS)),
  dueDate: mixed<string>()
    .nullable()
    .optional()
    .test('day', CLASSROOM_MESSAGES.badDueDate, (v) => v === undefined || v === null || (typeof v === 'string' && parseDueDay(v) !== null)),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.exceptionEmpty)
  .typeError(CLASSROOM_MESSAGES.exceptionEmpty)
  .test('something', CLASSROOM_MESSAGES.exceptionEmpty, (v) => (v?.extraAttempts ?? null) !== null || (v?.dueDate ?? null) !== null);

/** The class, the student and the assignment the route names, for someone who may help the student. */
async function target(ctx: ServiceContext): Promise<{ cls: repo.ClassRow; userId: number; assignment: repo.AssignmentRow }> {
  const { cls } = await staffClass(ctx);
  const userId = await studentParam(ctx, cls);
  const assignment = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!assignment) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.archived);
  return { cls, userId, assignment };
}

/** The student's own due day, refused unless it ends after now and after the class's. */
function ownDue(day: string | null, assignment: repo.AssignmentRow, timezone: string, now: number): { due_date: string | null; due_at: number | null } {
  if (day === null) return { due_date: null, due_at: null };
  if (assignment.due_at === null || assignment.due_date === null) throw new HttpError(400, CLASSROOM_MESSAGES.noDueToExtend);
  const dueAt = dueAtOf(day, timezone);
  if (dueAt < now) throw new HttpError(400, CLASSROOM_MESSAGES.duePassed);
  if (dueAt <= Number(assignment.due_at)) throw new HttpError(400, CLASSROOM_MESSAGES.extensionNotLater(assignment.due_date));
  return { due_date: day, due_at: dueAt };
}

async function grantException(ctx: ServiceContext): Promise<AssignmentException> {
  const { cls, userId, assignment } = await target(ctx);
  const input = ctx.payload as ExceptionInput;
  const extra = input.extraAttempts ?? 0;
  if (extra > 0 && assignment.kind !== 'review') throw new HttpError(400, CLASSROOM_MESSAGES.extraAttemptsOnlyForReviews);
  if (extra > 0 && assignment.max_attempts === null) throw new HttpError(400, CLASSROOM_MESSAGES.attemptsNotLimited);
  const now = ctx.clock();
  const due = ownDue(input.dueDate ?? null, assignment, cls.timezone, now);
  const actor = auditActorOf(ctx);
  await withClassVersions(ctx.db, { studentIds: [userId] }, async (trx) => {
    await saveException(trx, { assignment_id: assignment.id, user_id: userId, extra_attempts: extra, ...due, granted_by: signedInIdentity(ctx).user.id, granted_at: now });
    await recordAudit(
      trx,
      actor,
      {
        action: 'assignment-exception.grant',
        schoolId: cls.clientId,
        targetUserId: userId,
        targetName: await auditNameOfUser(trx, userId),
        detail: { classId: cls.id, className: cls.name, assignmentId: assignment.id, extraAttempts: extra, dueDate: due.due_date },
      },
      now,
    );
  });
  const saved = (await exceptionsOf(ctx.db, { classIds: [cls.id], userId })).find((e) => e.assignmentId === assignment.id);
  if (!saved) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  return saved;
}

async function withdrawException(ctx: ServiceContext): Promise<{ message: string }> {
  const { cls, userId, assignment } = await target(ctx);
  const now = ctx.clock();
  await withClassVersions(ctx.db, { studentIds: [userId] }, async (trx) => {
    if (!(await deleteException(trx, assignment.id, userId))) throw new HttpError(404, CLASSROOM_MESSAGES.exceptionNotFound);
    await recordAudit(
      trx,
      auditActorOf(ctx),
      {
        action: 'assignment-exception.withdraw',
        schoolId: cls.clientId,
        targetUserId: userId,
        targetName: await auditNameOfUser(trx, userId),
        detail: { classId: cls.id, className: cls.name, assignmentId: assignment.id },
      },
      now,
    );
  });
  return { message: CLASSROOM_MESSAGES.exceptionWithdrawn };
}

const EXCEPTION = '/classes/:classId/students/:userId/exceptions/:assignmentId';

export const exceptionRoutes: readonly ServiceRoute[] = [
  { method: 'PUT', path: EXCEPTION, access: 'user', payloadSchema: exceptionSchema, handler: grantException },
  { method: 'DELETE', path: EXCEPTION, access: 'user', handler: withdrawException },
];
