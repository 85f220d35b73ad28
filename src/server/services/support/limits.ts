/**
 * The Get Help rate limits (SPEC S7.09): per IP for anonymous submissions, per user for tickets and
 * for recording bytes. Each counts from the database, so the limits hold across instances sharing
 * it. A refusal is a 429 with Retry-After.
 */
import { evaluateFailures } from '../../security/throttle';
import { HttpError } from '../../http/errors';
import type { ServiceContext } from '../types';
import { anonymousAttemptsSince, recordAnonymousAttempt, recordingSizesSince, ticketTimesSince } from './repository';
import { SUPPORT_API_MESSAGES } from './tickets';

const HOUR_MS = 60 * 60_000;

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

/** Per-IP limit for anonymous submissions (SUPPORT_MAX_PER_IP per SUPPORT_WINDOW_MINUTES); counts this one. */
export async function limitAnonymous(ctx: ServiceContext): Promise<void> {
  const now = ctx.clock();
  const { maxPerIp, windowMs } = ctx.config.support;
  const times = await anonymousAttemptsSince(ctx.db, ctx.ip, now - windowMs);
  if (times.length >= maxPerIp) {
    const retryAfterSeconds = Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000));
    throw tooMany(SUPPORT_API_MESSAGES.tooMany(retryAfterSeconds), retryAfterSeconds);
  }
  await recordAnonymousAttempt(ctx.db, ctx.ip, now);
}

/**
 * SUPPORT_MAX_TICKETS_PER_USER_HOUR: counted from the user's own tickets of the last hour (an
 * operator deleting a ticket frees it).
 */
export async function limitUserTickets(ctx: ServiceContext, userId: number): Promise<void> {
  const now = ctx.clock();
  const max = ctx.config.support.maxTicketsPerUserHour;
  const verdict = evaluateFailures(await ticketTimesSince(ctx.db, userId, now - HOUR_MS), now, max, HOUR_MS);
  if (verdict.limited) throw tooMany(SUPPORT_API_MESSAGES.tooManyTickets(max, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
}

/**
 * Seconds until `adding` more bytes fit in the hourly budget `max`, given the recordings of the
 * last hour (oldest first); 0 when they fit now. The wait is until enough of them leave the hour.
 */
export function recordingWait(recent: readonly { createdAt: number; size: number }[], adding: number, max: number, now: number): number {
  let used = recent.reduce((sum, row) => sum + row.size, 0);
  if (used + adding <= max) return 0;
  let freeAt = now + HOUR_MS; // one upload larger than the whole budget: an hour (never reached: uploads are smaller)
  for (const row of recent) {
    used -= row.size;
    if (used + adding <= max) {
      freeAt = row.createdAt + HOUR_MS;
      break;
    }
  }
  return Math.max(1, Math.ceil((freeAt - now) / 1000));
}

/** RECORDING_MAX_MB_PER_USER_HOUR: refuses `adding` more bytes when the user's recordings of the last hour would pass the budget. */
export async function limitUserRecordingBytes(ctx: ServiceContext, userId: number, adding: number): Promise<void> {
  const now = ctx.clock();
  const wait = recordingWait(await recordingSizesSince(ctx.db, userId, now - HOUR_MS), adding, ctx.config.support.maxRecordingBytesPerUserHour, now);
  if (wait > 0) throw tooMany(SUPPORT_API_MESSAGES.recordingQuota(wait), wait);
}
