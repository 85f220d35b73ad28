/**
 * School administration's routes (paths and shapes: common/schoolAdmin.ts): the school's overview,
 * its members (search, create, deactivate, roles, temporary password, end sessions), access codes,
 * invitations and the audit trail, read-only. Every route is of access 'user' and acts for one
 * school, checked by ./access.ts (`adminOf`); a user is reached only as a member of that school.
 * The actions call the same services as the operator CLI (accounts/admin.ts,
 * accounts/staffActions.ts), and each one that touches a user's data is recorded in the audit trail
 * in its own transaction. Queries live in ./repository.ts.
 */
import { mixed, number, object, string } from 'yup';
import { ACCOUNT_LIMITS, normaliseUserName, userNameProblem } from '../../../common/accounts';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  SCHOOL_ROLE_LABELS,
  SCHOOL_ROLES,
  type AdminAccessCode,
  type AdminInvitation,
  type AdminOverview,
  type AdminSchool,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
  type NewUserResult,
  type SchoolRole,
} from '../../../common/schoolAdmin';
import { isValidEmail } from '../../../common/validation';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { requestLanguage } from '../../i18n';
import { AdminError, createAccessCodes, createUser, inviteStudents } from '../accounts/admin';
import { revokeAccessCode, withdrawInvitation } from '../accounts/codeActions';
import { schoolCodes } from '../accounts/schoolCodes';
import {
  activeSchoolAdmins,
  deactivateUser,
  endSessions,
  giveTemporaryPassword,
  grantSchoolRole,
  LastSchoolAdminError,
  newTemporaryPassword,
  reactivateUser,
  revokeSchoolRole,
  type StaffAction,
} from '../accounts/staffActions';
import { auditNameOfUser } from '../audit/actor';
import { requireAuthority } from '../authority';
import { csvDocument } from '../classroom/csv';
import { dueAtOf, parseDueDay } from '../classroom/dueDates';
import { isSchoolMember, joinCodeProduct } from '../classroom/repository';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { adminOf, idParam, noPayload, type Admin, type School } from './access';
import { auditCsvFileName, auditCsvRows, CSV_MAX_ROWS, entryOf, parseAuditFilter } from './auditTrail';
import * as repo from './repository';
import { adminUsersOf } from './users';

function pageParam(ctx: ServiceContext): number {
  const raw = ctx.query.page;
  if (raw === undefined || raw === '') return 1;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw new HttpError(400, ADMIN_MESSAGES.badPage);
  return page;
}

// ---------------------------------------------------------------- schools and overview

async function listSchools(ctx: ServiceContext): Promise<AdminSchool[]> {
  const admin = await adminOf(ctx);
  if (!admin.isSuperuser) return [{ id: admin.school.lsclientID, name: admin.school.name }];
  return repo.allSchools(ctx.db);
}

async function overview(ctx: ServiceContext): Promise<AdminOverview> {
  const { school } = await adminOf(ctx);
  const counts = await repo.schoolCounts(ctx.db, school.id, ctx.clock());
  return {
    school: { id: school.lsclientID, name: school.name },
    timezone: school.timezone,
    users: counts.users,
    learners: counts.users - counts.staff,
    staff: counts.staff,
    deactivated: counts.deactivated,
    classes: counts.classes,
    accessCodes: counts.accessCodes,
    classCodes: counts.classCodes,
    pendingInvitations: counts.pendingInvitations,
    auditEntries: counts.auditEntries,
  };
}

// ---------------------------------------------------------------- users

async function adminUsers(db: Db, schoolId: number, ids: readonly number[]): Promise<AdminUser[]> {
  if (ids.length === 0) return [];
  return adminUsersOf(ids, await repo.usersWithPermissions(db, schoolId, ids));
}

