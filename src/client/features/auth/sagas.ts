/**
 * Auth side effects (SPEC §4, §7, §8): sign-in, start-up validation, renewal, session end and the
 * route guard's refusals. All I/O goes through the shared API saga; time, storage, navigation and
 * logging come from the saga context.
 *
 * Flow:  signInRequested → POST /api/auth → auth:session:start → auth:ready + navigate(redirect)
 *        auth/validate   → GET /api/auth/user → validated + auth:ready (or signed out)
 *        auth/renew      → auth:session:renew → POST /api/auth/renew → auth:session:renewed
 *        auth:session:end → clear cc:auth, loggedOut, best-effort sign-out call, /login
 *        another tab signs in while this one is on /login → signInSucceeded + auth:session:start
 * The session timer will fork on auth:ready and be cancelled on auth:session:end.
 */
import type { EventChannel, SagaIterator } from 'redux-saga';
import { all, call, put, race, select, spawn, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { RENEWAL_RETRY_DELAYS_MS, TIMEOUTS } from '../../../common/constants';
import { SESSION_MESSAGES } from '../../../common/sessionMessages';
import { loginPathFor } from '../../../common/redirect';
import { landingPath } from '../../app/access';
import { isTokenExpired } from '../../../common/token';
import type { Session, SessionIdentity } from '../../../common/types';
import { callApi, callApiAnswer, unwrapBody, type ApiAnswer } from '../../api/apiSaga';
import { ApiError, problemRaised, toApiProblem, type ApiProblem } from '../../api/apiProblem';
import { getCurrentPath, getLogger, getNavigate, getRenewals, getStorage, now, wait, type SagaContext } from '../../app/sagaContext';
import { adoptStoredRenewal } from './adopt';
import { authReady, sessionEnd, sessionRenew, sessionRenewed, sessionStart, type SessionEndReason } from './events';
import { renewalKeyFor, startRenewalKey } from './renewalKey';
import { renewalSettledInEveryTab, withRenewalLock } from './renewalLock';
import { serverNow } from './serverClock';
import { selectAuthStatus, selectEndReason, selectIsAuthenticated, selectServerOffsetMs, selectSession } from './selectors';
import {
  guardDenied,
  identityLoaded,
  loggedOut,
  profileUpdated,
  renew,
  schoolSignInRequested,
  signInFailed,
  signInRequested,
  signInSucceeded,
  validate,
  validated,
  temporaryPasswordReplaced,
} from './slice';
import {
  clearStoredSession,
  getAppKey,
  isStoredSessionIdle,
  normalizeSession,
  readLastActivity,
  readRawStoredSession,
  readStoredSession,
  sessionExpiry,
  updateStoredSession,
  writeLastActivity,
  writeStoredSession,
} from './storage';
import { createStoredSessionChannel, tabEventTarget, type StoredSessionChange, type TabEventTarget } from './storedSessionChannel';
import type { TokenRenewals } from './tokenRenewals';
import { forgetTabMemory } from '../../lib/tabMemory';
import { schoolProvidersSaga, schoolProvidersWanted } from './schoolSignIn';

type Logger = SagaContext['logger'];
type Navigate = SagaContext['navigate'];

/**
 * A session answer that has no usable token: the server answered, but not with a session, so it is
 * the server's problem (the sign-in page says so), never the student's user name or password.
 */
class InvalidSessionError extends ApiError {
  constructor(status: number) {
    super({ kind: 'server', status, message: 'The server answered without a valid session' });
    this.name = 'InvalidSessionError';
  }
}

/** A session from the server's answer, with its expiry; throws when the token is unusable. */
function sessionFrom({ status, data }: ApiAnswer<unknown>, base?: Session | null): { session: Session; expiresAt: number } {
  const received = unwrapBody<unknown>(data);
  // the answer's identity says whether a temporary password is still in force, not the old session
  const merged = base && received && typeof received === 'object' ? { ...base, mustChangePassword: undefined, helpBufferOff: undefined, ...received } : received;
  const session = normalizeSession(merged);
  if (!session) throw new InvalidSessionError(status);
  const expiresAt = sessionExpiry(session);
  if (!expiresAt) throw new InvalidSessionError(status);
  return { session, expiresAt };
}

// ───────────────────────────── sign-in ─────────────────────────────

export function* signInSaga(action: ReturnType<typeof signInRequested>): SagaIterator {
  const { username, password, redirect } = action.payload;
  const storage: Storage = yield call(getStorage);
  yield call(signInWith, '/api/auth', { username, password, appKey: getAppKey(storage) }, redirect ?? null);
}

/**
 * A school sign-in (docs/sso.md): back from the provider, the page trades its one-use hand-off at
 * POST /api/auth/sso for the same session a password gives, which then goes the same way: cc:auth,
 * auth:session:start, auth:ready and the redirect the sign-in started with.
 */
export function* schoolSignInSaga(action: ReturnType<typeof schoolSignInRequested>): SagaIterator {
  const storage: Storage = yield call(getStorage);
  yield call(signInWith, '/api/auth/sso', { handoff: action.payload.handoff, appKey: getAppKey(storage) }, undefined);
}

/** The sign-in call and what follows it; `redirect` undefined: the one the answer names. */
function* signInWith(url: string, data: object, redirect: string | null | undefined): SagaIterator {
  const storage: Storage = yield call(getStorage);
  const logger: Logger = yield call(getLogger);
  try {
    const answer: ApiAnswer<unknown> = yield call(callApiAnswer, {
      method: 'POST',
      url,
      data,
      timeoutMs: TIMEOUTS.signInMs,
      token: null,
      endSessionOnAuthFailure: false,
      learnServerClock: true,
    });
    const { session, expiresAt } = sessionFrom(answer);
    const answered = (answer.data as { redirect?: unknown } | null)?.redirect;
    const target = redirect !== undefined ? redirect : typeof answered === 'string' ? answered : null;
    startRenewalKey(storage);
    writeStoredSession(storage, session);
    const signedInAt: number = yield call(now);
    writeLastActivity(storage, signedInAt);
    yield put(signInSucceeded({ session, expiresAt }));
    yield put(sessionStart({ session, expiresAt, redirect: target }));
  } catch (error) {
    const problem = toApiProblem(error);
    logger.error('Sign-in failed', problem);
    clearStoredSession(storage);
    const time: number = yield call(now);
    yield put(loggedOut({ now: time }));
    yield put(signInFailed(problem));
  }
}

/**
 * SPEC S4.03: the start event causes the ready event and the redirect. S2.15: the redirect address
 * when one was given, else /app (for staff too: Home opens with their workspaces).
 */
export function* sessionStartSaga(action: ReturnType<typeof sessionStart>): SagaIterator {
  yield put(authReady());
  if ('redirect' in action.payload) {
    const navigate: Navigate = yield call(getNavigate);
    navigate(landingPath(action.payload.redirect), { replace: true });
  }
}

// ───────────────────────────── start-up validation ─────────────────────────────

/**
 * SPEC S4.08, S8.07, S8.08: with a stored, unexpired token, GET /api/auth/user. A 401 signs out
 * (valid false); any other error is not a rejection, the user stays signed in. No token: signed out.
 */
export function* validateSaga(): SagaIterator<boolean> {
  const storage: Storage = yield call(getStorage);
  const logger: Logger = yield call(getLogger);
  const time: number = yield call(now);

  // Idle for over 30 minutes (e.g. the browser was closed and the next student
  // opened it): ended before anything is shown — the store started signed out — with reason idle.
  if (isStoredSessionIdle(storage, time)) {
    logger.info('Stored session idle for over 30 minutes: ended at start-up');
    yield put(validated({ valid: false }));
    yield put(sessionEnd({ reason: 'idle' }));
    return false;
  }

  // the token's exp is the server's time (the offset this browser learned last, from the store)
  const serverTime: number = yield call(serverNow);
  const stored = readStoredSession(storage, serverTime);

  if (!stored) {
    clearStoredSession(storage);
    yield put(loggedOut({ now: time }));
    yield put(validated({ valid: false }));
    return false;
  }

  try {
    // A session ended while the check is on its way (e.g. /signout opened directly) stays ended:
    // the answer must not write the old session back.
    const { data, ended }: { data?: unknown; ended?: unknown } = yield race({
      data: call(callApi, {
        method: 'GET',
        url: '/api/auth/user',
        timeoutMs: TIMEOUTS.validationMs,
        token: stored.token,
        endSessionOnAuthFailure: false,
        learnServerClock: true,
      }),
      ended: take(sessionEnd),
    });
    if (ended) {
      yield put(validated({ valid: false }));
      return false;
    }
    const identity = unwrapBody<Partial<SessionIdentity> | null>(data);
    // the server's identity, a temporary password in force or not included, over the stored one
    const fresh = identity ? { ...stored, mustChangePassword: undefined, helpBufferOff: undefined, ...identity } : stored;
    const session = normalizeSession({ ...fresh, token: stored.token }) ?? stored;
    writeStoredSession(storage, session);
    const { user, clients, permissions, mustChangePassword, helpBufferOff } = session;
    yield put(identityLoaded({ user, clients, permissions, ...(mustChangePassword ? { mustChangePassword } : {}), ...(helpBufferOff ? { helpBufferOff } : {}) }));
    yield put(validated({ valid: true }));
    yield put(authReady());
    return true;
  } catch (error) {
    const problem = toApiProblem(error);
    if (problem.kind === 'unauthorized') {
      // another tab renewed the stored token while this one checked it (that renewal revoked it):
      // its token, in cc:auth, is this session's, once that renewal is done (Web Locks). Clearing
      // cc:auth would sign every tab out.
      yield call(renewalSettledInEveryTab);
      const adopted: string | null = yield call(adoptStoredRenewal);
      // or this tab already holds it: a request of its own, refused for the same token while the
      // check was on its way, adopted it first (api/apiSaga.ts); nothing is left to adopt then
      const holding: Session | null = yield select(selectSession);
      if (adopted || (holding?.token && holding.token !== stored.token)) {
        logger.info('Session validation met a token another tab had just renewed: its renewal adopted');
        yield put(validated({ valid: true }));
        yield put(authReady());
        return true;
      }
      logger.warn('Session validation rejected', problem);
      clearStoredSession(storage);
      const later: number = yield call(now);
      yield put(loggedOut({ now: later }));
      yield put(validated({ valid: false }));
      return false;
    }
    // S8.07: not a rejection; keep the stored session.
    logger.warn('Session validation could not reach the server', problem);
    yield put(validated({ valid: true }));
    yield put(authReady());
    return true;
  }
}

// ───────────────────────────── renewal ─────────────────────────────

/** `auth/renew` (the store action) raises the spec event `auth:session:renew`. */
function* renewRequested(): SagaIterator {
  yield put(sessionRenew());
}

/** A renewal that got no answer may have renewed all the same: ask again (same token, same key). */
const answerMayBeLost = (problem: ApiProblem): boolean => problem.kind === 'network' || problem.kind === 'timeout' || problem.kind === 'server';

/**
 * SPEC S4.05, S7.04: POST /api/auth/renew, the answer replaces session and expiry and is stored.
 * S8.09 / S4.17: a failure is logged, state unchanged, error alert 'Authentication'.
 *
 * Every renewal of one sign-in carries the same renewal key, in every tab (renewalKey.ts). A renewal
 * that got no answer (network, timeout, 5xx) is asked again after RENEWAL_RETRY_DELAYS_MS, then
 * every last delay, until an answer comes or the old token has expired: if the server had renewed,
 * the same key gets the same new token (for RENEWAL_REPLAY_MS, which spans the renewal margin), so
 * a lost answer does not sign the student out, even after minutes without Wi-Fi; nor does another
 * tab's renewal of the same token sent at the same moment. Requests refused meanwhile for the old
 * token wait for this renewal (TokenRenewals) instead of ending the session. The waits go through
 * the saga context's `delay` (virtual time in tests). Only when it gives up is the renewal a failure.
 */
export function* renewSaga(action: ReturnType<typeof sessionRenew>): SagaIterator<boolean> {
  const asked: Session | null = yield select(selectSession);
  // one tab renews at a time (Web Locks): a tab that waited finds the other's token in cc:auth and
  // adopts it below without a request of its own
  return (yield call(withRenewalLock, () => renewHoldingLock(action, asked?.token ?? null))) as boolean;
}

function* renewHoldingLock(action: ReturnType<typeof sessionRenew>, askedFor: string | null): SagaIterator<boolean> {
  const storage: Storage = yield call(getStorage);
  const logger: Logger = yield call(getLogger);
  const current: Session | null = yield select(selectSession);
  // while this tab waited for the lock, the token it was asked to renew was replaced (another tab's
  // renewal, adopted from its storage event) or the session ended: nothing is left to renew
  if (askedFor && current?.token !== askedFor) return current !== null;
  // which token replaced which, and the renewal under way: requests refused meanwhile for the token
  // being renewed wait for it (apiSaga.ts callApi)
  const renewals: TokenRenewals | undefined = yield call(getRenewals);
  try {
    if (!current?.token) throw new Error(SESSION_MESSAGES.tokenIsNull);
    // Another tab may have renewed already (its storage event not seen yet): adopt
    // its newer token instead of renewing ours, which that renewal revoked.
    const adopted: string | null = yield call(adoptStoredRenewal);
    if (adopted) return true;
    // The server caps the new token at last activity + 30 min (+ slack); report the
    // latest activity of any tab (cc:lastActivity) or the one the timer passed, whichever is later.
    const reported = [action.payload?.lastActivityAt, readLastActivity(storage)].filter(
      (value): value is number => typeof value === 'number',
    );
    // the server compares it with its own clock: sent in server time (the activity itself is local)
    const offset: number = yield select(selectServerOffsetMs);
    const lastActivityAt = reported.length > 0 ? Math.max(...reported) + offset : undefined;
    const renewalKey = renewalKeyFor(current.token, storage, renewals);
    const settled = renewals?.begin(current.token);
    try {
      let answer: ApiAnswer<unknown>;
      for (let attempt = 0; ; attempt += 1) {
        try {
          answer = yield call(callApiAnswer, {
            method: 'POST',
            url: '/api/auth/renew',
            data: { ...(lastActivityAt !== undefined ? { lastActivityAt } : {}), renewalKey },
            token: current.token,
            endSessionOnAuthFailure: false,
            learnServerClock: true,
          });
          break;
        } catch (error) {
          const problem = toApiProblem(error);
          // refused: another tab may have renewed this token while we asked (the server revoked it
          // then). Its token is adopted (before this renewal settles, for the requests waiting on it)
          if (problem.kind === 'unauthorized') {
            const holding: Session | null = yield select(selectSession);
            if (holding && holding.token !== current.token) return true;
            const adoptedMeanwhile: string | null = yield call(adoptStoredRenewal);
            if (adoptedMeanwhile) return true;
          }
          const pause: number = RENEWAL_RETRY_DELAYS_MS[Math.min(attempt, RENEWAL_RETRY_DELAYS_MS.length - 1)]!;
          const time: number = yield call(now);
          // past its expiry the old token cannot be renewed, nor its lost renewal asked again
          if (!answerMayBeLost(problem) || isTokenExpired(current.token, time + pause)) throw error;
          logger.warn('Session renewal got no answer: asking again', problem);
          yield call(wait, pause);
          // signed out meanwhile, or another tab's renewal adopted: nothing left to renew
          const holding: Session | null = yield select(selectSession);
          if (holding?.token !== current.token) return holding !== null;
        }
      }
      const { session, expiresAt } = sessionFrom(answer, current);
      updateStoredSession(storage, () => session, logger);
      renewals?.replaced(current.token, session.token);
      yield put(sessionRenewed({ session, expiresAt }));
      return true;
    } finally {
      // after the new token is in the store, so a waiting request finds it there
      settled?.();
    }
  } catch (error) {
    const problem = toApiProblem(error);
    logger.error(SESSION_MESSAGES.renewFailedDetail, problem);
    yield put(problemRaised(problem, { summary: SESSION_MESSAGES.renewFailedSummary, detail: SESSION_MESSAGES.renewFailedDetail }));
    return false;
  }
}

// ───────────────────────────── session end ─────────────────────────────

/** Where a session end lands (SPEC S4.11, S2.13). */
export function loginTarget(reason: ReturnType<typeof sessionEnd>['payload']['reason'], redirect: string | null): string {
  if (reason === 'guard' || reason === 'otherTab') return redirect ? loginPathFor(redirect) : '/login';
  if (reason === 'idle' || reason === 'expired') {
    const query = new URLSearchParams({ reason });
    if (redirect) query.set('redirect', redirect);
    return `/login?${query.toString()}`;
  }
  return '/login';
}

/** Session ends after which signing in again returns to the page the learner was on. */
const CARRIES_REDIRECT = new Set<SessionEndReason>(['idle', 'expired', 'otherTab']);

/** Best effort: the server revokes the old token; any failure is ignored. */
function* revokeToken(token: string): SagaIterator {
  try {
    const time: number = yield call(serverNow);
    if (isTokenExpired(token, time)) return;
    yield call(callApi, { method: 'POST', url: '/api/auth/signout', token, endSessionOnAuthFailure: false });
  } catch {
    // ignored: the token is gone from this computer either way
  }
}

/** SPEC S4.11: clear cc:auth (and the tab's drafts), commit the logout, go to /login. */
export function* sessionEndSaga(action: ReturnType<typeof sessionEnd>): SagaIterator {
  const { reason } = action.payload;
  const storage: Storage = yield call(getStorage);
  const navigate: Navigate = yield call(getNavigate);
  // The state already dropped the session (auth:session:end reducer); the stored one has the token.
  const token = readRawStoredSession(storage)?.token ?? null;
  clearStoredSession(storage);
  // drafts kept in this tab for a reload go with the session (lib/tabMemory.ts)
  yield call(forgetTabMemory);
  const time: number = yield call(now);
  yield put(loggedOut({ now: time }));
  if (token) yield spawn(revokeToken, token);

  let redirect = action.payload.redirect ?? null;
  if (!redirect && CARRIES_REDIRECT.has(reason)) redirect = yield call(getCurrentPath);
  navigate(loginTarget(reason, redirect), { replace: true });
}

// ───────────────────────────── guard, profile, school ─────────────────────────────

/** SPEC S2.13: end a session still marked active, then /login?redirect=wanted. */
export function* guardDeniedSaga(action: ReturnType<typeof guardDenied>): SagaIterator {
  const { wanted } = action.payload;
  const storage: Storage = yield call(getStorage);
  const session: Session | null = yield select(selectSession);
  const active = Boolean(session?.token || readRawStoredSession(storage)?.token);
  if (active) {
    yield put(sessionEnd({ reason: 'guard', redirect: wanted }));
    return; // sessionEndSaga navigates to loginPathFor(wanted)
  }
  const navigate: Navigate = yield call(getNavigate);
  // The page's guard can answer after a session end that navigates itself (the router may still be
  // loading /login): aim at the same address, so the reason and the way back survive either order.
  const endReason: SessionEndReason | null = yield select(selectEndReason);
  navigate(endReason && CARRIES_REDIRECT.has(endReason) ? loginTarget(endReason, wanted) : loginPathFor(wanted), {
    replace: true,
  });
}

/** Profile and school changes are persisted to cc:auth; with none stored, 'Token is null' (S8.10). */
export function* persistSessionSaga(): SagaIterator {
  const storage: Storage = yield call(getStorage);
  const logger: Logger = yield call(getLogger);
  const session: Session | null = yield select(selectSession);
  updateStoredSession(
    storage,
    (stored) => (session ? { ...stored, user: session.user, clients: session.clients } : stored),
    logger,
  );
}

// ───────────────────────────── a sign-in in another tab ─────────────────────────────

/** A change of cc:auth seen from this tab: followed when it is a sign-in and this tab waits on /login. */
function* followIfOnSignInPage(change: StoredSessionChange, storage: Storage): SagaIterator<boolean> {
  if (change.newValue === null) return false;
  const authenticated: boolean = yield select(selectIsAuthenticated);
  const status: ReturnType<typeof selectAuthStatus> = yield select(selectAuthStatus);
  if (authenticated || status === 'signingIn') return false;
  const path: string | null = yield call(getCurrentPath);
  const address = path === null ? null : new URL(path, 'http://cashwise.invalid');
  if (!address || (address.pathname !== '/login' && address.pathname !== '/login/')) return false;
  // what cc:auth holds now (the event's value, or a later one): a usable session, as at start-up
  const time: number = yield call(now);
  const serverTime: number = yield call(serverNow);
  const session = readStoredSession(storage, serverTime);
  const expiresAt = session ? sessionExpiry(session) : 0;
  if (!session || !expiresAt || isStoredSessionIdle(storage, time)) return false;
  const logger: Logger = yield call(getLogger);
  logger.info('Signed in in another tab: this sign-in page follows');
  yield put(signInSucceeded({ session, expiresAt }));
  yield put(sessionStart({ session, expiresAt, redirect: address.searchParams.get('redirect') }));
  return true;
}

/**
 * The other way round: a tab left on the sign-in page follows a sign-in made in
 * another tab of the browser (the tabs share one session), to its own redirect, as if the student
 * had signed in there. Only from /login and not while this tab signs in itself: a tab on another
 * public page (registration, a password reset) keeps what the student is doing there. A signed-in
 * tab is the session sync's (features/session/tabs.ts): another learner's sign-in ends that session,
 * it never switches it to the other learner.
 */
export function* followSignInElsewhere(): SagaIterator {
  const target: TabEventTarget | undefined = yield call(tabEventTarget);
  if (!target) return;
  const storage: Storage = yield call(getStorage);
  const channel: EventChannel<StoredSessionChange> = yield call(createStoredSessionChannel, target, storage);
  try {
    while (true) {
      const change: StoredSessionChange = yield take(channel);
      yield call(followIfOnSignInPage, change, storage);
    }
  } finally {
    channel.close();
  }
}

export function* authSaga(): SagaIterator {
  yield all([
    // detached: whatever happens there cannot stop the sign-in, renewal or sign-out watchers
    spawn(followSignInElsewhere),
    takeLatest(signInRequested, signInSaga),
    takeLatest(schoolSignInRequested, schoolSignInSaga),
    takeLatest(schoolProvidersWanted, schoolProvidersSaga),
    takeEvery(sessionStart, sessionStartSaga),
    takeLeading(validate, validateSaga),
    takeLeading(renew, renewRequested),
    takeLeading(sessionRenew, renewSaga),
    takeEvery(sessionEnd, sessionEndSaga),
    takeLatest(guardDenied, guardDeniedSaga),
    // a school switch is written once the server has stored it (identityLoaded, profile/schoolSwitch.ts)
    takeEvery([profileUpdated, identityLoaded, temporaryPasswordReplaced], persistSessionSaga),
  ]);
}

export default authSaga;
