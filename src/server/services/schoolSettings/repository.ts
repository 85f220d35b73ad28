/**
 * Every query of a school's settings: its time zone and retention columns (on `clients`), its people's
 * zones that follow a change of it, and the per-school deletes of the retention sweep. The rules are
 * ./index.ts.
 */
import type { Db } from '../../db';
import { changed as announceChange } from '../../db/changes';

export interface SettingsRow {
  lsclient_id: string;
  name: string;
  timezone: string;
  recording_retention_days: number | null;
  audit_retention_days: number | null;
  students_without_email: number;
  help_buffer_off: number;
}

/** The school's settings as stored (null retention: the deployment's). */
export function settingsRow(db: Db, schoolId: number): Promise<SettingsRow> {
  return db.selectFrom('clients').select(['lsclient_id', 'name', 'timezone', 'recording_retention_days', 'audit_retention_days', 'students_without_email', 'help_buffer_off']).where('id', '=', schoolId).executeTakeFirstOrThrow();
}

export async function updateSettings(db: Db, schoolId: number, values: { timezone: string; recordingRetentionDays: number | null; auditRetentionDays: number | null; studentsWithoutEmail: boolean; helpBuffer: boolean }): Promise<void> {
  await db
    .updateTable('clients')
    .set({
      timezone: values.timezone,
      recording_retention_days: values.recordingRetentionDays,
      audit_retention_days: values.auditRetentionDays,
      students_without_email: values.studentsWithoutEmail ? 1 : 0,
      help_buffer_off: values.helpBuffer ? 0 : 1,
    })
    .where('id', '=', schoolId)
    .execute();
  announceChange('clients');
}

/**
 * A school's change of zone, for its people: those whose current school (lowest position) it is
 * and whose stored zone is still the school's old one (made in it, never chosen otherwise) move to
 * the new one; a person who chose another zone keeps it.
 */
export async function moveSchoolZone(db: Db, schoolId: number, from: string, to: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ timezone: to })
    .where('timezone', '=', from)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('user_clients as member')
        .select('member.user_id')
        .where('member.client_id', '=', schoolId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('user_clients as earlier')
                .select('earlier.user_id')
                .whereRef('earlier.user_id', '=', 'member.user_id')
                .whereRef('earlier.position', '<', 'member.position'),
            ),
          ),
        ),
    )
    .execute();
  announceChange('users');
}

/** The schools with a retention of their own. */
export function schoolsWithOwnRetention(db: Db): Promise<{ id: number; name: string; recording_retention_days: number | null; audit_retention_days: number | null }[]> {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'recording_retention_days', 'audit_retention_days'])
    .where((eb) => eb.or([eb('recording_retention_days', 'is not', null), eb('audit_retention_days', 'is not', null)]))
    .execute();
}

/** Deletes the recordings of tickets sent from the school (by its name) made before `cutoff`; how many. */
export async function deleteSchoolRecordingsBefore(db: Db, schoolName: string, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('support_recordings')
    .where('created_at', '<', cutoff)
    .where('ticket_id', 'in', db.selectFrom('support_tickets').select('id').where('school', '=', schoolName))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Deletes the school's audit entries made before `cutoff`; how many. */
export async function deleteSchoolAuditBefore(db: Db, schoolId: number, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('client_id', '=', schoolId).where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
