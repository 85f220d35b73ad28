/**
 * Support tickets, OneLook routes:
 *   POST /whichway/support                    public   create a ticket (SPEC S7.09) → { issuekey, uploadToken? }
 *   GET  /support/tickets                     SUPPORT  every ticket of the staff member's schools' students and every
 *                                                      anonymous one (GADMINSUPERUSER: all), newest first
 *   GET  /support/tickets/:key                SUPPORT  one ticket with its recording's facts
 *   POST /support/tickets/:key/resolve        SUPPORT  mark resolved
 *   POST /support/tickets/:key/recording      public   (multipart, file `recording`) the submitter's ONE upload
 *   GET  /support/recordings/:id              SUPPORT  the rrweb events for the replay page
 *
 * Anonymous submissions (/help) are limited per client IP (SUPPORT_MAX_PER_IP per SUPPORT_WINDOW_MINUTES)
 * and carry a honeypot field: when it is filled in the request is answered exactly like a real ticket (a
 * key of the real sequence, same status and shape, the same database work rolled back) but nothing is
 * stored or mailed (a bot learns nothing; a person never sees the field).
 * A recording upload needs the one-time token handed out with the issue key AND, for a signed-in
 * student's ticket, that same student's session: nobody can upload into someone else's recording.
 * Recordings older than RECORDING_RETENTION_DAYS are deleted on every write and never served.
 */
import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import {
  RECORDING_ID_PATTERN,
  RECORDING_LIMITS,
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_KEY_PATTERN,
  SUPPORT_KEY_PREFIX,
  SUPPORT_PERMISSION,
  splitDescription,
  truncateRecording,
  type RecordingBody,
  type SupportTicketCreated,
  type TicketDetail,
  type TicketMessage,
  type TicketMessageKind,
  type TicketStatus,
  type TicketSummary,
} from '../../../common/support';
import { SUPERUSER_PERMISSION } from '../../../common/constants';
import { minutesToWait } from '../../../common/plural';
import { redactUrl } from '../../../common/redact';
import { supportRequestSchema, type SupportRequestPayload } from '../../../common/validation';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { sameSecret, sha256 } from '../../security/codes';
import { evaluateFailures } from '../../security/throttle';
import type { ServiceContext, ServiceRoute } from '../types';
import { recordAudit } from '../audit/record';

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

const HOUR_MS = 60 * 60_000;

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
  const rows = await ctx.db
    .selectFrom('user_clients as uc')
    .innerJoin('clients as c', 'c.id', 'uc.client_id')
    .select(['c.id', 'c.name'])
    .where('uc.user_id', '=', userId)
    .orderBy('uc.position', 'asc')
    .execute();
  return (rows.find((r) => r.name === schoolName) ?? rows[0])?.id ?? null;
}
/** the most bytes one recording upload may send: the SPA's 4 096 000-character JSON, with room for non-ASCII text */
export const RECORDING_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

const access = { permission: SUPPORT_PERMISSION };

function keyParam(ctx: ServiceContext): string {
  const key = (ctx.params.key ?? '').toUpperCase();
  if (!SUPPORT_KEY_PATTERN.test(key)) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  return key;
}

