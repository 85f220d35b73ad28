/**
 * Who may reach a class, as every class route checks its caller:
 * - a class is reached only at the caller's current school, by one of its teachers, or by a
 *   SCHOOLADMIN of that school (read and act, not change; GADMINSUPERUSER passes every check);
 *   anyone else hears that the class does not exist (404) and sees nothing of it;
 * - a student reaches only their own classes, assignments and turn-ins.
 * With the ids a route names and the empty payload of a route that takes none.
 */
import { mixed } from 'yup';
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { hasPermission } from '../../../common/permissions';
import { HttpError } from '../../http/errors';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext } from '../types';
import { CLASSROOM_MESSAGES } from './messages';
import * as repo from './repository';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function idParam(ctx: ServiceContext, name: string, what: string): number {
  const raw = ctx.params[name] ?? '';
  const value = Number(raw);
  if (!ID_PATTERN.test(raw) || value > 2_147_483_647) throw new HttpError(400, CLASSROOM_MESSAGES.badId(what));
  return value;
}

export interface Staff {
  userId: number;
  isSuperuser: boolean;
  isTeacher: boolean;
  isAdmin: boolean;
}

/** A teacher or school admin at the current school (SPEC §6 comparisons), else 403. */
export function staffOf(ctx: ServiceContext): Staff {
  const identity = signedInIdentity(ctx);
  const isTeacher = hasPermission(identity.permissions, TEACHER_PERMISSION);
  const isAdmin = hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION);
  if (!isTeacher && !isAdmin) throw new HttpError(403, CLASSROOM_MESSAGES.notStaff);
  return { userId: identity.user.id, isSuperuser: identity.permissions.includes(SUPERUSER_PERMISSION), isTeacher, isAdmin };
}

/** The caller's current school's row id (SPEC §1: the first client), else 403. */
export async function currentClientId(ctx: ServiceContext): Promise<number> {
  const current = signedInIdentity(ctx).clients[0];
  const id = current ? await repo.clientIdOf(ctx.db, current.lsclientID) : undefined;
  if (id === undefined) throw new HttpError(403, CLASSROOM_MESSAGES.noSchool);
  return id;
}

export interface StaffClass {
  staff: Staff;
  cls: repo.ClassRow;
  /** may change the class: one of its teachers (or a superuser) */
  teaches: boolean;
}

/**
 * The class the route names, for staff: at the caller's current school, taught by them or read by
 * that school's admin. `change`: only its teachers; `live`: and not archived.
 */
export async function staffClass(ctx: ServiceContext, need: 'read' | 'change' | 'live' = 'read'): Promise<StaffClass> {
  const staff = staffOf(ctx);
  const classId = idParam(ctx, 'classId', 'class');
  const cls = await repo.findClass(ctx.db, classId);
  const current = signedInIdentity(ctx).clients[0];
  if (!cls || !current || cls.lsclientID.toLowerCase() !== current.lsclientID.toLowerCase()) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  const role = await repo.teacherRole(ctx.db, cls.id, staff.userId);
  const teaches = role !== null || staff.isSuperuser;
  if (!teaches && !staff.isAdmin) throw new HttpError(404, CLASSROOM_MESSAGES.classNotFound);
  if (need !== 'read' && !teaches) throw new HttpError(403, CLASSROOM_MESSAGES.readOnly);
  if (need === 'live' && cls.archivedAt !== null) throw new HttpError(409, CLASSROOM_MESSAGES.archived);
  return { staff, cls, teaches };
}

/** A student of the class named by :userId (live enrolment), else 404. */
export async function studentParam(ctx: ServiceContext, cls: repo.ClassRow): Promise<number> {
  const userId = idParam(ctx, 'userId', 'student');
  if (!(await repo.isEnrolled(ctx.db, cls.id, userId))) throw new HttpError(404, CLASSROOM_MESSAGES.studentNotFound);
  return userId;
}

export const noPayload = mixed()
  .test('empty', 'This request takes no payload.', (value) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0))
  .optional();
