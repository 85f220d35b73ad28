/**
 * Get Help support tickets, OneLook routes (queries in ./repository.ts, limits in ./limits.ts):
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
} from '../../../common/support';
import { redactUrl } from '../../../common/redact';
import { supportRequestSchema, type SupportRequestPayload } from '../../../common/validation';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { sameSecret, sha256 } from '../../security/codes';
import type { ServiceContext, ServiceRoute } from '../types';
import { recordAudit } from '../audit/record';
import { limitAnonymous, limitUserRecordingBytes, limitUserTickets } from './limits';
import * as repo from './repository';
import { auditName, classesFor, staffSchools, studentSchoolId, SUPPORT_API_MESSAGES, ticketDetail, toSummary } from './tickets';

/** the most bytes one recording upload may send: the SPA's 4 096 000-character JSON, with room for non-ASCII text */
export const RECORDING_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

const access = { permission: SUPPORT_PERMISSION };

function keyParam(ctx: ServiceContext): string {
  const key = (ctx.params.key ?? '').toUpperCase();
  if (!SUPPORT_KEY_PATTERN.test(key)) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  return key;
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
      if (payload.recordingId && (await repo.recordingIdTaken(trx, payload.recordingId))) throw new HttpError(409, SUPPORT_API_MESSAGES.recordingIdTaken);
      const number = await repo.nextTicketNumber(trx);
      const key = `${SUPPORT_KEY_PREFIX}${number}`;
      await repo.insertTicket(trx, {
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
        created_at: now,
        recording_id: payload.recordingId ?? null,
        upload_token_hash: uploadToken ? sha256(uploadToken) : null,
      });
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

const uploadSchema = yup.object({ token: yup.string().required().max(200) });

/**
 * Whether this caller may upload this ticket's recording: the one-time token and, for a signed-in
 * student's ticket, that same student with recording budget left this hour. Runs before the
 * upload's file is read (the route's uploads.check) and again when it has been.
 */
async function uploadableTicket(ctx: ServiceContext) {
  const key = keyParam(ctx);
  const { token } = ctx.payload as yup.InferType<typeof uploadSchema>;
  const ticket = await repo.uploadTarget(ctx.db, key);
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
    if (!(await repo.spendUploadToken(trx, ticket.id, ticket.upload_token_hash))) throw new HttpError(403, SUPPORT_API_MESSAGES.uploadNotAllowed);
    await repo.insertRecording(trx, { id: recordingId, ticketId: ticket.id, createdAt: now, json, truncated });
    await repo.evictOverBudget(trx, ticket.school, ctx.config.support.recordingBytesPerSchool);
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
      const rows = await repo.ticketQuery(ctx, await staffSchools(ctx)).orderBy('t.id', 'desc').limit(5000).execute();
      const classes = await classesFor(ctx.db, rows);
      return rows.map((row) => toSummary(row, classes(row)));
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
      if (!(await repo.resolveTicket(ctx.db, key, now, ctx.identity?.user.id ?? null)) && !(await repo.ticketExists(ctx.db, key))) {
        throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
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
      // past its retention it is gone for the reader, even before the sweep deletes it
      const row = await repo.recordingWithTicket(ctx.db, id, ctx.clock() - ctx.config.support.recordingRetentionMs);
      if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.recordingNotFound);
      // only a recording of a ticket this support user may see (the ticket's school, or anonymous)
      if (row.user_id !== null && !(await repo.ticketQuery(ctx, await staffSchools(ctx)).where('t.issue_key', '=', row.issue_key).executeTakeFirst())) {
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
