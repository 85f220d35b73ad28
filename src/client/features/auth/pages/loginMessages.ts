/** What the sign-in page says for each kind of failed sign-in and for the reason a session ended. */
import { API_MESSAGES } from '../../../../common/apiMessages';
import { SESSION } from '../../../../common/constants';
import type { ApiProblem } from '../../../api/apiProblem';
import { t as activeT } from '../../../i18n';

/** The words of the language spoken: a component's `useT()`, else the active language's. */
type Translate = typeof activeT;

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

export function signInErrorMessage(problem: ApiProblem, t: Translate = activeT): string {
  switch (signInFailureKind(problem)) {
    case 'credentials':
      return t('login.error.credentials');
    case 'temporaryPasswordSpent':
      // the server's own words (not yet in the catalogs)
      return API_MESSAGES.temporaryPasswordSpent;
    case 'lockedOut':
      return problem.retryAfterSeconds
        ? t('login.error.lockedOut', { minutes: Math.max(1, Math.ceil(problem.retryAfterSeconds / 60)) })
        : t('login.error.lockedOutUnknown');
    case 'unreachable':
      return t('login.error.unreachable');
    case 'serverError':
      return t('login.error.serverError');
    case 'appKey':
      return t('login.error.appKey');
    default:
      return problem.message || t('login.error.unknown');
  }
}

/**
 * Why the last session ended, so a student at a shared computer knows where they stand: signed out by
 * themselves, by the timer, by another tab, or by the server (a password changed elsewhere, a session
 * revoked, a stored session no longer valid at start-up). None for a page that only asked to sign in.
 */
export function endReasonMessage(reason: string | null | undefined, t: Translate = activeT): string | null {
  if (reason === 'idle') return t('login.ended.idle', { minutes: IDLE_MINUTES });
  if (reason === 'expired') return t('login.ended.expired');
  if (reason === 'otherTab') return t('login.ended.otherTab');
  if (reason === 'signout') return t('login.ended.signout');
  if (reason === 'unauthorized' || reason === 'invalid') return t('login.ended.unauthorized');
  return null;
}
