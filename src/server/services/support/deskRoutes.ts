/**
 * The support desk, OneLook routes (staff: SUPPORT, GADMINSUPERUSER passes too — SPEC §6):
 *   GET  /support/staff                       SUPPORT  who tickets may be assigned to: SUPPORT holders of the caller's schools
 *   POST /support/tickets/:key/assign         SUPPORT  { assigneeId | null }
 *   POST /support/tickets/:key/notes          SUPPORT  { body } an internal note: staff only, never shown or mailed to the student
 *   POST /support/tickets/:key/replies        SUPPORT  { body } a reply: in "My requests" and mailed to the student;
 *                                                      the ticket waits on the student
 *   POST /support/tickets/:key/reopen         SUPPORT  a resolved ticket is open again
 * and the signed-in student's own tickets ("My requests" on /app/support):
 *   GET  /support/my-tickets                  user     their tickets, newest first, with the last reply
 *   GET  /support/my-tickets/:key             user     one with its thread (replies and their answers, never notes)
 *   POST /support/my-tickets/:key/replies     user     { body } their answer: the ticket is open (staff's turn) again
 * A ticket another staff member may not see, or another student's, is Not Found (never 403: no
 * one learns that a key exists). Queries live in ./repository.ts; a ticket's view in ./tickets.ts.
 */
import {
  SUPPORT_PERMISSION,
  splitDescription,
  type MyTicketDetail,
  type MyTicketSummary,
  type StaffMember,
  type TicketDetail,
} from '../../../common/support';
import { ticketAssignSchema, ticketMessageSchema, type TicketAssignPayload, type TicketMessagePayload } from '../../../common/validation';
import { HttpError } from '../../http/errors';
import { recipientLanguage } from '../../i18n/recipient';
import { mailTemplates } from '../../mail/templates';
import type { ServiceContext, ServiceRoute } from '../types';
import * as repo from './repository';
import { SUPPORT_API_MESSAGES, staffName, staffSchools, ticketDetail, toMessage } from './tickets';

export const SUPPORT_DESK_MESSAGES = {
  notStaff: 'That person cannot take support tickets.',
  notResolved: 'Only a resolved ticket can be reopened.',
} as const;

const access = { permission: SUPPORT_PERMISSION };

function keyParam(ctx: ServiceContext): string {
  const key = (ctx.params.key ?? '').toUpperCase();
  if (!/^HELP-\d{1,12}$/.test(key)) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  return key;
}

/** The ticket this staff member may see (404 otherwise): its row id and the student's address. */
async function staffTicket(ctx: ServiceContext, key: string) {
  const row = await repo.ticketQuery(ctx, await staffSchools(ctx)).where('t.issue_key', '=', key).executeTakeFirst();
  if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  return row;
}

/**
 * The staff a ticket may be assigned to: holders of SUPPORT (granted globally or at a school) who
 * share a school with the caller — every holder for GADMINSUPERUSER — and the caller themselves.
 * Only ids and names: support sees who can take a ticket, nothing else of other staff.
 */
async function assignableStaff(ctx: ServiceContext): Promise<StaffMember[]> {
  const rows = await repo.supportStaff(ctx.db, await staffSchools(ctx), ctx.identity!.user.id);
  return rows.map((r) => ({ id: Number(r.id), name: staffName(r.first_name, r.last_name) }));
}

async function addMessage(ctx: ServiceContext, ticketId: number, kind: 'reply' | 'note' | 'student', body: string, now: number): Promise<void> {
  const user = ctx.identity!.user;
  await repo.insertMessage(ctx.db, { ticketId, kind, authorId: user.id, authorName: staffName(user.firstName, user.lastName), body, createdAt: now });
}

async function reply(ctx: ServiceContext): Promise<TicketDetail> {
  const key = keyParam(ctx);
  const ticket = await staffTicket(ctx, key);
  const { body } = ctx.payload as TicketMessagePayload;
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const inTrx = { ...ctx, db: trx };
    await addMessage(inTrx, ticket.id, 'reply', body, now);
    await repo.setTicketStatus(trx, ticket.id, 'waiting-on-student');
    await repo.markFirstReply(trx, ticket.id, now);
  });
  // the mail holds the reply and a link, nothing else of the ticket (not even its subject): a
  // student's inbox may be a shared or family one. A /help ticket's sender has no "My requests",
  // and no saved language: the mail is in the student's saved language, else English.
  const signedIn = ticket.user_id !== null;
  await ctx.mailer.send(
    mailTemplates.supportReply(ticket.email, ctx.config.productName, key, body, `${ctx.config.publicUrl}${signedIn ? '/app/support' : '/help'}`, signedIn, await recipientLanguage(ctx.db, ticket.user_id)),
  );
  return ticketDetail(ctx, key);
}

