import { clampTimeout, createHttp } from '../../../../src/client/api/http';
import { APP_KEY_HEADER, DEFAULT_APP_KEY, TIMEOUTS } from '../../../../src/common/constants';
import { MESSAGES } from '../../../../src/common/messages';
import { fakeServer } from '../features/harness';

function setup(token: string | null = null, language = 'en') {
  const server = fakeServer({ 'GET /ok': { status: 200, data: { ok: true } }, 'GET /slow': 'timeout' });
  const logger = { warn: jest.fn() };
  const http = createHttp({ getToken: () => token, getAppKey: () => DEFAULT_APP_KEY, getLanguage: () => language, logger, adapter: server.adapter });
  return { http, logger, requests: server.requests };
}

describe('the axios instance (SPEC S7.10, S7.11, S8.01, S8.02)', () => {
  it('[S7.10] every request carries the app-key header and the Bearer token', async () => {
    const { http, requests } = setup('tok');
    await http.get('/ok');
    expect(requests[0]?.headers).toMatchObject({ [APP_KEY_HEADER]: DEFAULT_APP_KEY, Authorization: 'Bearer tok' });
  });

  it('every request asks for answers in the language the app speaks (Accept-Language), as it speaks it then', async () => {
    const { http, requests } = setup(null, 'es');
    await http.get('/ok');
    expect(requests[0]?.headers['Accept-Language']).toBe('es');
  });

  it('[S8.01] no token: the plain client, without Authorization', async () => {
    const { http, requests } = setup(null);
    await http.get('/ok');
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    expect(requests[0]?.headers[APP_KEY_HEADER]).toBe(DEFAULT_APP_KEY);
  });

  it('[S7.11] [S9.02] base path prefix is empty; default timeout 10 s', async () => {
    const { http, requests } = setup();
    expect(http.defaults.baseURL).toBe('');
    await http.get('/ok');
    expect(requests[0]?.url).toBe('/ok');
    expect(requests[0]?.timeout).toBe(TIMEOUTS.clientMs);
  });

  it('[S7.11] a timeout under 1 s is raised to 1 s', async () => {
    const { http, requests } = setup();
    await http.get('/ok', { timeout: 200 });
    expect(requests[0]?.timeout).toBe(TIMEOUTS.clientMinimumMs);
  });

  it.each([
    [undefined, 10_000],
    [0, 10_000],
    [Number.NaN, 10_000],
    [1, 1000],
    [999, 1000],
    [1000, 1000],
    [20_000, 20_000],
  ])('[S7.11] clampTimeout(%p) = %p', (input, expected) => {
    expect(clampTimeout(input)).toBe(expected);
  });

  it("[S8.02] a timeout logs 'Request timed out' and still rejects", async () => {
    const { http, logger } = setup();
    await expect(http.get('/slow')).rejects.toThrow(/timeout/);
    expect(logger.warn).toHaveBeenCalledWith(MESSAGES.requestTimedOut);
  });

  it('other failures do not log a timeout', async () => {
    const { http, logger } = setup();
    await expect(http.get('/missing')).rejects.toThrow();
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe("the browser's own XHR adapter", () => {
  afterEach(() => {
    jest.restoreAllMocks();
    delete (window as { cookieStore?: unknown }).cookieStore;
  });

  it('sends at once, timed by the XHR itself: no XSRF cookie read from the cookieStore first (nor a page timer around it)', async () => {
    // a browser with the asynchronous cookieStore (Chromium) whose read has not answered yet
    const get = jest.fn(() => new Promise<never>(() => {}));
    Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
    const sent: XMLHttpRequest[] = [];
    jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function record(this: XMLHttpRequest) {
      sent.push(this);
    });
    const http = createHttp({ getToken: () => 'tok', getAppKey: () => DEFAULT_APP_KEY, logger: { warn: jest.fn() } });
    void http.post('/api/auth/renew', {}).catch(() => undefined);
    for (let turn = 0; turn < 10 && sent.length === 0; turn += 1) await Promise.resolve();
    expect(get).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.timeout).toBe(TIMEOUTS.clientMs);
  });
});
