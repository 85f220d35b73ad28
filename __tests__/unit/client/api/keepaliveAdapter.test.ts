import { toApiProblem } from '../../../../src/client/api/apiProblem';
import { createHttp, isTimeoutError } from '../../../../src/client/api/http';
import { createKeepaliveAdapter, KEEPALIVE_MAX_BODY_BYTES } from '../../../../src/client/api/keepaliveAdapter';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../../../src/common/constants';
import { fakeServer } from '../features/harness';

interface SentRequest {
  url: string;
  init: RequestInit;
}

/** A fetch that answers `status` with `body` (JSON), or rejects / never answers. */
function fakeFetch(answer: { status: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang') {
  const sent: SentRequest[] = [];
  const impl = ((url: string, init: RequestInit) => {
    sent.push({ url, init });
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    const headers = new Map(Object.entries({ 'content-type': 'application/json; charset=utf-8', ...answer.headers }));
    return Promise.resolve({
      status: answer.status,
      statusText: String(answer.status),
      headers: { entries: () => headers.entries() },
      text: () => Promise.resolve(answer.body === undefined ? '' : JSON.stringify(answer.body)),
    });
  }) as unknown as typeof fetch;
  return { impl, sent };
}

function setup(answer: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(answer);
  const usual = fakeServer({ 'POST /api/service': { status: 200, data: { via: 'usual' } } });
  const http = createHttp({
    getToken: () => 'tok',
    getAppKey: () => DEFAULT_APP_KEY,
    logger: { warn: jest.fn() },
    adapter: usual.adapter,
    keepaliveAdapter: createKeepaliveAdapter(fetch.impl),
  });
  return { http, sent: fetch.sent, usual: usual.requests };
}

const keepalive = { fetchOptions: { keepalive: true } };

describe('calls that outlive the page (keepaliveAdapter.ts)', () => {
  it('a keepalive call is sent by fetch with keepalive, its headers and its JSON body; the answer is parsed as usual', async () => {
    const { http, sent, usual } = setup({ status: 200, body: { id: 5, version: 2 } });
    const response = await http.post('/api/service', { service: 'OneLook', method: 'PUT', path: '/budgets/5' }, keepalive);
    expect(response.data).toEqual({ id: 5, version: 2 });
    expect(usual).toHaveLength(0);
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [SentRequest];
    expect(url).toBe('/api/service');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ [APP_KEY_HEADER]: DEFAULT_APP_KEY, Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ service: 'OneLook', method: 'PUT', path: '/budgets/5' });
  });

  it('a call without keepalive goes the usual way (XHR in the browser)', async () => {
    const { http, sent, usual } = setup({ status: 200, body: {} });
    const response = await http.post('/api/service', { path: '/catalog' });
    expect(response.data).toEqual({ via: 'usual' });
    expect(sent).toHaveLength(0);
    expect(usual).toHaveLength(1);
  });

  it('a body over the browser’s keepalive quota goes the usual way', async () => {
    const { http, sent, usual } = setup({ status: 200, body: {} });
    await http.post('/api/service', { payload: 'x'.repeat(KEEPALIVE_MAX_BODY_BYTES) }, keepalive);
    expect(sent).toHaveLength(0);
    expect(usual).toHaveLength(1);
  });

  it.each([
    [409, 'client', 'This budget was changed elsewhere.'],
    [401, 'unauthorized', 'You are not signed in.'],
    [503, 'server', 'The database is not reachable.'],
  ])('an answer %p rejects as axios does, read by the API saga as %p with the server’s message', async (status, kind, message) => {
    const { http } = setup({ status, body: { message }, headers: { 'retry-after': '7' } });
    const error: unknown = await http.post('/api/service', {}, keepalive).catch((e: unknown) => e);
    expect(toApiProblem(error)).toEqual({ kind, status, message, retryAfterSeconds: 7 });
  });

  it('no answer at all is a network problem', async () => {
    const { http } = setup('network');
    const error: unknown = await http.post('/api/service', {}, keepalive).catch((e: unknown) => e);
    expect(toApiProblem(error).kind).toBe('network');
  });

  it('a call that takes longer than its timeout is aborted and reads as a timeout', async () => {
    jest.useFakeTimers();
    try {
      const { http, sent } = setup('hang');
      const pending = http.post('/api/service', {}, { ...keepalive, timeout: 3_000 }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(3_000);
      const error = await pending;
      expect(isTimeoutError(error)).toBe(true);
      expect(toApiProblem(error).kind).toBe('timeout');
      expect(sent[0]?.init.signal?.aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
