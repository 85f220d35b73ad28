/**
 * Rate limits for the account calls (code entry, verification, sign-up, reset, the user-name
 * check…), per client IP and per account. Every attempt is a row in rate_events, so the limits hold
 * across server instances sharing a database. The rule is the sign-in throttle's (evaluateFailures).
 */
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { ACCOUNT_MESSAGES } from '../../common/accounts';
import { evaluateFailures } from './throttle';

export interface Limit {
  /** e.g. `reset:ip:1.2.3.4` */
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits, in one table: [max, window] per IP and per account for each action. */
export const RATE_LIMITS = {
  codeEntry: { perIp: [10, 15 * MINUTE], perAccount: [10, 15 * MINUTE] },
  invitation: { perIp: [10, 15 * MINUTE], perAccount: [5, 15 * MINUTE] },
  signUp: { perIp: [20, 60 * MINUTE], perAccount: [20, 60 * MINUTE] },
  verifySend: { perIp: [10, 15 * MINUTE], perAccount: [5, 60 * MINUTE] },
  verifyCheck: { perIp: [30, 15 * MINUTE], perAccount: [15, 15 * MINUTE] },
  userNameCheck: { perIp: [60, 15 * MINUTE], perAccount: [60, 15 * MINUTE] },
  forgot: { perIp: [20, 60 * MINUTE], perAccount: [3, 60 * MINUTE] },
  reset: { perIp: [20, 15 * MINUTE], perAccount: [10, 15 * MINUTE] },
  changePassword: { perIp: [20, 15 * MINUTE], perAccount: [5, 15 * MINUTE] },
} as const satisfies Record<string, { perIp: readonly [number, number]; perAccount: readonly [number, number] }>;

export type RateAction = keyof typeof RATE_LIMITS;

/** The two limits of an action for this IP and (optionally) this account key. */
export function limitsFor(action: RateAction, ip: string, account?: string | number | null): Limit[] {
  const rule = RATE_LIMITS[action];
  const limits: Limit[] = [{ key: `${action}:ip:${ip}`, max: rule.perIp[0], windowMs: rule.perIp[1] }];
  if (account !== undefined && account !== null && account !== '') {
    limits.push({ key: `${action}:acct:${String(account).toLowerCase().slice(0, 200)}`, max: rule.perAccount[0], windowMs: rule.perAccount[1] });
  }
  return limits;
}

/**
 * Counts one attempt against every limit; 429 with Retry-After when any is already used up
 * (the refused attempt is not counted, so waiting is enough).
 */
export async function consumeRate(db: Db, limits: Limit[], now: number): Promise<void> {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const rows = await db
    .selectFrom('rate_events')
    .select(['key', 'at'])
    .where(
      'key',
      'in',
      limits.map((l) => l.key),
    )
    .where('at', '>', now - longest)
    .execute();
  let wait = 0;
  for (const limit of limits) {
    const times = rows.filter((r) => r.key === limit.key).map((r) => Number(r.at));
    const verdict = evaluateFailures(times, now, limit.max, limit.windowMs);
    if (verdict.limited) wait = Math.max(wait, verdict.retryAfterSeconds);
  }
  if (wait > 0) throw new HttpError(429, ACCOUNT_MESSAGES.tooManyRequests(wait), { 'retry-after': String(wait) });
  await db
    .insertInto('rate_events')
    .values(limits.map((l) => ({ key: l.key, at: now })))
    .execute();
  // housekeeping: nothing older than the longest window of any action can count
  await db.deleteFrom('rate_events').where('at', '<=', now - 2 * 60 * MINUTE).execute();
}
