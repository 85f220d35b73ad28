/** The data router over the route table (routes.tsx). Browser history in the app, memory history in tests. */
import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { documentTitle } from '../../common/title';
import { routeMeta } from './routeMeta';
import { routes } from './routes';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * SPEC §2 (S2.17): the title changes in the same task as the address — a subscriber on the router's
 * state, so nothing (a screen reader, a test reading document.title right after the URL changed) ever
 * sees the old page's title on the new address. <DocumentTitle/> computes the same value on render.
 */
export function syncDocumentTitle(router: DataRouter): () => void {
  const apply = () => {
    const { title } = routeMeta(router.state.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
    document.title = documentTitle(title);
  };
  apply();
  return router.subscribe(apply);
}

export function createAppRouter(): DataRouter {
  const router = createBrowserRouter(routes);
  syncDocumentTitle(router);
  return router;
}

export function createTestRouter(initialEntries: string[] = ['/']): DataRouter {
  return createMemoryRouter(routes, { initialEntries });
}

export type AppRouter = DataRouter;
