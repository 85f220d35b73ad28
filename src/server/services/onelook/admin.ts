/**
 * School administration's OneLook routes (paths and shapes: common/schoolAdmin.ts). Every route is
 * of access 'user' and acts on one school, checked here: a SCHOOLADMIN's current school, or for
 * GADMINSUPERUSER (SPEC §6) any school, named by the `school` query parameter. A user is reached
 * only as a member of that school; anyone else hears that the school or the user does not exist,
 * so a Roosevelt administrator learns nothing of Lincoln. The actions call the same services as the
 * operator CLI (accounts/admin.ts, accounts/staffActions.ts), and each one that touches a user's
 * data is recorded in the audit trail in its own transaction. The trail is read-only here.
 */
import { sql } from 'kysely';
import { mixed, number, object, string } from 'yup';
import { ACCOUNT_LIMITS, formatAccessCode, normaliseUserName, userNameProblem } from '../../../common/accounts';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../common/audit';
import { SCHOOLADMIN_PERMISSION } from '../../../common/classroom';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { hasPermission } from '../../../common/permissions';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  AUDIT_DATE_MODES,
  SCHOOL_ROLE_LABELS,
  SCHOOL_ROLES,
  type AdminAccessCode,
  type AdminInvitation,
  type AdminOverview,
  type AdminSchool,
  type AdminUser,
  type AdminUserPage,
  type AuditDateMode,
  type AuditPage,
  type NewUserResult,
  type SchoolRole,
} from '../../../common/schoolAdmin';
import { isValidEmail } from '../../../common/validation';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { AdminError, createAccessCodes, createUser, inviteStudents } from '../accounts/admin';
import {
  activeSchoolAdmins,
  auditNameOf,
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
import type { AuditActor } from '../audit/record';
import { recordAudit } from '../audit/record';
import { csvDocument } from '../classroom/csv';
import { dueAtOf, parseDueDay } from '../classroom/dueDates';
import { joinCodeProduct } from '../classroom/repository';
import { signedInIdentity } from '../signedIn';
import { Result, type ServiceContext, type ServiceRoute } from '../types';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

interface School {
  id: number;
  lsclientID: string;
  name: string;
  timezone: string;
}

export interface Admin {
  actor: AuditActor;
  userId: number;
  isSuperuser: boolean;
  school: School;
}

/** The caller as an administrator of the school the call is about, else 403/404. */
export async function adminOf(ctx: ServiceContext): Promise<Admin> {
  const identity = signedInIdentity(ctx);
  const isSuperuser = identity.permissions.includes(SUPERUSER_PERMISSION);
  if (!hasPermission(identity.permissions, SCHOOLADMIN_PERMISSION)) throw new HttpError(403, ADMIN_MESSAGES.notAdmin);
  const current = identity.clients[0]?.lsclientID;
  const asked = typeof ctx.query.school === 'string' && ctx.query.school.trim() !== '' ? ctx.query.school.trim() : current;
  if (asked === undefined) throw new HttpError(403, ADMIN_MESSAGES.noSchool);
  // a school admin runs their current school only; asking for another is asking for one that does not exist
  if (!isSuperuser && asked.toLowerCase() !== current?.toLowerCase()) throw new HttpError(404, ADMIN_MESSAGES.unknownSchool);
  const row = await ctx.db
    .selectFrom('clients')
    .select(['id', 'lsclient_id', 'name', 'timezone'])
    .where((eb) => eb(eb.fn('lower', ['lsclient_id']), '=', asked.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.unknownSchool);
  const { user } = identity;
  return {
    actor: { id: user.id, name: `${user.firstName} ${user.lastName} (${user.userName})`, origin: ctx.ip },
    userId: user.id,
    isSuperuser,
    school: { id: row.id, lsclientID: row.lsclient_id, name: row.name, timezone: row.timezone },
  };
}

function idParam(ctx: ServiceContext, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!ID_PATTERN.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, ADMIN_MESSAGES.badId);
  return Number(raw);
}

/** Escapes LIKE's wildcards so a search for "a_b" finds "a_b". */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const lowerLike = (column: string, text: string) => sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

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
  const rows = await ctx.db.selectFrom('clients').select(['lsclient_id', 'name']).orderBy('name').orderBy('lsclient_id').execute();
  return rows.map((r) => ({ id: r.lsclient_id, name: r.name }));
}

