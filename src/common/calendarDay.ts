/**
 * Calendar days (SPEC §9: dates shown mm/dd/yy). A moment becomes a day only in a time zone — the
 * learner's (User.timezone, default America/Chicago), so the transcript, its filters, the
 * certificate PDF and the public certificate page all name the same day for the same moment, on any
 * computer and on the server. A day a person types (a filter) has no time zone: it is read as the
 * calendar date it says, never as midnight UTC. Pure; shared by the SPA and the server.
 */
import { DEFAULT_TIMEZONE } from './constants';
import { DATE_FORMAT } from './display';

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function isValidZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar day of the moment `at` in `timeZone` (an IANA name). Without a zone, the runtime's own
 * (the browser's); an unknown zone name falls back to DEFAULT_TIMEZONE. Null for an invalid moment.
 */
export function dayOf(at: number | Date, timeZone?: string): CalendarDay | null {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined) return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
  const zone = isValidZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  const parts = formatterFor(zone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The month of the moment `at` in `timeZone` as a month field holds it (`yyyy-mm`, what
 * `<input type="month">` and a budget's month are); '' for an invalid moment.
 */
export function monthOf(at: number | Date, timeZone?: string): string {
  const day = dayOf(at, timeZone);
  return day ? `${String(day.year).padStart(4, '0')}-${pad2(day.month)}` : '';
}

/** A number that orders days: 2026-11-24 → 20261124. */
export function dayKey(d: CalendarDay): number {
  return d.year * 10_000 + d.month * 100 + d.day;
}

/** A day as DATE_FORMAT (mm/dd/yy): 11/24/26. */
export function formatDay(d: CalendarDay): string {
  const parts: Record<string, string> = { mm: pad2(d.month), dd: pad2(d.day), yy: pad2(d.year % 100) };
  return DATE_FORMAT.replace(/mm|dd|yy/g, (token) => parts[token] ?? token);
}

/** The moment `at` as the day it is in `timeZone`, mm/dd/yy; '' for an invalid moment. */
export function formatDayOf(at: number | Date, timeZone?: string): string {
  const day = dayOf(at, timeZone);
  return day ? formatDay(day) : '';
}

function realDay(year: number, month: number, day: number): CalendarDay | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

/**
 * A day as a person types it: mm/dd/yy (DATE_FORMAT; 1 or 2 digits for month and day, '-' or '.'
 * also separate), mm/dd/yyyy, or the ISO yyyy-mm-dd a date input or a link gives (any time after
 * it is ignored). A two-digit year is 20yy. Null when it is not a real date (02/30/26, 13/01/26 …).
 */
export function parseDay(text: string): CalendarDay | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(trimmed);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed);
  if (!us) return null;
  const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
  return realDay(year, Number(us[1]), Number(us[2]));
}

/** The message under a date field whose text parseDay cannot read. */
export const DATE_INPUT_MESSAGE = 'Enter a date as mm/dd/yy, like 11/24/26.';
