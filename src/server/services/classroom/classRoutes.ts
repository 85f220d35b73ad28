/** A teacher's classes: listing, creating, reading and changing one, its class code and its teachers. */
import { mixed, object, string } from 'yup';
import { TEACHER_PERMISSION, type ClassDetail, type ClassSummary } from '../../../common/classroom';
import { hasPermission } from '../../../common/permissions';
import { HttpError } from '../../http/errors';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { currentClientId, idParam, noPayload, staffClass, staffOf } from './access';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';
import { tidyClassName } from './schoolClasses';
import { schoolTree } from './schoolTree';
import { assignmentOf, codeAddresses, summaryOf } from './shapes';
import { withClassVersions } from './versions';

async function classDetail(ctx: ServiceContext, cls: repo.ClassRow): Promise<ClassDetail> {
  const [summaries, rows, tree] = await Promise.all([
    repo.classSummaries(ctx.db, [cls.id], ctx.clock()),
    repo.classAssignments(ctx.db, [cls.id]),
    schoolTree(ctx.db, cls.lsclientID),
  ]);
  const summary = summaries[0];
  if (!summary) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  // the class's own assignments; a re-teach for a few students is listed with its review's questions
  const assignments = rows.filter((row) => row.student_ids === null).map((row) => assignmentOf(row, tree));
  return { ...summaryOf(summary), schoolName: cls.schoolName, timezone: cls.timezone, assignments, ...codeAddresses(ctx.config.publicUrl) };
}

/** A class name: text (never a number cast to one), 1 to 100 characters once trimmed. */
const className = string()
  .strict()
  .typeError(CLASSROOM_MESSAGES.nameRequired)
  .test('filled', CLASSROOM_MESSAGES.nameRequired, (value) => value === undefined || tidyClassName(value).length > 0)
  .test('short', CLASSROOM_MESSAGES.nameTooLong, (value) => value === undefined || tidyClassName(value).length <= 100);

const createClassSchema = object({ name: className.required(CLASSROOM_MESSAGES.nameRequired) })
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.nameRequired)
  .typeError(CLASSROOM_MESSAGES.nameRequired);

const updateClassSchema = object({
  name: className.optional(),
  archived: mixed<boolean>()
    .optional()
    .test('boolean', 'archived must be true or false.', (value) => value === undefined || typeof value === 'boolean'),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.nothingToChange)
  .typeError(CLASSROOM_MESSAGES.nothingToChange)
  .test('something', CLASSROOM_MESSAGES.nothingToChange, (value) => value?.name !== undefined || value?.archived !== undefined);

async function listClasses(ctx: ServiceContext): Promise<ClassSummary[]> {
  const staff = staffOf(ctx);
  const clientId = await currentClientId(ctx);
  // a school admin reads every class of the school; a teacher lists the ones they teach
  const ids = await repo.classIdsAt(ctx.db, clientId, staff.isAdmin ? null : staff.userId);
  return (await repo.classSummaries(ctx.db, ids, ctx.clock())).map(summaryOf);
}

async function createClass(ctx: ServiceContext): Promise<Result> {
  const staff = staffOf(ctx);
  if (!staff.isTeacher) throw new HttpError(403, CLASSROOM_MESSAGES.notTeacher);
  const clientId = await currentClientId(ctx);
  const productId = await repo.joinCodeProduct(ctx.db, clientId);
  if (productId === undefined) throw new HttpError(409, CLASSROOM_MESSAGES.noProduct);
  const name = tidyClassName((ctx.payload as { name: string }).name);
  const id = await repo.createClass(ctx.db, { clientId, name, ownerId: staff.userId, productId }, ctx.clock());
  const cls = await repo.findClass(ctx.db, id);
  if (!cls) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  return new Result(201, await classDetail(ctx, cls));
}

async function getClass(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx);
  return classDetail(ctx, cls);
}