/** Deletes recordings past the retention (default 30 days); the retention sweep calls it. */
export async function purgeExpiredRecordings(db: Db, now: number, retentionMs: number): Promise<number> {
  const result = await db.deleteFrom('support_recordings').where('created_at', '<', now - retentionMs).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Per-IP limit for anonymous submissions; counts this one. Throws 429 with Retry-After. */
async function limitAnonymous(ctx: ServiceContext): Promise<void> {
  const now = ctx.clock();
  const { maxPerIp, windowMs } = ctx.config.support;
  const since = now - windowMs;
  await ctx.db.deleteFrom('support_attempts').where('attempted_at', '<', since).execute();
  const rows = await ctx.db
    .selectFrom('support_attempts')
    .select('attempted_at')
    .where('ip', '=', ctx.ip)
    .where('attempted_at', '>=', since)
    .orderBy('attempted_at', 'asc')
    .execute();
  if (rows.length >= maxPerIp) {
    const oldest = Number(rows[0]!.attempted_at);
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    throw new HttpError(429, SUPPORT_API_MESSAGES.tooMany(retryAfterSeconds), {
      'retry-after': String(retryAfterSeconds),
    });
  }
  await ctx.db.insertInto('support_attempts').values({ ip: ctx.ip, attempted_at: now }).execute();
}

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * SUPPORT_MAX_TICKETS_PER_USER_HOUR: counted from the user's own tickets of the last hour, so the
 * limit holds across instances sharing the database (and an operator deleting a ticket frees it).
 */
async function limitUserTickets(ctx: ServiceContext, userId: number): Promise<void> {
  const now = ctx.clock();
  const max = ctx.config.support.maxTicketsPerUserHour;
  const rows = await ctx.db.selectFrom('support_tickets').select('created_at').where('user_id', '=', userId).where('created_at', '>', now - HOUR_MS).execute();
  const verdict = evaluateFailures(rows.map((row) => Number(row.created_at)), now, max, HOUR_MS);
  if (verdict.limited) throw tooMany(SUPPORT_API_MESSAGES.tooManyTickets(max, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
}

/**
 * RECORDING_MAX_MB_PER_USER_HOUR: refuses `adding` more bytes when the user's recordings of the
 * last hour (read from support_recordings) would pass the budget; the wait is until enough of
 * them leave the hour.
 */
async function limitUserRecordingBytes(ctx: ServiceContext, userId: number, adding: number): Promise<void> {
  const now = ctx.clock();
  const max = ctx.config.support.maxRecordingBytesPerUserHour;
  const rows = await ctx.db
    .selectFrom('support_recordings as r')
    .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
    .select(['r.created_at', 'r.size'])
    .where('t.user_id', '=', userId)
    .where('r.created_at', '>', now - HOUR_MS)
    .orderBy('r.created_at', 'asc')
    .execute();
  let used = rows.reduce((sum, row) => sum + Number(row.size), 0);
  if (used + adding <= max) return;
  let freeAt = now + HOUR_MS; // one upload larger than the whole budget: an hour (never reached: uploads are smaller)
  for (const row of rows) {
    used -= Number(row.size);
    if (used + adding <= max) {
      freeAt = Number(row.created_at) + HOUR_MS;
      break;
    }
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
  throw tooMany(SUPPORT_API_MESSAGES.recordingQuota(retryAfterSeconds), retryAfterSeconds);
}

/**
 * RECORDING_MB_PER_SCHOOL: keeps a school's recordings (tickets of the same school; anonymous
 * /help tickets share one budget) within the budget by deleting its oldest ones. The newest
 * recording is always kept. Runs in the upload's transaction.
 */
export async function evictOverBudget(db: Db, school: string | null, budgetBytes: number): Promise<number> {
  const rows = await db
    .selectFrom('support_recordings as r')
    .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
    .select(['r.id', 'r.size'])
    .where('t.school', school === null ? 'is' : '=', school)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  let kept = 0;
  const evicted: string[] = [];
  rows.forEach((row, index) => {
    kept += Number(row.size);
    if (index > 0 && kept > budgetBytes) evicted.push(row.id);
  });
  // batches keep each statement's parameter list small (SQLite allows 32 766, PostgreSQL 65 535)
  for (let i = 0; i < evicted.length; i += 500) {
    await db.deleteFrom('support_recordings').where('id', 'in', evicted.slice(i, i + 500)).execute();
  }
  return evicted.length;
}

/** Thrown inside a transaction to undo it: the honeypot does a real ticket's work and keeps none of it. */
class Decoy extends Error {
  constructor(readonly number: number) {
    super('honeypot: rolled back');
  }
}

/**
 * The numbers handed to filled-in honeypots, per database: each decoy gets the next number the
 * sequence would give, or one past the previous decoy, so a bot sending twice sees keys count up.
 */
const lastDecoy = new WeakMap<Db, number>();

async function createTicket(ctx: ServiceContext): Promise<SupportTicketCreated> {
  const payload = ctx.payload as SupportRequestPayload;
  if (ctx.identity) await limitUserTickets(ctx, ctx.identity.user.id);
  const identity = ctx.identity;
  if (!identity) await limitAnonymous(ctx);
  // a filled-in honeypot gets what a real ticket gets (a key of the real sequence, an upload token
  // when it asked for one) after the same database work, rolled back: nothing kept, nothing mailed
  const honeypot = (payload[SUPPORT_HONEYPOT_FIELD] ?? '').trim() !== '';

  const now = ctx.clock();
  // the page the student asked from may be a reset or invitation link: its secret stays out of the ticket
  const pageUrl = redactUrl(payload.url);
  const uploadToken = payload.recordingId ? randomBytes(24).toString('base64url') : undefined;
  let issuekey: string;
  try {
    issuekey = await ctx.db.transaction().execute(async (trx) => {
      if (payload.recordingId) {
        const taken = await trx.selectFrom('support_tickets').select('id').where('recording_id', '=', payload.recordingId).executeTakeFirst();
        if (taken) throw new HttpError(409, SUPPORT_API_MESSAGES.recordingIdTaken);
      }
      await trx.updateTable('support_counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'ticket').execute();
      const counter = await trx.selectFrom('support_counters').select('value').where('name', '=', 'ticket').executeTakeFirstOrThrow();
      const number = Number(counter.value);
      const key = `${SUPPORT_KEY_PREFIX}${number}`;
      await trx
        .insertInto('support_tickets')
        .values({
          issue_key: key,
          number,
          user_id: identity?.user.id ?? null,
          user_name: identity?.user.userName ?? null,
          school: identity?.clients[0]?.clientName ?? null,
          page_url: pageUrl,
          name: payload.name,
          email: payload.email,
          subject: payload.subject,
          description: payload.description,
          useragent: payload.useragent,
          status: 'new',
          created_at: now,
          resolved_at: null,
          resolved_by: null,
          recording_id: payload.recordingId ?? null,
          upload_token_hash: uploadToken ? sha256(uploadToken) : null,
        })
        .execute();
      if (honeypot) throw new Decoy(number);
      return key;
    });
  } catch (error) {
    if (!(error instanceof Decoy)) throw error;
    const number = Math.max(error.number, (lastDecoy.get(ctx.db) ?? 0) + 1);
    lastDecoy.set(ctx.db, number);
    ctx.log.info({ ip: ctx.ip }, 'support honeypot filled in: request dropped');
    const key = `${SUPPORT_KEY_PREFIX}${number}`;
    return uploadToken ? { issuekey: key, uploadToken } : { issuekey: key };
  }

  const { comments, details } = splitDescription(payload.description);
  await ctx.mailer.send({
    to: ctx.config.support.inbox,
    subject: `[${issuekey}] ${payload.subject}`,
    text: [
      `Support ticket ${issuekey}`,
      `From: ${payload.name} <${payload.email}>`,
      `User name: ${identity?.user.userName ?? '(not signed in)'}`,
      `School: ${identity?.clients[0]?.clientName ?? '(unknown)'}`,
      `Page: ${pageUrl}`,
      '',
      comments,
      '',
      details,
      '',
      // a mail needs the whole address to be clickable (PUBLIC_URL, as the verification and reset mails)
      `Open it in the support console: ${ctx.config.publicUrl}/app/support/tickets/${issuekey}`,
    ].join('\n'),
    purpose: 'support-ticket',
  });
  return uploadToken ? { issuekey, uploadToken } : { issuekey };
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
};

function toSummary(row: TicketRow): TicketSummary {
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
  };
}

/** A staff member as the desk names them (a deleted account's assignment is cleared by the database). */
export function staffName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || 'A staff member';
}

/**
 * The schools whose students a support user may see (ASVS 5.0 v8.4.1): the schools they belong to;
 * null means every school (GADMINSUPERUSER). Anonymous (/help) tickets carry no school and are seen
 * by every support user.
 */
export async function staffSchools(ctx: Pick<ServiceContext, 'db' | 'identity'>): Promise<number[] | null> {
  if (!ctx.identity) return [];
  if (ctx.identity.permissions.includes(SUPERUSER_PERMISSION)) return null;
  const rows = await ctx.db.selectFrom('user_clients').select('client_id').where('user_id', '=', ctx.identity.user.id).execute();
  return rows.map((row) => row.client_id);
}

/**
 * Tickets a support user may see, with their recording if it is still within its retention: an
 * expired recording is never served, whether or not the retention sweep has deleted it yet.
 */
export function ticketQuery(ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>, schools: number[] | null) {
  const recordingsSince = ctx.clock() - ctx.config.support.recordingRetentionMs;
  return ctx.db
    .selectFrom('support_tickets as t')
    .$if(schools !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('t.user_id', 'is', null),
          ...(schools && schools.length > 0
            ? [eb.exists(eb.selectFrom('user_clients as uc').select('uc.user_id').whereRef('uc.user_id', '=', 't.user_id').where('uc.client_id', 'in', schools))]
            : []),
        ]),
      ),
    )
    .leftJoin('support_recordings as r', (join) => join.onRef('r.ticket_id', '=', 't.id').on('r.created_at', '>=', recordingsSince))
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select([
      't.user_id',
      't.assignee_id',
      'a.first_name as assignee_first_name',
      'a.last_name as assignee_last_name',
      't.first_reply_at',
      't.id',
      't.issue_key',
      't.number',
      't.status',
      't.name',
      't.email',
      't.subject',
      't.school',
      't.user_name',
      't.created_at',
      't.resolved_at',
      't.description',
      't.page_url',
      't.useragent',
      't.recording_id',
      'r.id as recording_row_id',
      'r.created_at as recording_created_at',
      'r.size as recording_size',
      'r.truncated as recording_truncated',
    ]);
}

