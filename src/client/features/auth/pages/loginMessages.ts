/** What the sign-in page says for each kind of failed sign-in and for the reason a session ended. */
import { API_MESSAGES } from '../../../../common/apiMessages';
import { SESSION } from '../../../../common/constants';
import { minutesToWait } from '../../../../common/plural';
import type { ApiProblem } from '../../../api/apiProblem';

const IDLE_MINUTES = Math.round(SESSION.inactivityLogoutMs / 60_000);

export type SignInFailureKind = 'credentials' | 'temporaryPasswordSpent' | 'lockedOut' | 'unreachable' | 'serverError' | 'appKey' | 'unknown';

/**
 * What a failed sign-in was, for the student: the server's 400/401 is about what was sent (the app
 * key when its message names it, or a temporary password already used or expired, else the user
 * name or password), a 429 is the lock-out, a 5xx or an
 * answer without a session is the server's fault, and no answer at all is the connection. Anything
 * else shows its own message.
 */
export function signInFailureKind(problem: ApiProblem): SignInFailureKind {
  const { status, message } = problem;
  if (status === 429) return 'lockedOut';
  // a temporary password that was right but is used or expired: the student needs a new one
  if (status === 401 && message === API_MESSAGES.temporaryPasswordSpent) return 'temporaryPasswordSpent';
  if (status === 400 || status === 401) {
    // the server's 'Unknown app key', or its schema naming the appKey field
    return /app.?key/i.test(message) ? 'appKey' : 'credentials';
  }
  if (problem.kind === 'server') return 'serverError';
  if (problem.kind === 'timeout' || problem.kind === 'network') return 'unreachable';
  return 'unknown';
}

export function signInErrorMessage(problem: ApiProblem): string {
  switch (signInFailureKind(problem)) {
    case 'credentials':
      return 'Your user name or password is incorrect. Please check them and try again.';
    case 'temporaryPasswordSpent':
      return API_MESSAGES.temporaryPasswordSpent;
    case 'lockedOut': {
      const wait = problem.retryAfterSeconds ? minutesToWait(problem.retryAfterSeconds) : 'a few minutes';
      return `Too many sign-in attempts. For your security, please wait ${wait} and try again.`;
    }
    case 'unreachable':
      return "We can't reach Cashwise right now. Check your internet connection and try again in a moment.";
    case 'serverError':
      return 'Cashwise has a problem on its side right now, so you could not be signed in. Please try again in a few minutes. If it keeps happening, tell your teacher or contact support.';
    case 'appKey':
      return 'This copy of Cashwise is not recognised by the server. Please tell your teacher or contact support.';
    default:
      return problem.message || 'Something went wrong while signing in. Please try again.';
  }
}

/**
 * Why the last session ended, so a student at a shared computer knows where they stand: signed out by
 * themselves, by the timer, by another tab, or by the server (a password changed elsewhere, a session
 * revoked, a stored session no longer valid at start-up). None for a page that only asked to sign in.
 */
export function endReasonMessage(reason: string | null | undefined): string | null {
  if (reason === 'idle') return `You were signed out after ${IDLE_MINUTES} minutes without activity.`;
  if (reason === 'expired') return 'Your session expired. Please sign in again.';
  if (reason === 'otherTab') return 'You were signed out in another tab.';
  if (reason === 'signout') return 'You have signed out.';
  if (reason === 'unauthorized' || reason === 'invalid') return 'Your session has ended. Please sign in again.';
  return null;
}
