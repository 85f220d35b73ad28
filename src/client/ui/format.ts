/**
 * SPEC §9 display defaults: dates shown mm/dd/yy, weeks starting on Sunday.
 * Pure helpers; every page formats dates through these.
 */
import { formatDayOf } from '../../common/calendarDay';
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
