/**
 * Business hours (SPEC §2, §9: Monday–Friday, 8 a.m.–6 p.m. ET) and the support desk's time to first
 * reply counted in them. ET is America/New_York, so the hours follow daylight saving time: 8 a.m. is
 * 13:00 UTC in winter and 12:00 UTC in summer. Pure; shared by the SPA and the server.
 */

export const BUSINESS_TIME_ZONE = 'America/New_York';
export const BUSINESS_OPEN_HOUR = 8;
export const BUSINESS_CLOSE_HOUR = 18;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock time in New York at `at`, as if it were UTC (so subtracting gives the offset). */
function wallAsUtc(at: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/**
 * The moment New York's clocks read `hour`:00 on a given day. Hours 8 and 18 are never in a DST
 * jump (those happen at 2 a.m.), so the second pass always settles on the one right answer.
 */
function newYorkMoment(year: number, month: number, day: number, hour: number): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - (wallAsUtc(wall) - wall);
  return wall - (wallAsUtc(first) - first);
}

/** Milliseconds between `from` and `to` that fall in business hours (0 when `to` is not after `from`). */
export function businessMsBetween(from: number, to: number): number {
  if (!(to > from)) return 0;
  const start = new Date(wallAsUtc(from));
  let cursor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const last = wallAsUtc(to);
  let total = 0;
  // one step per calendar day in New York, from the day `from` is in to the day `to` is in
  for (; cursor <= last; cursor += DAY_MS) {
    const day = new Date(cursor);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const y = day.getUTCFullYear();
    const m = day.getUTCMonth() + 1;
    const d = day.getUTCDate();
    const open = newYorkMoment(y, m, d, BUSINESS_OPEN_HOUR);
    const close = newYorkMoment(y, m, d, BUSINESS_CLOSE_HOUR);
    total += Math.max(0, Math.min(close, to) - Math.max(open, from));
  }
  return total;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "2 business hours", "1 business hour 30 min", "45 min", "under a minute". */
export function formatBusinessDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourPart = hours === 0 ? '' : `${hours} business ${hours === 1 ? 'hour' : 'hours'}`;
  const minutePart = rest === 0 ? '' : `${rest} min`;
  if (!hourPart) return `${minutePart} of business hours`;
  return minutePart ? `${hourPart} ${minutePart}` : hourPart;
}
