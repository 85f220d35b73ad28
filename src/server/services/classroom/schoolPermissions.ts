/**
 * Permissions held at one school (TEACHER, SCHOOLADMIN…): granted and revoked here, for the
 * classroom routes, the roster import and the school administration. They count only while that
 * school is the holder's current one (services/auth/repository.ts builds the identity).
 */
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';

export interface SchoolPermission {
  userId: number;
  clientId: number;
  permission: string;
  grantedAt: number;
  grantedBy: number | null;
}

const normalise = (permission: string): string => permission.trim().toUpperCase();

/** Grants `permission` at the school (idempotent: a second grant keeps the first one's date). */
export async function grantSchoolPermission(
  db: Db,
  grant: { userId: number; clientId: number; permission: string; grantedBy?: number | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('school_permissions')
    .values({ user_id: grant.userId, client_id: grant.clientId, permission: normalise(grant.permission), granted_at: now, granted_by: grant.grantedBy ?? null })
    .onConflict((oc) => oc.columns(['user_id', 'client_id', 'permission']).doNothing())
    .execute();
  changed('school_permissions', grant.userId);
}

/** Revokes it; true when the user held it. */
export async function revokeSchoolPermission(db: Db, revoke: { userId: number; clientId: number; permission: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('school_permissions')
    .where('user_id', '=', revoke.userId)
    .where('client_id', '=', revoke.clientId)
    .where('permission', '=', normalise(revoke.permission))
    .executeTakeFirst();
  removed('school_permissions', revoke.userId);
  return Number(result.numDeletedRows) > 0;
}

/** The permissions granted at one school: all of its holders, or one user's (`userId`). */
export async function schoolPermissions(db: Db, clientId: number, userId?: number): Promise<SchoolPermission[]> {
  let query = db
    .selectFrom('school_permissions')
    .select(['user_id', 'client_id', 'permission', 'granted_at', 'granted_by'])
    .where('client_id', '=', clientId)
    .orderBy('user_id')
    .orderBy('permission');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query.execute();
  return rows.map((r) => ({ userId: r.user_id, clientId: r.client_id, permission: r.permission, grantedAt: Number(r.granted_at), grantedBy: r.granted_by }));
}

/** Does the user hold `permission` at the school (granted there, whatever their current school)? */
export async function holdsAtSchool(db: Db, userId: number, clientId: number, permission: string): Promise<boolean> {
  const row = await db
    .selectFrom('school_permissions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('permission', '=', normalise(permission))
    .executeTakeFirst();
  return row !== undefined;
}
