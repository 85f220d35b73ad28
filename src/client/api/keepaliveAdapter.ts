/**
 * Requests that must outlive the page: an axios adapter that sends with `fetch(…, { keepalive: true })`.
 *
 * A student who reloads, closes the tab or types another address right after typing would lose what
 * the last auto-save had not sent yet: the browser cancels a page's XHRs when it unloads it, and axios
 * sends with XHR (its fetch adapter is left out of the build: src/client/api/noFetchAdapter.js). A
 * keepalive fetch is the one request a page may start while it is being hidden or unloaded and that
 * the browser still delivers (Fetch standard, "keepalive"; the pattern web.dev's page-lifecycle guide
 * gives for saving state when the page is hidden). While the page lives, its answer comes back like
 * any other.
 *
 * A call asks for it with axios's own option, `fetchOptions: { keepalive: true }` (ApiCallConfig's
 * `keepalive`), and `createHttp` routes it here. The browser allows at most 64 KiB of keepalive
 * bodies in flight per page, so a larger body goes the usual way (`fitsKeepalive`).
 *
 * The answer settles as axios's own adapters settle it (validateStatus, AxiosError codes), so the API
 * saga's error handling reads it the same: a status with its `response`, a timeout as
 * `ECONNABORTED` "timeout of N ms exceeded" (isTimeoutError), no answer at all as `ERR_NETWORK`.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** The Fetch standard's quota for keepalive bodies in flight (64 KiB), less room for another one. */
export const KEEPALIVE_MAX_BODY_BYTES = 48 * 1024;

/** True when the call asked for keepalive and its body is small enough for the browser to keep it. */
export function fitsKeepalive(config: InternalAxiosRequestConfig): boolean {
  if ((config.fetchOptions as { keepalive?: unknown } | undefined)?.keepalive !== true) return false;
  const { data } = config;
  if (data == null) return true;
  // the JSON request transform has already turned objects into text
  return typeof data === 'string' && new TextEncoder().encode(data).length <= KEEPALIVE_MAX_BODY_BYTES;
}

function headersOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
    if (value != null) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export function createKeepaliveAdapter(fetchImpl: typeof fetch): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const controller = new AbortController();
    const timeoutMs = config.timeout ?? 0;
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    let answer: Response;
    let text: string;
    try {
      answer = await fetchImpl(axios.getUri(config), {
        method: (config.method ?? 'get').toUpperCase(),
        headers: headersOf(config),
        body: typeof config.data === 'string' ? config.data : undefined,
        keepalive: true,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      text = await answer.text();
    } catch (cause) {
      if (timedOut) throw new AxiosError(`timeout of ${timeoutMs}ms exceeded`, AxiosError.ECONNABORTED, config);
      throw AxiosError.from(cause, AxiosError.ERR_NETWORK, config);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    const response: AxiosResponse = {
      // parsed by axios's response transform, as the XHR adapter's text is
      data: text,
      status: answer.status,
      statusText: answer.statusText,
      headers: AxiosHeaders.from(Object.fromEntries(answer.headers.entries())),
      config,
    };
    const valid = config.validateStatus ? config.validateStatus(answer.status) : answer.status >= 200 && answer.status < 300;
    if (valid) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
}