export async function ticketDetail(ctx: ServiceContext, key: string): Promise<TicketDetail> {
  const row = await ticketQuery(ctx, await staffSchools(ctx)).where('t.issue_key', '=', key).executeTakeFirst();
  if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  const messages = await ctx.db
    .selectFrom('support_messages')
    .select(['id', 'kind', 'author_name', 'body', 'created_at'])
    .where('ticket_id', '=', row.id)
    .orderBy('id', 'asc')
    .execute();
  return {
    ...toSummary(row),
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

export function toMessage(row: { id: number; kind: TicketMessageKind; author_name: string; body: string; created_at: number }): TicketMessage {
  return { id: Number(row.id), kind: row.kind, authorName: row.author_name, body: row.body, createdAt: Number(row.created_at) };
}

const uploadSchema = yup.object({ token: yup.string().required().max(200) });

/**
 * Whether this caller may upload this ticket's recording: the one-time token and, for a signed-in
 * student's ticket, that same student with recording budget left this hour. Runs before the
 * upload's file is read (the route's uploads.check) and again when it has been.
 */
async function uploadableTicket(ctx: ServiceContext) {
  const key = keyParam(ctx);
  const { token } = ctx.payload as yup.InferType<typeof uploadSchema>;
  const ticket = await ctx.db
    .selectFrom('support_tickets')
    .select(['id', 'user_id', 'school', 'recording_id', 'upload_token_hash'])
    .where('issue_key', '=', key)
    .executeTakeFirst();
  if (!ticket) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  // the token alone is not enough for a signed-in student's ticket: it must be that student
  const ownerOk = ticket.user_id === null || ctx.identity?.user.id === ticket.user_id;
  if (!ownerOk || !ticket.recording_id || !ticket.upload_token_hash || !sameSecret(ticket.upload_token_hash, sha256(token))) {
    throw new HttpError(403, SUPPORT_API_MESSAGES.uploadNotAllowed);
  }
  return { ...ticket, recording_id: ticket.recording_id, upload_token_hash: ticket.upload_token_hash };
}

async function uploadRecording(ctx: ServiceContext): Promise<{ id: string; size: number; truncated: boolean }> {
  const ticket = await uploadableTicket(ctx);
  const file = ctx.files.find((f) => f.field === 'recording');
  if (!file) throw new HttpError(400, SUPPORT_API_MESSAGES.recordingMissing);
  let events: unknown;
  try {
    events = JSON.parse(file.data.toString('utf8'));
  } catch {
    throw new HttpError(400, SUPPORT_API_MESSAGES.recordingNotJson);
  }
  if (!Array.isArray(events)) throw new HttpError(400, SUPPORT_API_MESSAGES.recordingNotJson);
  // the recorder never holds more than RECORDING_LIMITS.queue events: a longer array (millions of
  // tiny events) keeps its newest ones, so the work per upload stays small
  const newest = events.length > RECORDING_LIMITS.queue ? events.slice(-RECORDING_LIMITS.queue) : events;
  const { json, truncated: cut } = truncateRecording(newest);
  const truncated = cut || newest !== events;
  if (ticket.user_id !== null) await limitUserRecordingBytes(ctx, ticket.user_id, json.length);
  const now = ctx.clock();
  const recordingId = ticket.recording_id;
  await ctx.db.transaction().execute(async (trx) => {
    // one-time: the token is spent by the first upload, even if a second request races this one
    const spent = await trx
      .updateTable('support_tickets')
      .set({ upload_token_hash: null })
      .where('id', '=', ticket.id)
      .where('upload_token_hash', '=', ticket.upload_token_hash)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new HttpError(403, SUPPORT_API_MESSAGES.uploadNotAllowed);
    await trx
      .insertInto('support_recordings')
      .values({ id: recordingId, ticket_id: ticket.id, created_at: now, size: json.length, truncated: truncated ? 1 : 0, events: json })
      .execute();
    await evictOverBudget(trx, ticket.school, ctx.config.support.recordingBytesPerSchool);
  });
  return { id: recordingId, size: json.length, truncated };
}

export const supportRoutes: readonly ServiceRoute[] = [
  {
    method: 'POST',
    path: '/whichway/support',
    access: 'public',
    payloadSchema: supportRequestSchema,
    handler: createTicket,
  },
  {
    method: 'GET',
    path: '/support/tickets',
    access,
    handler: async (ctx) => {
      const rows = await ticketQuery(ctx, await staffSchools(ctx)).orderBy('t.id', 'desc').limit(5000).execute();
      return rows.map(toSummary);
    },
  },
  {
    method: 'GET',
    path: '/support/tickets/:key',
    access,
    handler: async (ctx) => ticketDetail(ctx, keyParam(ctx)),
  },
  {
    method: 'POST',
    path: '/support/tickets/:key/resolve',
    access,
    handler: async (ctx) => {
      const key = keyParam(ctx);
      const now = ctx.clock();
      await ticketDetail(ctx, key); // 404 unless this support user may see the ticket
      const updated = await ctx.db
        .updateTable('support_tickets')
        .set({ status: 'resolved', resolved_at: now, resolved_by: ctx.identity?.user.id ?? null })
        .where('issue_key', '=', key)
        .where('status', '!=', 'resolved')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const exists = await ctx.db.selectFrom('support_tickets').select('id').where('issue_key', '=', key).executeTakeFirst();
        if (!exists) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
      }
      return ticketDetail(ctx, key);
    },
  },
  {
    method: 'POST',
    path: '/support/tickets/:key/recording',
    access: 'public',
    payloadSchema: uploadSchema,
    uploads: {
      maxBytes: RECORDING_UPLOAD_MAX_BYTES,
      // nothing of the file is read for a wrong token, someone else's ticket, or a used-up hour
      check: async (ctx) => {
        const ticket = await uploadableTicket(ctx);
        if (ticket.user_id !== null) await limitUserRecordingBytes(ctx, ticket.user_id, 1);
      },
    },
    handler: uploadRecording,
  },
  {
    method: 'GET',
    path: '/support/recordings/:id',
    access,
    handler: async (ctx): Promise<RecordingBody> => {
      const id = (ctx.params.id ?? '').toLowerCase();
      if (!RECORDING_ID_PATTERN.test(id)) throw new HttpError(404, SUPPORT_API_MESSAGES.recordingNotFound);
      const row = await ctx.db
        .selectFrom('support_recordings as r')
        .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
        .select(['t.issue_key', 't.user_id', 't.user_name', 't.school', 'r.created_at', 'r.truncated', 'r.events'])
        .where('r.id', '=', id)
        // past its retention it is gone for the reader, even before the sweep deletes it
        .where('r.created_at', '>=', ctx.clock() - ctx.config.support.recordingRetentionMs)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.recordingNotFound);
      // only a recording of a ticket this support user may see (the ticket's school, or anonymous)
      if (row.user_id !== null && !(await ticketQuery(ctx, await staffSchools(ctx)).where('t.issue_key', '=', row.issue_key).executeTakeFirst())) {
        throw new HttpError(404, SUPPORT_API_MESSAGES.recordingNotFound);
      }
      // watching a student's screen is an access to their data: the trail says who, when, from where
      await recordAudit(
        ctx.db,
        { id: ctx.identity?.user.id ?? null, name: auditName(ctx), origin: ctx.ip },
        {
          action: 'replay.open',
          schoolId: await studentSchoolId(ctx, row.user_id, row.school),
          targetUserId: row.user_id,
          targetName: row.user_name,
          detail: { ticketKey: row.issue_key, recordingId: id },
        },
        ctx.clock(),
      );
      return { ticketKey: row.issue_key, createdAt: Number(row.created_at), truncated: Number(row.truncated) === 1, events: row.events };
    },
  },
];
