/**
 * Stopping an access code or an invitation at one school, shared by the school administration
 * routes (services/onelook/admin.ts) and the operator CLI (`code revoke`, `invitation withdraw`).
 * Each change and its audit entry stand or fall together; a code or invitation of another school
 * reads as absent (false), so nothing tells one school about another's.
 */
import { formatAccessCode } from '../../../common/accounts';
import type { Db } from '../../db';
import { recordAudit, type AuditActor } from '../audit/record';

/**
 * Revokes the access code: it expires now (who joined with it stays). False when the school has no
 * such code. An already stopped code is recorded again and stays stopped when it stopped.
 */
export async function revokeAccessCode(db: Db, actor: AuditActor, schoolId: number, codeId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('access_codes').select(['id', 'code', 'expires_at']).where('id', '=', codeId).where('client_id', '=', schoolId).executeTakeFirst();
    if (!row) return false;
    // an expiry of now: the code stops working at once, and the list says since when
    if (row.expires_at === null || Number(row.expires_at) > now) await trx.updateTable('access_codes').set({ expires_at: now }).where('id', '=', codeId).execute();
    await recordAudit(trx, actor, { action: 'access-code.revoke', schoolId, detail: { code: formatAccessCode(row.code) } }, now);
    return true;
  });
}

/** Withdraws an unused, unexpired e-mail invitation; false when the school has no such open invitation. */
export async function withdrawInvitation(db: Db, actor: AuditActor, schoolId: number, invitationId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invitations')
      .select(['id', 'email'])
      .where('id', '=', invitationId)
      .where('client_id', '=', schoolId)
      .where('kind', '=', 'email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return false;
    await trx.updateTable('invitations').set({ expires_at: now }).where('id', '=', invitationId).execute();
    await recordAudit(trx, actor, { action: 'invitation.withdraw', schoolId, detail: { email: row.email ?? '' } }, now);
    return true;
  });
}
