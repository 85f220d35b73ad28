/**
 * Stopping an access code or an invitation at one school, shared by the school administration
 * routes (services/schoolAdmin/routes.ts) and the operator CLI (`code revoke`, `invitation withdraw`).
 * Each change and its audit entry stand or fall together; a code or invitation of another school
 * reads as absent (false), so nothing tells one school about another's.
 */
import { formatAccessCode } from '../../../common/accounts';
import type { Db } from '../../db';
import { recordAudit, type AuditActor } from '../audit/record';
import * as codes from './codesRepository';

/**
 * Revokes the access code: it expires now (who joined with it stays). False when the school has no
 * such code. An already stopped code is recorded again and stays stopped when it stopped.
 */
export async function revokeAccessCode(db: Db, actor: AuditActor, schoolId: number, codeId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await codes.schoolAccessCode(trx, schoolId, codeId);
    if (!row) return false;
    // an expiry of now: the code stops working at once, and the list says since when
    if (row.expires_at === null || Number(row.expires_at) > now) await codes.expireAccessCode(trx, codeId, now);
    await recordAudit(trx, actor, { action: 'access-code.revoke', schoolId, detail: { code: formatAccessCode(row.code) } }, now);
    return true;
  });
}

/** Withdraws an unused, unexpired e-mail invitation; false when the school has no such open invitation. */
export async function withdrawInvitation(db: Db, actor: AuditActor, schoolId: number, invitationId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await codes.openSchoolInvitation(trx, schoolId, invitationId, now);
    if (!row) return false;
    await codes.expireInvitation(trx, invitationId, now);
    await recordAudit(trx, actor, { action: 'invitation.withdraw', schoolId, detail: { email: row.email ?? '' } }, now);
    return true;
  });
}
