/**
 * The ONE shared API saga (SPEC §7, §8). Every feature saga calls `callApi`, `callService` or
 * `callMultipart`; none touches axios. Rules (S8.01):
 * - no token → the plain client (no Authorization header);
 * - a token that is already expired → `auth:session:end` ('expired') BEFORE the call, then throw;
 * - a 401 answer → `auth:session:end` ('unauthorized'), then throw;
 * - except, for the store's token, when a renewal replaced it or is replacing it (in this tab or
 *   another): once that renewal has settled the call is sent once more with the token that came
 *   from it (docs/server.md "Renewal"); a session already ended meanwhile is left as it is;
 * - errors are thrown as `ApiError` carrying a typed `ApiProblem` (message from
 *   response.data.message, else the error's message, S8.03);
 * - an error notification only when the caller enables it (`showErrors`, default hidden).
 * The token, the app key, server time and the renewal wait come from the session through saga
 * context (`apiAuth`, ./apiAuth.ts); the HTTP client and the clock from the context too.
 */
import type { AxiosRequestConfig } from 'axios';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
import { APP_KEY_HEADER, DEFAULT_SERVICE, TIMEOUTS, type ProxyMethod, type ServiceName } from '../../common/constants';
import { isTokenExpired } from '../../common/token';
import type { ProxyRequest } from '../../common/types';
import { getHttp, now } from '../app/sagaContext';
import type { AfterRefusal, ApiAuth } from './apiAuth';
import { ApiError, problemRaised, toApiProblem, type ApiProblem } from './apiProblem';

export { ApiError, isApiError, toApiProblem, type ApiProblem, type ApiProblemKind } from './apiProblem';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCallConfig {
  method: HttpMethod;
  url: string;
  data?: unknown;
  params?: Record<string, unknown>;
  /** Client timeout; default 10 s, never under 1 s (clamped in http.ts). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /**
   * The token to send. Default: the store's token. `null`: none. A string: that token (sign-out
   * sends the old one after the state has dropped it).
   */
  token?: string | null;
  /**
   * Default true: an expired token or a 401 ends the session (S8.01). The auth calls themselves
   * (sign-in, validation, renewal, sign-out) turn it off and decide for themselves.
   */
  endSessionOnAuthFailure?: boolean;
  /**
   * Send it so that it outlives the page (a reload, a closed tab, another address typed): a keepalive
   * fetch instead of XHR (keepaliveAdapter.ts). For saves of what the learner typed.
   */
  keepalive?: boolean;
  /**
   * The answer tells the server's time (its `Date` header, else the `iat` of the token it carries):
   * the auth state takes the offset between the clocks from it (features/auth/serverClock.ts). For
   * the sign-in, renewal and validation calls.
   */
  learnServerClock?: boolean;
  /**
   * Revalidate a kept answer: sent as If-None-Match; a 304 is then an answer, not an error
   * (`callApiAnswer` tells which it was).
   */
  ifNoneMatch?: string;
}

/** An answer with its status and headers (`callApiAnswer`). */
export interface ApiAnswer<T> {
  status: number;
  data: T;
  headers: Record<string, unknown>;
}

/** The grace added to a proxy call's own timeout, so the server's 504 arrives before ours. */
export const PROXY_CLIENT_GRACE_MS = 2_000;

/** SPEC S7.02 / S7.03: "read from its body field if present, else whole data". */
export function unwrapBody<T>(data: unknown): T {
  if (data && typeof data === 'object' && 'body' in data) return (data as { body: T }).body;
  return data as T;
}

/** One HTTP call through the shared axios instance. Returns response.data. */
export function* callApi<T = unknown>(config: ApiCallConfig): SagaIterator<T> {
  const answer: ApiAnswer<T> = yield call(callApiAnswer<T>, config);
  return answer.data;
}

