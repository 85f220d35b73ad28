/**
 * GET /dev/mailbox (development only: DEV_MAILBOX, on by default for loopback with APP_ENV=D and
 * never with NODE_ENV=production): the newest outbox mails as a server-rendered page, every value
 * escaped, so the demo works offline (read the verification code here). The page shows every reset
 * link, so in `loopback` mode it answers only a caller on this machine whose request no proxy
 * forwarded; anyone else gets the same Not Found as an address that does not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context';
import { escapeHtml } from './templates';

const LIMIT = 50;

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (/^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address));

/** A caller on this machine, directly: the socket and the client address are loopback, and no proxy forwarded it. */
export function isLocalRequest(request: FastifyRequest): boolean {
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

export async function devMailboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/dev/mailbox', async (request, reply) => {
    if (ctx.config.devMailbox !== 'on' && !isLocalRequest(request)) return reply.callNotFound();
    const rows = await ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(LIMIT).execute();
    const items = rows
      .map(
        (row) =>
          `<article><h2>${escapeHtml(row.subject)}</h2>` +
          `<p><strong>To:</strong> ${escapeHtml(row.to_address)} · <strong>Purpose:</strong> ${escapeHtml(row.purpose)} · ` +
          `<strong>Time:</strong> ${escapeHtml(new Date(Number(row.created_at)).toISOString())}</p>` +
          `<pre style="white-space:pre-wrap">${escapeHtml(row.text_body)}</pre></article>`,
      )
      .join('<hr>');
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head>' +
      '<body style="font-family:Arial,Helvetica,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem"><main>' +
      `<h1>Dev mailbox</h1><p>The ${LIMIT} newest mails of the outbox (development only; nothing was sent).</p>` +
      (items || '<p>No mail yet.</p>') +
      '</main></body></html>';
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
