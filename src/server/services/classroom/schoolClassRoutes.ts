/**
 * School administration's classes and teachers, and the printable code sheet (paths and shapes:
 * common/schoolAdminClasses.ts). Who may call them and for which school is schoolAdmin/access.ts's
 * `adminOf` (SCHOOLADMIN at the current school, GADMINSUPERUSER any school by `school`); the work
 * is done by ./schoolClasses.ts, which the operator CLI calls too, and which records every change
 * in the audit trail and refuses what the next roster import would undo.
 */
import { number, object, string } from 'yup';
import { CLASS_ADMIN_MESSAGES, CODE_SHEET_COPIES, type AdminClass, type AdminClassDetail, type AdminTeacher, type CodeSheet } from '../../../common/schoolAdminClasses';
import { HttpError } from '../../http/errors';
import {
  addClassTeacher,
  archiveSchoolClass,
  codeSheet,
  createClassFor,
  removeClassTeacher,
  schoolClassDetail,
  schoolClasses,
  schoolTeachers,
  tidyClassName,
  type SchoolActor,
} from './schoolClasses';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { adminOf, idParam, noPayload, type Admin } from '../schoolAdmin/access';

const byAdmin = (admin: Admin): SchoolActor => ({ actor: admin.actor, schoolId: admin.school.id });

async function listClasses(ctx: ServiceContext): Promise<AdminClass[]> {
  const { school } = await adminOf(ctx);
  return schoolClasses(ctx.db, school.id, ctx.clock());
}

async function getClass(ctx: ServiceContext): Promise<AdminClassDetail> {
  const { school } = await adminOf(ctx);
  return schoolClassDetail(ctx.db, school.id, idParam(ctx, 'classId'), ctx.clock());
}

async function listTeachers(ctx: ServiceContext): Promise<AdminTeacher[]> {
  const { school } = await adminOf(ctx);
  return schoolTeachers(ctx.db, school.id);
}

const newClassSchema = object({
  name: string()
    .typeError(CLASS_ADMIN_MESSAGES.nameRequired)
    .required(CLASS_ADMIN_MESSAGES.nameRequired)
    .test('filled', CLASS_ADMIN_MESSAGES.nameRequired, (value) => tidyClassName(value ?? '').length > 0)
    .test('short', CLASS_ADMIN_MESSAGES.nameTooLong, (value) => tidyClassName(value ?? '').length <= 100),
  teacherId: number()
    .strict()
    .typeError(CLASS_ADMIN_MESSAGES.teacherRequired)
    .integer(CLASS_ADMIN_MESSAGES.teacherRequired)
    .min(1, CLASS_ADMIN_MESSAGES.teacherRequired)
    .max(2_147_483_647, CLASS_ADMIN_MESSAGES.teacherRequired)
    .required(CLASS_ADMIN_MESSAGES.teacherRequired),
})
  .noUnknown('Unknown field: ${unknown}')
  .required('Send a name and a teacherId.')
  .typeError('Send a name and a teacherId.');

async function createClass(ctx: ServiceContext): Promise<Result> {
  const admin = await adminOf(ctx);
  const input = ctx.payload as { name: string; teacherId: number };
  const now = ctx.clock();
  const id = await createClassFor(ctx.db, byAdmin(admin), input, now);
  const detail = await schoolClassDetail(ctx.db, admin.school.id, id, now);
  return new Result(201, { class: detail, message: CLASS_ADMIN_MESSAGES.created(detail.name) });
}

/** One change to a class; the answer is the class as it is now, with the change's message. */
async function changeClass(ctx: ServiceContext, change: (by: SchoolActor, classId: number, now: number) => Promise<string>): Promise<{ class: AdminClassDetail; message: string }> {
  const admin = await adminOf(ctx);
  const classId = idParam(ctx, 'classId');
  const now = ctx.clock();
  const message = await change(byAdmin(admin), classId, now);
  return { class: await schoolClassDetail(ctx.db, admin.school.id, classId, now), message };
}

const addTeacher = (ctx: ServiceContext) =>
  changeClass(ctx, async (by, classId, now) => CLASS_ADMIN_MESSAGES.teacherAdded((await addClassTeacher(ctx.db, by, classId, idParam(ctx, 'userId'), now)).name));

const removeTeacher = (ctx: ServiceContext) =>
  changeClass(ctx, async (by, classId, now) => CLASS_ADMIN_MESSAGES.teacherRemoved((await removeClassTeacher(ctx.db, by, classId, idParam(ctx, 'userId'), now)).name));

const archive = (ctx: ServiceContext) =>
  changeClass(ctx, async (by, classId, now) => {
    await archiveSchoolClass(ctx.db, by, classId, now);
    return CLASS_ADMIN_MESSAGES.archivedDone;
  });

function copiesParam(ctx: ServiceContext): number {
  const raw = ctx.query.copies === undefined ? '' : String(ctx.query.copies);
  if (raw === '') return CODE_SHEET_COPIES.default;
  const copies = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(copies) || copies < 1 || copies > CODE_SHEET_COPIES.max) throw new HttpError(400, CLASS_ADMIN_MESSAGES.badCopies);
  return copies;
}

async function sheet(ctx: ServiceContext): Promise<CodeSheet> {
  const admin = await adminOf(ctx);
  const raw = ctx.query.class === undefined ? '' : String(ctx.query.class);
  let classId: number | null = null;
  if (raw !== '') {
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, 'The class id must be a positive whole number.');
    classId = Number(raw);
  }
  return codeSheet(ctx.db, { school: { id: admin.school.id, name: admin.school.name }, classId, copies: copiesParam(ctx), publicUrl: ctx.config.publicUrl }, ctx.clock());
}

const C = '/admin/classes/:classId';

export const schoolClassRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/admin/classes', access: 'user', handler: listClasses },
  { method: 'POST', path: '/admin/classes', access: 'user', payloadSchema: newClassSchema, handler: createClass },
  { method: 'GET', path: C, access: 'user', handler: getClass },
  { method: 'PUT', path: `${C}/teachers/:userId`, access: 'user', payloadSchema: noPayload, handler: addTeacher },
  { method: 'DELETE', path: `${C}/teachers/:userId`, access: 'user', handler: removeTeacher },
  { method: 'POST', path: `${C}/archive`, access: 'user', payloadSchema: noPayload, handler: archive },
  { method: 'GET', path: '/admin/teachers', access: 'user', handler: listTeachers },
  { method: 'GET', path: '/admin/code-sheet', access: 'user', handler: sheet },
];
