/**
 * Build-time prerendering (LCP): the markup and the critical CSS of what the SPA itself
 * renders at an address, put into an HTML file by scripts/prerender.mjs, which the server answers
 * that address with (http/static.ts). The page is then on screen from the first paint instead of
 * after the scripts (about 2 s on a school Chromebook's slow link).
 *  - `/login` → `login.html`: the sign-in page as a signed-out visitor sees it (read-only until the
 *    app runs: LoginPage).
 *  - `/app` → `app.html`: the signed-in home page with its shell, for a session that has no name,
 *    no school and no token (SIGNED_IN_COPY): nothing of any student is in it. The app renders the
 *    learner's own page over it (HomePage, AppShell).
 *  - every other page of the signed-in shell, by its route's pattern (`/app/catalog/:slug` →
 *    `app-catalog-_slug.html`): the shell alone (`withPage: false`), the area marked in the
 *    navigation, the page's title, and in `main` only a heading for assistive technology: the page
 *    is the student's data.
 * `prerenderedPages()` lists them from the route table; scripts/prerender.mjs writes them and their
 * manifest, which the server reads (src/common/renderAhead/prerendered.ts).
 *
 * The SPA does not hydrate this markup: it renders /login as usual and React replaces the static
 * copy with the same elements (same classes and sizes: no layout shift), now usable.
 *
 * Built by webpack for Node (webpack.config.js, the `prerender` configuration), never shipped to
 * the browser. The page is rendered through the real route table, layout and store, so it cannot
 * drift from the page the SPA shows.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_TIMEZONE } from '../../common/constants';
import { documentTitle } from '../../common/title';
import { AppProviders } from '../app/App';
import type { PreloadedAnswer } from './pageData';
import { PAGE_AHEAD, PRERENDERED_ATTRIBUTE, STUDENT_PAGE } from './prerendering';
import { ShellPageContext } from '../app/Shell/AppShell';
import { routeMeta } from '../app/routeMeta';
import { PageTitleCollector } from '../app/pageTitle';
import { registeredAreas } from '../app/areas';
import { pageDataPaths } from './pageDataRoutes';
import { routes, routeTable, type AppRoute } from '../app/routes';
import { createMemoryStorage } from '../app/sagaContext';
import { createAppStore } from '../app/store';
import { signedInState } from '../features/auth';
import type { PrerenderedPageEntry } from '../../common/renderAhead/prerendered';
import type { Session } from '../../common/types';

/** The session a signed-in page is prerendered with: no name, no school, no permission, no token. */
export const SIGNED_IN_COPY: Session = {
  token: '',
  user: { id: 0, firstName: '', lastName: '', userName: '', userEmail: '', timezone: DEFAULT_TIMEZONE },
  clients: [],
  permissions: [],
};

export interface PrerenderOptions {
  /** Render a page that needs a signed-in user, with SIGNED_IN_COPY's session. Default false. */
  signedIn?: boolean;
  /** Default true. false: the signed-in shell without the page (ShellPageContext). */
  withPage?: boolean;
  /** A signed-in page rendered at request time: the student's session (without its token) instead of SIGNED_IN_COPY's. */
  session?: Session;
  /** The service answers the page is rendered with (renderAhead/pageData.ts), as the app's store takes them. */
  answers?: readonly PreloadedAnswer[];
  /** The store's clock; default 0 (the build). */
  now?: () => number;
}

/** A page the build prerenders: its route's pattern and file (the manifest's entry), and how. */
export interface PrerenderedPageSpec extends PrerenderedPageEntry {
  /** the address rendered: the pattern with `1` for each `:name` */
  pathname: string;
  signedIn: boolean;
  withPage: boolean;
}

/** `/app/catalog/:slug` → `app-catalog-_slug.html` */
export function prerenderedFileFor(pattern: string): string {
  return `${pattern.slice(1).replace(/:/g, '_').replace(/\//g, '-')}.html`;
}

