/**
 * The signed-in pages the server renders ahead of the app (renderAhead/pageData.ts): each route pattern with
 * the service (OneLook GET) paths whose answers the page shows first. Only the server's renderer
 * (prerender.tsx) reads this table; the app finds the answers its page was rendered with by their
 * paths. A page not listed here is rendered by the app alone, as before.
 *
 * Listed: the pages a student lands on from a link or a bookmark whose first screen is one answer:
 * the catalog's module list, a module's home, a material, a section, and a knowledge-base article.
 * (A review is a form the student fills in; the knowledge base's home and topics ask again on every
 * visit; the other pages are forms or lists of the student's own records.)
 */
import { matchPath } from 'react-router';
import { catalogReads } from '../features/catalog';
import { kbApi } from '../features/knowledgeBase';
import { resolveRoute } from '../app/routes';

type Params = Readonly<Record<string, string | undefined>>;

export interface PageDataRoute {
  /** a pattern of the route table (routes.tsx), as react-router writes it */
  pattern: string;
  /** the service paths the page shows first, from the address's parameters */
  data: (params: Params) => string[];
}

export const PAGE_DATA_ROUTES: readonly PageDataRoute[] = [
  { pattern: '/app/catalog', data: () => [catalogReads.catalog().path] },
  { pattern: '/app/catalog/:slug', data: ({ slug = '' }) => [catalogReads.module(slug).path] },
  { pattern: '/app/catalog/:slug/material/:mslug', data: ({ slug = '', mslug = '' }) => [catalogReads.material(slug, mslug).path] },
  {
    pattern: '/app/catalog/:slug/material/:mslug/section/:sslug',
    data: ({ slug = '', mslug = '', sslug = '' }) => [catalogReads.section(slug, mslug, sslug).path],
  },
  { pattern: '/app/resources/knowledge-base/:tslug/:aslug', data: ({ tslug = '', aslug = '' }) => [kbApi.article(tslug, aslug)] },
];

/**
 * The service paths the signed-in page at `pathname` shows first, or null when it is not listed (or
 * is not a signed-in page, or is Not Found).
 */
export function pageDataPaths(pathname: string, table: readonly PageDataRoute[] = PAGE_DATA_ROUTES): string[] | null {
  const meta = resolveRoute(pathname);
  if (!meta.requiresAuth || meta.notFound) return null;
  for (const route of table) {
    const match = matchPath({ path: route.pattern, end: true, caseSensitive: true }, pathname);
    if (match) return route.data(match.params);
  }
  return null;
}
