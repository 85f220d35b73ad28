import { errorMessageOf, reportClientError, watchClientErrors } from '../../../../src/client/lib/errorLog';

describe('errorMessageOf: the message, never a stack or an object\'s fields', () => {
  it.each([
    { name: 'an Error', error: new TypeError('x is undefined'), message: 'x is undefined' },
    { name: 'an Error without a message', error: new RangeError(), message: 'RangeError' },
    { name: 'a string', error: 'Network Error', message: 'Network Error' },
    { name: 'an API problem', error: { kind: 'server', status: 500, message: 'Internal Server Error' }, message: 'Internal Server Error' },
    { name: 'a router error response', error: { status: 404, statusText: 'Not Found', data: { email: 'a@b.c' } }, message: '404 Not Found' },
    { name: 'another object', error: { email: 'ana@lincoln.edu' }, message: 'Unknown error' },
    { name: 'undefined', error: undefined, message: 'Unknown error' },
  ])('$name', ({ error, message }) => {
    expect(errorMessageOf(error)).toBe(message);
  });
});

describe('watchClientErrors', () => {
  it('hears reported errors and the window\'s uncaught errors and rejections until unwatched', () => {
    const heard: string[] = [];
    const unwatch = watchClientErrors((message) => heard.push(message));
    reportClientError(new Error('reported'));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught Error: thrown', error: new Error('thrown') }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'rejected';
    window.dispatchEvent(rejection);
    unwatch();
    reportClientError(new Error('not heard'));
    window.dispatchEvent(new ErrorEvent('error', { message: 'not heard' }));
    expect(heard).toEqual(['reported', 'thrown', 'Script error.', 'rejected']);
  });
});