const membersOf = (db: Db, schoolId: number) => db.selectFrom('user_clients').select('user_id').where('client_id', '=', schoolId);

async function overview(ctx: ServiceContext): Promise<AdminOverview> {
  const { school } = await adminOf(ctx);
  const now = ctx.clock();
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const [users, deactivated, staff, classes, codes, invitations, audit] = await Promise.all([
    ctx.db.selectFrom('user_clients').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', school.id).executeTakeFirst(),
    ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', membersOf(ctx.db, school.id)).where('deactivated_at', 'is not', null).executeTakeFirst(),
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', membersOf(ctx.db, school.id))
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('school_permissions').select('user_id').where('client_id', '=', school.id)),
          eb('id', 'in', eb.selectFrom('user_permissions').select('user_id')),
        ]),
      )
      .executeTakeFirst(),
    ctx.db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', school.id).where('archived_at', 'is', null).executeTakeFirst(),
    ctx.db
      .selectFrom('access_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', school.id)
      .where('class_id', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst(),
    ctx.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', school.id)
      .where('kind', '=', 'email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    ctx.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', school.id).executeTakeFirst(),
  ]);
  return {
    school: { id: school.lsclientID, name: school.name },
    timezone: school.timezone,
    users: count(users),
    learners: count(users) - count(staff),
    staff: count(staff),
    deactivated: count(deactivated),
    classes: count(classes),
    accessCodes: count(codes),
    pendingInvitations: count(invitations),
    auditEntries: count(audit),
  };
}

// ---------------------------------------------------------------- users

async function adminUsers(db: Db, schoolId: number, ids: readonly number[]): Promise<AdminUser[]> {
  if (ids.length === 0) return [];
  const [rows, school, global] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'user_name', 'first_name', 'last_name', 'email', 'deactivated_at', 'must_change_password', 'created_at'])
      .where('id', 'in', ids)
      .execute(),
    db.selectFrom('school_permissions').select(['user_id', 'permission']).where('client_id', '=', schoolId).where('user_id', 'in', ids).execute(),
    db.selectFrom('user_permissions').select(['user_id', 'permission']).where('user_id', 'in', ids).execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        userName: r.user_name,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        roles: SCHOOL_ROLES.filter((role) => school.some((p) => p.user_id === id && p.permission.toUpperCase() === role)),
        globalPermissions: global.filter((p) => p.user_id === id).map((p) => p.permission.toUpperCase()),
        deactivated: r.deactivated_at !== null,
        mustChangePassword: Number(r.must_change_password) === 1,
        createdAt: Number(r.created_at),
      },
    ];
  });
}

async function listUsers(ctx: ServiceContext): Promise<AdminUserPage> {
  const { school } = await adminOf(ctx);
  const page = pageParam(ctx);
  const q = typeof ctx.query.q === 'string' ? ctx.query.q.trim().slice(0, 200) : '';
  let query = ctx.db.selectFrom('users').where('id', 'in', membersOf(ctx.db, school.id));
  if (q !== '') {
    const words = q.split(/\s+/).slice(0, 5);
    // every word somewhere in the name, the user name or the e-mail ("maya john" finds Maya Johnson)
    for (const word of words) {
      query = query.where((eb) => eb.or([lowerLike('first_name', word), lowerLike('last_name', word), lowerLike('user_name', word), lowerLike('email', word)]));
    }
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query
      .select('id')
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('user_name')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
  ]);
  return {
    users: await adminUsers(
      ctx.db,
      school.id,
      rows.map((r) => r.id),
    ),
    total: Number(total?.n ?? 0),
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The user named by :userId, a member of the admin's school; a district account only for the superuser. */
async function memberParam(ctx: ServiceContext, admin: Admin, options: { staffToo: boolean } = { staffToo: true }): Promise<AdminUser> {
  const userId = idParam(ctx, 'userId');
  const member = await ctx.db.selectFrom('user_clients').select('user_id').where('user_id', '=', userId).where('client_id', '=', admin.school.id).executeTakeFirst();
  const [user] = member ? await adminUsers(ctx.db, admin.school.id, [userId]) : [];
  if (!user) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  if (!admin.isSuperuser && user.globalPermissions.length > 0) throw new HttpError(403, ADMIN_MESSAGES.staffByDistrict);
  if (!options.staffToo && user.id === admin.userId) throw new HttpError(409, ADMIN_MESSAGES.notSelf);
  return user;
}

const actionOn = async (ctx: ServiceContext, admin: Admin, user: AdminUser): Promise<StaffAction & { schoolId: number }> => ({
  actor: admin.actor,
  schoolId: admin.school.id,
  target: { id: user.id, name: await auditNameOf(ctx.db, user.id) },
});

const noPayload = mixed()
  .test('empty', 'This request takes no payload.', (value) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0))
  .optional();

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
  const product = productId === undefined ? undefined : await ctx.db.selectFrom('products').select('code').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new HttpError(409, ADMIN_MESSAGES.noProduct);
  return product.code;
}

