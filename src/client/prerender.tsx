/**
 * Build-time prerendering of the sign-in page (issue #9, LCP): the markup and the critical CSS of
 * what the SPA itself renders at /login for a signed-out visitor (read-only until the app runs:
 * LoginPage), put into `dist/client/login.html`
 * by scripts/prerender.mjs. The server answers GET /login with that file (http/static.ts), so the
 * form is on screen from the first paint instead of after the scripts (about 2 s on a school
 * Chromebook's slow link).
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
import { routeMeta } from './app/routeMeta';
import { routes } from './app/routes';
import { createMemoryStorage } from './app/sagaContext';
import { createAppStore } from './app/store';

export interface PrerenderedPage {
  /** the document title the SPA sets for the page */
  title: string;
  /** `<style data-emotion>` elements with the page's CSS (what emotion would insert on the client) */
  styles: string;
  /** the inner HTML of #root */
  html: string;
}

/** Renders a public page as a signed-out visitor with nothing stored sees it first. */
export async function prerender(pathname: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the router answered with a redirect (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`prerender ${pathname}: the router answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { title, requiresAuth } = routeMeta(context.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
  if (requiresAuth) {
    throw new Error(`prerender ${pathname}: only public pages can be prerendered (this one needs a signed-in user)`);
  }

  // a store as the SPA starts it for a visitor with nothing stored, without its sagas (no requests)
  const { store } = createAppStore({ context: { storage: createMemoryStorage(), clock: () => 0 }, devTools: false, runSagas: false });
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
 * the empty #root.
 * Throws when the template does not have that shape.
 */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  const root = /<div id="?root"?><\/div>/;
  const title = /<title>[^<]*<\/title>/;
  if (!root.test(template)) throw new Error('prerender: the page template has no empty <div id="root"></div>');
  if (!title.test(template)) throw new Error('prerender: the page template has no <title>');
  if (!template.includes('</head>')) throw new Error('prerender: the page template has no </head>');
  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return template
    .replace(title, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(root, () => `<div id="root">${page.html}</div>`);
}
