/**
 * Due days: a teacher picks a calendar day, in the school's time zone; the work is due when that
 * day ends there. No date library is in the tree, so the zone's offset is read from `Intl` (the
 * same source calendarDay.ts uses for the days shown) and checked again at the instant found, which
 * keeps the answer right across daylight-saving changes.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day `YYYY-MM-DD` as numbers, or null when it is not a real calendar day. */
export function parseDueDay(value: string): { year: number; month: number; day: number } | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at the instant `at`, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the wall-clock midnight starting `day` happens in `timeZone`. */
function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - offsetAt(timeZone, wall);
  // the offset at the guess may differ from the one at the answer (a DST change that day)
  at = wall - offsetAt(timeZone, at);
  return at;
}

/** The last millisecond of `YYYY-MM-DD` in `timeZone`: the instant the next day begins there, less 1 ms. */
export function dueAtOf(dueDay: string, timeZone: string): number {
  const day = parseDueDay(dueDay);
  if (!day) throw new RangeError(`not a calendar day: ${dueDay}`);
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return startOfDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
}

/** Is work due at `dueAt` late at `now`? */
export const isPastDue = (dueAt: number | null, now: number): boolean => dueAt !== null && now > dueAt;