async function updateClass(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'change');
  const { name, archived } = ctx.payload as { name?: string; archived?: boolean };
  await withClassVersions(ctx.db, { classIds: [cls.id] }, (trx) =>
    repo.updateClass(trx, cls.id, { ...(name === undefined ? {} : { name: tidyClassName(name) }), ...(archived === undefined ? {} : { archived }) }, ctx.clock()),
  );
  return classDetail(ctx, (await repo.findClass(ctx.db, cls.id)) ?? cls);
}

async function newJoinCode(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'live');
  const productId = await repo.joinCodeProduct(ctx.db, cls.clientId);
  if (productId === undefined) throw new HttpError(409, CLASSROOM_MESSAGES.noProduct);
  const now = ctx.clock();
  await ctx.db.transaction().execute((trx) => repo.replaceJoinCode(trx, cls.id, cls.clientId, productId, now));
  return classDetail(ctx, cls);
}

const teacherSchema = object({
  userName: string().trim().required(CLASSROOM_MESSAGES.teacherNotFound).max(200, CLASSROOM_MESSAGES.teacherNotFound).typeError(CLASSROOM_MESSAGES.teacherNotFound),
})
  .noUnknown(CLASSROOM_MESSAGES.unknownField)
  .required(CLASSROOM_MESSAGES.teacherNotFound)
  .typeError(CLASSROOM_MESSAGES.teacherNotFound);

async function addTeacher(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls } = await staffClass(ctx, 'live');
  const { userName } = ctx.payload as { userName: string };
  const userId = await repo.userIdByName(ctx.db, userName.trim().toLowerCase());
  // a co-teacher is a TEACHER at this school (granted here, or a global permission), and a member of it
  const teaches =
    userId !== undefined && (await repo.isSchoolMember(ctx.db, userId, cls.clientId))
      ? hasPermission((await repo.permissionsAt(ctx.db, userId, cls.clientId)).map((p) => p.toUpperCase()), TEACHER_PERMISSION)
      : false;
  if (userId === undefined || !teaches) throw new HttpError(404, CLASSROOM_MESSAGES.teacherNotFound);
  if (await repo.teacherRole(ctx.db, cls.id, userId)) throw new HttpError(409, CLASSROOM_MESSAGES.alreadyTeacher);
  await repo.addTeacher(ctx.db, cls.id, userId, ctx.clock());
  return classDetail(ctx, cls);
}

async function removeTeacher(ctx: ServiceContext): Promise<ClassDetail> {
  const { cls, staff } = await staffClass(ctx, 'change');
  const userId = idParam(ctx, 'userId', 'teacher');
  const role = await repo.teacherRole(ctx.db, cls.id, userId);
  if (!role) throw new HttpError(404, CLASSROOM_MESSAGES.notATeacherOfClass);
  // the owner leaves by their own hand or a school administrator's, never a co-teacher's
  if (role === 'owner' && userId !== staff.userId && !staff.isAdmin && !staff.isSuperuser) throw new HttpError(403, CLASSROOM_MESSAGES.ownerStays);
  if ((await repo.teacherCount(ctx.db, cls.id)) <= 1) throw new HttpError(409, CLASSROOM_MESSAGES.lastTeacher);
  await repo.removeTeacher(ctx.db, cls.id, userId);
  return classDetail(ctx, cls);
}

const C = '/classes/:classId';

export const classRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/classes', access: 'user', handler: listClasses },
  { method: 'POST', path: '/classes', access: 'user', payloadSchema: createClassSchema, handler: createClass },
  { method: 'GET', path: C, access: 'user', handler: getClass },
  { method: 'PATCH', path: C, access: 'user', payloadSchema: updateClassSchema, handler: updateClass },
  { method: 'POST', path: `${C}/join-code`, access: 'user', payloadSchema: noPayload, handler: newJoinCode },
  { method: 'POST', path: `${C}/teachers`, access: 'user', payloadSchema: teacherSchema, handler: addTeacher },
  { method: 'DELETE', path: `${C}/teachers/:userId`, access: 'user', handler: removeTeacher },
];
