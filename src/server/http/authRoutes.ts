/** SPEC §7 auth calls: POST /api/auth, GET /api/auth/user, POST /api/auth/renew, POST /api/auth/signout. */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '../../common/apiMessages';
import { RENEWAL_KEY_PATTERN, RENEWAL_REPLAY_MS, SERVER_IDLE_LIMIT_MS, SESSION } from '../../common/constants';
import type { Envelope, Session, SessionIdentity, SignInPayload } from '../../common/types';
import type { SessionRow } from '../db/schema';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { sameSecret } from '../security/codes';
import { InvalidTokenError, verifyToken, verifyTokenCached } from '../security/tokens';
import {
  consumeTemporaryPassword,
  findSessionWithUser,
  findUserByUserName,
  identityOf,
  insertSession,
  revokeSession,
  revokeSessionAndRenewals,
  upgradePasswordHash,
} from '../services/auth/repository';
import { expiryFor, issueToken, startSession } from '../services/auth/sessions';
import { authenticate, bearerToken, isKnownAppKey, requireAppKey, sessionRefusal } from './authenticate';
import type { AppContext } from './context';
import { HttpError } from './errors';

const signInSchema = {
  type: 'object',
  required: ['username', 'password', 'appKey'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    // argon2 cost does not depend on length, but a cap keeps request handling cheap
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    appKey: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

const renewSchema = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        lastActivityAt: { type: 'number' },
        // the same for every renewal of one token (RENEWAL_REPLAY_MS); absent: a renewal that cannot be repeated
        renewalKey: { type: 'string', pattern: RENEWAL_KEY_PATTERN },
      },
    },
  ],
} as const;

interface RenewBody {
  lastActivityAt?: number;
  renewalKey?: string;
}

const hashOfRenewalKey = (key: string): string => createHash('sha256').update(key).digest('base64url');

/**
 * A renewal asked again (its answer was lost on the way, so the browser still holds the old token,
 * or another tab sent the same renewal at the same moment): the same token with the same renewal
 * key, within RENEWAL_REPLAY_MS of the renewal and before the old token's own expiry, while the
 * session that renewal started is still live, gets that session's token again. The window grants
 * nothing the old token did not: it ends with that token's life. Anything else is null, and the
 * request goes on as a renewal of its own (which refuses a replaced token).
 */
