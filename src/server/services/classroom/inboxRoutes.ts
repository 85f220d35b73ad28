/**
 * The class's inbox of turned-in work (paths and shapes: common/classroom.ts): every worksheet and
 * budget its students turned in, newest first; the teacher's score (points or complete/incomplete)
 * and comment on each, and its return to the student, who then sees both and may turn in again.
 * Who may call: the class's staff as ./access.ts's `staffClass` decides (its school administrator
 * reads, its teachers score and return); a student reads their own turn-ins through /me/turn-ins.
 * Each write bumps the student's dashboard rows and records an audit entry in its transaction.
 */
import { mixed, object } from 'yup';
import { TURN_IN_FEEDBACK_MAX, TURN_IN_MARKS, TURN_IN_POINTS_POSSIBLE, type ClassInbox, type InboxItem, type TurnInReviewInput, type TurnInScore } from '../../../common/classroom';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { auditActorOf, auditNameOfUser } from '../audit/actor';
import { recordAudit } from '../audit/record';
import type { ServiceContext, ServiceRoute } from '../types';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { idParam, noPayload, staffClass, type StaffClass } from './access';
import { turnInSummaries } from './turnInRoutes';
import { inboxStateOf } from './shapes';
import { withClassVersions } from './versions';

/** A score as the API takes it: whole points 0–100, a mark, or null to clear it. */
export function isTurnInScore(value: unknown): value is TurnInScore {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= TURN_IN_POINTS_POSSIBLE;
  return (TURN_IN_MARKS as readonly unknown[]).includes(value);
}

const reviewSchema = object({
  score: mixed<TurnInScore>()
    .nullable()
    .optional()
    .test('score', CLASSROOM_MESSAGES.badScore, (value) => value === undefined || value === null || isTurnInScore(value)),
  comment: mixed<string>()
    .nullable()
    .optional()
    .test('text', CLASSROOM_MESSAGES.feedbackNotText, (value) => value === undefined || value === null || typeof value === 'string')
    .test('short', CLASSROOM_MESSAGES.feedbackTooLong, (value) => typeof value !== 'string' || value.trim().length <= TURN_IN_FEEDBACK_MAX),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.nothingToReview)
  .typeError(CLASSROOM_MESSAGES.nothingToReview)
  .test('something', CLASSROOM_MESSAGES.nothingToReview, (value) => value?.score !== undefined || value?.comment !== undefined);

type FoundTurnIn = NonNullable<Awaited<ReturnType<typeof repo.findTurnIn>>>;

/** The inbox's items made from turn-in rows of one class. */
async function inboxItems(db: Db, className: string, rows: readonly (repo.TurnInRow & { studentName: string })[]): Promise<InboxItem[]> {
  const summaries = await turnInSummaries(
    db,
    rows.map((r) => ({ ...r, className })),
    'staff',
  );
  return summaries.map((summary, i) => {
    const row = rows[i]!;
    return { ...summary, userId: row.userId, studentName: row.studentName, state: inboxStateOf(row) };
  });
}

async function inbox(ctx: ServiceContext): Promise<ClassInbox> {
  const { cls } = await staffClass(ctx);
  return { classId: cls.id, name: cls.name, items: await inboxItems(ctx.db, cls.name, await repo.inboxTurnIns(ctx.db, cls.id)) };
}

/** The turn-in the route names, in the class it names, for one of the class's teachers; else 404 (403 for its admin). */
async function reviewable(ctx: ServiceContext): Promise<StaffClass & { turnIn: FoundTurnIn }> {
  const found = await staffClass(ctx, 'change');
  const turnIn = await repo.findTurnIn(ctx.db, idParam(ctx, 'turnInId', 'turn-in'));
  if (!turnIn || turnIn.classId !== found.cls.id) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  return { ...found, turnIn };
}

async function itemAfterWrite(db: Db, cls: repo.ClassRow, turnInId: number): Promise<InboxItem> {
  const turnIn = await repo.findTurnIn(db, turnInId);
  if (!turnIn) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  const [item] = await inboxItems(db, cls.name, [turnIn]);
  return item!;
}

async function review(ctx: ServiceContext): Promise<InboxItem> {
  const { staff, cls, turnIn } = await reviewable(ctx);
  const input = ctx.payload as TurnInReviewInput;
  const score = input.score === undefined ? undefined : { points: typeof input.score === 'number' ? input.score : null, mark: typeof input.score === 'string' ? input.score : null };
  const feedback = input.comment === undefined ? undefined : input.comment?.trim() || null;
  const now = ctx.clock();
  const targetName = await auditNameOfUser(ctx.db, turnIn.userId);
  await withClassVersions(ctx.db, { studentIds: [turnIn.userId] }, async (trx) => {
    await repo.saveTurnInReview(trx, turnIn.id, { score, feedback, scoredBy: staff.userId, at: now });
    await recordAudit(
      trx,
      auditActorOf(ctx),
      {
        action: 'turn-in.score',
        schoolId: cls.clientId,
        targetUserId: turnIn.userId,
        targetName,
        detail: { classId: cls.id, className: cls.name, turnInId: turnIn.id, title: turnIn.title, ...(input.score === undefined ? {} : { score: input.score }) },
      },
      now,
    );
  });
  return itemAfterWrite(ctx.db, cls, turnIn.id);
}

async function returnToStudent(ctx: ServiceContext): Promise<InboxItem> {
  const { cls, turnIn } = await reviewable(ctx);
  if (turnIn.returnedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.alreadyReturned);
  const now = ctx.clock();
  const targetName = await auditNameOfUser(ctx.db, turnIn.userId);
  await withClassVersions(ctx.db, { studentIds: [turnIn.userId] }, async (trx) => {
    await repo.returnTurnIn(trx, turnIn.id, now);
    await recordAudit(
      trx,
      auditActorOf(ctx),
      { action: 'turn-in.return', schoolId: cls.clientId, targetUserId: turnIn.userId, targetName, detail: { classId: cls.id, className: cls.name, turnInId: turnIn.id, title: turnIn.title } },
      now,
    );
  });
  return itemAfterWrite(ctx.db, cls, turnIn.id);
}

const C = '/classes/:classId';

export const inboxRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: `${C}/inbox`, access: 'user', handler: inbox },
  { method: 'PUT', path: `${C}/turn-ins/:turnInId/review`, access: 'user', payloadSchema: reviewSchema, handler: review },
  { method: 'POST', path: `${C}/turn-ins/:turnInId/return`, access: 'user', payloadSchema: noPayload, handler: returnToStudent },
];
