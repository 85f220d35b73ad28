/** A class's assignments: assigning content or a worksheet, changing its due day or attempt limit, withdrawing it. */
import { mixed, object, string } from 'yup';
import type { Assignment, AssignmentKind } from '../../../common/classroom';
import { WORKSHEET_KINDS, type WorksheetKind } from '../../../common/worksheets';
import { HttpError } from '../../http/errors';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { idParam, staffClass } from './access';
import { dueAtOf, parseDueDay } from './dueDates';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { schoolTree } from './schoolTree';
import { assignmentOf } from './shapes';
import { withClassVersions } from './versions';

const KINDS: readonly AssignmentKind[] = ['module', 'material', 'review', 'worksheet'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slugField = (message: string) =>
  string()
    .typeError(message)
    .max(100, CLASSROOM_MESSAGES.notInCatalog)
    .matches(SLUG, { message: CLASSROOM_MESSAGES.notInCatalog, excludeEmptyString: true });

const dueDateField = mixed<string>()
  .nullable()
  .optional()
  .test('day', CLASSROOM_MESSAGES.badDueDate, (value) => value === undefined || value === null || (typeof value === 'string' && parseDueDay(value) !== null));

const maxAttemptsField = mixed<number>()
  .nullable()
  .optional()
  .test('attempts', CLASSROOM_MESSAGES.badMaxAttempts, (value) => value === undefined || value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 20));

const assignmentSchema = object({
  kind: string().typeError(CLASSROOM_MESSAGES.badKind).oneOf(KINDS, CLASSROOM_MESSAGES.badKind).required(CLASSROOM_MESSAGES.badKind),
  moduleSlug: slugField(CLASSROOM_MESSAGES.moduleRequired).optional(),
  materialSlug: slugField(CLASSROOM_MESSAGES.materialRequired).optional(),
  worksheetKind: string().typeError(CLASSROOM_MESSAGES.worksheetRequired).oneOf([...WORKSHEET_KINDS], CLASSROOM_MESSAGES.worksheetRequired).optional(),
  dueDate: dueDateField,
  maxAttempts: maxAttemptsField,
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.badKind)
  .typeError(CLASSROOM_MESSAGES.badKind)
  .test('parts', 'incomplete', function parts(value) {
    // a bad kind has its own message (the field's)
    if (!value || !KINDS.includes(value.kind as AssignmentKind)) return true;
    const { kind, moduleSlug, materialSlug, worksheetKind, maxAttempts } = value;
    if (kind === 'worksheet') {
      if (!worksheetKind) return this.createError({ message: CLASSROOM_MESSAGES.worksheetRequired });
    } else {
      if (!moduleSlug) return this.createError({ message: CLASSROOM_MESSAGES.moduleRequired });
      if (kind !== 'module' && !materialSlug) return this.createError({ message: CLASSROOM_MESSAGES.materialRequired });
    }
    if (kind !== 'review' && maxAttempts !== undefined && maxAttempts !== null) return this.createError({ message: CLASSROOM_MESSAGES.attemptsOnlyForReviews });
    return true;
  });

const assignmentChangeSchema = object({ dueDate: dueDateField, maxAttempts: maxAttemptsField })
  .noUnknown('Only the due date and the attempt limit of an assignment can change.')
  .required('Send a dueDate or a maxAttempts.')
  .typeError('Send a dueDate or a maxAttempts.');

/** The due instant of a day at the school, refusing a day already over there. */
function dueOf(day: string | null | undefined, cls: repo.ClassRow, now: number): { due_date: string | null; due_at: number | null } {
  if (day === null || day === undefined) return { due_date: null, due_at: null };
  const dueAt = dueAtOf(day, cls.timezone);
  if (dueAt < now) throw new HttpError(400, CLASSROOM_MESSAGES.duePassed);
  return { due_date: day, due_at: dueAt };
}

async function createAssignment(ctx: ServiceContext): Promise<Result> {
  const { staff, cls } = await staffClass(ctx, 'live');
  const input = ctx.payload as { kind: AssignmentKind; moduleSlug?: string; materialSlug?: string; worksheetKind?: WorksheetKind; dueDate?: string | null; maxAttempts?: number | null };
  const tree = await schoolTree(ctx.db, cls.lsclientID);
  const moduleSlug = input.kind === 'worksheet' ? null : (input.moduleSlug ?? null);
  const materialSlug = input.kind === 'worksheet' || input.kind === 'module' ? null : (input.materialSlug ?? null);
  if (moduleSlug !== null) {
    const m = tree.find((candidate) => candidate.slug === moduleSlug);
    const mat = materialSlug === null ? undefined : m?.materials.find((candidate) => candidate.slug === materialSlug);
    if (!m || (materialSlug !== null && !mat)) throw new HttpError(400, CLASSROOM_MESSAGES.notInCatalog);
    if (input.kind === 'review' && !mat?.review) throw new HttpError(400, CLASSROOM_MESSAGES.noReview);
  }
  const worksheetKind = input.kind === 'worksheet' ? (input.worksheetKind ?? null) : null;
  const existing = await repo.classAssignments(ctx.db, [cls.id]);
  // a re-teach for some students (student_ids) does not stand in for assigning the class
  if (existing.some((a) => a.student_ids === null && a.kind === input.kind && a.module_slug === moduleSlug && a.material_slug === materialSlug && a.worksheet_kind === worksheetKind)) {
    throw new HttpError(409, CLASSROOM_MESSAGES.alreadyAssigned);
  }
  const now = ctx.clock();
  const due = dueOf(input.dueDate, cls, now);
  const id = await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.insertAssignment(trx, {
      class_id: cls.id,
      kind: input.kind,
      module_slug: moduleSlug,
      material_slug: materialSlug,
      worksheet_kind: worksheetKind,
      ...due,
      max_attempts: input.kind === 'review' ? (input.maxAttempts ?? null) : null,
      created_by: staff.userId,
      created_at: now,
    }),
  );
  const row = await repo.findAssignment(ctx.db, cls.id, id);
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  return new Result(201, assignmentOf(row, tree));
}

