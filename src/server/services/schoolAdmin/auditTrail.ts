/**
 * The audit trail as a school administrator reads it (read-only): the filter from the page's query
 * (action, who, whose data, a day at the school and how to compare with it), an entry from its row,
 * and the CSV export's rows and file name. Pure: repository.ts runs the filter as SQL.
 */
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../common/audit';
import { ADMIN_MESSAGES, AUDIT_DATE_MODES, type AuditDateMode } from '../../../common/schoolAdmin';
import { HttpError } from '../../http/errors';
import { dueAtOf, parseDueDay } from '../classroom/dueDates';
import type { School } from './repository';

export interface ParsedAuditFilter {
  action?: AuditAction;
  actor?: string;
  target?: string;
  /** the day's first and last instants at the school */
  day?: { start: number; end: number };
  dateMode: AuditDateMode;
}

export interface AuditRow {
  id: number;
  at: number | string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_user_id: number | null;
  target_name: string | null;
  detail: string;
  origin: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined);

/** The filter the query names, the day read in the school's time zone; a bad part is a 400 with its reason. */
export function parseAuditFilter(query: Readonly<Record<string, unknown>>, timezone: string): ParsedAuditFilter {
  const action = text(query.action);
  if (action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(action)) throw new HttpError(400, ADMIN_MESSAGES.badAction);
  const mode = text(query.dateMode) ?? 'is';
  if (!(AUDIT_DATE_MODES as readonly string[]).includes(mode)) throw new HttpError(400, ADMIN_MESSAGES.badDateMode);
  const date = text(query.date);
  let day: ParsedAuditFilter['day'];
  if (date !== undefined) {
    const parsed = parseDueDay(date);
    if (!parsed) throw new HttpError(400, ADMIN_MESSAGES.badDate);
    const previous = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day - 1)).toISOString().slice(0, 10);
    // the day as the school lives it: from its midnight to the next, in its time zone
    day = { start: dueAtOf(previous, timezone) + 1, end: dueAtOf(date, timezone) };
  }
  return {
    ...(action ? { action: action as AuditAction } : {}),
    ...(text(query.actor) ? { actor: text(query.actor) } : {}),
    ...(text(query.target) ? { target: text(query.target) } : {}),
    ...(day ? { day } : {}),
    dateMode: mode as AuditDateMode,
  };
}

export function entryOf(row: AuditRow, school: School): AuditEntry {
  let detail: AuditEntry['detail'] = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) detail = parsed as AuditEntry['detail'];
  } catch {
    // an unreadable detail reads as none; the entry itself stays
  }
  return {
    id: row.id,
    at: Number(row.at),
    schoolId: school.id,
    schoolName: school.name,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action as AuditAction,
    targetUserId: row.target_user_id,
    targetName: row.target_name,
    detail,
    origin: row.origin,
  };
}

/** The most rows one export holds: a year of a busy school; narrower filters for more. */
export const CSV_MAX_ROWS = 100_000;

const detailText = (detail: AuditEntry['detail']): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('; ');

/** The export's header and one line per entry, the action in words. */
export function auditCsvRows(rows: readonly AuditRow[], school: School): (string | null)[][] {
  const header = ['When (UTC)', 'School', 'Who', 'Action', 'Whose data', 'Details', 'From'];
  const lines = rows.map((r) => {
    const entry = entryOf(r, school);
    return [new Date(entry.at).toISOString(), school.name, entry.actorName, AUDIT_ACTION_LABELS[entry.action] ?? entry.action, entry.targetName, detailText(entry.detail), entry.origin];
  });
  return [header, ...lines];
}

export const auditCsvFileName = (school: School): string => `${school.lsclientID.replace(/[^A-Za-z0-9_-]+/g, '') || 'school'}-audit-trail.csv`;
