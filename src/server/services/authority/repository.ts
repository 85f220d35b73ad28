/**
 * The rows behind the authority rule (./index.ts): which schools a person belongs to, which schools
 * a staff member holds a role at, and the schools a district-wide support account was assigned.
 */
import type { Db } from '../../db';

/**
 * A person's schools: the ones they belong to, and any at which they hold a role (a role outlives
 * a membership that ended, so it counts as belonging).
 */
export async function schoolsOfPerson(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_clients')
    .select('client_id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('school_permissions').select('client_id').where('user_id', '=', userId))
    .execute();
  return [...new Set(rows.map((r) => Number(r.client_id)))].sort((a, b) => a - b);
}

/** The school roles a person holds, school by school, counting only schools they still belong to. */
export async function rolesOf(db: Db, userId: number): Promise<{ clientId: number; permission: string }[]> {
  const rows = await db
    .selectFrom('school_permissions as sp')
    .innerJoin('user_clients as uc', (join) => join.onRef('uc.user_id', '=', 'sp.user_id').onRef('uc.client_id', '=', 'sp.client_id'))
    .select(['sp.client_id', 'sp.permission'])
    .where('sp.user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ clientId: Number(r.client_id), permission: r.permission.toUpperCase() }));
}

/** Every school role a person holds, member or not (a target's roles: any of them makes them staff there). */
export async function allRolesOf(db: Db, userId: number): Promise<{ clientId: number; permission: string }[]> {
  const rows = await db.selectFrom('school_permissions').select(['client_id', 'permission']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ clientId: Number(r.client_id), permission: r.permission.toUpperCase() }));
}

/** The district-wide permissions a person holds (user_permissions), upper-case. */
export async function districtPermissionsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).execute();
  return rows.map((r) => r.permission.toUpperCase());
}

/** The schools an administrator assigned to a district-wide support account. */
export async function assignedSupportSchools(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('support_schools').select('client_id').where('user_id', '=', userId).orderBy('client_id').execute();
  return rows.map((r) => Number(r.client_id));
}

export async function assignSupportSchool(db: Db, userId: number, clientId: number, by: number | null, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('support_schools')
    .values({ user_id: userId, client_id: clientId, assigned_at: now, assigned_by: by })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function unassignSupportSchool(db: Db, userId: number, clientId: number): Promise<boolean> {
  const result = await db.deleteFrom('support_schools').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