async function changeAssignment(ctx: ServiceContext): Promise<Assignment> {
  const { cls } = await staffClass(ctx, 'live');
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  const change = ctx.payload as { dueDate?: string | null; maxAttempts?: number | null };
  if (change.maxAttempts !== undefined && change.maxAttempts !== null && row.kind !== 'review') throw new HttpError(400, CLASSROOM_MESSAGES.attemptsOnlyForReviews);
  const set = {
    ...(change.dueDate === undefined ? {} : dueOf(change.dueDate, cls, ctx.clock())),
    ...(change.maxAttempts === undefined ? {} : { max_attempts: change.maxAttempts }),
  };
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.updateAssignment(trx, row.id, set));
  const updated = (await repo.findAssignment(ctx.db, cls.id, row.id)) ?? row;
  return assignmentOf(updated, await schoolTree(ctx.db, cls.lsclientID));
}

async function withdrawAssignment(ctx: ServiceContext): Promise<{ message: string }> {
  const { cls } = await staffClass(ctx, 'live');
  const row = await repo.findAssignment(ctx.db, cls.id, idParam(ctx, 'assignmentId', 'assignment'));
  if (!row) throw new HttpError(404, CLASSROOM_MESSAGES.assignmentNotFound);
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) => repo.withdrawAssignment(trx, row.id, ctx.clock()));
  return { message: CLASSROOM_MESSAGES.assignmentWithdrawn };
}

const C = '/classes/:classId';

export const assignmentRoutes: readonly ServiceRoute[] = [
  { method: 'POST', path: `${C}/assignments`, access: 'user', payloadSchema: assignmentSchema, handler: createAssignment },
  { method: 'PATCH', path: `${C}/assignments/:assignmentId`, access: 'user', payloadSchema: assignmentChangeSchema, handler: changeAssignment },
  { method: 'DELETE', path: `${C}/assignments/:assignmentId`, access: 'user', handler: withdrawAssignment },
];