async function listCodes(ctx: ServiceContext): Promise<AdminAccessCode[]> {
  const { school } = await adminOf(ctx);
  const rows = await ctx.db
    .selectFrom('access_codes')
    .leftJoin('classes', 'classes.id', 'access_codes.class_id')
    .select(['access_codes.id', 'access_codes.code', 'access_codes.seats', 'access_codes.used', 'access_codes.expires_at', 'access_codes.created_at', 'classes.name as class_name'])
    .where('access_codes.client_id', '=', school.id)
    .orderBy('access_codes.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: formatAccessCode(r.code),
    seats: r.seats,
    used: r.used,
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    className: r.class_name ?? null,
    createdAt: Number(r.created_at),
  }));
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
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('access_codes').select(['id', 'code', 'expires_at']).where('id', '=', id).where('client_id', '=', admin.school.id).executeTakeFirst();
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.codeNotFound);
    // an expiry of now: the code stops working at once, and the list says since when
    if (row.expires_at === null || Number(row.expires_at) > now) await trx.updateTable('access_codes').set({ expires_at: now }).where('id', '=', id).execute();
    await recordAudit(trx, admin.actor, { action: 'access-code.revoke', schoolId: admin.school.id, detail: { code: formatAccessCode(row.code) } }, now);
  });
  return { message: ADMIN_MESSAGES.codeRevoked };
}

async function listInvitations(ctx: ServiceContext): Promise<AdminInvitation[]> {
  const { school } = await adminOf(ctx);
  const rows = await ctx.db
    .selectFrom('invitations')
    .select(['id', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('client_id', '=', school.id)
    .where('kind', '=', 'email')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email ?? '', createdAt: Number(r.created_at), expiresAt: Number(r.expires_at), usedAt: r.used_at === null ? null : Number(r.used_at) }));
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
    const [sent] = await inviteStudents(ctx.db, { mailer: ctx.mailer, config: ctx.config }, { school: admin.school.lsclientID, product, emails: [email] }, ctx.clock(), admin.actor);
    const invitation = (await listInvitations(ctx)).find((i) => i.id === sent?.id);
    return new Result(201, { invitation, message: ADMIN_MESSAGES.invitationSent(email) });
  } catch (error) {
    if (error instanceof AdminError) throw new HttpError(502, 'The invitation could not be sent, so it was withdrawn. Try again in a few minutes.');
    throw error;
  }
}

async function withdrawInvitation(ctx: ServiceContext): Promise<{ message: string }> {
  const admin = await adminOf(ctx);
  const id = idParam(ctx, 'invitationId');
  const now = ctx.clock();
  const result = await ctx.db
    .updateTable('invitations')
    .set({ expires_at: now })
    .where('id', '=', id)
    .where('client_id', '=', admin.school.id)
    .where('kind', '=', 'email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, ADMIN_MESSAGES.invitationNotFound);
  return { message: ADMIN_MESSAGES.invitationWithdrawn };
}

// ---------------------------------------------------------------- the audit trail (read-only)

interface ParsedAuditFilter {
  action?: AuditAction;
  actor?: string;
  target?: string;
  day?: { start: number; end: number };
  dateMode: AuditDateMode;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined);

function auditFilter(ctx: ServiceContext, school: School): ParsedAuditFilter {
  const action = text(ctx.query.action);
  if (action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(action)) throw new HttpError(400, ADMIN_MESSAGES.badAction);
  const mode = text(ctx.query.dateMode) ?? 'is';
  if (!(AUDIT_DATE_MODES as readonly string[]).includes(mode)) throw new HttpError(400, ADMIN_MESSAGES.badDateMode);
  const date = text(ctx.query.date);
  let day: ParsedAuditFilter['day'];
  if (date !== undefined) {
    const parsed = parseDueDay(date);
    if (!parsed) throw new HttpError(400, ADMIN_MESSAGES.badDate);
    const previous = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day - 1)).toISOString().slice(0, 10);
    // the day as the school lives it: from its midnight to the next, in its time zone
    day = { start: dueAtOf(previous, school.timezone) + 1, end: dueAtOf(date, school.timezone) };
  }
  return {
    ...(action ? { action: action as AuditAction } : {}),
    ...(text(ctx.query.actor) ? { actor: text(ctx.query.actor) } : {}),
    ...(text(ctx.query.target) ? { target: text(ctx.query.target) } : {}),
    ...(day ? { day } : {}),
    dateMode: mode as AuditDateMode,
  };
}

