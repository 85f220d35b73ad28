/**
 * SPEC §9 display defaults: dates shown mm/dd/yy, weeks starting on Sunday.
 * Pure helpers; every page formats dates and times through these.
 */
import { formatDayOf } from '../../common/calendarDay';
import { DEFAULT_TIMEZONE } from '../../common/constants';
import { FIRST_DAY_OF_WEEK } from '../../common/display';

/**
 * Formats a moment by DATE_FORMAT (mm/dd/yy): the day it is in `timeZone`, the signed-in person's
 * (`useAppSelector(selectTimeZone)`, features/auth/timeZone.ts), never the browser's, so every page
 * names the same day for it; '' for an invalid or missing date. A calendar date with no moment (a
 * content file's "2026-11-22") is common/calendarDay.ts formatDay(parseDay(…)), in no zone.
 */
export function formatDate(value: Date | string | number | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  return formatDayOf(value instanceof Date ? value : new Date(value), timeZone);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** en-US times in `timeZone` (an unknown zone counts as DEFAULT_TIMEZONE, as formatDate's days do). */
function timeFormatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${seconds}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZoneName: 'short' };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIMEZONE });
    }
    timeFormatters.set(key, formatter);
  }
  return formatter;
}

/** The browser's own zone: the one its clock, and the person looking at it, go by. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export interface TimeOptions {
  /** the day before the time ("11/27/26, 3:04 PM") */
  day?: boolean;
  seconds?: boolean;
  /** the zone the reader's clock shows (default: the browser's); the pure tests name it */
  browserZone?: string;
}

/**
 * A moment's time in `timeZone`, the signed-in person's (`useAppSelector(selectTimeZone)`: their own
 * zone, else their school's), as "3:04 PM", with the zone's name ("3:04 PM EST") when it is not the
 * one the browser's clock shows, so a time never passes for local when it is not; '' for an invalid
 * or missing moment. Every time a page shows goes through here, so two pages never disagree.
 */
export function formatTime(value: Date | string | number | null | undefined, timeZone: string, options: TimeOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const at = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  const formatter = timeFormatter(timeZone, options.seconds ?? false);
  const parts = formatter.formatToParts(at);
  const zone = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  const time = parts
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  const sameZone = !namesZone(formatter.resolvedOptions().timeZone, options.browserZone);
  const day = options.day ? `${formatDayOf(at, formatter.resolvedOptions().timeZone)}, ` : '';
  return `${day}${time}${sameZone || !zone ? '' : ` ${zone}`}`;
}

/** Whether a time in `timeZone` needs the zone's name: the browser's clock (`browserZone`, default its own) shows another. */
export function namesZone(timeZone: string, browserZone: string = browserTimeZone()): boolean {
  return canonicalZone(timeZone) !== canonicalZone(browserZone);
}

/** The zone's canonical IANA name ("US/Eastern" is America/New_York), or the name as given. */
function canonicalZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return timeZone;
  }
}

/** A zone's short name at the moment `at` ("EST" or "EDT", "GMT+9"), for a label such as the due day's. */
export function zoneName(timeZone: string, at: number): string {
  return timeFormatter(timeZone, false).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Weekday names in display order, starting on FIRST_DAY_OF_WEEK (Sunday). */
export function weekdayNames(): string[] {
  return WEEKDAYS.map((_, i) => WEEKDAYS[(i + FIRST_DAY_OF_WEEK) % 7] as string);
}

/** The first day of the week that contains `date` (a Sunday), at local midnight. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const diff = (start.getDay() - FIRST_DAY_OF_WEEK + 7) % 7;
  start.setDate(start.getDate() - diff);
  return start;
}
