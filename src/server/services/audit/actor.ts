/**
 * The signed-in caller as the audit trail names them: their id, "First Last (username)" (copied into
 * the entry so it still reads after the account is deleted) and the IP the request came from.
 */
import type { Db } from '../../db';
import { signedInIdentity } from '../signedIn';
import type { ServiceContext } from '../types';
import type { AuditActor } from './record';

export function auditActorOf(ctx: ServiceContext): AuditActor {
  const { user } = signedInIdentity(ctx);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return { id: user.id, name: `${name || user.userName} (${user.userName})`, origin: ctx.ip };
}

/** A user's name for an entry's target: "First Last (username)". */
export function auditNameOf(user: { firstName: string; lastName: string; userName: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return `${name || user.userName} (${user.userName})`;
}

/** auditNameOf for a user id, read from the database; "user 12" when there is no such account. */
export async function auditNameOfUser(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select(['first_name', 'last_name', 'user_name']).where('id', '=', userId).executeTakeFirst();
  return row ? auditNameOf({ firstName: row.first_name, lastName: row.last_name, userName: row.user_name }) : `user ${userId}`;
}
