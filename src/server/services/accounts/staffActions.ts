/**
 * What staff do to one user's account, shared by the school administration routes
 * (services/schoolAdmin/routes.ts), a teacher's class routes (services/classroom/studentRoutes.ts: a temporary
 * password, ending sessions) and the operator CLI (cli/admin.ts): a temporary password, ending
 * sessions, deactivating and reactivating, granting and revoking a role at a school. Each writes
 * and records its audit entry (services/audit/record.ts) in one transaction, so an action and its
 * entry stand or fall together.
 */
import { randomInt } from 'node:crypto';
import { TEMPORARY_PASSWORD_LIFETIME_MS } from '../../../common/accounts';
import type { PasswordHashing } from '../../config';
import type { Db } from '../../db';
import { hashPassword } from '../../security/passwords';
import { recordAudit, type AuditActor } from '../audit/record';
import { revokeUserSessions } from '../auth/sessions';
import { grantSchoolPermission, holdsAtSchool, revokeSchoolPermission } from '../classroom/schoolPermissions';
import * as repo from './repository';
import { activeSchoolAdmins } from './repository';

export { activeSchoolAdmins } from './repository';

/** Who acts, at which school (null: no one school), on whom. */
export interface StaffAction {
  actor: AuditActor;
  schoolId: number | null;
  target: { id: number; name: string };
  /** Where the action was taken from, kept in the audit entry's detail (a teacher's `{ classId }`). */
  auditDetail?: { classId: number };
}

/** Easy to read aloud and type: no 0/o, 1/l/i; 12 characters of 31 ≈ 59 bits. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newTemporaryPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * A new password, to be changed at the next sign-in; whoever is signed in as the user is signed out.
 * It signs in once, within TEMPORARY_PASSWORD_LIFETIME_MS: whoever handed it out cannot keep using it.
 */
export async function giveTemporaryPassword(db: Db, hashing: PasswordHashing, action: StaffAction, now: number): Promise<string> {
  const password = newTemporaryPassword();
  const hash = await hashPassword(password, hashing);
  await db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, action.target.id, hash, now + TEMPORARY_PASSWORD_LIFETIME_MS);
    const ended = await revokeUserSessions(trx, action.target.id, now);
    // a teacher's entry names the class it was given from (its shape since the class routes had it);
    // the administration's counts the sessions the new password ended
    const detail: Record<string, number> = action.auditDetail ? { ...action.auditDetail } : { sessionsEnded: ended };
    await recordAudit(trx, action.actor, { action: 'password.temporary', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name, detail }, now);
  });
  return password;
}

/** Ends every open session of the user: the open tab goes to /login at its next session check. */
export async function endSessions(db: Db, action: StaffAction, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await revokeUserSessions(trx, action.target.id, now);
    await recordAudit(trx, action.actor, { action: 'sessions.end', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name, detail: { ...action.auditDetail, ended } }, now);
    return ended;
  });
}

/** The user can no longer sign in; their sessions end. Their data stays (reactivation restores all). */
export async function deactivateUser(db: Db, action: StaffAction, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.setDeactivatedAt(trx, action.target.id, now);
    const ended = await revokeUserSessions(trx, action.target.id, now);
    await recordAudit(trx, action.actor, { action: 'user.deactivate', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name, detail: { sessionsEnded: ended } }, now);
  });
}

export async function reactivateUser(db: Db, action: StaffAction, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.setDeactivatedAt(trx, action.target.id, null);
    await recordAudit(trx, action.actor, { action: 'user.reactivate', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name }, now);
  });
}

/** Grants a role at the school (action.schoolId); false when the user already held it (nothing recorded). */
export async function grantSchoolRole(db: Db, action: StaffAction & { schoolId: number }, permission: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await holdsAtSchool(trx, action.target.id, action.schoolId, permission)) return false;
    await grantSchoolPermission(trx, { userId: action.target.id, clientId: action.schoolId, permission, grantedBy: action.actor.id }, now);
    await recordAudit(trx, action.actor, { action: 'permission.grant', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name, detail: { permission } }, now);
    return true;
  });
}

export class LastSchoolAdminError extends Error {
  constructor() {
    super('A school needs an administrator: make someone else a school administrator before removing the last one.');
    this.name = 'LastSchoolAdminError';
  }
}

/**
 * Revokes a role at the school; false when the user did not hold it. The last active SCHOOLADMIN
 * of a school is never revoked (LastSchoolAdminError): nobody would be left to run it.
 */
export async function revokeSchoolRole(db: Db, action: StaffAction & { schoolId: number }, permission: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (permission === 'SCHOOLADMIN') {
      const admins = await activeSchoolAdmins(trx, action.schoolId);
      if (admins.length === 1 && admins[0] === action.target.id) throw new LastSchoolAdminError();
    }
    const revoked = await revokeSchoolPermission(trx, { userId: action.target.id, clientId: action.schoolId, permission });
    if (revoked) await recordAudit(trx, action.actor, { action: 'permission.revoke', schoolId: action.schoolId, targetUserId: action.target.id, targetName: action.target.name, detail: { permission } }, now);
    return revoked;
  });
}
