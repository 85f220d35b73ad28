/** SPEC §7 auth calls: POST /api/auth, GET /api/auth/user, POST /api/auth/renew, POST /api/auth/signout. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '../../common/apiMessages';
import { SERVER_IDLE_LIMIT_MS, SESSION } from '../../common/constants';
import type { Envelope, Session, SessionIdentity, SignInPayload } from '../../common/types';
import type { SessionRow } from '../db/schema';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { verifyToken } from '../security/tokens';
import { findSession, findUserByUserName, insertSession, revokeSession } from '../services/auth/repository';
import { expiryFor, issueToken, startSession } from '../services/auth/sessions';
import { authenticate, bearerToken, isKnownAppKey, requireAppKey } from './authenticate';
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
      properties: { lastActivityAt: { type: 'number' } },
    },
  ],
} as const;

interface RenewBody {
  lastActivityAt?: number;
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
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash(ctx.config.passwordHashing)), password);
    if (!user || !ok) {
      await ctx.throttle.recordFailure(username, request.ip, now);
      request.log.info({ userName: username.slice(0, 200) }, 'sign-in failed');
      throw new HttpError(401, API_MESSAGES.badCredentials);
    }
    await ctx.throttle.recordSuccess(username);
    if (needsRehash(user.password_hash, ctx.config.passwordHashing)) {
      // the hashing parameters changed since this password was stored: store it at today's
      // (only if nobody changed the password meanwhile)
      const upgraded = await hashPassword(password, ctx.config.passwordHashing);
      await ctx.db.updateTable('users').set({ password_hash: upgraded }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
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
    const { identity } = await authenticate(ctx, request);
    const body: Envelope<SessionIdentity> = { body: identity };
    return body;
  });

  app.post<{ Body: RenewBody | null | undefined }>('/api/auth/renew', { schema: { body: renewSchema } }, async (request) => {
    requireAppKey(ctx, request);
    const { session: old, identity } = await authenticate(ctx, request);
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
    };
    await ctx.db.transaction().execute(async (trx) => {
      await insertSession(trx, next);
      // a concurrent renewal of the same token may have won: then this one must not count
      if (!(await revokeSession(trx, old.id, now, next.id))) throw new HttpError(401, API_MESSAGES.invalidSession);
    });
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
          const session = await findSession(ctx.db, payload.sessionId);
          if (session && session.user_id === payload.userId) await revokeSession(ctx.db, session.id, now);
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
