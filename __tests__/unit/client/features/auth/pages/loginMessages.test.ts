/** A failed sign-in's ApiProblem → what kind of failure it was → the words the sign-in page shows. */
import type { ApiProblem } from '../../../../../../src/client/api/apiProblem';
import { signInErrorMessage, signInFailureKind, type SignInFailureKind } from '../../../../../../src/client/features/auth/pages/loginMessages';
import { API_MESSAGES } from '../../../../../../src/common/apiMessages';

const CREDENTIALS = 'Your user name or password is incorrect. Please check them and try again.';
const lockedOut = (wait: string) => `Too many sign-in attempts. For your security, please wait ${wait} and try again.`;
const UNREACHABLE = "We can't reach Cashwise right now. Check your internet connection and try again in a moment.";
const SERVER_ERROR =
  'Cashwise has a problem on its side right now, so you could not be signed in. Please try again in a few minutes. If it keeps happening, tell your teacher or contact support.';
const APP_KEY = 'This copy of Cashwise is not recognised by the server. Please tell your teacher or contact support.';

describe('signInFailureKind and signInErrorMessage', () => {
  it.each<[string, ApiProblem, SignInFailureKind, string]>([
    ['401 wrong user name or password', { kind: 'unauthorized', status: 401, message: API_MESSAGES.badCredentials }, 'credentials', CREDENTIALS],
    ['400 a request the server refused', { kind: 'client', status: 400, message: "body must have required property 'username'" }, 'credentials', CREDENTIALS],
    [
      '401 a temporary password used or expired: the server says so',
      { kind: 'unauthorized', status: 401, message: API_MESSAGES.temporaryPasswordSpent },
      'temporaryPasswordSpent',
      'This temporary password has already been used or has expired. Ask your teacher for a new one.',
    ],
    ['401 unknown app key', { kind: 'unauthorized', status: 401, message: API_MESSAGES.unknownAppKey }, 'appKey', APP_KEY],
    ['400 an app key the schema refused', { kind: 'client', status: 400, message: 'body/appKey must NOT have fewer than 1 characters' }, 'appKey', APP_KEY],
    ['400 an "app key" named in words', { kind: 'client', status: 400, message: 'Missing app key' }, 'appKey', APP_KEY],
    ['429 with Retry-After 300 s', { kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 300 }, 'lockedOut', lockedOut('5 minutes')],
    ['429 with Retry-After 30 s (rounded up)', { kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 30 }, 'lockedOut', lockedOut('1 minute')],
    ['429 with Retry-After 3600 s', { kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 3600 }, 'lockedOut', lockedOut('60 minutes')],
    ['429 without Retry-After', { kind: 'client', status: 429, message: 'Too many' }, 'lockedOut', lockedOut('a few minutes')],
    ['500', { kind: 'server', status: 500, message: API_MESSAGES.serverError }, 'serverError', SERVER_ERROR],
    ['503 database unavailable', { kind: 'server', status: 503, message: 'down' }, 'serverError', SERVER_ERROR],
    ['an answer without a session', { kind: 'server', status: 200, message: 'The server answered without a valid session' }, 'serverError', SERVER_ERROR],
    ['timeout', { kind: 'timeout', message: 'timeout of 15000ms exceeded' }, 'unreachable', UNREACHABLE],
    ['network', { kind: 'network', message: 'Network Error' }, 'unreachable', UNREACHABLE],
    ['403 another refusal: its own message', { kind: 'client', status: 403, message: 'This account is disabled.' }, 'unknown', 'This account is disabled.'],
    ['a thrown error: its message', { kind: 'client', message: 'Boom' }, 'unknown', 'Boom'],
    ['a thrown error without a message', { kind: 'client', message: '' }, 'unknown', 'Something went wrong while signing in. Please try again.'],
  ])('%s', (_label, problem, kind, words) => {
    expect(signInFailureKind(problem)).toBe(kind);
    expect(signInErrorMessage(problem)).toBe(words);
  });
});