/** `callApi`, answering with the status and headers too (a revalidation's 304, an ETag). */
export function* callApiAnswer<T = unknown>(config: ApiCallConfig): SagaIterator<ApiAnswer<T>> {
  const { endSessionOnAuthFailure = true } = config;
  const auth: ApiAuth | undefined = yield getContext('apiAuth');
  const stateToken: string | null = auth ? yield call(auth.token) : null;
  const token = config.token === undefined ? stateToken : config.token;

  if (auth && token && endSessionOnAuthFailure) {
    // the token's exp is the server's time
    const time: number = yield call(auth.serverNow);
    if (isTokenExpired(token, time)) {
      // the store's token: a renewal (here, or another tab's whose storage event is on its way) may have replaced it
      if (config.token === undefined) {
        const after: AfterRefusal = yield call(auth.afterRefusal, token);
        if (after.kind === 'renewed' && !isTokenExpired(after.token, time)) return yield call(callApiAnswer<T>, config);
        if (after.kind === 'gone') throw new ApiError({ kind: 'unauthorized', status: 401, message: 'Session expired' });
      }
      yield call(auth.endSession, 'expired');
      throw new ApiError({ kind: 'unauthorized', status: 401, message: 'Session expired' });
    }
  }

  const appKey: string | null = auth ? yield call(auth.appKey) : null;
  const headers: Record<string, string> = { ...(appKey ? { [APP_KEY_HEADER]: appKey } : {}), ...config.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (config.ifNoneMatch !== undefined) headers['If-None-Match'] = config.ifNoneMatch;

  const request: AxiosRequestConfig = {
    method: config.method,
    url: config.url,
    headers,
  };
  if (config.data !== undefined) request.data = config.data;
  if (config.params !== undefined) request.params = config.params;
  if (config.timeoutMs !== undefined) request.timeout = config.timeoutMs;
  if (config.keepalive) request.fetchOptions = { keepalive: true };
  if (config.ifNoneMatch !== undefined) request.validateStatus = (status) => (status >= 200 && status < 300) || status === 304;

  const http = yield call(getHttp);
  try {
    const response: { status: number; data: T; headers?: Record<string, unknown> } = yield call([http, http.request], request);
    if (config.learnServerClock && auth) {
      const arrivedAt: number = yield call(now);
      const date = response.headers?.date;
      const received = unwrapBody<{ token?: unknown } | null>(response.data);
      const answerToken = received && typeof received === 'object' && typeof received.token === 'string' ? received.token : null;
      yield call(auth.learnServerClock, { date: typeof date === 'string' ? date : null, token: answerToken, arrivedAt });
    }
    return { status: response.status, data: response.data, headers: response.headers ?? {} };
  } catch (error) {
    const problem = toApiProblem(error);
    if (problem.kind === 'unauthorized' && endSessionOnAuthFailure && token && auth) {
      // the store's token, refused: a renewal may have revoked it while the call was on its way
      if (config.token === undefined) {
        const after: AfterRefusal = yield call(auth.afterRefusal, token);
        if (after.kind === 'renewed') return yield call(callApiAnswer<T>, { ...config, token: after.token });
        if (after.kind === 'gone') throw new ApiError(problem);
      }
      yield call(auth.endSession, 'unauthorized');
    }
    throw new ApiError(problem);
  }
}

export type ServiceRequest = ProxyRequest & {
  /** Raise an error notification when the call fails (SPEC S8.03: default hidden). */
  showErrors?: boolean;
  /** Outlive the page (ApiCallConfig's `keepalive`): a save the learner must not lose by leaving. */
  keepalive?: boolean;
  /** Learn the server's clock from the answer (ApiCallConfig's `learnServerClock`). */
  learnServerClock?: boolean;
};

/** SPEC S7.06 / S7.07: the proxy body with its defaults (OneLook, GET, 15000 ms). */
export type ProxyBody = ProxyRequest & { service: ServiceName; method: ProxyMethod; timeout: number };

export function proxyBody(request: ProxyRequest): ProxyBody {
  const body: ProxyBody = {
    service: request.service ?? DEFAULT_SERVICE,
    method: request.method ?? 'GET',
    path: request.path,
    timeout: request.timeout ?? TIMEOUTS.proxyMs,
  };
  if (request.payload !== undefined) body.payload = request.payload;
  if (request.params !== undefined) body.params = request.params;
  if (request.useSystem !== undefined) body.useSystem = request.useSystem;
  return body;
}

function* raiseIfShown(error: unknown, showErrors: boolean | undefined): SagaIterator<never> {
  const problem: ApiProblem = toApiProblem(error);
  if (showErrors) yield put(problemRaised(problem));
  throw error instanceof ApiError ? error : new ApiError(problem);
}

/**
 * POST to one of the proxy's addresses, waiting the proxy call's own `timeout` and the grace; a failure
 * is thrown, first shown as a notification when the caller asked (`showErrors`).
 */
function* postToProxy<T>(url: string, data: unknown, timeout: number, showErrors: boolean | undefined, keepalive?: boolean): SagaIterator<T> {
  try {
    const answer: T = yield call(callApi<T>, {
      method: 'POST',
      url,
      data,
      timeoutMs: timeout + PROXY_CLIENT_GRACE_MS,
      ...(keepalive ? { keepalive } : {}),
    });
    return answer;
  } catch (error) {
    return yield call(raiseIfShown, error, showErrors);
  }
}

/** POST /api/service with the proxy request. Returns the service's answer (response.data). */
export function* callService<T = unknown>(request: ServiceRequest): SagaIterator<T> {
  const { showErrors, keepalive, ...proxy } = request;
  const body = proxyBody(proxy);
  return yield call(postToProxy<T>, '/api/service', body, body.timeout, showErrors, keepalive);
}

/** A service read's answer and its ETag (`callServiceRevalidating`). */
export interface TaggedAnswer<T> {
  data: T;
  etag: string | null;
}

/**
 * A service read (`callService`) that revalidates what the caller kept: with `etag`, the server
 * answers 304 when its answer still has that tag, and this returns null with the 304's `Date`
 * (the server's time, in ms; null without one).
 */
export function* callServiceRevalidating<T = unknown>(
  request: Omit<ServiceRequest, 'keepalive'>,
  etag: string | null,
): SagaIterator<TaggedAnswer<T> | { notModifiedAt: number | null }> {
  const { showErrors, ...proxy } = request;
  const body = proxyBody(proxy);
  try {
    const answer: ApiAnswer<T> = yield call(callApiAnswer<T>, {
      method: 'POST',
      url: '/api/service',
      data: body,
      timeoutMs: body.timeout + PROXY_CLIENT_GRACE_MS,
      ...(etag ? { ifNoneMatch: etag } : {}),
    });
    if (answer.status === 304) {
      const date = answer.headers.date;
      const at = typeof date === 'string' ? Date.parse(date) : Number.NaN;
      return { notModifiedAt: Number.isNaN(at) ? null : at };
    }
    const tag = answer.headers.etag;
    return { data: answer.data, etag: typeof tag === 'string' ? tag : null };
  } catch (error) {
    return yield call(raiseIfShown, error, showErrors);
  }
}

/**
 * POST /api/service/multipart (SPEC S7.08): form data with field `request` (the proxy request as
 * JSON) and one field per file.
 */
export function* callMultipart<T = unknown>(
  request: Omit<ServiceRequest, 'keepalive'>,
  files: Record<string, Blob>,
): SagaIterator<T> {
  const { showErrors, ...proxy } = request;
  const body = proxyBody(proxy);
  const form = new FormData();
  form.append('request', JSON.stringify(body));
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  return yield call(postToProxy<T>, '/api/service/multipart', form, body.timeout, showErrors);
}