async function listUsers(ctx: ServiceContext): Promise<AdminUserPage> {
  const { school } = await adminOf(ctx);
  const page = pageParam(ctx);
  const q = typeof ctx.query.q === 'string' ? ctx.query.q.trim().slice(0, 200) : '';
  // every word somewhere in the name, the user name or the e-mail ("maya john" finds Maya Johnson)
  const words = q === '' ? [] : q.split(/\s+/).slice(0, 5);
  const found = await repo.searchMembers(ctx.db, school.id, words, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  return {
    users: await adminUsers(ctx.db, school.id, found.ids),
    total: found.total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/**
 * The user named by :userId, a member of the admin's school, over whom the admin holds authority at
 * every school the user belongs to (services/authority): a district account only for the superuser.
 */
async function memberParam(ctx: ServiceContext, admin: Admin, options: { staffToo: boolean } = { staffToo: true }): Promise<AdminUser> {
  const userId = idParam(ctx, 'userId');
  const [user] = (await isSchoolMember(ctx.db, userId, admin.school.id)) ? await adminUsers(ctx.db, admin.school.id, [userId]) : [];
  if (!user) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  await requireAuthority(ctx.db, { id: admin.userId, isSuperuser: admin.isSuperuser }, user.id, 'administer');
  if (!options.staffToo && user.id === admin.userId) throw new HttpError(409, ADMIN_MESSAGES.notSelf);
  return user;
}

const actionOn = async (ctx: ServiceContext, admin: Admin, user: AdminUser): Promise<StaffAction & { schoolId: number }> => ({
  actor: admin.actor,
  schoolId: admin.school.id,
  target: { id: user.id, name: await auditNameOfUser(ctx.db, user.id) },
});

async function temporaryPassword(ctx: ServiceContext): Promise<{ password: string; message: string }> {
  const admin = await adminOf(ctx);
  const user = await memberParam(ctx, admin);
  const password = await giveTemporaryPassword(ctx.db, ctx.config.passwordHashing, await actionOn(ctx, admin, user), ctx.clock());
  return { password, message: ADMIN_MESSAGES.temporaryPassword };
}

async function endUserSessions(ctx: ServiceContext): Promise<{ ended: number; message: string }> {
  const admin = await adminOf(ctx);
  const user = await memberParam(ctx, admin);
  const ended = await endSessions(ctx.db, await actionOn(ctx, admin, user), ctx.clock());
  return { ended, message: ended > 0 ? ADMIN_MESSAGES.sessionsEnded(ended) : ADMIN_MESSAGES.noSessions };
}

async function deactivate(ctx: ServiceContext): Promise<{ user: AdminUser; message: string }> {
  const admin = await adminOf(ctx);
  const user = await memberParam(ctx, admin, { staffToo: false });
  if (user.deactivated) throw new HttpError(409, ADMIN_MESSAGES.alreadyDeactivated);
  if (user.roles.includes('SCHOOLADMIN')) {
    const admins = await activeSchoolAdmins(ctx.db, admin.school.id);
    if (admins.length === 1 && admins[0] === user.id) throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
  }
  await deactivateUser(ctx.db, await actionOn(ctx, admin, user), ctx.clock());
  const [changed] = await adminUsers(ctx.db, admin.school.id, [user.id]);
  return { user: changed!, message: ADMIN_MESSAGES.deactivated };
}

async function reactivate(ctx: ServiceContext): Promise<{ user: AdminUser; message: string }> {
  const admin = await adminOf(ctx);
  const user = await memberParam(ctx, admin);
  if (!user.deactivated) throw new HttpError(409, ADMIN_MESSAGES.notDeactivated);
  await reactivateUser(ctx.db, await actionOn(ctx, admin, user), ctx.clock());
  const [changed] = await adminUsers(ctx.db, admin.school.id, [user.id]);
  return { user: changed!, message: ADMIN_MESSAGES.reactivated };
}

function roleParam(ctx: ServiceContext): SchoolRole {
  const role = (ctx.params.role ?? '').toUpperCase();
  if (!(SCHOOL_ROLES as readonly string[]).includes(role)) throw new HttpError(400, ADMIN_MESSAGES.badRole);
  return role as SchoolRole;
}

async function grantRole(ctx: ServiceContext): Promise<{ user: AdminUser; message: string }> {
  const admin = await adminOf(ctx);
  const role = roleParam(ctx);
  const user = await memberParam(ctx, admin);
  const label = SCHOOL_ROLE_LABELS[role];
  const granted = await grantSchoolRole(ctx.db, await actionOn(ctx, admin, user), role, ctx.clock());
  const [changed] = await adminUsers(ctx.db, admin.school.id, [user.id]);
  return { user: changed!, message: granted ? ADMIN_MESSAGES.granted(label) : ADMIN_MESSAGES.alreadyHeld(label) };
}

async function revokeRole(ctx: ServiceContext): Promise<{ user: AdminUser; message: string }> {
  const admin = await adminOf(ctx);
  const role = roleParam(ctx);
  const user = await memberParam(ctx, admin);
  let revoked: boolean;
  try {
    revoked = await revokeSchoolRole(ctx.db, await actionOn(ctx, admin, user), role, ctx.clock());
  } catch (error) {
    if (error instanceof LastSchoolAdminError) throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
    throw error;
  }
  if (!revoked) throw new HttpError(404, ADMIN_MESSAGES.notHeld);
  const [changed] = await adminUsers(ctx.db, admin.school.id, [user.id]);
  return { user: changed!, message: ADMIN_MESSAGES.revoked(SCHOOL_ROLE_LABELS[role]) };
}

const personName = (label: string) =>
  string()
    .typeError(`Enter the ${label}.`)
    .trim()
    .required(`Enter the ${label}.`)
    .max(ACCOUNT_LIMITS.nameMax, `The ${label} can be at most ${ACCOUNT_LIMITS.nameMax} characters.`);

/** An e-mail field, as every admin form asks for one. */
const emailField = () =>
  string()
    .typeError('Enter an e-mail address.')
    .trim()
    .required('Enter an e-mail address.')
    .max(ACCOUNT_LIMITS.emailMax, 'That e-mail address is too long.')
    .test('email', 'Enter a valid e-mail address.', (value) => isValidEmail(value ?? ''));

const newUserSchema = object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  userName: string()
    .typeError('Enter a user name.')
    .trim()
    .required('Enter a user name.')
    .test('rules', 'bad', function rules(value) {
      const problem = userNameProblem(normaliseUserName(value ?? ''));
      return problem ? this.createError({ message: `User name: ${problem}.` }) : true;
    }),
  email: emailField(),
})
  .noUnknown('Unknown field: ${unknown}')
  .required('Send firstName, lastName, userName and email.')
  .typeError('Send firstName, lastName, userName and email.');

async function createLearner(ctx: ServiceContext): Promise<Result> {
  const admin = await adminOf(ctx);
  const input = ctx.payload as { firstName: string; lastName: string; userName: string; email: string };
  const password = newTemporaryPassword();
  let id: number;
  try {
    id = await createUser(
      ctx.db,
      ctx.config.passwordHashing,
      { ...input, password, school: admin.school.lsclientID, mustChangePassword: true },
      ctx.clock(),
      admin.actor,
    );
  } catch (error) {
    // the CLI's wording names its flags; the form names its fields
    if (error instanceof AdminError) throw new HttpError(409, error.message.replace(/^--username: /, 'User name: ').replace(/^The user name/, 'The user name'));
    throw error;
  }
  const [user] = await adminUsers(ctx.db, admin.school.id, [id]);
  const body: NewUserResult = { user: user!, password, message: ADMIN_MESSAGES.created };
  return new Result(201, body);
}

// ---------------------------------------------------------------- access codes and invitations

async function schoolProduct(ctx: ServiceContext, school: School): Promise<string> {
  const productId = await joinCodeProduct(ctx.db, school.id);
  const code = productId === undefined ? undefined : await repo.productCode(ctx.db, productId);
  if (code === undefined) throw new HttpError(409, ADMIN_MESSAGES.noProduct);
  return code;
}

async function listCodes(ctx: ServiceContext): Promise<AdminAccessCode[]> {
  const { school } = await adminOf(ctx);
  return schoolCodes(ctx.db, school.id, ctx.clock());
}

const newCodeSchema = object({
  seats: number().typeError(ADMIN_MESSAGES.badSeats).strict().integer(ADMIN_MESSAGES.badSeats).min(1, ADMIN_MESSAGES.badSeats).max(10_000, ADMIN_MESSAGES.badSeats).required(ADMIN_MESSAGES.badSeats),
  expires: mixed<string>()
    .nullable()
    .optional()
    .test('day', ADMIN_MESSAGES.badExpiry, (value) => value === undefined || value === null || value === '' || (typeof value === 'string' && parseDueDay(value) !== null)),
})
  .noUnknown('Unknown field: ${unknown}')
  .required(ADMIN_MESSAGES.badSeats)
  .typeError(ADMIN_MESSAGES.badSeats);

async function createCode(ctx: ServiceContext): Promise<Result> {
  const admin = await adminOf(ctx);
  const { seats, expires } = ctx.payload as { seats: number; expires?: string | null };
  const now = ctx.clock();
  // the code works through the whole of its last day at the school
  const expiresAt = expires ? dueAtOf(expires, admin.school.timezone) : null;
  if (expiresAt !== null && expiresAt <= now) throw new HttpError(400, ADMIN_MESSAGES.badExpiry);
  const product = await schoolProduct(ctx, admin.school);
  const [code] = await createAccessCodes(ctx.db, { school: admin.school.lsclientID, product, seats, expiresAt, count: 1 }, now, admin.actor);
  const created = (await listCodes(ctx)).find((c) => c.code === code);
  return new Result(201, { code: created, message: ADMIN_MESSAGES.codeCreated });
}

async function revokeCode(ctx: ServiceContext): Promise<{ message: string }> {
  const admin = await adminOf(ctx);
  const id = idParam(ctx, 'codeId');
  if (!(await revokeAccessCode(ctx.db, admin.actor, admin.school.id, id, ctx.clock()))) throw new HttpError(404, ADMIN_MESSAGES.codeNotFound);
  return { message: ADMIN_MESSAGES.codeRevoked };
}

async function listInvitations(ctx: ServiceContext): Promise<AdminInvitation[]> {
  const { school } = await adminOf(ctx);
  return repo.schoolInvitations(ctx.db, school.id);
}

const invitationSchema = object({
  email: emailField(),
})
  .noUnknown('Unknown field: ${unknown}')
  .required('Enter an e-mail address.')
  .typeError('Enter an e-mail address.');

async function createInvitation(ctx: ServiceContext): Promise<Result> {
  const admin = await adminOf(ctx);
  const { email } = ctx.payload as { email: string };
  const product = await schoolProduct(ctx, admin.school);
  try {
    const [sent] = await inviteStudents(ctx.db, { mailer: ctx.mailer, config: ctx.config, language: requestLanguage(ctx) }, { school: admin.school.lsclientID, product, emails: [email] }, ctx.clock(), admin.actor);
    const invitation = (await listInvitations(ctx)).find((i) => i.id === sent?.id);
    return new Result(201, { invitation, message: ADMIN_MESSAGES.invitationSent(email) });
  } catch (error) {
    if (error instanceof AdminError) throw new HttpError(502, 'The invitation could not be sent, so it was withdrawn. Try again in a few minutes.');
    throw error;
  }
}

async function withdraw(ctx: ServiceContext): Promise<{ message: string }> {
  const admin = await adminOf(ctx);
  const id = idParam(ctx, 'invitationId');
  if (!(await withdrawInvitation(ctx.db, admin.actor, admin.school.id, id, ctx.clock()))) throw new HttpError(404, ADMIN_MESSAGES.invitationNotFound);
  return { message: ADMIN_MESSAGES.invitationWithdrawn };
}

// ---------------------------------------------------------------- the audit trail (read-only)

async function auditTrail(ctx: ServiceContext): Promise<AuditPage> {
  const { school } = await adminOf(ctx);
  const page = pageParam(ctx);
  const filter = parseAuditFilter(ctx.query, school.timezone);
  const [total, rows] = await Promise.all([
    repo.auditCount(ctx.db, school.id, filter),
    repo.auditRows(ctx.db, school.id, filter, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  return { entries: rows.map((r) => entryOf(r, school)), total, page, pageSize: ADMIN_PAGE_SIZE };
}

async function auditCsv(ctx: ServiceContext): Promise<Result> {
  const { school } = await adminOf(ctx);
  const rows = await repo.auditRows(ctx.db, school.id, parseAuditFilter(ctx.query, school.timezone), { limit: CSV_MAX_ROWS });
  return new Result(200, csvDocument(auditCsvRows(rows, school)), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${auditCsvFileName(school)}"`,
  });
}

// ---------------------------------------------------------------- the route table

const U = '/admin/users/:userId';

export const adminRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/admin/schools', access: 'user', handler: listSchools },
  { method: 'GET', path: '/admin/overview', access: 'user', handler: overview },
  { method: 'GET', path: '/admin/users', access: 'user', handler: listUsers },
  { method: 'POST', path: '/admin/users', access: 'user', payloadSchema: newUserSchema, handler: createLearner },
  { method: 'POST', path: `${U}/deactivate`, access: 'user', payloadSchema: noPayload, handler: deactivate },
  { method: 'POST', path: `${U}/reactivate`, access: 'user', payloadSchema: noPayload, handler: reactivate },
  { method: 'POST', path: `${U}/temporary-password`, access: 'user', payloadSchema: noPayload, handler: temporaryPassword },
  { method: 'POST', path: `${U}/end-sessions`, access: 'user', payloadSchema: noPayload, handler: endUserSessions },
  { method: 'PUT', path: `${U}/roles/:role`, access: 'user', payloadSchema: noPayload, handler: grantRole },
  { method: 'DELETE', path: `${U}/roles/:role`, access: 'user', handler: revokeRole },
  { method: 'GET', path: '/admin/codes', access: 'user', handler: listCodes },
  { method: 'POST', path: '/admin/codes', access: 'user', payloadSchema: newCodeSchema, handler: createCode },
  { method: 'DELETE', path: '/admin/codes/:codeId', access: 'user', handler: revokeCode },
  { method: 'GET', path: '/admin/invitations', access: 'user', handler: listInvitations },
  { method: 'POST', path: '/admin/invitations', access: 'user', payloadSchema: invitationSchema, handler: createInvitation },
  { method: 'DELETE', path: '/admin/invitations/:invitationId', access: 'user', handler: withdraw },
  { method: 'GET', path: '/admin/audit', access: 'user', handler: auditTrail },
  { method: 'GET', path: '/admin/audit.csv', access: 'user', handler: auditCsv },
];
