/**
 * SPEC §2 (S2.17): the one writer of document.title. The route table gives each address its title
 * (setRouteTitle, from the router's subscriber and <DocumentTitle/>); a page whose title is known
 * only once its data is in — a module, a section, an article names the tab with its own name — or
 * that finds out while rendering that it is something else (a budget that does not exist, so it
 * shows Not Found) claims its own title with usePageTitle. A claim holds for the location entry
 * it was made on (the router's location key), so the next address never shows the claim's title,
 * even in the moment before React has unmounted the page that made it.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../../common/title';
import { routeTitle } from '../i18n';

interface Claim {
  readonly locationKey: string;
  readonly title: string;
}

let route: { locationKey: string | undefined; title: string | undefined } = { locationKey: undefined, title: undefined };
const claims = new Set<Claim>();

/** The title for the current location: the latest claim made on it, else the route table's title. */
export function currentPageTitle(): string | undefined {
  let title = routeTitle(route.title);
  for (const claim of claims) if (claim.locationKey === route.locationKey) title = claim.title;
  return title;
}

function apply(): void {
  document.title = documentTitle(currentPageTitle());
}

/**
 * The route table's title for the location entry `locationKey` (router.state.location.key), in the
 * language spoken where a loaded feature catalog translates it (i18n routeTitle).
 */
export function setRouteTitle(locationKey: string, title: string | undefined): void {
  route = { locationKey, title };
  apply();
}

/**
 * Where a page rendered ahead of the app (prerender.tsx: no effects run there) leaves the title it
 * claims, so the page the server sends carries the page's own title from its first byte.
 */
export const PageTitleCollector = createContext<((title: string) => void) | null>(null);

/** This page's title while it is shown, whatever the route table says for the address. */
export function usePageTitle(title: string): void {
  useContext(PageTitleCollector)?.(title);
  const { key } = useLocation();
  useLayoutEffect(() => {
    const claim: Claim = { locationKey: key, title };
    claims.add(claim);
    apply();
    return () => {
      claims.delete(claim);
      apply();
    };
  }, [key, title]);
}
