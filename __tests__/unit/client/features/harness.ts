/**
 * Test harness for the client core: a real store (createAppStore) with an injected saga context —
 * fake clock, in-memory Storage, spy navigate and logger, and an axios instance whose adapter is a
 * fake server that records every request. Tests assert outcomes: state, requests, storage, navigation.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Saga } from 'redux-saga';
import { takeEvery } from 'redux-saga/effects';
import { createHttp } from '../../../../src/client/api/http';
import { createMemoryStorage, type SagaContext } from '../../../../src/client/app/sagaContext';
import { createAppStore, injectAreaReducers, type RootState } from '../../../../src/client/app/store';
import { budgetsArea } from '../../../../src/client/features/budgetWizard/area';
import { catalogArea } from '../../../../src/client/features/catalog/area';
import { knowledgeBaseArea } from '../../../../src/client/features/knowledgeBase/area';
import { passwordArea } from '../../../../src/client/features/password/area';
import { profileArea } from '../../../../src/client/features/profile/area';
import { registrationArea } from '../../../../src/client/features/registration/area';
import { supportArea } from '../../../../src/client/features/support/area';
import { worksheetsArea } from '../../../../src/client/features/worksheets/area';
import { getAppKey } from '../../../../src/client/features/auth/storage';
import { TokenRenewals } from '../../../../src/client/features/auth/tokenRenewals';
import { SESSION_STORAGE_KEY } from '../../../../src/common/constants';
import type { Session } from '../../../../src/common/types';

export const NOW = 1_800_000_000_000; // a fixed "now" in epoch ms

/** An unsigned token with the given payload: the client never verifies signatures. */
export function tokenWith(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

/** A token expiring `ms` after NOW (exp in seconds, as the server issues it). */
export function tokenExpiringIn(ms: number, jti = 'a'): string {
  return tokenWith({ exp: Math.floor((NOW + ms) / 1000), jti });
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    token: tokenExpiringIn(30 * 60_000),
    user: {
      id: 7,
      firstName: 'Lena',
      lastName: 'Learner',
      userName: 'learner',
      userEmail: 'lena@example.edu',
      timezone: 'America/New_York',
    },
    clients: [
      { lsclientID: 'LINCOLN', clientName: 'Lincoln High School' },
      { lsclientID: 'ROOSEVELT', clientName: 'Roosevelt Academy' },
    ],
    permissions: ['SUPPORT'],
    ...overrides,
  };
}

export type FakeAnswer =
  | { status: number; data?: unknown; headers?: Record<string, string> }
  | 'timeout'
  | 'network';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  timeout: number | undefined;
  /** sent to outlive the page (`fetchOptions: { keepalive: true }`, keepaliveAdapter.ts) */
  keepalive: boolean;
}

export type Routes = Record<string, FakeAnswer | ((req: RecordedRequest) => FakeAnswer)>;

/** Answers of the service proxy by the proxied request's method and path ('PUT /me/password'). */
export type ProxyHandler = (payload: Record<string, unknown>) => FakeAnswer;

/** The service proxy (`POST /api/service`) as a fake route: unknown proxied paths answer 404. */
export function serviceProxy(handlers: Record<string, ProxyHandler>): Routes {
  return {
    'POST /api/service': (req: RecordedRequest): FakeAnswer => {
      const body = req.data as { method: string; path: string; payload?: Record<string, unknown> };
      const handler = handlers[`${body.method} ${body.path}`];
      return handler ? handler(body.payload ?? {}) : { status: 404, data: { message: 'Unknown route for this service.' } };
    },
  };
}

/** A fake server as an axios adapter: routes are keyed 'METHOD /url'. Unknown routes answer 404. */
export function fakeServer(routes: Routes) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    let data: unknown = config.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // keep the string
      }
    }
    const req: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers,
      data,
      timeout: config.timeout,
      keepalive: (config.fetchOptions as { keepalive?: unknown } | undefined)?.keepalive === true,
    };
    requests.push(req);
    const route = routes[`${req.method} ${req.url}`];
    const answer: FakeAnswer = typeof route === 'function' ? route(req) : (route ?? { status: 404, data: { message: 'Not found' } });
    if (answer === 'timeout') {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
    }
    if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}

export interface HarnessOptions {
  routes?: Routes;
  stored?: Session | null;
  storage?: Storage;
  now?: number;
  preloadedState?: Partial<RootState>;
  currentPath?: string | null;
  sagas?: Saga[];
  /** Where other tabs' storage events arrive. */
  tabEvents?: SagaContext['tabEvents'];
  /** A clock of the test's own (default: NOW, moved by setNow). */
  clock?: () => number;
  /** The sagas' waits (a VirtualClock's `delay`); default: redux-saga's own. */
  delay?: SagaContext['delay'];
  /** The tabs' Web Locks (a fakeLocks() shared by the tabs of one browser); default: none, the fallback. */
  locks?: SagaContext['locks'];
}

/** Every area's slice, as if every area had loaded (the sagas are the test's own: `sagas`). */
const AREAS = [registrationArea, passwordArea, profileArea, catalogArea, knowledgeBaseArea, budgetsArea, worksheetsArea, supportArea];

export function harness(options: HarnessOptions = {}) {
  AREAS.forEach(injectAreaReducers);
  let time = options.now ?? NOW;
  const storage = options.storage ?? createMemoryStorage();
  if (options.stored) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(options.stored));
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const navigate = jest.fn<void, Parameters<SagaContext['navigate']>>();
  const server = fakeServer(options.routes ?? {});
  const http = createHttp({ getAppKey: () => getAppKey(storage), logger, adapter: server.adapter });
  const renewals = new TokenRenewals();
  const { store, sagaMiddleware } = createAppStore({
    context: {
      clock: options.clock ?? (() => time),
      storage,
      logger,
      navigate,
      http,
      currentPath: () => options.currentPath ?? null,
      renewals,
      ...(options.tabEvents ? { tabEvents: options.tabEvents } : {}),
      ...(options.delay ? { delay: options.delay } : {}),
      locks: options.locks ?? null,
    },
    preloadedState: options.preloadedState,
    devTools: false,
    runSagas: false,
  });
  const actions = recordActions(sagaMiddleware);
  for (const saga of options.sagas ?? []) sagaMiddleware.run(saga);
  return {
    store,
    storage,
    logger,
    navigate,
    requests: server.requests,
    http,
    /** which token replaced which, and the renewal under way (features/auth/tokenRenewals.ts) */
    renewals,
    sagaMiddleware,
    state: () => store.getState(),
    stored: (): Session | null => {
      const raw = storage.getItem(SESSION_STORAGE_KEY);
      return raw ? (JSON.parse(raw) as Session) : null;
    },
    setNow: (ms: number) => {
      time = ms;
    },
    /** Every dispatched action type, in order. */
    actions,
  };
}

function recordActions(sagaMiddleware: { run: (saga: Saga) => unknown }): string[] {
  const types: string[] = [];
  sagaMiddleware.run(function* record() {
    yield takeEvery('*', (action: { type: string }) => {
      types.push(action.type);
    });
  });
  return types;
}

/** Lets pending promises and saga continuations run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
