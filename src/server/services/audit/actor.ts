/**
 * The signed-in caller as the audit trail names them: their id, "First Last (username)" (copied into
 * the entry so it still reads after the account is deleted) and the IP the request came from.
 */
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
