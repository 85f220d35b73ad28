/**
 * SPEC §4 "Session check (every 30 seconds)" as one pure function.
 * The timer saga asks it what to do; tests replay it as a table.
 *
 * Two clocks: the token's expiry is the server's time, so the time left is judged at
 * `now + serverOffsetMs` (common/serverClock.ts); inactivity is a duration on the local clock,
 * `now - lastActivityAt`, whatever the offset.
 */
import { SESSION } from './constants';
import { remainingTime } from './token';

export type SessionDecision = 'logout' | 'renew' | 'prompt' | 'none';

export interface SessionFacts {
  /** The local clock (epoch ms). */
  now: number;
  /** The learner's last activity, on the local clock. */
  lastActivityAt: number;
  /** The token's expiry, on the server's clock. */
  expiresAt: number;
  /** Server clock minus local clock (ms). Default 0. */
  serverOffsetMs?: number;
}

export function decide({ now, lastActivityAt, expiresAt, serverOffsetMs = 0 }: SessionFacts): SessionDecision {
  const remaining = remainingTime(expiresAt, now + serverOffsetMs);
  const inactivity = now - lastActivityAt;
  if (remaining <= SESSION.logoutWhenRemainingMs) return 'logout';
  if (inactivity > SESSION.inactivityLogoutMs) return 'logout';
  if (inactivity > SESSION.inactivityPromptMs) return 'prompt';
  if (remaining <= SESSION.renewWhenRemainingMs) return 'renew';
  return 'none';
}
