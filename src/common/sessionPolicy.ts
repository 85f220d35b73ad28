/**
 * SPEC §4 "Session check (every 30 seconds)" as one pure function.
 * The timer saga (issue #3) asks it what to do; tests replay it as a table.
 */
import { SESSION } from './constants';
import { remainingTime } from './token';

export type SessionDecision = 'logout' | 'renew' | 'prompt' | 'none';

export interface SessionFacts {
  now: number;
  lastActivityAt: number;
  expiresAt: number;
}

export function decide({ now, lastActivityAt, expiresAt }: SessionFacts): SessionDecision {
  const remaining = remainingTime(expiresAt, now);
  const inactivity = now - lastActivityAt;
  if (remaining <= SESSION.logoutWhenRemainingMs) return 'logout';
  if (inactivity > SESSION.inactivityLogoutMs) return 'logout';
  if (inactivity > SESSION.inactivityPromptMs) return 'prompt';
  if (remaining <= SESSION.renewWhenRemainingMs) return 'renew';
  return 'none';
}
