/** toRequestError: what a page keeps of a failed call, as a table. */
import { ApiError } from '../../../../src/client/api/apiProblem';
import { toRequestError } from '../../../../src/client/lib/requestError';

describe('toRequestError', () => {
  it.each([
    ['a server answer keeps its status', new ApiError({ kind: 'client', status: 400, message: 'Your current password is not right.' }), { status: 400, message: 'Your current password is not right.' }],
    ['a 404 keeps its status', new ApiError({ kind: 'client', status: 404, message: 'Not found' }), { status: 404, message: 'Not found' }],
    ['a server error keeps its status', new ApiError({ kind: 'server', status: 503, message: 'Unavailable' }), { status: 503, message: 'Unavailable' }],
    ['no answer has no status', new ApiError({ kind: 'network', message: 'Network Error' }), { message: 'Network Error' }],
    ['a timeout has no status', new ApiError({ kind: 'timeout', message: 'timeout of 17000ms exceeded' }), { message: 'timeout of 17000ms exceeded' }],
    ['a thrown Error is its message', new Error('The server answered without a valid session'), { message: 'The server answered without a valid session' }],
    ['anything else is its text', 'boom', { message: 'boom' }],
  ])('%s', (_name, error, expected) => {
    const result = toRequestError(error);
    expect(result).toEqual(expected);
    // no `status: undefined` key: the state stays as it was, key for key
    expect(Object.keys(result)).toEqual(Object.keys(expected));
  });
});
