/**
 * A ticket as support staff see it, shared by the Get Help routes (./routes.ts) and the support
 * desk (./deskRoutes.ts): who may see which tickets, and a ticket's summary and detail.
 */
import { minutesToWait } from '../../../common/plural';
import type { TicketDetail, TicketMessage, TicketMessageKind, TicketStatus, TicketSummary } from '../../../common/support';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { supportScope } from '../authority';
import type { ServiceContext } from '../types';
import { classesOfStudents, schoolsOfUser, ticketMessages, ticketQuery } from './repository';

export const SUPPORT_API_MESSAGES = {
  tooMany: (retryAfterSeconds: number) => `Too many support requests from this network. Please try again in ${minutesToWait(retryAfterSeconds)}.`,
  ticketNotFound: 'There is no such ticket.',
  recordingNotFound: 'There is no such recording.',
  uploadNotAllowed: 'This recording cannot be uploaded.',
  recordingMissing: 'The multipart form must contain a "recording" file.',
  recordingNotJson: 'The recording must be a JSON array of events.',
  recordingIdTaken: 'The recording id is already in use.',
  tooManyTickets: (max: number, retryAfterSeconds: number) =>
    `You have sent ${max} support requests in the last hour. Please try again in ${minutesToWait(retryAfterSeconds)}.`,
  recordingQuota: (retryAfterSeconds: number) =>
    `You have uploaded as much screen recording as allowed in an hour. Please try again in ${minutesToWait(retryAfterSeconds)}.`,
} as const;

/** A staff member as the desk names them (a deleted account's assignment is cleared by the database). */
export function staffName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || 'A staff member';
}

/** The signed-in staff member as the audit trail and a ticket's thread name them. */
export function auditName(ctx: Pick<ServiceContext, 'identity'>): string {
  const user = ctx.identity?.user;
  if (!user) return 'Unknown';
  return `${staffName(user.firstName, user.lastName)} (${user.userName})`;
}

/**
 * The school a ticket's student belongs to, for the audit trail: the one the ticket was sent from
 * (its name), else the student's first school; null for an anonymous (/help) ticket.
 */
export async function studentSchoolId(ctx: Pick<ServiceContext, 'db'>, userId: number | null, schoolName: string | null): Promise<number | null> {
  if (userId === null) return null;
  const rows = await schoolsOfUser(ctx.db, userId);
  return (rows.find((r) => r.name === schoolName) ?? rows[0])?.id ?? null;
}

/**
 * The schools whose people a support user may read (ASVS 5.0 v8.4.1; services/authority): SUPPORT
 * held at a school, or a district-wide support account's assigned schools, never the schools the
 * user merely belongs to; null means every school (GADMINSUPERUSER). A ticket is read only when its
 * student belongs to no school outside these (repository.ts `ticketQuery`); anonymous (/help)
 * tickets carry no school and are seen by every support user.
 */
export async function staffSchools(ctx: Pick<ServiceContext, 'db' | 'identity'>): Promise<number[] | null> {
  if (!ctx.identity) return [];
  return supportScope(ctx.db, ctx.identity);
}

type TicketRow = {
  issue_key: string;
  number: number;
  status: TicketStatus;
  name: string;
  email: string;
  subject: string;
  school: string | null;
  user_name: string | null;
  created_at: number;
  resolved_at: number | null;
  recording_created_at: number | null;
  assignee_id: number | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  first_reply_at: number | null;
  school_timezone: string | null;
  user_id: number | null;
};

/** The tickets' students' classes at the school each ticket was sent from: ticket row → class names. */
export async function classesFor(db: Db, rows: readonly Pick<TicketRow, 'user_id' | 'school'>[]): Promise<(row: Pick<TicketRow, 'user_id' | 'school'>) => string[]> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null).map(Number))];
  const byStudent = new Map<string, string[]>();
  // in chunks: a database takes only so many parameters in one list
  for (let i = 0; i < ids.length; i += 500) {
    for (const c of await classesOfStudents(db, ids.slice(i, i + 500))) {
      const key = `${Number(c.user_id)}\u0000${c.school_name}`;
      byStudent.set(key, [...(byStudent.get(key) ?? []), c.class_name]);
    }
  }
  return (row) => (row.user_id === null || row.school === null ? [] : (byStudent.get(`${Number(row.user_id)}\u0000${row.school}`) ?? []));
}

export function toSummary(row: TicketRow, classes: string[] = []): TicketSummary {
  return {
    key: row.issue_key,
    number: Number(row.number),
    status: row.status,
    name: row.name,
    email: row.email,
    subject: row.subject,
    school: row.school,
    userName: row.user_name,
    createdAt: Number(row.created_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    hasRecording: row.recording_created_at !== null,
    assignee:
      row.assignee_id === null
        ? null
        : { id: Number(row.assignee_id), name: staffName(row.assignee_first_name, row.assignee_last_name) },
    firstReplyAt: row.first_reply_at === null ? null : Number(row.first_reply_at),
    schoolTimezone: row.school_timezone,
    classes,
  };
}

export function toMessage(row: { id: number; kind: TicketMessageKind; author_name: string; body: string; created_at: number }): TicketMessage {
  return { id: Number(row.id), kind: row.kind, authorName: row.author_name, body: row.body, createdAt: Number(row.created_at) };
}

/** A ticket this support user may see, with its recording's facts and its thread; else 404. */
export async function ticketDetail(ctx: ServiceContext, key: string): Promise<TicketDetail> {
  const row = await ticketQuery(ctx, await staffSchools(ctx)).where('t.issue_key', '=', key).executeTakeFirst();
  if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  const messages = await ticketMessages(ctx.db, row.id);
  const classes = await classesFor(ctx.db, [row]);
  return {
    ...toSummary(row, classes(row)),
    description: row.description,
    url: row.page_url,
    useragent: row.useragent,
    recordingId: row.recording_id,
    recording:
      row.recording_row_id !== null && row.recording_created_at !== null
        ? {
            id: row.recording_row_id,
            size: Number(row.recording_size),
            truncated: Number(row.recording_truncated) === 1,
            createdAt: Number(row.recording_created_at),
          }
        : null,
    messages: messages.map(toMessage),
  };
}
