/** Turn-ins: a student hands in a worksheet or budget, reads their own; staff read one and comment on it. */
import { number, object, string } from 'yup';
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION, type TurnInComment, type TurnInRecord, type TurnInSummary } from '../../../common/classroom';
import { hasPermission } from '../../../common/permissions';
import { WORKSHEET_INFO, isWorksheetKind, type WorksheetKind } from '../../../common/worksheets';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { parseData } from '../ownedDocuments/routes';
import { signedInIdentity } from '../signedIn';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { idParam, staffClass } from './access';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { turnInSummariesOf, type TurnInViewer } from './shapes';
import { withClassVersions } from './versions';

export async function turnInSummaries(db: Db, rows: readonly (repo.TurnInRow & { className: string })[], viewer: TurnInViewer): Promise<TurnInSummary[]> {
  return turnInSummariesOf(
    rows,
    await repo.commentsOf(
      db,
      rows.map((r) => r.id),
    ),
    viewer,
  );
}

const commentSchema = object({
  body: string()
    .typeError(CLASSROOM_MESSAGES.commentRequired)
    .trim()
    .required(CLASSROOM_MESSAGES.commentRequired)
    .min(1, CLASSROOM_MESSAGES.commentRequired)
    .max(2000, CLASSROOM_MESSAGES.commentTooLong),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.commentRequired)
  .typeError(CLASSROOM_MESSAGES.commentRequired);

async function addComment(ctx: ServiceContext): Promise<Result> {
  const { staff, cls } = await staffClass(ctx, 'change');
  const turnIn = await repo.findTurnIn(ctx.db, idParam(ctx, 'turnInId', 'turn-in'));
  if (!turnIn || turnIn.classId !== cls.id) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  const now = ctx.clock();
  const { body } = ctx.payload as { body: string };
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.insertComment(trx, { turnInId: turnIn.id, authorId: staff.userId, body, createdAt: now }));
  const identity = signedInIdentity(ctx);
  const comment: TurnInComment = { id, authorName: `${identity.user.firstName} ${identity.user.lastName}`.trim(), body, createdAt: now };
  return new Result(201, comment);
}

/** A turn-in for its student, or for staff who may read its class at their current school. */
async function getTurnIn(ctx: ServiceContext): Promise<TurnInRecord> {
  const identity = signedInIdentity(ctx);
  const turnIn = await repo.findTurnIn(ctx.db, idParam(ctx, 'turnInId', 'turn-in'));
  if (!turnIn) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
  if (turnIn.userId !== identity.user.id) {
    const isStaff = hasPermission(identity.permissions, TEACHER_PERMISSION) || hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION);
    if (!isStaff) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
    try {
      await staffClass({ ...ctx, params: { classId: String(turnIn.classId) } });
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(404, CLASSROOM_MESSAGES.turnInNotFound);
      throw error;
    }
  }
  const [summary] = await turnInSummaries(ctx.db, [turnIn], turnIn.userId === identity.user.id ? 'student' : 'staff');
  return {
    ...(summary as TurnInSummary),
    studentName: turnIn.studentName,
    worksheetKind: turnIn.worksheetKind as WorksheetKind | null,
    data: parseData<unknown>(turnIn.snapshot),
  };
}

const turnInSchema = object({
  classId: number().strict().typeError(CLASSROOM_MESSAGES.badId('class')).integer(CLASSROOM_MESSAGES.badId('class')).min(1, CLASSROOM_MESSAGES.badId('class')).max(2_147_483_647, CLASSROOM_MESSAGES.badId('class')).required(CLASSROOM_MESSAGES.badId('class')),
  kind: string().strict().typeError(CLASSROOM_MESSAGES.badTurnInKind).oneOf(['worksheet', 'budget'], CLASSROOM_MESSAGES.badTurnInKind).required(CLASSROOM_MESSAGES.badTurnInKind),
  documentId: number().strict().typeError(CLASSROOM_MESSAGES.documentNotFound).integer(CLASSROOM_MESSAGES.documentNotFound).min(1, CLASSROOM_MESSAGES.documentNotFound).max(2_147_483_647, CLASSROOM_MESSAGES.documentNotFound).required(CLASSROOM_MESSAGES.documentNotFound),
  assignmentId: number().strict().typeError(CLASSROOM_MESSAGES.assignmentNotFound).integer(CLASSROOM_MESSAGES.assignmentNotFound).min(1, CLASSROOM_MESSAGES.assignmentNotFound).max(2_147_483_647, CLASSROOM_MESSAGES.assignmentNotFound).nullable().optional(),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.badTurnInKind)
  .typeError(CLASSROOM_MESSAGES.badTurnInKind);

async function turnIn(ctx: ServiceContext): Promise<Result> {
  const userId = signedInIdentity(ctx).user.id;
  const input = ctx.payload as { classId: number; kind: 'worksheet' | 'budget'; documentId: number; assignmentId?: number | null };
  const cls = await repo.findClass(ctx.db, input.classId);
  if (!cls || !(await repo.isEnrolled(ctx.db, cls.id, userId))) throw new HttpError(404, CLASSROOM_MESSAGES.notInClass);
  if (cls.archivedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.archived);
  let title: string;
  let snapshot: string;
  let worksheetKind: string | null = null;
  if (input.kind === 'worksheet') {
    const doc = await repo.ownedWorksheet(ctx.db, userId, input.documentId);
    if (!doc) throw new HttpError(404, CLASSROOM_MESSAGES.documentNotFound);
    title = doc.title.trim() || (isWorksheetKind(doc.kind) ? WORKSHEET_INFO[doc.kind].title : doc.kind);
    snapshot = doc.data;
    worksheetKind = doc.kind;
  } else {
    const doc = await repo.ownedBudget(ctx.db, userId, input.documentId);
    if (!doc) throw new HttpError(404, CLASSROOM_MESSAGES.documentNotFound);
    title = doc.name.trim() || 'Budget';
    snapshot = doc.data;
  }
  const assignmentId = input.assignmentId ?? null;
  if (assignmentId !== null) {
    const assignment = await repo.findAssignment(ctx.db, cls.id, assignmentId);
    if (!assignment || assignment.kind !== 'worksheet' || assignment.worksheet_kind !== worksheetKind) throw new HttpError(400, CLASSROOM_MESSAGES.wrongAssignment);
  }
  const now = ctx.clock();
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.insertTurnIn(trx, { classId: cls.id, userId, assignmentId, kind: input.kind, documentId: input.documentId, title, snapshot, turnedInAt: now }),
  );
  const summary: TurnInSummary = { id, classId: cls.id, className: cls.name, assignmentId, kind: input.kind, documentId: input.documentId, title, worksheetKind: worksheetKind as WorksheetKind | null, turnedInAt: now, comments: [], review: null };
  return new Result(201, summary);
}

async function myTurnIns(ctx: ServiceContext): Promise<TurnInSummary[]> {
  return turnInSummaries(ctx.db, await repo.studentTurnIns(ctx.db, signedInIdentity(ctx).user.id), 'student');
}

const C = '/classes/:classId';

export const turnInRoutes: readonly ServiceRoute[] = [
  { method: 'POST', path: `${C}/turn-ins/:turnInId/comments`, access: 'user', payloadSchema: commentSchema, handler: addComment },
  { method: 'GET', path: '/turn-ins/:turnInId', access: 'user', handler: getTurnIn },
  { method: 'GET', path: '/me/turn-ins', access: 'user', handler: myTurnIns },
  { method: 'POST', path: '/me/turn-ins', access: 'user', payloadSchema: turnInSchema, handler: turnIn },
];