/**
 * The pages the build prerenders: the sign-in page, the signed-in home page, and the shell of every
 * other page of the signed-in shell layout under /app that needs a signed-in user (the public ones,
 * such as /app/about, get index.html: a signed-out visitor reads them).
 */
export function prerenderedPages(table: readonly AppRoute[] = routeTable): PrerenderedPageSpec[] {
  const pages: PrerenderedPageSpec[] = [
    { pattern: '/login', file: 'login.html', pathname: '/login', signedIn: false, withPage: true },
    { pattern: '/app', file: 'app.html', pathname: '/app', signedIn: true, withPage: true },
  ];
  const app = table.find((route) => route.path === '/app');
  const shell = app?.children?.find((route) => route.layout === 'shell');
  if (!app || !shell) throw new Error('prerender: the route table has no /app with the signed-in shell in it');
  const visit = (route: AppRoute, base: string, inherited: boolean): void => {
    const requiresAuth = route.requiresAuth ?? inherited;
    const pattern = route.path ? `${base}/${route.path}` : base;
    if (route.page && requiresAuth && !pages.some((page) => page.pattern === pattern)) {
      pages.push({ pattern, file: prerenderedFileFor(pattern), pathname: pattern.replace(/:[^/]+/g, '1'), signedIn: true, withPage: false });
    }
    for (const child of route.children ?? []) visit(child, pattern, requiresAuth);
  };
  visit(shell, '/app', app.requiresAuth ?? false);
  return pages;
}

export interface PrerenderedPage {
  /** the document title the SPA sets for the page */
  title: string;
  /** `<style data-emotion>` elements with the page's CSS (what emotion would insert on the client) */
  styles: string;
  /** the inner HTML of #root */
  html: string;
  /**
   * the shell without its page (`withPage: false`) of a page that the server renders for the
   * student ahead of the app (app/pageDataRoutes.ts): the copy says so (PAGE_AHEAD)
   */
  pageAhead?: boolean;
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
  const { title: pageTitle, requiresAuth } = routeMeta(context.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
  const withPage = options.withPage ?? true;
  if (!withPage && !options.signedIn) throw new Error(`prerender ${pathname}: only a signed-in page can be prerendered without its page (the shell alone)`);
  if (requiresAuth !== Boolean(options.signedIn)) {
    throw new Error(
      requiresAuth
        ? `prerender ${pathname}: this page needs a signed-in user (prerender it with signedIn)`
        : `prerender ${pathname}: this page is public (prerender it without signedIn)`,
    );
  }

  // a store as the SPA starts it for a visitor with nothing stored (or signed in with the copy's
  // session), without its sagas (no requests)
  const now = options.now ?? (() => 0);
  const { store, detachAreas } = createAppStore({
    context: { storage: createMemoryStorage(), clock: now },
    devTools: false,
    runSagas: false,
    preloadedState: options.signedIn ? { auth: signedInState(options.session ?? SIGNED_IN_COPY, now()) } : undefined,
  });
  // the answers the page is rendered with, as the areas' sagas put them in the app (app/areas.ts);
  // the page's area registered itself when the router loaded the page's module
  for (const answer of options.answers ?? []) {
    for (const area of registeredAreas()) area.preloaded?.(answer).forEach((action) => store.dispatch(action));
  }
  // emotion's default key: the SPA's cache adopts these <style data-emotion="css …"> elements
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  // the title the page claims for itself (a section's, an article's own name: pageTitle.ts)
  let claimed: string | undefined;
  const claim = (title: string) => {
    claimed = title;
  };
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders store={store}>
        <ShellPageContext.Provider value={withPage}>
          <PageTitleCollector.Provider value={claim}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PageTitleCollector.Provider>
        </ShellPageContext.Provider>
      </AppProviders>
    </CacheProvider>,
  );
  // the store lives for this render only (the server renders pages at request time)
  detachAreas();
  const styles = emotion.constructStyleTagsFromChunks(everyStyleOfTheRender(cache, html));
  const pageAhead = !withPage && pageDataPaths(pathname) !== null;
  return { title: documentTitle(claimed ?? pageTitle), styles, html, pageAhead };
}

