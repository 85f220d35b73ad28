/**
 * The audit trail's one delete: entries older than AUDIT_RETENTION_DAYS go in the retention sweep
 * (retentionSweep.ts). Nothing else in the app updates or deletes an entry.
 */
import type { Db } from '../../db';

export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Deletes the entries recorded before `now - retentionMs`; returns how many went. */
export async function purgeExpiredAudit(db: Db, now: number, retentionMs: number): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', now - retentionMs).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