async function note(ctx: ServiceContext): Promise<TicketDetail> {
  const key = keyParam(ctx);
  const ticket = await staffTicket(ctx, key);
  const { body } = ctx.payload as TicketMessagePayload;
  await addMessage(ctx, ticket.id, 'note', body, ctx.clock());
  return ticketDetail(ctx, key);
}

async function assign(ctx: ServiceContext): Promise<TicketDetail> {
  const key = keyParam(ctx);
  const ticket = await staffTicket(ctx, key);
  const { assigneeId } = ctx.payload as TicketAssignPayload;
  if (assigneeId !== null && assigneeId !== undefined && !(await assignableStaff(ctx)).some((s) => s.id === assigneeId)) {
    throw new HttpError(400, SUPPORT_DESK_MESSAGES.notStaff);
  }
  await repo.assignTicket(ctx.db, ticket.id, assigneeId ?? null);
  return ticketDetail(ctx, key);
}

async function reopen(ctx: ServiceContext): Promise<TicketDetail> {
  const key = keyParam(ctx);
  const ticket = await staffTicket(ctx, key);
  if (ticket.status !== 'resolved') throw new HttpError(409, SUPPORT_DESK_MESSAGES.notResolved);
  await repo.setTicketStatus(ctx.db, ticket.id, 'open');
  return ticketDetail(ctx, key);
}

// ---- the student's own tickets

/** The signed-in student's ticket (404 for anyone else's, whoever asks). */
async function ownTicket(ctx: ServiceContext, key: string) {
  const row = await repo.ownTicket(ctx.db, ctx.identity!.user.id, key);
  if (!row) throw new HttpError(404, SUPPORT_API_MESSAGES.ticketNotFound);
  return row;
}

/** What the student may read of a thread: replies and their own answers — never an internal note. */
const STUDENT_KINDS = ['reply', 'student'] as const;

async function myTickets(ctx: ServiceContext): Promise<MyTicketSummary[]> {
  const userId = ctx.identity!.user.id;
  const rows = await repo.ticketsOfUser(ctx.db, userId);
  const ids = rows.map((r) => r.id);
  const replies = ids.length === 0 ? [] : await repo.messagesOfKinds(ctx.db, ids, ['reply']);
  const last = new Map<number, { body: string; at: number }>();
  for (const r of replies) last.set(Number(r.ticket_id), { body: r.body, at: Number(r.created_at) });
  return rows.map((r) => ({ key: r.issue_key, subject: r.subject, status: r.status, createdAt: Number(r.created_at), lastReply: last.get(Number(r.id)) ?? null }));
}

async function myTicket(ctx: ServiceContext, key: string): Promise<MyTicketDetail> {
  const row = await ownTicket(ctx, key);
  const messages = (await repo.messagesOfKinds(ctx.db, [row.id], STUDENT_KINDS)).map(toMessage);
  const replies = messages.filter((m) => m.kind === 'reply');
  const lastReply = replies.length > 0 ? { body: replies[replies.length - 1]!.body, at: replies[replies.length - 1]!.createdAt } : null;
  return {
    key: row.issue_key,
    subject: row.subject,
    status: row.status,
    createdAt: Number(row.created_at),
    lastReply,
    comments: splitDescription(row.description).comments,
    messages,
  };
}

async function studentAnswer(ctx: ServiceContext): Promise<MyTicketDetail> {
  const key = keyParam(ctx);
  const row = await ownTicket(ctx, key);
  const { body } = ctx.payload as TicketMessagePayload;
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await addMessage({ ...ctx, db: trx }, row.id, 'student', body, now);
    await repo.setTicketStatus(trx, row.id, 'open');
  });
  // the support inbox learns the ticket has moved; the answer itself is read in the console
  await ctx.mailer.send({
    to: ctx.config.support.inbox,
    subject: `[${key}] The student answered`,
    text: [`The student answered on ${key}.`, '', `Open it in the support console: ${ctx.config.publicUrl}/app/support/tickets/${key}`].join('\n'),
    purpose: 'support-answer',
  });
  return myTicket(ctx, key);
}

export const supportDeskRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/support/staff', access, handler: assignableStaff },
  { method: 'POST', path: '/support/tickets/:key/assign', access, payloadSchema: ticketAssignSchema, handler: assign },
  { method: 'POST', path: '/support/tickets/:key/notes', access, payloadSchema: ticketMessageSchema, handler: note },
  { method: 'POST', path: '/support/tickets/:key/replies', access, payloadSchema: ticketMessageSchema, handler: reply },
  { method: 'POST', path: '/support/tickets/:key/reopen', access, handler: reopen },
  { method: 'GET', path: '/support/my-tickets', access: 'user', handler: myTickets },
  { method: 'GET', path: '/support/my-tickets/:key', access: 'user', handler: async (ctx) => myTicket(ctx, keyParam(ctx)) },
  { method: 'POST', path: '/support/my-tickets/:key/replies', access: 'user', payloadSchema: ticketMessageSchema, handler: studentAnswer },
];
