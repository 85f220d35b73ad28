/**
 * GET /dev/mailbox (development only, APP_ENV=D): the newest outbox mails as a server-rendered
 * page, every value escaped, so the demo works offline (read the verification code here).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { escapeHtml } from './templates';

const LIMIT = 50;

export async function devMailboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/dev/mailbox', async (_request, reply) => {
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
