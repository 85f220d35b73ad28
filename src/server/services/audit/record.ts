/**
 * Recording one audit entry. Callers record inside the same transaction as the action where there
 * is one, so an action and its entry stand or fall together. The command-line tool records with
 * actor null and origin 'cli'.
 */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../../common/audit';
import type { Database } from '../../db/schema';
import { schoolsOfPerson } from '../authority/repository';

export interface AuditActor {
  /** the signed-in user, or null for the command-line tool or the system */
  id: number | null;
  /** shown in the trail; kept even when the user is later deleted */
  name: string;
  /** the caller's IP, or 'cli' */
  origin: string;
}

export interface AuditRecord {
  action: AuditAction;
  /** the school the action concerns (null: no one school) */
  schoolId: number | null;
  targetUserId?: number | null;
  targetName?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Records the entry at the school it concerns and, for an action on a person, at every school that
 * person belongs to (SECURITY.md "Authority across schools"): each of their schools' administrators
 * sees what was done to them, wherever it was done from.
 */
export async function recordAudit(db: Kysely<Database>, actor: AuditActor, record: AuditRecord, at: number): Promise<void> {
  const targetSchools = record.targetUserId ? await schoolsOfPerson(db, record.targetUserId) : [];
  const schools = [...new Set([record.schoolId, ...targetSchools])].filter((id, _, all) => id !== null || all.length === 1);
  await db
    .insertInto('audit_events')
    .values(
      schools.map((schoolId) => ({
        at,
        client_id: schoolId,
        actor_id: actor.id,
        actor_name: actor.name,
        action: record.action,
        target_user_id: record.targetUserId ?? null,
        target_name: record.targetName ?? null,
        detail: JSON.stringify(record.detail ?? {}),
        origin: actor.origin,
      })),
    )
    .execute();
}

/** The command-line tool as an actor. */
export const CLI_ACTOR: AuditActor = { id: null, name: 'Command-line tool', origin: 'cli' };
