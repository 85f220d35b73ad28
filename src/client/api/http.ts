/**
 * The one axios instance (SPEC §7, §8). It only decorates requests and logs: every request carries
 * the app-key header and, when there is a token, `Authorization: Bearer <token>`; the timeout is
 * 10 s by default and never under 1 s; a timeout logs 'Request timed out'.
 * No toasts and no redirects here: the shared API saga (apiSaga.ts) decides what an error means.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance } from 'axios';
import { API_BASE_PATH, APP_KEY_HEADER, TIMEOUTS } from '../../common/constants';
import { SESSION_MESSAGES } from '../../common/sessionMessages';
import { createKeepaliveAdapter, fitsKeepalive } from './keepaliveAdapter';

export interface HttpOptions {
  /** The current token, or null when signed out (then no Authorization header: the plain client). */
  getToken?: () => string | null;
  /** The app key (localStorage `appKey`, else the default). */
  getAppKey: () => string;
  /**
   * The language the app speaks, sent as `Accept-Language` so the server answers content in it
   * (the browser's own header names the browser's languages, not the person's choice).
   */
  getLanguage?: () => string;
  logger: Pick<Console, 'warn'>;
  /** Tests pass a fake adapter (which then answers keepalive calls too); the browser uses axios' own. */
  adapter?: AxiosAdapter;
  /**
   * What sends the calls that must outlive the page (`fetchOptions: { keepalive: true }`,
   * keepaliveAdapter.ts). Default: the fake `adapter` in tests, else a keepalive fetch where the
   * browser has fetch.
   */
  keepaliveAdapter?: AxiosAdapter;
}

/** SPEC S7.11: 10 s by default, never under 1 s. A missing, zero or non-finite timeout gets the default. */
export function clampTimeout(ms: number | null | undefined): number {
  if (ms == null || !Number.isFinite(ms) || ms <= 0) return TIMEOUTS.clientMs;
  return Math.max(TIMEOUTS.clientMinimumMs, Math.round(ms));
}

/** True for axios' timeout errors (ECONNABORTED with 'timeout', or ETIMEDOUT). */
export function isTimeoutError(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  return (
    error.code === AxiosError.ETIMEDOUT ||
    (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message))
  );
}

export function createHttp({ getToken, getAppKey, getLanguage, logger, adapter, keepaliveAdapter }: HttpOptions): AxiosInstance {
  const usual: AxiosAdapter = adapter ?? axios.getAdapter(axios.defaults.adapter);
  const keepalive = keepaliveAdapter ?? adapter ?? (typeof fetch === 'function' ? createKeepaliveAdapter(fetch.bind(globalThis)) : undefined);
  const http = axios.create({
    baseURL: API_BASE_PATH,
    timeout: TIMEOUTS.clientMs,
    // No XSRF cookie exists (the token travels in Authorization). Left on, axios' XHR adapter reads
    // it from the asynchronous cookieStore before every same-origin send() and times that read
    // with a page timer: under a fake clock (Playwright's) the timer fired before the renewal
    // was even sent, which the steady-activity browser test met as a renewal "timed out".
    withXSRFToken: false,
    adapter: (config) => (keepalive && fitsKeepalive(config) ? keepalive(config) : usual(config)),
  });

  http.interceptors.request.use((config) => {
    const headers = AxiosHeaders.from(config.headers);
    if (!headers.has(APP_KEY_HEADER)) headers.set(APP_KEY_HEADER, getAppKey());
    if (getLanguage && !headers.has('Accept-Language')) headers.set('Accept-Language', getLanguage());
    // An Authorization set by the caller (the API saga) wins over getToken.
    if (!headers.has('Authorization')) {
      const token = getToken?.() ?? null;
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    config.headers = headers;
    config.timeout = clampTimeout(config.timeout);
    return config;
  });

  http.interceptors.response.use(undefined, (error: unknown) => {
    if (isTimeoutError(error)) logger.warn(SESSION_MESSAGES.requestTimedOut);
    return Promise.reject(error);
  });

  return http;
}
