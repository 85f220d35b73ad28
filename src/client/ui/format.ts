/**
 * SPEC §9 display defaults: dates shown mm/dd/yy, weeks starting on Sunday.
 * Pure helpers; every page formats dates through these.
 */
import { DATE_FORMAT, FIRST_DAY_OF_WEEK } from '../../common/display';

const pad2 = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a date by DATE_FORMAT (mm/dd/yy) in local time; '' for an invalid or missing date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    mm: pad2(date.getMonth() + 1),
    dd: pad2(date.getDate()),
    yy: pad2(date.getFullYear() % 100),
  };
  return DATE_FORMAT.replace(/mm|dd|yy/g, (token) => parts[token] ?? token);
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
