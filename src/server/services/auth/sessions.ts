/**
 * Starting and ending sessions, shared by sign-in (/api/auth) and the routes that sign a learner in
 * (finishing a registration) or out everywhere (a password reset or change).
 */
import { randomUUID } from 'node:crypto';
import { SERVER_IDLE_LIMIT_MS } from '../../../common/constants';
import type { Session } from '../../../common/types';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { changed } from '../../db/changes';
import type { SessionRow } from '../../db/schema';
import { signToken } from '../../security/tokens';
import { insertSession, loadIdentity } from './repository';

/**
 * The token's expiry in whole seconds: never past the absolute lifetime, and never more than
 * SERVER_IDLE_LIMIT_MS after the last reported activity, so a forgotten session
 * dies on the server even when no browser is left to end it.
 */
export function expiryFor(now: number, lifetimeMs: number, absoluteExpiresAt: number, lastActivityAt: number): number {
  return Math.floor(Math.min(now + lifetimeMs, absoluteExpiresAt, lastActivityAt + SERVER_IDLE_LIMIT_MS) / 1000) * 1000;
}

export async function issueToken(config: Pick<Config, 'tokenSecret'>, session: SessionRow): Promise<string> {
  return signToken(
    { userId: session.user_id, sessionId: session.id, issuedAt: session.created_at, expiresAt: session.expires_at },
    config.tokenSecret,
  );
}

/** A new session row and its token, as sign-in answers it; null when the user is gone. */
export async function startSession(
  db: Db,
  config: Pick<Config, 'tokenSecret' | 'tokenLifetimeMs' | 'sessionAbsoluteMs'>,
  userId: number,
  appKey: string,
  now: number,
): Promise<{ session: Session; row: SessionRow } | null> {
  const identity = await loadIdentity(db, userId);
  if (!identity) return null;
  const absoluteExpiresAt = now + config.sessionAbsoluteMs;
  const row: SessionRow = {
    id: randomUUID(),
    user_id: userId,
    app_key: appKey,
    created_at: now,
    last_activity_at: now,
    expires_at: expiryFor(now, config.tokenLifetimeMs, absoluteExpiresAt, now),
    absolute_expires_at: absoluteExpiresAt,
    revoked_at: null,
    replaced_by: null,
    renewal_key_hash: null,
  };
  await insertSession(db, row);
  const token = await issueToken(config, row);
  return { session: { token, ...identity }, row };
}

/** Revokes every live session of the user except `keep` (null: all). Returns how many. */
export async function revokeUserSessions(db: Db, userId: number, now: number, keep: string | null = null): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  changed('sessions');
  return Number(result.numUpdatedRows);
}
