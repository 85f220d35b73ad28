/**
 * `GET /api/page?path=/app/…` (LCP): a signed-in student's page rendered ahead of the app.
 *
 * A signed-in page's HTML is its shell without the page (the page is the student's data; the file is
 * the same for everyone, prerender.tsx). Its boot script (src/client/renderAhead/bootSignedIn.ts) asks here with
 * the stored session's token and app key, as the app's own calls do, while the app's scripts
 * download. For a page that declares the service answers it shows first
 * (src/client/renderAhead/pageDataRoutes.ts), this route asks the service proxy for them in-process — the
 * same `POST /api/service` with the caller's headers and address, so every check and limit of a
 * service call applies — and renders the page with them through the SPA's own route table and
 * store (the prerender bundle, dist/prerender, in a worker thread: pageRenderer.ts). The answer is
 * the page's markup, CSS and title, and the answers themselves, which the app's store takes
 * (src/client/renderAhead/pageData.ts): the app's first render is the same page, without asking again.
 *
 * Answers: 200 with the page; 204 when there is nothing to render ahead (the page declares no data,
 * a service answer was not a 200, the render failed, or no renderer is built) — the app then
 * starts as it does without this; 400 for an address that is not a signed-in page's; 401 without
 * a live session. Never cached (every /api answer is no-store, app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { APP_KEY_HEADER } from '../../common/constants';
import type { Session } from '../../common/types';
import type { PreloadedAnswer, RenderedPage } from '../../common/renderAhead/renderedPage';
import { authenticate, requireAppKey } from '../http/authenticate';
import type { AppContext } from '../http/context';
import { HttpError } from '../http/errors';
import type { PageRenderer } from './pageRenderer';

export const PAGE_MESSAGES = {
  badPath: 'path must be the address of a page under /app/.',
} as const;

/** An address of the signed-in area as the browser's location.pathname has it (percent-encoded). */
const PAGE_PATH = /^\/app\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/;
const MAX_PAGE_PATH_LENGTH = 2048;

export async function pageRoutes(app: FastifyInstance, ctx: AppContext, renderer: PageRenderer | null): Promise<void> {
  app.get('/api/page', async (request, reply): Promise<RenderedPage | undefined> => {
    const query = request.query as Record<string, unknown>;
    const pathname = query.path;
    if (typeof pathname !== 'string' || pathname.length > MAX_PAGE_PATH_LENGTH || !PAGE_PATH.test(pathname)) {
      throw new HttpError(400, PAGE_MESSAGES.badPath);
    }
    const appKey = requireAppKey(ctx, request);
    const { identity } = await authenticate(ctx, request);

    if (!renderer) return reply.code(204).send();
    const paths = await renderer.pageDataPaths(pathname);
    if (!paths) return reply.code(204).send();

    const answers: PreloadedAnswer[] = [];
    for (const servicePath of paths) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/service',
        // the student's address, not the server's own, for anything per-IP the call does
        remoteAddress: request.ip,
        headers: { authorization: request.headers.authorization ?? '', [APP_KEY_HEADER]: appKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ method: 'GET', path: servicePath }),
      });
      // a missing module, a refused call, a busy database: the app asks itself and shows what it gets
      if (answer.statusCode !== 200) return reply.code(204).send();
      answers.push({ path: servicePath, data: answer.json() as unknown });
    }
    const session: Session = { token: '', ...identity };
    try {
      const page = await renderer.renderSignedInPage(pathname, session, answers, ctx.clock);
      return { path: pathname, title: page.title, styles: page.styles, html: page.html, answers };
    } catch (error) {
      // the renderer failed (its worker's heap, its time limit): the app renders the page itself
      request.log.error({ err: error, path: pathname }, 'page render failed');
      return reply.code(204).send();
    }
  });
}