async function repeatedRenewal(ctx: AppContext, token: string, renewalKey: string): Promise<Envelope<Session> | null> {
  // after authenticate() refused the token: other processes' commits already seen, the token's
  // verification cached
  const now = ctx.clock();
  let verified;
  try {
    verified = await verifyTokenCached(token, ctx.config.tokenSecret, now);
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
  const old = (await findSessionWithUser(ctx.db, verified.sessionId))?.session;
  if (!old || old.user_id !== verified.userId || old.revoked_at === null || old.replaced_by === null || old.renewal_key_hash === null) return null;
  if (now - Number(old.revoked_at) > RENEWAL_REPLAY_MS) return null;
  if (!sameSecret(hashOfRenewalKey(renewalKey), old.renewal_key_hash)) return null;
  const successor = await findSessionWithUser(ctx.db, old.replaced_by);
  if (!successor?.user || sessionRefusal(successor.session, verified.userId, now)) return null;
  // the token is a function of the session row (security/tokens.ts): the very token the lost answer held
  const renewed = await issueToken(ctx.config, successor.session);
  return { body: { token: renewed, ...(await identityOf(ctx.db, successor.user)) } };
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Body: SignInPayload }>('/api/auth', { schema: { body: signInSchema } }, async (request, reply) => {
    const { username, password, appKey } = request.body;
    if (!isKnownAppKey(ctx, appKey)) throw new HttpError(401, API_MESSAGES.unknownAppKey);

    const now = ctx.clock();
    const verdict = await ctx.throttle.check(username, request.ip, now);
    if (verdict.limited) {
      throw new HttpError(429, API_MESSAGES.throttled(verdict.retryAfterSeconds), {
        'retry-after': String(verdict.retryAfterSeconds),
      });
    }

    const user = await findUserByUserName(ctx.db, username);
    // an unknown user costs one argon2 verification too, so both failures take the same time
    // an imported user without a password yet has a hash that never verifies: it costs the same too
    const hasPassword = user?.password_hash.startsWith('$argon2') === true;
    const verified = await verifyPassword(hasPassword && user ? user.password_hash : await dummyHash(ctx.config.passwordHashing), password);
    const ok = hasPassword && verified;
    // a deactivated account gets the same answer as a wrong password: its password is not confirmed
    if (!user || !ok || user.deactivated_at !== null) {
      await ctx.throttle.recordFailure(username, request.ip, now);
      request.log.info({ userName: username.slice(0, 200) }, 'sign-in failed');
      throw new HttpError(401, API_MESSAGES.badCredentials);
    }
    // a temporary password signs in once, before it expires; saying so after the right password
    // tells nothing to someone who does not know it
    if (Number(user.must_change_password) === 1 && !(await consumeTemporaryPassword(ctx.db, user.id, user.password_hash, now))) {
      await ctx.throttle.recordFailure(username, request.ip, now);
      request.log.info({ userId: user.id }, 'sign-in refused: temporary password used or expired');
      throw new HttpError(401, API_MESSAGES.temporaryPasswordSpent);
    }
    await ctx.throttle.recordSuccess(username);
    if (needsRehash(user.password_hash, ctx.config.passwordHashing)) {
      // the hashing parameters changed since this password was stored: store it at today's
      // (only if nobody changed the password meanwhile)
      const upgraded = await hashPassword(password, ctx.config.passwordHashing);
      await upgradePasswordHash(ctx.db, user.id, user.password_hash, upgraded);
      request.log.info({ userId: user.id }, 'password hash upgraded to the current parameters');
    }

    const started = await startSession(ctx.db, ctx.config, user.id, appKey, now);
    if (!started) throw new HttpError(401, API_MESSAGES.badCredentials);
    request.log.info({ userId: user.id, sessionId: started.row.id }, 'signed in');
    try {
      await ctx.housekeeping?.maybeRun(now);
    } catch (error) {
      request.log.warn({ err: error }, 'housekeeping failed');
    }
    const body: Envelope<Session> = { body: started.session };
    return reply.code(200).send(body);
  });

  app.get('/api/auth/user', async (request) => {
    requireAppKey(ctx, request);
    const { identity } = await authenticate(ctx, request, { temporaryPassword: 'allowed' });
    const body: Envelope<SessionIdentity> = { body: identity };
    return body;
  });

  app.post<{ Body: RenewBody | null | undefined }>('/api/auth/renew', { schema: { body: renewSchema } }, async (request) => {
    requireAppKey(ctx, request);
    const renewalKey = request.body?.renewalKey;
    const presented = bearerToken(request);
    let authenticated;
    try {
      // the session lives on while the student types a new password
      authenticated = await authenticate(ctx, request, { temporaryPassword: 'allowed' });
    } catch (error) {
      // a replaced token is refused; with its renewal's key, the renewal may be asked again
      const repeated = error instanceof HttpError && error.statusCode === 401 && renewalKey !== undefined && presented ? await repeatedRenewal(ctx, presented, renewalKey) : null;
      if (!repeated) throw error;
      request.log.info('a renewal asked again: its token sent again');
      return repeated;
    }
    const { session: old, identity } = authenticated;
    const now = ctx.clock();
    // the learner's last activity as the SPA reports it, clamped to now and never earlier than
    // what the session already knows; no report (the store action auth/renew, Stay Signed In's
    // older clients) counts as activity now
    const reported = request.body?.lastActivityAt;
    const lastActivityAt =
      typeof reported === 'number' && Number.isFinite(reported)
        ? Math.min(Math.max(reported, Number(old.last_activity_at)), now)
        : now;
    if (now - lastActivityAt > SERVER_IDLE_LIMIT_MS) throw new HttpError(401, API_MESSAGES.sessionIdle);
    const absoluteExpiresAt = Number(old.absolute_expires_at);
    const expiresAt = expiryFor(now, ctx.config.tokenLifetimeMs, absoluteExpiresAt, lastActivityAt);
    // near the absolute lifetime (or the idle limit) no new token is issued: one with a minute or
    // less left would be logged out by the SPA at once (SPEC §4 session check)
    if (expiresAt - now <= SESSION.logoutWhenRemainingMs) {
      const idleFirst = lastActivityAt + SERVER_IDLE_LIMIT_MS < absoluteExpiresAt;
      throw new HttpError(401, idleFirst ? API_MESSAGES.sessionIdle : API_MESSAGES.sessionTooOld);
    }

    const next: SessionRow = {
      id: randomUUID(),
      user_id: old.user_id,
      app_key: old.app_key,
      created_at: now,
      last_activity_at: lastActivityAt,
      expires_at: expiresAt,
      absolute_expires_at: absoluteExpiresAt,
      revoked_at: null,
      replaced_by: null,
      renewal_key_hash: null,
    };
    const replacement = { by: next.id, renewalKeyHash: renewalKey === undefined ? null : hashOfRenewalKey(renewalKey) };
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await insertSession(trx, next);
        // a concurrent renewal of the same token may have won: then this one must not count
        if (!(await revokeSession(trx, old.id, now, replacement))) throw new HttpError(401, API_MESSAGES.invalidSession);
      });
    } catch (error) {
      // the winner carried the same key (another tab of this sign-in, or this tab's own retry that
      // overtook a slow first attempt): its token is this renewal's answer too, not a 401
      const winner = error instanceof HttpError && renewalKey !== undefined && presented ? await repeatedRenewal(ctx, presented, renewalKey) : null;
      if (!winner) throw error;
      request.log.info('a renewal that lost a race to the same renewal: the winner\'s token sent');
      return winner;
    }
    const token = await issueToken(ctx.config, next);
    const body: Envelope<Session> = { body: { token, ...identity } };
    return body;
  });

  app.post('/api/auth/signout', async (request, reply) => {
    // best effort: an expired or unknown token still gets 204, never an error
    const token = bearerToken(request);
    if (token) {
      try {
        const now = ctx.clock();
        const payload = await verifyIgnoringExpiry(ctx, token);
        if (payload) {
          // with the renewals it led to: a token whose renewal answer was lost still signs the learner out
          await revokeSessionAndRenewals(ctx.db, payload.sessionId, payload.userId, now);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'sign-out could not revoke the session');
      }
    }
    return reply.code(204).send();
  });
}

/** Signature-checked claims of a token that may have expired; null when not genuine. */
async function verifyIgnoringExpiry(ctx: AppContext, token: string): Promise<{ userId: number; sessionId: string } | null> {
  try {
    // checked "at the epoch": signature, algorithm, issuer and audience still count; expiry does not
    return await verifyToken(token, ctx.config.tokenSecret, 0);
  } catch {
    return null;
  }
}
