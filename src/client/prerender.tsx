/**
 * Build-time prerendering (issue #9, LCP): the markup and the critical CSS of what the SPA itself
 * renders at an address, put into an HTML file by scripts/prerender.mjs, which the server answers
 * that address with (http/static.ts). The page is then on screen from the first paint instead of
 * after the scripts (about 2 s on a school Chromebook's slow link).
 *  - `/login` → `login.html`: the sign-in page as a signed-out visitor sees it (read-only until the
 *    app runs: LoginPage).
 *  - `/app` → `app.html`: the signed-in home page with its shell, for a session that has no name,
 *    no school and no token (SIGNED_IN_COPY): nothing of any student is in it. The app renders the
 *    learner's own page over it (HomePage, AppShell).
 *
 * The SPA does not hydrate this markup: it renders /login as usual and React replaces the static
 * copy with the same elements (same classes and sizes: no layout shift), now usable.
 *
 * Built by webpack for Node (webpack.config.js, the `prerender` configuration), never shipped to
 * the browser. The page is rendered through the real route table, layout and store, so it cannot
 * drift from the page the SPA shows.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { documentTitle } from '../common/title';
import { AppProviders } from './app/App';
import { PRERENDERED_ATTRIBUTE } from './app/prerendering';
import { routeMeta } from './app/routeMeta';
import { routes } from './app/routes';
import { createMemoryStorage } from './app/sagaContext';
import { createAppStore } from './app/store';
import { signedInState } from './features/auth/slice';
import type { Session } from '../common/types';

/** The session a signed-in page is prerendered with: no name, no school, no permission, no token. */
export const SIGNED_IN_COPY: Session = {
  token: '',
  user: { id: 0, firstName: '', lastName: '', userName: '', userEmail: '', timezone: 'America/Chicago' },
  clients: [],
  permissions: [],
};

export interface PrerenderOptions {
  /** Render a page that needs a signed-in user, with SIGNED_IN_COPY's session. Default false. */
  signedIn?: boolean;
}

export interface PrerenderedPage {
  /** the document title the SPA sets for the page */
  title: string;
  /** `<style data-emotion>` elements with the page's CSS (what emotion would insert on the client) */
  styles: string;
  /** the inner HTML of #root */
  html: string;
}

/**
 * Renders a public page as a signed-out visitor with nothing stored sees it first, or (`signedIn`)
 * a signed-in page with SIGNED_IN_COPY's session.
 */
export async function prerender(pathname: string, options: PrerenderOptions = {}): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the router answered with a redirect (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`prerender ${pathname}: the router answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { title, requiresAuth } = routeMeta(context.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
  if (requiresAuth !== Boolean(options.signedIn)) {
    throw new Error(
      requiresAuth
        ? `prerender ${pathname}: this page needs a signed-in user (prerender it with signedIn)`
        : `prerender ${pathname}: this page is public (prerender it without signedIn)`,
    );
  }

  // a store as the SPA starts it for a visitor with nothing stored (or signed in with the copy's
  // session), without its sagas (no requests)
  const { store } = createAppStore({
    context: { storage: createMemoryStorage(), clock: () => 0 },
    devTools: false,
    runSagas: false,
    preloadedState: options.signedIn ? { auth: signedInState(SIGNED_IN_COPY, 0) } : undefined,
  });
  // emotion's default key: the SPA's cache adopts these <style data-emotion="css …"> elements
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { title: documentTitle(title), styles, html };
}

/**
 * The HTML page with a prerendered page in it: its title, its styles before </head>, its markup in
 * the empty #root with PRERENDERED_ATTRIBUTE on its first element (the app knows the copy by it:
 * app/prerendering.ts).
 * Throws when the template or the markup does not have that shape.
 */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  const root = /<div id="?root"?><\/div>/;
  const title = /<title>[^<]*<\/title>/;
  if (!root.test(template)) throw new Error('prerender: the page template has no empty <div id="root"></div>');
  if (!title.test(template)) throw new Error('prerender: the page template has no <title>');
  if (!template.includes('</head>')) throw new Error('prerender: the page template has no </head>');
  if (!/^<[a-z]/.test(page.html)) throw new Error('prerender: the page\'s markup does not start with an element');
  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = page.html.replace(/^<[a-z][a-z0-9]*/, (tag) => `${tag} ${PRERENDERED_ATTRIBUTE}=""`);
  return template
    .replace(title, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(root, () => `<div id="root">${html}</div>`);
}
