/** Users, their schools and permissions, and sessions. Every query is by id or user name. */
import { DEFAULT_TIMEZONE } from '../../../common/constants';
import type { Client, SessionIdentity, User } from '../../../common/types';
import type { Db } from '../../db';
import type { SessionRow, UserRow } from '../../db/schema';

export function normaliseUserName(userName: string): string {
  return userName.trim().toLowerCase();
}

export async function findUserByUserName(db: Db, userName: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_name', '=', normaliseUserName(userName)).executeTakeFirst();
}

/** SPEC §3: user (timezone defaults to America/Chicago), clients in order, permissions. */
export async function loadIdentity(db: Db, userId: number): Promise<SessionIdentity | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const clients: Client[] = (
    await db
      .selectFrom('user_clients')
      .innerJoin('clients', 'clients.id', 'user_clients.client_id')
      .select(['clients.lsclient_id', 'clients.name'])
      .where('user_clients.user_id', '=', userId)
      .orderBy('user_clients.position')
      .execute()
  ).map((c) => ({ lsclientID: c.lsclient_id, clientName: c.name }));
  const permissions = (
    await db.selectFrom('user_permissions').select('permission').where('user_id', '=', userId).orderBy('permission').execute()
  ).map((p) => p.permission.toUpperCase());
  const user: User = {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    userName: row.user_name,
    userEmail: row.email,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
  };
  return { user, clients, permissions };
}

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes a live session; false when it was already revoked (e.g. a concurrent renewal won). */
export async function revokeSession(db: Db, id: string, now: number, replacedBy: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now, replaced_by: replacedBy })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
