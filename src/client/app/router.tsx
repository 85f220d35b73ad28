/** The data router over the route table (routes.tsx). Browser history in the app, memory history in tests. */
import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { setRouteTitle } from './pageTitle';
import { routeMeta } from './routeMeta';
import { appRouterOptions } from './routes';

export { requestRouteChunks } from './routes';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * SPEC §2 (S2.17): the title changes in the same task as the address — a subscriber on the router's
 * state, so nothing (a screen reader, a test reading document.title right after the URL changed) ever
 * sees the old page's title on the new address. <DocumentTitle/> computes the same value on render;
 * a page's own claim (usePageTitle, pageTitle.ts) wins on the location entry it was made on.
 */
export function syncDocumentTitle(router: DataRouter): () => void {
  const apply = () => {
    const { title } = routeMeta(router.state.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
    setRouteTitle(router.state.location.key, title);
  };
  apply();
  return router.subscribe(apply);
}

/** The app's router: with the routes the address needs, the others added when one needs them (routes.tsx appRouterOptions). */
export function createAppRouter(): DataRouter {
  const { routes, patchRoutesOnNavigation } = appRouterOptions(window.location.pathname);
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  syncDocumentTitle(router);
  return router;
}

/** The same router over memory history, for tests. */
export function createTestRouter(initialEntries: string[] = ['/']): DataRouter {
  const { routes, patchRoutesOnNavigation } = appRouterOptions(new URL(initialEntries[initialEntries.length - 1] ?? '/', 'http://test').pathname);
  return createMemoryRouter(routes, { initialEntries, patchRoutesOnNavigation });
}

export type AppRouter = DataRouter;
