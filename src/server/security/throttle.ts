/**
 * Sign-in failure throttling, per user name and per client IP. Failures are rows in
 * sign_in_attempts, so the limits hold across several server instances sharing a database.
 */
import type { ThrottleSettings } from '../config';
import type { Db } from '../db';
import { hotQuery } from '../db/hotQuery';

export interface ThrottleVerdict {
  limited: boolean;
  /** whole seconds until one more attempt is allowed (0 when not limited) */
  retryAfterSeconds: number;
}

/**
 * Pure rule: with `limit` failures allowed per `windowMs`, given failure times (any order),
 * is the next attempt at `now` refused, and for how long?
 */
export function evaluateFailures(times: readonly number[], now: number, limit: number, windowMs: number): ThrottleVerdict {
  const recent = times.filter((t) => t > now - windowMs && t <= now).sort((a, b) => b - a);
  if (recent.length < limit) return { limited: false, retryAfterSeconds: 0 };
  // the attempt becomes possible once the limit-th most recent failure leaves the window
  const freeAt = (recent[limit - 1] as number) + windowMs;
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

export const userKey = (userName: string): string => `user:${userName.trim().toLowerCase()}`;
/** the hourly per-account count: never cleared by a success */
export const userHourKey = (userName: string): string => `user-hour:${userName.trim().toLowerCase()}`;
const HOUR_MS = 60 * 60_000;
export const ipKey = (ip: string): string => `ip:${ip}`;

/** The three keys' attempts inside the window (every sign-in asks: compiled once, see db/hotQuery.ts). */
const recentAttempts = hotQuery(4, (db: Db, user: string, userHour: string, ip: string, since: number) =>
  db.selectFrom('sign_in_attempts').select(['key', 'attempted_at']).where('key', 'in', [user, userHour, ip]).where('attempted_at', '>', since),
);
const forgetFailures = hotQuery(1, (db: Db, key: string) => db.deleteFrom('sign_in_attempts').where('key', '=', key));

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: ThrottleSettings,
  ) {}

  /** The longer of the two waits when either key is over its limit. */
  async check(userName: string, ip: string, now: number): Promise<ThrottleVerdict> {
    const since = now - Math.max(this.settings.windowMs, HOUR_MS);
    const rows = await recentAttempts.all(this.db, userKey(userName), userHourKey(userName), ipKey(ip), since);
    const timesOf = (key: string) => rows.filter((row) => row.key === key).map((row) => Number(row.attempted_at));
    const verdicts = [
      evaluateFailures(timesOf(userKey(userName)), now, this.settings.maxPerUser, this.settings.windowMs),
      evaluateFailures(timesOf(userHourKey(userName)), now, this.settings.maxPerUserPerHour, HOUR_MS),
      evaluateFailures(timesOf(ipKey(ip)), now, this.settings.maxPerIp, this.settings.windowMs),
    ];
    return {
      limited: verdicts.some((v) => v.limited),
      retryAfterSeconds: Math.max(...verdicts.map((v) => v.retryAfterSeconds)),
    };
  }

  async recordFailure(userName: string, ip: string, now: number): Promise<void> {
    await this.db
      .insertInto('sign_in_attempts')
      .values([
        { key: userKey(userName), attempted_at: now },
        { key: userHourKey(userName), attempted_at: now },
        { key: ipKey(ip), attempted_at: now },
      ])
      .execute();
    // housekeeping: forget failures that can no longer count
    await this.db
      .deleteFrom('sign_in_attempts')
      .where('attempted_at', '<=', now - Math.max(this.settings.windowMs, HOUR_MS))
      .execute();
  }

  /** A successful sign-in clears the user name's short-window failures (not the hourly count, not the IP's). */
  async recordSuccess(userName: string): Promise<void> {
    await forgetFailures.all(this.db, userKey(userName));
  }
}
