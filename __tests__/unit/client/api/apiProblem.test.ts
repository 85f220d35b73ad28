/** toApiProblem: every failure as the one ApiProblem shape, and its message (SPEC S8.03), as tables. */
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, failureToShow, isApiProblem, problemRaised, toApiProblem, withToast, type ApiProblem } from '../../../../src/client/api/apiProblem';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
const answered = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new AxiosError(`Request failed with status code ${status}`, status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST, config, {}, {
    status,
    statusText: String(status),
    data,
    headers,
    config,
  });

describe('toApiProblem', () => {
  it.each<[string, unknown, ApiProblem]>([
    ['[S8.03] the server’s message wins', answered(400, { message: 'Your current password is not right.' }), { kind: 'client', status: 400, message: 'Your current password is not right.' }],
    ['[S8.03] no message in the answer: the error’s own', answered(404, {}), { kind: 'client', status: 404, message: 'Request failed with status code 404' }],
    ['[S8.03] an empty message counts as none', answered(400, { message: '' }), { kind: 'client', status: 400, message: 'Request failed with status code 400' }],
    ['a 401 is unauthorized', answered(401, { message: 'Sign in again' }), { kind: 'unauthorized', status: 401, message: 'Sign in again' }],
    ['a 5xx is a server problem', answered(503, { message: 'Unavailable' }), { kind: 'server', status: 503, message: 'Unavailable' }],
    ['a 429 keeps its Retry-After seconds', answered(429, { message: 'Too many' }, { 'retry-after': '7' }), { kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 7 }],
    ['a Retry-After date is not seconds', answered(429, { message: 'Too many' }, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }), { kind: 'client', status: 429, message: 'Too many' }],
    ['no answer is a network problem without a status', new AxiosError('Network Error', AxiosError.ERR_NETWORK, config), { kind: 'network', message: 'Network Error' }],
    ['a timeout has no status', new AxiosError('timeout of 17000ms exceeded', AxiosError.ECONNABORTED, config), { kind: 'timeout', message: 'timeout of 17000ms exceeded' }],
    ['an ApiError is its problem', new ApiError({ kind: 'server', status: 500, message: 'Boom' }), { kind: 'server', status: 500, message: 'Boom' }],
    ['a thrown Error is its message', new Error('The server answered without a valid session'), { kind: 'client', message: 'The server answered without a valid session' }],
    ['anything else is its text', 'boom', { kind: 'client', message: 'boom' }],
  ])('%s', (_name, error, expected) => {
    const problem = toApiProblem(error);
    expect(problem).toEqual(expected);
    // no `status: undefined` key: the state holding it stays as it was, key for key
    expect(Object.keys(problem).sort()).toEqual(Object.keys(expected).sort());
    expect(isApiProblem(problem)).toBe(true);
  });
});

describe('failureToShow', () => {
  const problem: ApiProblem = { kind: 'client', status: 404, message: 'Not here' };
  it.each<[string, unknown, ReturnType<typeof failureToShow>]>([
    ['a failure carrying the problem as payload, marked', withToast({ type: 'x/failed', payload: problem }, { summary: 'S' }), { problem, toast: { summary: 'S' } }],
    ['a failure carrying it as payload.error, marked', withToast({ type: 'x/failed', payload: { key: 'k', error: problem } }), { problem, toast: {} }],
    ['problemRaised', problemRaised(problem, { severity: 'warn' }), { problem, toast: { severity: 'warn' } }],
    ['a failure not marked stays quiet', { type: 'x/failed', payload: { error: problem } }, null],
    ['a marked action without a problem is no failure', withToast({ type: 'x/done', payload: { ok: true } }), null],
    ['a payload that only looks like one', withToast({ type: 'x/failed', payload: { kind: 'teapot', message: 'm' } }), null],
    ['not an action', undefined, null],
  ])('%s', (_name, action, expected) => {
    expect(failureToShow(action)).toEqual(expected);
  });

  it('withToast keeps the action’s type, payload and other meta', () => {
    const action = withToast({ type: 'x/failed', payload: problem, meta: { requestId: 'r1' } }, { summary: 'S' });
    expect(action).toEqual({ type: 'x/failed', payload: problem, meta: { requestId: 'r1', toast: { summary: 'S' } } });
  });
});
