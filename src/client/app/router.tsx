/** The data router over the route table (routes.tsx). Browser history in the app, memory history in tests. */
import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { routes } from './routes';

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function createTestRouter(initialEntries: string[] = ['/']) {
  return createMemoryRouter(routes, { initialEntries });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
