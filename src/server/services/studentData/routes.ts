/**
 * A school exports or deletes one student's data (paths: common/studentData.ts; the work:
 * ./index.ts). SCHOOLADMIN at the session's current school reaches that school's
 * students only; GADMINSUPERUSER passes the permission check (SPEC §6) and reaches a student of
 * any school (the student's current school is the one acted for). Anyone else: 403; a student not
 * at the admin's school: 404, with nothing of them.
 */
import { object, string } from 'yup';
import { SCHOOLADMIN_PERMISSION } from '../../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { hasPermission } from '../../../common/permissions';
import { STUDENT_DATA_MESSAGES } from '../../../common/studentData';
import { HttpError } from '../../http/errors';
import { auditActorOf } from '../audit/actor';
import * as repo from '../classroom/repository';
import { studentSchoolFor } from './repository';
import { signedInIdentity } from '../signedIn';
import { deleteStudentData, exportStudentData, studentAtSchool, type StudentAtSchool } from './index';
import { Result, type ServiceContext, type ServiceRoute } from '../types';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

async function student(ctx: ServiceContext): Promise<StudentAtSchool> {
  const identity = signedInIdentity(ctx);
  if (!hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION)) throw new HttpError(403, STUDENT_DATA_MESSAGES.notAdmin);
  const raw = ctx.params.userId ?? '';
  if (!ID_PATTERN.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, STUDENT_DATA_MESSAGES.badId);
  const userId = Number(raw);
  let clientId: number | undefined;
  if (identity.permissions.includes(SUPERUSER_PERMISSION)) {
    const current = identity.clients[0] ? await repo.clientIdOf(ctx.db, identity.clients[0].lsclientID) : undefined;
    clientId = await studentSchoolFor(ctx.db, userId, current);
    if (clientId === undefined) throw new HttpError(404, STUDENT_DATA_MESSAGES.notFound);
  } else {
    const current = identity.clients[0];
    clientId = current ? await repo.clientIdOf(ctx.db, current.lsclientID) : undefined;
    if (clientId === undefined) throw new HttpError(403, STUDENT_DATA_MESSAGES.noSchool);
  }
  return studentAtSchool(ctx.db, { userId }, clientId);
}

async function exportStudent(ctx: ServiceContext): Promise<Result> {
  const who = await student(ctx);
  const now = ctx.clock();
  const document = await exportStudentData(ctx.db, who, auditActorOf(ctx), now);
  const day = new Date(now).toISOString().slice(0, 10);
  return new Result(200, document, { 'content-disposition': `attachment; filename="student-${who.userName.replace(/[^A-Za-z0-9._-]+/g, '_')}-${day}.json"` });
}

const deleteSchema = object({
  confirm: string().strict().typeError(STUDENT_DATA_MESSAGES.confirmMismatch).required(STUDENT_DATA_MESSAGES.confirmMismatch).max(200, STUDENT_DATA_MESSAGES.confirmMismatch),
})
  .noUnknown('Send only confirm: the student’s user name.')
  .required(STUDENT_DATA_MESSAGES.confirmMismatch)
  .typeError(STUDENT_DATA_MESSAGES.confirmMismatch);

async function deleteStudent(ctx: ServiceContext): Promise<{ outcome: 'deleted' | 'unlinked'; message: string }> {
  const who = await student(ctx);
  const { confirm } = ctx.payload as { confirm: string };
  if (confirm.trim().toLowerCase() !== who.userName) throw new HttpError(400, STUDENT_DATA_MESSAGES.confirmMismatch);
  return deleteStudentData(ctx.db, who, auditActorOf(ctx), ctx.clock());
}

export const studentDataRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/admin/students/:userId/export', access: 'user', handler: exportStudent },
  { method: 'DELETE', path: '/admin/students/:userId', access: 'user', payloadSchema: deleteSchema, handler: deleteStudent },
];
