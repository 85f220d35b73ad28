/**
 * Retention (SECURITY.md "What is stored and for how long"): rows that no longer serve anyone are
 * deleted — dead session rows, old outbox mail (which holds reset links and codes in the clear),
 * spent or expired reset and verification codes, and registrations never finished. Runs at most
 * once per RETENTION.intervalMs per server process, after a successful sign-in (the same DELETEs
 * from several instances are harmless). Rate and sign-in counters and recordings also clean up
 * where they are written (rateLimit.ts, throttle.ts, support.ts); this catches what is never written again.
 */
import type { Db } from '../db';
import { removed } from '../db/changes';

const DAY = 86_400_000;

export const RETENTION = {
  /** a session row is kept this long after it was revoked or reached its absolute end */
  sessionsMs: 7 * DAY,
  /** outgoing mail kept in the outbox table */
  outboxMs: 30 * DAY,
  /** reset and verification codes, and unfinished registrations, after they expired */
  expiredCodesMs: 1 * DAY,
  /** sign-in failures, rate events and anonymous support attempts (the longest configurable window) */
  countersMs: 1 * DAY,
  intervalMs: 10 * 60_000,
} as const;

export interface PurgeCounts {
  sessions: number;
  outbox: number;
  resetCodes: number;
  verificationCodes: number;
  invitations: number;
  counters: number;
}

/** Deletes everything past its retention at `now`; returns how many rows of each went. */
export async function purgeExpired(db: Db, now: number): Promise<PurgeCounts> {
  const count = (result: { numDeletedRows?: bigint }) => Number(result.numDeletedRows ?? 0);
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('absolute_expires_at', '<', now - RETENTION.sessionsMs), eb('revoked_at', '<', now - RETENTION.sessionsMs)]))
    .executeTakeFirst();
  removed('sessions');
  const outbox = await db.deleteFrom('outbox').where('created_at', '<', now - RETENTION.outboxMs).executeTakeFirst();
  const resetCodes = await db.deleteFrom('password_reset_codes').where('expires_at', '<', now - RETENTION.expiredCodesMs).executeTakeFirst();
  const verificationCodes = await db.deleteFrom('verification_codes').where('expires_at', '<', now - RETENTION.expiredCodesMs).executeTakeFirst();
  // an unused invitation past its expiry takes its unfinished registration record (names, e-mail) with it
  const invitations = await db
    .deleteFrom('invitations')
    .where('used_at', 'is', null)
    .where('expires_at', '<', now - RETENTION.expiredCodesMs)
    .executeTakeFirst();
  // the counters delete their own old rows when written; this catches the ones nobody writes again
  const counters =
    count(await db.deleteFrom('sign_in_attempts').where('attempted_at', '<', now - RETENTION.countersMs).executeTakeFirst()) +
    count(await db.deleteFrom('rate_events').where('at', '<', now - RETENTION.countersMs).executeTakeFirst()) +
    count(await db.deleteFrom('support_attempts').where('attempted_at', '<', now - RETENTION.countersMs).executeTakeFirst());
  return {
    counters,
    sessions: count(sessions),
    outbox: count(outbox),
    resetCodes: count(resetCodes),
    verificationCodes: count(verificationCodes),
    invitations: count(invitations),
  };
}

/** purgeExpired at most once per interval (per process). */
export class Housekeeping {
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly intervalMs: number = RETENTION.intervalMs,
  ) {}

  async maybeRun(now: number): Promise<PurgeCounts | null> {
    if (now - this.lastRun < this.intervalMs) return null;
    this.lastRun = now;
    return purgeExpired(this.db, now);
  }
}