function auditQuery(db: Db, schoolId: number, filter: ParsedAuditFilter) {
  let query = db.selectFrom('audit_events').where('client_id', '=', schoolId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where(lowerLike('actor_name', filter.actor));
  if (filter.target) query = query.where(lowerLike('target_name', filter.target));
  const day = filter.day;
  if (day) {
    if (filter.dateMode === 'is') query = query.where('at', '>=', day.start).where('at', '<=', day.end);
    else if (filter.dateMode === 'isNot') query = query.where((eb) => eb.or([eb('at', '<', day.start), eb('at', '>', day.end)]));
    else if (filter.dateMode === 'before') query = query.where('at', '<', day.start);
    else query = query.where('at', '>', day.end);
  }
  return query;
}

const AUDIT_COLUMNS = ['id', 'at', 'actor_id', 'actor_name', 'action', 'target_user_id', 'target_name', 'detail', 'origin'] as const;

function entryOf(
  row: { id: number; at: number | string; actor_id: number | null; actor_name: string; action: string; target_user_id: number | null; target_name: string | null; detail: string; origin: string },
  school: School,
): AuditEntry {
  let detail: AuditEntry['detail'] = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) detail = parsed as AuditEntry['detail'];
  } catch {
    // an unreadable detail reads as none; the entry itself stays
  }
  return {
    id: row.id,
    at: Number(row.at),
    schoolId: school.id,
    schoolName: school.name,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action as AuditAction,
    targetUserId: row.target_user_id,
    targetName: row.target_name,
    detail,
    origin: row.origin,
  };
}

async function auditTrail(ctx: ServiceContext): Promise<AuditPage> {
  const { school } = await adminOf(ctx);
  const page = pageParam(ctx);
  const query = auditQuery(ctx.db, school.id, auditFilter(ctx, school));
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query
      .select([...AUDIT_COLUMNS])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
  ]);
  return { entries: rows.map((r) => entryOf(r, school)), total: Number(total?.n ?? 0), page, pageSize: ADMIN_PAGE_SIZE };
}

/** The most rows one export holds: a year of a busy school; narrower filters for more. */
const CSV_MAX_ROWS = 100_000;

const detailText = (detail: AuditEntry['detail']): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('; ');

async function auditCsv(ctx: ServiceContext): Promise<Result> {
  const { school } = await adminOf(ctx);
  const rows = await auditQuery(ctx.db, school.id, auditFilter(ctx, school))
    .select([...AUDIT_COLUMNS])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(CSV_MAX_ROWS)
    .execute();
  const header = ['When (UTC)', 'School', 'Who', 'Action', 'Whose data', 'Details', 'From'];
  const lines = rows.map((r) => {
    const entry = entryOf(r, school);
    return [new Date(entry.at).toISOString(), school.name, entry.actorName, AUDIT_ACTION_LABELS[entry.action] ?? entry.action, entry.targetName, detailText(entry.detail), entry.origin];
  });
  const file = `${school.lsclientID.replace(/[^A-Za-z0-9_-]+/g, '') || 'school'}-audit-trail.csv`;
  return new Result(200, csvDocument([header, ...lines]), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${file}"`,
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
  { method: 'DELETE', path: '/admin/invitations/:invitationId', access: 'user', handler: withdrawInvitation },
  { method: 'GET', path: '/admin/audit', access: 'user', handler: auditTrail },
  { method: 'GET', path: '/admin/audit.csv', access: 'user', handler: auditCsv },
];