/**
 * The render's styles as `<style data-emotion>` chunks: the global ones, then EVERY class the render
 * inserted, in the order it did, not only the classes in the markup (emotion's
 * extractCriticalToChunks). A component styled from another (MUI's IconButton from ButtonBase)
 * inserts a class for each layer, and only the last is on an element. The app's first render
 * inserts the same layers; a class that came in the page's styles is adopted by the app's emotion
 * cache (emotion's name list in data-emotion) instead of compiled and inserted again in the
 * commit that replaces the copy: on /app that was 81 rules, about 40 ms of that task at
 * Lighthouse's 4× slowdown (TBT). Unused here, they cost bytes of the HTML only.
 */
export function everyStyleOfTheRender(cache: EmotionCache, html: string): EmotionCritical {
  const critical = createEmotionServer(cache).extractCriticalToChunks(html);
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string' || cache.registered[`${cache.key}-${id}`] === undefined) continue;
    ids.push(id);
    css += rules;
  }
  const globals = critical.styles.filter((chunk) => chunk.key !== cache.key);
  return { html: critical.html, styles: [...globals, { key: cache.key, ids, css }] };
}

type EmotionCritical = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/** The service paths the signed-in page at an address shows first, or null (the server's renderer asks). */
export { pageDataPaths };

/**
 * A signed-in student's page at an address, rendered at request time by the server
 * (src/server/renderAhead/pageRoutes.ts) with their session and the service answers of `pageDataPaths`:
 * what the app renders there once it runs. The markup's first element is marked STUDENT_PAGE, and
 * the app hydrates it (renderAhead/hydrateStudentPage.tsx), unless it holds an id React generated (useId):
 * the server's render and the app's are not the same tree above the page, so such an id would
 * differ, and hydration keeps an attribute as it found it. That page is marked as a plain copy,
 * which the app replaces.
 */
export async function renderSignedInPage(pathname: string, session: Session, answers: readonly PreloadedAnswer[], now: () => number): Promise<PrerenderedPage> {
  const page = await prerender(pathname, { signedIn: true, session: { ...session, token: '' }, answers, now });
  return { ...page, html: markCopy(page.html, REACT_GENERATED_ID.test(page.html) ? '' : STUDENT_PAGE) };
}

/** An id attribute React's useId made on the server (React 19: `_R_…_`). */
export const REACT_GENERATED_ID = /="_R_[0-9A-Za-z]*_"/;

/** The markup with PRERENDERED_ATTRIBUTE on its first element, with `value` (renderAhead/prerendering.ts). */
export function markCopy(html: string, value: '' | typeof PAGE_AHEAD | typeof STUDENT_PAGE): string {
  if (!/^<[a-z]/.test(html)) throw new Error('prerender: the page\'s markup does not start with an element');
  return html.replace(/^<[a-z][a-z0-9]*/, (tag) => `${tag} ${PRERENDERED_ATTRIBUTE}="${value}"`);
}

/**
 * The HTML page with a prerendered page in it: its title, its styles before </head>, its markup in
 * the empty #root with PRERENDERED_ATTRIBUTE on its first element (the app knows the copy by it:
 * renderAhead/prerendering.ts).
 * Throws when the template or the markup does not have that shape.
 */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  const root = /<div id="?root"?><\/div>/;
  const title = /<title>[^<]*<\/title>/;
  if (!root.test(template)) throw new Error('prerender: the page template has no empty <div id="root"></div>');
  if (!title.test(template)) throw new Error('prerender: the page template has no <title>');
  if (!template.includes('</head>')) throw new Error('prerender: the page template has no </head>');
  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = markCopy(page.html, page.pageAhead ? PAGE_AHEAD : '');
  return template
    .replace(title, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(root, () => `<div id="root">${html}</div>`);
}
