/**
 * Every query of the Get Help tickets, their screen recordings and the support desk's thread and
 * assignment. `ticketQuery` is the one read of tickets a support user may see.
 */
import type { Insertable } from 'kysely';
import { SUPPORT_PERMISSION, type TicketMessageKind } from '../../../common/support';
import type { Db } from '../../db';
import type { SupportTicketsTable } from '../../db/schema';
import type { ServiceContext } from '../types';

/** The ids and names of a user's schools, their first school first. */
export function schoolsOfUser(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_clients as uc')
    .innerJoin('clients as c', 'c.id', 'uc.client_id')
    .select(['c.id', 'c.name'])
    .where('uc.user_id', '=', userId)
    .orderBy('uc.position', 'asc')
    .execute();
}

/** Deletes recordings past the retention (default 30 days); the retention sweep calls it. */
export async function purgeExpiredRecordings(db: Db, now: number, retentionMs: number): Promise<number> {
  const result = await db.deleteFrom('support_recordings').where('created_at', '<', now - retentionMs).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

// ---------------------------------------------------------------- rate limits

/** Forgets anonymous submissions before `since`, then answers this IP's since then, oldest first. */
export async function anonymousAttemptsSince(db: Db, ip: string, since: number): Promise<number[]> {
  await db.deleteFrom('support_attempts').where('attempted_at', '<', since).execute();
  const rows = await db.selectFrom('support_attempts').select('attempted_at').where('ip', '=', ip).where('attempted_at', '>=', since).orderBy('attempted_at', 'asc').execute();
  return rows.map((row) => Number(row.attempted_at));
}

export async function recordAnonymousAttempt(db: Db, ip: string, now: number): Promise<void> {
  await db.insertInto('support_attempts').values({ ip, attempted_at: now }).execute();
}

/** When the user's tickets after `since` were created. */
export async function ticketTimesSince(db: Db, userId: number, since: number): Promise<number[]> {
  const rows = await db.selectFrom('support_tickets').select('created_at').where('user_id', '=', userId).where('created_at', '>', since).execute();
  return rows.map((row) => Number(row.created_at));
}

/** The user's recordings after `since` (when and how large), oldest first. */
export async function recordingSizesSince(db: Db, userId: number, since: number): Promise<{ createdAt: number; size: number }[]> {
  const rows = await db
    .selectFrom('support_recordings as r')
    .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
    .select(['r.created_at', 'r.size'])
    .where('t.user_id', '=', userId)
    .where('r.created_at', '>', since)
    .orderBy('r.created_at', 'asc')
    .execute();
  return rows.map((row) => ({ createdAt: Number(row.created_at), size: Number(row.size) }));
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

// ---------------------------------------------------------------- tickets

export async function recordingIdTaken(db: Db, recordingId: string): Promise<boolean> {
  return (await db.selectFrom('support_tickets').select('id').where('recording_id', '=', recordingId).executeTakeFirst()) !== undefined;
}

/** The next ticket number (the counter is shared by every instance; call it in the ticket's transaction). */
export async function nextTicketNumber(db: Db): Promise<number> {
  await db.updateTable('support_counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'ticket').execute();
  const counter = await db.selectFrom('support_counters').select('value').where('name', '=', 'ticket').executeTakeFirstOrThrow();
  return Number(counter.value);
}

/** A new ticket's columns (its status, 'new', and the unresolved state are set here). */
export type NewTicket = Omit<Insertable<SupportTicketsTable>, 'status' | 'resolved_at' | 'resolved_by'>;

export async function insertTicket(db: Db, ticket: NewTicket): Promise<void> {
  await db
    .insertInto('support_tickets')
    .values({ ...ticket, status: 'new', resolved_at: null, resolved_by: null })
    .execute();
}

/**
 * Tickets a support user may see, with their recording if it is still within its retention: an
 * expired recording is never served, whether or not the retention sweep has deleted it yet.
 * `schools` null: every school (GADMINSUPERUSER); anonymous (/help) tickets are seen by all.
 */
export function ticketQuery(ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>, schools: number[] | null) {
  const recordingsSince = ctx.clock() - ctx.config.support.recordingRetentionMs;
  return ctx.db
    .selectFrom('support_tickets as t')
    .$if(schools !== null, (qb) =>
      qb.where((eb) => {
        // the student belongs to one of the schools and to none outside them (memberships and roles)
        const scope = schools && schools.length > 0 ? schools : [-1];
        return eb.or([
          eb('t.user_id', 'is', null),
          eb.and([
            eb.exists(eb.selectFrom('user_clients as uc').select('uc.user_id').whereRef('uc.user_id', '=', 't.user_id').where('uc.client_id', 'in', scope)),
            eb.not(eb.exists(eb.selectFrom('user_clients as uo').select('uo.user_id').whereRef('uo.user_id', '=', 't.user_id').where('uo.client_id', 'not in', scope))),
            eb.not(eb.exists(eb.selectFrom('school_permissions as so').select('so.user_id').whereRef('so.user_id', '=', 't.user_id').where('so.client_id', 'not in', scope))),
          ]),
        ]);
      }),
    )
    .leftJoin('support_recordings as r', (join) => join.onRef('r.ticket_id', '=', 't.id').on('r.created_at', '>=', recordingsSince))
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select((eb) => [
      // the school the ticket was sent from is kept by name: its zone, for the queue's times
      eb.selectFrom('clients as sc').select('sc.timezone').whereRef('sc.name', '=', 't.school').orderBy('sc.id').limit(1).as('school_timezone'),
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

/**
 * The current classes (not left, not archived) of the tickets' students, with each class's school
 * name: the queue shows a ticket's student's classes at the school it was sent from.
 */
export function classesOfStudents(db: Db, userIds: readonly number[]): Promise<{ user_id: number; class_name: string; school_name: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_students as cs')
    .innerJoin('classes as c', 'c.id', 'cs.class_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['cs.user_id', 'c.name as class_name', 'cl.name as school_name'])
    .where('cs.user_id', 'in', [...userIds])
    .where('cs.left_at', 'is', null)
    .where('c.archived_at', 'is', null)
    .orderBy('c.name')
    .execute();
}

/** A ticket's thread, in the order it was written. */
export function ticketMessages(db: Db, ticketId: number) {
  return db.selectFrom('support_messages').select(['id', 'kind', 'author_name', 'body', 'created_at']).where('ticket_id', '=', ticketId).orderBy('id', 'asc').execute();
}

export function ticketExists(db: Db, key: string): Promise<boolean> {
  return db
    .selectFrom('support_tickets')
    .select('id')
    .where('issue_key', '=', key)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** Marks a ticket resolved unless it already is; answers whether a row changed. */
export async function resolveTicket(db: Db, key: string, now: number, by: number | null): Promise<boolean> {
  const updated = await db
    .updateTable('support_tickets')
    .set({ status: 'resolved', resolved_at: now, resolved_by: by })
    .where('issue_key', '=', key)
    .where('status', '!=', 'resolved')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) !== 0;
}

// ---------------------------------------------------------------- recordings

/** What an upload into a ticket's recording is checked against. */
export function uploadTarget(db: Db, key: string) {
  return db.selectFrom('support_tickets').select(['id', 'user_id', 'school', 'recording_id', 'upload_token_hash']).where('issue_key', '=', key).executeTakeFirst();
}

/** Spends a ticket's one-time upload token; answers false when another request spent it first. */
export async function spendUploadToken(db: Db, ticketId: number, tokenHash: string): Promise<boolean> {
  const spent = await db.updateTable('support_tickets').set({ upload_token_hash: null }).where('id', '=', ticketId).where('upload_token_hash', '=', tokenHash).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

export async function insertRecording(db: Db, recording: { id: string; ticketId: number; createdAt: number; json: string; truncated: boolean }): Promise<void> {
  await db
    .insertInto('support_recordings')
    .values({ id: recording.id, ticket_id: recording.ticketId, created_at: recording.createdAt, size: recording.json.length, truncated: recording.truncated ? 1 : 0, events: recording.json })
    .execute();
}

/** A recording and its ticket, unless it is older than `since` (past its retention it is gone for the reader). */
export function recordingWithTicket(db: Db, id: string, since: number) {
  return db
    .selectFrom('support_recordings as r')
    .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
    .select(['t.issue_key', 't.user_id', 't.user_name', 't.school', 'r.created_at', 'r.truncated', 'r.events'])
    .where('r.id', '=', id)
    .where('r.created_at', '>=', since)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- the support desk's thread and assignment

/**
 * The staff a ticket may be assigned to: support users whose scope meets `schools` — SUPPORT held at
 * one of them, or district-wide SUPPORT with one of them assigned — every holder for `schools`
 * null — and `me`, by name.
 */
export function supportStaff(db: Db, schools: number[] | null, me: number): Promise<{ id: number; first_name: string; last_name: string }[]> {
  const scope = schools === null ? null : schools.length > 0 ? schools : [-1];
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where((eb) => {
      const district = eb.exists(eb.selectFrom('user_permissions as p').select('p.user_id').whereRef('p.user_id', '=', 'u.id').where('p.permission', '=', SUPPORT_PERMISSION));
      const staff = eb.or([
        scope === null
          ? district
          : eb.and([district, eb.exists(eb.selectFrom('support_schools as ss').select('ss.user_id').whereRef('ss.user_id', '=', 'u.id').where('ss.client_id', 'in', scope))]),
        eb.exists(
          eb
            .selectFrom('school_permissions as sp')
            .innerJoin('user_clients as uc', (join) => join.onRef('uc.user_id', '=', 'sp.user_id').onRef('uc.client_id', '=', 'sp.client_id'))
            .select('sp.user_id')
            .whereRef('sp.user_id', '=', 'u.id')
            .where('sp.permission', '=', SUPPORT_PERMISSION)
            .$if(scope !== null, (qb) => qb.where('sp.client_id', 'in', scope ?? [])),
        ),
      ]);
      return eb.or([eb('u.id', '=', me), staff]);
    })
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

export async function insertMessage(db: Db, message: { ticketId: number; kind: TicketMessageKind; authorId: number; authorName: string; body: string; createdAt: number }): Promise<void> {
  await db
    .insertInto('support_messages')
    .values({ ticket_id: message.ticketId, kind: message.kind, author_id: message.authorId, author_name: message.authorName, body: message.body, created_at: message.createdAt })
    .execute();
}

/** The ticket is back on someone's side: `status`, no longer resolved. */
export async function setTicketStatus(db: Db, ticketId: number, status: 'open' | 'waiting-on-student'): Promise<void> {
  await db.updateTable('support_tickets').set({ status, resolved_at: null, resolved_by: null }).where('id', '=', ticketId).execute();
}

/** Notes the ticket's first reply (the first one only). */
export async function markFirstReply(db: Db, ticketId: number, now: number): Promise<void> {
  await db.updateTable('support_tickets').set({ first_reply_at: now }).where('id', '=', ticketId).where('first_reply_at', 'is', null).execute();
}

export async function assignTicket(db: Db, ticketId: number, assigneeId: number | null): Promise<void> {
  await db.updateTable('support_tickets').set({ assignee_id: assigneeId }).where('id', '=', ticketId).execute();
}

/** The user's own ticket by its key (none for anyone else's). */
export function ownTicket(db: Db, userId: number, key: string) {
  return db
    .selectFrom('support_tickets')
    .select(['id', 'issue_key', 'subject', 'status', 'created_at', 'description', 'email', 'school'])
    .where('issue_key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's tickets, newest first, at most 200. */
export function ticketsOfUser(db: Db, userId: number) {
  return db.selectFrom('support_tickets as t').select(['t.id', 't.issue_key', 't.subject', 't.status', 't.created_at']).where('t.user_id', '=', userId).orderBy('t.id', 'desc').limit(200).execute();
}

/** The tickets' messages of these kinds, in the order they were written. */
export function messagesOfKinds(db: Db, ticketIds: readonly number[], kinds: readonly TicketMessageKind[]) {
  return db
    .selectFrom('support_messages')
    .select(['id', 'ticket_id', 'kind', 'author_name', 'body', 'created_at'])
    .where('ticket_id', 'in', [...ticketIds])
    .where('kind', 'in', [...kinds])
    .orderBy('id', 'asc')
    .execute();
}
