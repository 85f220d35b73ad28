/**
 * Every query of school administration: the school an administrator acts for, its counts, its
 * members (searched and paged), invitations and audit trail (its codes: accounts/schoolCodes.ts).
 * Every read is scoped to one school (`schoolId`); the routes (routes.ts) check who may ask for which.
 */
import { sql, type Selectable } from 'kysely';
import type { AdminInvitation } from '../../../common/schoolAdmin';
import type { Db } from '../../db';
import type { UsersTable } from '../../db/schema';
import { schoolCodes, workingCounts } from '../accounts/schoolCodes';
import type { AuditRow, ParsedAuditFilter } from './auditTrail';

export interface School {
  id: number;
  lsclientID: string;
  name: string;
  timezone: string;
}

/** The school with this lsclientID, whatever its case. */
export async function findSchool(db: Db, lsclientID: string): Promise<School | undefined> {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'lsclient_id', 'name', 'timezone'])
    .where((eb) => eb(eb.fn('lower', ['lsclient_id']), '=', lsclientID.toLowerCase()))
    .executeTakeFirst();
  return row ? { id: row.id, lsclientID: row.lsclient_id, name: row.name, timezone: row.timezone } : undefined;
}

/** Every school, by name: what the superuser may pick from. */
export async function allSchools(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db.selectFrom('clients').select(['lsclient_id', 'name']).orderBy('name').orderBy('lsclient_id').execute();
  return rows.map((r) => ({ id: r.lsclient_id, name: r.name }));
}

const membersOf = (db: Db, schoolId: number) => db.selectFrom('user_clients').select('user_id').where('client_id', '=', schoolId);

export interface SchoolCounts {
  users: number;
  deactivated: number;
  staff: number;
  classes: number;
  accessCodes: number;
  classCodes: number;
  pendingInvitations: number;
  auditEntries: number;
}

/** The overview's counts: members, deactivated, staff (a permission here or globally), live classes, working codes (as the codes list counts them), pending invitations, audit entries. */
export async function schoolCounts(db: Db, schoolId: number, now: number): Promise<SchoolCounts> {
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const [users, deactivated, staff, classes, codes, invitations, audit] = await Promise.all([
    db.selectFrom('user_clients').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', schoolId).executeTakeFirst(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', membersOf(db, schoolId)).where('deactivated_at', 'is not', null).executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', membersOf(db, schoolId))
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('school_permissions').select('user_id').where('client_id', '=', schoolId)),
          eb('id', 'in', eb.selectFrom('user_permissions').select('user_id')),
        ]),
      )
      .executeTakeFirst(),
    db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', schoolId).where('archived_at', 'is', null).executeTakeFirst(),
    schoolCodes(db, schoolId, now),
    db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', schoolId)
      .where('kind', '=', 'email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
    db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', schoolId).executeTakeFirst(),
  ]);
  return {
    users: count(users),
    deactivated: count(deactivated),
    staff: count(staff),
    classes: count(classes),
    ...workingCounts(codes),
    pendingInvitations: count(invitations),
    auditEntries: count(audit),
  };
}

export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'user_name' | 'first_name' | 'last_name' | 'email' | 'deactivated_at' | 'must_change_password' | 'created_at'>;

export interface PermissionRow {
  user_id: number;
  permission: string;
}

/** The users' rows, their permissions at the school and their global ones. */
export async function usersWithPermissions(db: Db, schoolId: number, ids: readonly number[]): Promise<{ rows: UserRow[]; school: PermissionRow[]; global: PermissionRow[] }> {
  const [rows, school, global] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'user_name', 'first_name', 'last_name', 'email', 'deactivated_at', 'must_change_password', 'created_at'])
      .where('id', 'in', [...ids])
      .execute(),
    db.selectFrom('school_permissions').select(['user_id', 'permission']).where('client_id', '=', schoolId).where('user_id', 'in', [...ids]).execute(),
    db.selectFrom('user_permissions').select(['user_id', 'permission']).where('user_id', 'in', [...ids]).execute(),
  ]);
  return { rows, school, global };
}

/** Escapes LIKE's wildcards so a search for "a_b" finds "a_b". */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const lowerLike = (column: string, text: string) => sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

/**
 * One page of the school's members, by name, and how many match: every word of `words` somewhere in
 * the name, the user name or the e-mail ("maya john" finds Maya Johnson).
 */
export async function searchMembers(db: Db, schoolId: number, words: readonly string[], page: { limit: number; offset: number }): Promise<{ total: number; ids: number[] }> {
  let query = db.selectFrom('users').where('id', 'in', membersOf(db, schoolId));
  for (const word of words) {
    query = query.where((eb) => eb.or([lowerLike('first_name', word), lowerLike('last_name', word), lowerLike('user_name', word), lowerLike('email', word)]));
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    query.select('id').orderBy('last_name').orderBy('first_name').orderBy('user_name').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: Number(total?.n ?? 0), ids: rows.map((r) => r.id) };
}

export async function productCode(db: Db, productId: number): Promise<string | undefined> {
  return (await db.selectFrom('products').select('code').where('id', '=', productId).executeTakeFirst())?.code;
}

/** The school's e-mail invitations, newest first, at most 500. */
export async function schoolInvitations(db: Db, schoolId: number): Promise<AdminInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('client_id', '=', schoolId)
    .where('kind', '=', 'email')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email ?? '', createdAt: Number(r.created_at), expiresAt: Number(r.expires_at), usedAt: r.used_at === null ? null : Number(r.used_at) }));
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

/** The school's audit entries the filter keeps, newest first: `limit` of them from `offset`. */
export function auditRows(db: Db, schoolId: number, filter: ParsedAuditFilter, page: { limit: number; offset?: number }): Promise<AuditRow[]> {
  let query = auditQuery(db, schoolId, filter).select([...AUDIT_COLUMNS]).orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  return query.execute();
}

/** How many of the school's audit entries the filter keeps. */
export async function auditCount(db: Db, schoolId: number, filter: ParsedAuditFilter): Promise<number> {
  const row = await auditQuery(db, schoolId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
