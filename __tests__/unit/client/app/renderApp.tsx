/** Test helper: the real store (sagas optional) + the real route table in a memory router + the real App. */
import { render } from '@testing-library/react';
import axios, { type AxiosAdapter } from 'axios';
import { App } from '../../../../src/client/app/App';
import { noStoreForLoaders, promiseStoreForLoaders } from '../../../../src/client/app/loaderStore';
import { createTestRouter } from '../../../../src/client/app/router';
import { createAppStore, type RootState } from '../../../../src/client/app/store';
import { createMemoryStorage } from '../../../../src/client/app/sagaContext';
import { signedInState } from '../../../../src/client/features/auth/slice';
import type { Client, Session } from '../../../../src/common/types';

export const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

export const LINCOLN: Client = { lsclientID: 'LINCOLN', clientName: 'Lincoln High School' };
export const ROOSEVELT: Client = { lsclientID: 'ROOSEVELT', clientName: 'Roosevelt Academy' };

export function demoSession(clients: Client[] = [LINCOLN]): Session {
  return {
    token: 'test-token',
    user: { id: 7, firstName: 'Lena', lastName: 'Learner', userName: 'learner', userEmail: 'lena@example.org', timezone: 'America/Chicago' },
    clients,
    permissions: [],
  };
}

export function signedIn(clients?: Client[]): Partial<RootState> {
  return { auth: signedInState(demoSession(clients), NOW + 30 * 60_000) };
}

/** An axios adapter that answers GET /api with the environment and every other call with a 401. */
export const fakeAdapter: AxiosAdapter = async (config) => {
  if (config.url === '/api') {
    return { data: { appbadge: 'DEV', env: 'D' }, status: 200, statusText: 'OK', headers: {}, config };
  }
  const error = Object.assign(new Error('Unauthorized'), {
    isAxiosError: true,
    config,
    response: { status: 401, data: { message: 'Unauthorized' }, statusText: 'Unauthorized', headers: {}, config },
  });
  throw error;
};

export interface RenderAppOptions {
  preloadedState?: Partial<RootState>;
  runSagas?: boolean;
  /** Route loaders get the store, as in main.tsx (default: they get none and do nothing). */
  loaders?: boolean;
}

export function renderApp(path: string, { preloadedState, runSagas = false, loaders = false }: RenderAppOptions = {}) {
  const handStoreToLoaders = loaders ? promiseStoreForLoaders() : null;
  if (!loaders) noStoreForLoaders();
  const router = createTestRouter([path]);
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const { store, setNavigate } = createAppStore({
    context: {
      clock: () => NOW,
      storage: createMemoryStorage(),
      logger,
      http: axios.create({ adapter: fakeAdapter }),
      currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    },
    preloadedState,
    runSagas,
    devTools: false,
  });
  handStoreToLoaders?.(store);
  // As in main.tsx. Saga navigations happen outside act(); the tests wait for their outcome.
  setNavigate((to, options) => {
    void router.navigate(to, options);
  });
  const dispatch = jest.spyOn(store, 'dispatch');
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router, dispatch, logger };
}
