/** App-key and Bearer-token checks shared by every authenticated route. */
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../common/apiMessages';
import { APP_KEY_HEADER, SERVER_IDLE_LIMIT_MS } from '../../common/constants';
import type { SessionIdentity } from '../../common/types';
import { seeOtherConnections } from '../db/changes';
import type { SessionRow } from '../db/schema';
import { sameSecret, sha256 } from '../security/codes';
import { InvalidTokenError, verifyTokenCached } from '../security/tokens';
import { findSessionWithUser, identityOf } from '../services/auth/repository';
import type { AppContext } from './context';
import { HttpError } from './errors';

export interface Authenticated {
  session: SessionRow;
  identity: SessionIdentity;
}

export function isKnownAppKey(ctx: AppContext, appKey: unknown): appKey is string {
  return typeof appKey === 'string' && ctx.config.appKeys.includes(appKey);
}

/** 401 unless the x-app-key header names a configured app key. */
export function requireAppKey(ctx: AppContext, request: FastifyRequest): string {
  const appKey = request.headers[APP_KEY_HEADER];
  if (!isKnownAppKey(ctx, appKey)) throw new HttpError(401, API_MESSAGES.unknownAppKey);
  return appKey;
}

/** The header a server-to-server caller puts one of SYSTEM_KEYS in. */
export const SYSTEM_KEY_HEADER = 'x-system-key';

/**
 * Is the caller a system (server-to-server) caller? Only with one of the configured SYSTEM_KEYS in
 * x-system-key: `useSystem` in a proxy body is the caller's wish, this is its proof. A browser
 * never holds a system key (app keys are public: they ship in the SPA).
 */
export function isSystemCaller(ctx: AppContext, request: FastifyRequest): boolean {
  const given = request.headers[SYSTEM_KEY_HEADER];
  if (typeof given !== 'string' || given === '' || ctx.config.systemKeys.length === 0) return false;
  // compare hashes: equal lengths, so neither the time nor an early exit tells how close a guess was
  const hashed = sha256(given);
  return ctx.config.systemKeys.some((key) => sameSecret(sha256(key), hashed));
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-_.]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Why a session row cannot serve a request at `now` for the token's user, or null when it can: not
 * revoked, not past its expiry or absolute lifetime, not idle past SERVER_IDLE_LIMIT_MS.
 */
export function sessionRefusal(session: SessionRow | undefined, userId: number, now: number): string | null {
  if (!session || session.user_id !== userId || session.revoked_at !== null || now >= Number(session.expires_at) || now >= Number(session.absolute_expires_at)) {
    return 'session not live';
  }
  // a session idle past 30 min + slack is dead here too, whatever its token says
  // (tokens issued now never outlive that, see services/auth/sessions.ts expiryFor; this covers older ones)
  if (now - Number(session.last_activity_at) > SERVER_IDLE_LIMIT_MS) return 'session idle';
  return null;
}

/**
 * The one rule for a session signed in with a temporary password (the identity carries
 * `mustChangePassword`): it reaches only what lets the user replace it — the password change, their
 * identity, session renewal and sign-out. Everything else is 403 until the password is changed, so
 * whoever handed the password out cannot use the account meanwhile. `allowed`: the caller is one of
 * those few.
 */
export function refuseWhileTemporaryPassword(identity: SessionIdentity | null | undefined, allowed: boolean): void {
  if (identity?.mustChangePassword === true && !allowed) throw new HttpError(403, API_MESSAGES.changeTemporaryPassword);
}

export interface AuthenticateOptions {
  /** the caller answers a session with a temporary password too (see refuseWhileTemporaryPassword) */
  temporaryPassword?: 'allowed';
}

/**
 * The signed-in session behind the Bearer token: signature, expiry, a live (not revoked,
 * not expired, not idle past SERVER_IDLE_LIMIT_MS) sessions row of the same user. 401 otherwise;
 * 403 for a session with a temporary password unless the caller allows it.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest, options: AuthenticateOptions = {}): Promise<Authenticated> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, request.headers.authorization ? API_MESSAGES.invalidSession : API_MESSAGES.notSignedIn);
  const now = ctx.clock();
  // the read caches (db/readCache.ts) see what other processes committed before this request came
  seeOtherConnections(ctx.db);
  try {
    // a token verified before skips the signature check, never the expiry (security/tokens.ts)
    const verified = await verifyTokenCached(token, ctx.config.tokenSecret, now);
    // the session row (and its user's) is read on every request: a revocation anywhere counts at once
    const found = await findSessionWithUser(ctx.db, verified.sessionId);
    const refusal = sessionRefusal(found?.session, verified.userId, now);
    if (refusal) throw new InvalidTokenError(refusal);
    if (!found?.user) throw new InvalidTokenError('user gone');
    const identity = await identityOf(ctx.db, found.user);
    refuseWhileTemporaryPassword(identity, options.temporaryPassword === 'allowed');
    return { session: found.session, identity };
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      request.log.info({ reason: error.message }, 'token refused');
      throw new HttpError(401, API_MESSAGES.invalidSession);
    }
    throw error;
  }
}
