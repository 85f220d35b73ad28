/**
 * A school's settings: its time zone, its own retention (docs/privacy.md), whether students may
 * register with its class codes without an e-mail address, and whether Get Help keeps the minute
 * before a request in students' tabs. The school
 * administration route and the CLI's `school settings` call these same functions; a change is
 * recorded in the audit trail (old → new) in its own transaction. A school may keep its support
 * recordings and its audit trail for fewer days than the deployment (RECORDING_RETENTION_DAYS,
 * AUDIT_RETENTION_DAYS), never for more: the retention sweep deletes by the shorter of the two.
 * Queries live in ./repository.ts, the routes in ./routes.ts.
 */
import {
  retentionFloor,
  retentionProblem,
  timezoneProblem,
  SETTINGS_MESSAGES,
  type RetentionKind,
  type RetentionSetting,
  type SchoolSettings,
  type SchoolSettingsChange,
} from '../../../common/schoolSettings';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { recordAudit, type AuditActor } from '../audit/record';
import * as repo from './repository';

const DAY_MS = 86_400_000;

/** A refused change; nothing was written. */
export class SettingsError extends Error {}

export interface RetentionMaximums {
  recordingRetentionMs: number;
  auditRetentionMs: number;
}

export const retentionMaximums = (config: Config): RetentionMaximums => ({ recordingRetentionMs: config.support.recordingRetentionMs, auditRetentionMs: config.auditRetentionMs });

const maxDaysOf = (max: RetentionMaximums, kind: RetentionKind) => Math.floor((kind === 'audit' ? max.auditRetentionMs : max.recordingRetentionMs) / DAY_MS);

function setting(kind: RetentionKind, days: number | null, max: RetentionMaximums): RetentionSetting {
  const maxDays = maxDaysOf(max, kind);
  // a value above a since-lowered deployment maximum no longer applies: the shorter one does
  return { days, effectiveDays: Math.min(days ?? maxDays, maxDays), maxDays, minDays: retentionFloor(kind, maxDays) };
}

export async function readSchoolSettings(db: Db, max: RetentionMaximums, schoolId: number): Promise<SchoolSettings> {
  const row = await repo.settingsRow(db, schoolId);
  return {
    school: { id: row.lsclient_id, name: row.name },
    timezone: row.timezone,
    retention: {
      recordings: setting('recordings', row.recording_retention_days === null ? null : Number(row.recording_retention_days), max),
      audit: setting('audit', row.audit_retention_days === null ? null : Number(row.audit_retention_days), max),
    },
    studentsWithoutEmail: Number(row.students_without_email) === 1,
    helpBuffer: Number(row.help_buffer_off) !== 1,
  };
}

/** Every problem of a change at once (empty when it is sound). */
export function changeProblems(change: SchoolSettingsChange, max: RetentionMaximums): string[] {
  const problems: string[] = [];
  if (change.timezone === undefined && change.recordingRetentionDays === undefined && change.auditRetentionDays === undefined && change.studentsWithoutEmail === undefined && change.helpBuffer === undefined) {
    problems.push(SETTINGS_MESSAGES.nothing);
  }
  if (change.studentsWithoutEmail !== undefined && typeof change.studentsWithoutEmail !== 'boolean') problems.push(SETTINGS_MESSAGES.studentsWithoutEmail);
  if (change.helpBuffer !== undefined && typeof change.helpBuffer !== 'boolean') problems.push(SETTINGS_MESSAGES.helpBuffer);
  if (change.timezone !== undefined) {
    const problem = timezoneProblem(change.timezone);
    if (problem) problems.push(problem);
  }
  for (const [kind, value] of [
    ['recordings', change.recordingRetentionDays],
    ['audit', change.auditRetentionDays],
  ] as const) {
    if (value === undefined) continue;
    const problem = retentionProblem(kind, value, maxDaysOf(max, kind));
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * Applies a change to the school's settings and records it (only what changed, old → new); throws
 * SettingsError, changing nothing, when any part is refused. Returns the settings and whether
 * anything changed.
 */
export async function changeSchoolSettings(
  db: Db,
  max: RetentionMaximums,
  schoolId: number,
  change: SchoolSettingsChange,
  actor: AuditActor,
  now: number,
): Promise<{ settings: SchoolSettings; changed: boolean }> {
  const problems = changeProblems(change, max);
  if (problems.length > 0) throw new SettingsError(problems.join(' '));
  const changed = await db.transaction().execute(async (trx) => {
    const row = await repo.settingsRow(trx, schoolId);
    const before = {
      timezone: row.timezone,
      recordingRetentionDays: row.recording_retention_days,
      auditRetentionDays: row.audit_retention_days,
      studentsWithoutEmail: Number(row.students_without_email) === 1,
      helpBuffer: Number(row.help_buffer_off) !== 1,
    };
    const after = {
      timezone: change.timezone?.trim() ?? before.timezone,
      recordingRetentionDays: change.recordingRetentionDays === undefined ? before.recordingRetentionDays : change.recordingRetentionDays,
      auditRetentionDays: change.auditRetentionDays === undefined ? before.auditRetentionDays : change.auditRetentionDays,
      studentsWithoutEmail: change.studentsWithoutEmail ?? before.studentsWithoutEmail,
      helpBuffer: change.helpBuffer ?? before.helpBuffer,
    };
    const detail: Record<string, string | number | null> = {};
    for (const key of ['timezone', 'recordingRetentionDays', 'auditRetentionDays', 'studentsWithoutEmail', 'helpBuffer'] as const) {
      const [from, to] = [before[key] === null ? null : String(before[key]), after[key] === null ? null : String(after[key])];
      // null reads as the deployment's, so the trail says what applied
      if (from !== to) detail[key] = `${from ?? 'deployment default'} → ${to ?? 'deployment default'}`;
    }
    if (Object.keys(detail).length === 0) return false;
    await repo.updateSettings(trx, schoolId, after);
    // in the same transaction: the school's people never see its new zone with their old one
    if (after.timezone !== before.timezone) await repo.moveSchoolZone(trx, schoolId, before.timezone, after.timezone);
    await recordAudit(trx, actor, { action: 'school.settings', schoolId, detail }, now);
    return true;
  });
  return { settings: await readSchoolSettings(db, max, schoolId), changed };
}

/**
 * The retention sweep's per-school step: each school with a retention of its own shorter than the
 * deployment's loses what is past it. A recording belongs to the school its ticket was sent from
 * (support_tickets.school holds the school's name, as the recording budget counts it).
 */
export async function purgeSchoolRetention(db: Db, now: number, max: RetentionMaximums): Promise<{ recordings: number; auditEntries: number }> {
  const schools = await repo.schoolsWithOwnRetention(db);
  let recordings = 0;
  let auditEntries = 0;
  for (const school of schools) {
    if (school.recording_retention_days !== null && Number(school.recording_retention_days) * DAY_MS < max.recordingRetentionMs) {
      recordings += await repo.deleteSchoolRecordingsBefore(db, school.name, now - Number(school.recording_retention_days) * DAY_MS);
    }
    if (school.audit_retention_days !== null && Number(school.audit_retention_days) * DAY_MS < max.auditRetentionMs) {
      auditEntries += await repo.deleteSchoolAuditBefore(db, school.id, now - Number(school.audit_retention_days) * DAY_MS);
    }
  }
  return { recordings, auditEntries };
}
