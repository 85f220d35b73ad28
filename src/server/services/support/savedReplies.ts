/**
 * Saved replies per support team (OneLook, SUPPORT; GADMINSUPERUSER passes too). A team is a
 * school's support staff: a saved reply belongs to one school, and a support user reads, adds,
 * changes and deletes the saved replies of the schools they support (tickets.ts `staffSchools`;
 * every school for GADMINSUPERUSER). Another team's reply is Not Found, never 403.
 *   GET    /support/saved-replies        the caller's teams' replies, by school then title
 *   POST   /support/saved-replies        { title, body, school? } school: an lsclient id, needed when the caller supports several
 *   PUT    /support/saved-replies/:id    { title, body }
 *   DELETE /support/saved-replies/:id
 */
import * as yup from 'yup';
import { SAVED_REPLY_LIMITS, SAVED_REPLY_MESSAGES, SUPPORT_PERMISSION, type SavedReply, type SavedReplyInput } from '../../../common/support';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import type { ServiceContext, ServiceRoute } from '../types';
import { staffSchools } from './tickets';

const access = { permission: SUPPORT_PERMISSION };

const fields = {
  // strict: a number or a list is refused, not turned into text; blank text is refused too
  title: yup.string().strict().typeError(SAVED_REPLY_MESSAGES.title).required(SAVED_REPLY_MESSAGES.title).matches(/\S/, SAVED_REPLY_MESSAGES.title).max(SAVED_REPLY_LIMITS.titleMax, SAVED_REPLY_MESSAGES.title),
  body: yup.string().strict().typeError(SAVED_REPLY_MESSAGES.body).required(SAVED_REPLY_MESSAGES.body).matches(/\S/, SAVED_REPLY_MESSAGES.body).max(SAVED_REPLY_LIMITS.bodyMax, SAVED_REPLY_MESSAGES.body),
};
const createSchema = yup
  .object({ ...fields, school: yup.string().strict().typeError(SAVED_REPLY_MESSAGES.school).optional() })
  .noUnknown('Unknown field: ${unknown}')
  .required();
const changeSchema = yup.object(fields).noUnknown('Unknown field: ${unknown}').required();

function query(db: Db, schools: number[] | null) {
  return db
    .selectFrom('support_saved_replies as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['r.id', 'r.client_id', 'r.title', 'r.body', 'r.updated_at', 'c.lsclient_id', 'c.name'])
    .$if(schools !== null, (qb) => qb.where('r.client_id', 'in', schools && schools.length > 0 ? schools : [-1]));
}

type Row = { id: number; title: string; body: string; updated_at: number; lsclient_id: string; name: string };
const toReply = (r: Row): SavedReply => ({ id: Number(r.id), school: { id: r.lsclient_id, name: r.name }, title: r.title, body: r.body, updatedAt: Number(r.updated_at) });

async function list(ctx: ServiceContext): Promise<SavedReply[]> {
  const rows = await query(ctx.db, await staffSchools(ctx)).orderBy('c.name').orderBy('r.title').orderBy('r.id').execute();
  return rows.map(toReply);
}

/** The reply with this id among the caller's teams' (404 otherwise). */
async function ownReply(ctx: ServiceContext): Promise<Row & { client_id: number }> {
  const raw = ctx.params.id ?? '';
  const id = Number(raw);
  // a row id is a positive 32-bit integer: a larger number names no reply (PostgreSQL would refuse it in the query)
  if (!/^[1-9]\d{0,9}$/.test(raw) || id > 2_147_483_647) throw new HttpError(404, SAVED_REPLY_MESSAGES.notFound);
  const row = await query(ctx.db, await staffSchools(ctx)).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, SAVED_REPLY_MESSAGES.notFound);
  return row;
}

/** The school a new reply is for: the one named (among the caller's), or the caller's only one. */
async function teamOf(ctx: ServiceContext, school: string | undefined): Promise<number> {
  const scope = await staffSchools(ctx);
  if (school) {
    const row = await ctx.db.selectFrom('clients').select('id').where((eb) => eb(eb.fn('upper', ['lsclient_id']), '=', school.toUpperCase())).executeTakeFirst();
    if (row && (scope === null || scope.includes(Number(row.id)))) return Number(row.id);
    throw new HttpError(400, SAVED_REPLY_MESSAGES.school);
  }
  if (scope !== null && scope.length === 1) return scope[0]!;
  throw new HttpError(400, SAVED_REPLY_MESSAGES.school);
}

async function create(ctx: ServiceContext): Promise<SavedReply> {
  const input = ctx.payload as SavedReplyInput;
  const clientId = await teamOf(ctx, input.school);
  const count = await ctx.db.selectFrom('support_saved_replies').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', clientId).executeTakeFirstOrThrow();
  if (Number(count.n) >= SAVED_REPLY_LIMITS.perSchool) throw new HttpError(409, SAVED_REPLY_MESSAGES.full);
  const created = await ctx.db
    .insertInto('support_saved_replies')
    .values({ client_id: clientId, title: input.title.trim(), body: input.body.trim(), updated_by: ctx.identity!.user.id, updated_at: ctx.clock() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toReply((await query(ctx.db, null).where('r.id', '=', Number(created.id)).executeTakeFirstOrThrow()) as Row);
}

async function change(ctx: ServiceContext): Promise<SavedReply> {
  const row = await ownReply(ctx);
  const input = ctx.payload as SavedReplyInput;
  const title = input.title.trim();
  const body = input.body.trim();
  await ctx.db.updateTable('support_saved_replies').set({ title, body, updated_by: ctx.identity!.user.id, updated_at: ctx.clock() }).where('id', '=', Number(row.id)).execute();
  return toReply({ ...row, title, body, updated_at: ctx.clock() });
}

async function remove(ctx: ServiceContext): Promise<{ id: number }> {
  const row = await ownReply(ctx);
  await ctx.db.deleteFrom('support_saved_replies').where('id', '=', Number(row.id)).execute();
  return { id: Number(row.id) };
}

export const savedReplyRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/support/saved-replies', access, handler: list },
  { method: 'POST', path: '/support/saved-replies', access, payloadSchema: createSchema, handler: create },
  { method: 'PUT', path: '/support/saved-replies/:id', access, payloadSchema: changeSchema, handler: change },
  { method: 'DELETE', path: '/support/saved-replies/:id', access, handler: remove },
];
