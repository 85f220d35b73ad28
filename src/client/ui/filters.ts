/**
 * SPEC §9 filter match modes as one pure predicate, shared by every data table
 * (transcripts, tickets …) through <ColumnFilter/>.
 */
import { dayKey, dayOf, parseDay } from '../../common/calendarDay';
import { FILTER_MATCH_MODES } from '../../common/display';

export type FilterKind = keyof typeof FILTER_MATCH_MODES;
export type TextMatchMode = (typeof FILTER_MATCH_MODES.text)[number]['value'];
export type NumericMatchMode = (typeof FILTER_MATCH_MODES.numeric)[number]['value'];
export type DateMatchMode = (typeof FILTER_MATCH_MODES.date)[number]['value'];
export type MatchMode = TextMatchMode | NumericMatchMode | DateMatchMode;

export type FilterValue = string | number | Date | null | undefined;

/** The modes a column of this kind offers, in the spec's order. */
export function matchModesFor(kind: FilterKind): ReadonlyArray<{ value: MatchMode; label: string }> {
  return FILTER_MATCH_MODES[kind];
}

/** The first mode of each kind is the default. */
export function defaultMatchMode(kind: FilterKind): MatchMode {
  return FILTER_MATCH_MODES[kind][0].value;
}

const isBlank = (v: FilterValue) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export interface MatchOptions {
  /**
   * The time zone in which a moment (a Date, epoch milliseconds, a timestamp string) is a day: the
   * learner's (User.timezone). Without it, the runtime's own.
   */
  timeZone?: string;
}

/**
 * A value as a day to compare (dayKey). A moment is the day it is in `timeZone`; a string without a
 * time of day is the calendar date it names (mm/dd/yy as typed, or yyyy-mm-dd), never midnight UTC.
 */
function toDay(v: FilterValue, timeZone: string | undefined): number | null {
  if (isBlank(v)) return null;
  if (typeof v === 'string' && !/\d:\d/.test(v)) {
    const day = parseDay(v);
    return day ? dayKey(day) : null;
  }
  const day = dayOf(v instanceof Date ? v : new Date(v as string | number), timeZone);
  return day ? dayKey(day) : null;
}

function toNumber(v: FilterValue): number | null {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Does a cell `value` pass the filter `mode` / `filterValue`?
 * An empty filter value matches every row. Text comparison is case-insensitive; date modes compare
 * calendar days (time of day ignored; a moment's day in `options.timeZone`); a row whose value cannot
 * be read fails any active filter, and a date filter that is not a date matches every row (the field
 * says what is wrong).
 */
export function matchesFilter(value: FilterValue, mode: MatchMode, filterValue: FilterValue, options: MatchOptions = {}): boolean {
  if (isBlank(filterValue)) return true;
  switch (mode) {
    case 'startsWith':
    case 'contains':
    case 'notContains':
    case 'endsWith': {
      const cell = isBlank(value) ? '' : String(value).toLocaleLowerCase();
      const wanted = String(filterValue).toLocaleLowerCase();
      if (mode === 'startsWith') return cell.startsWith(wanted);
      if (mode === 'contains') return cell.includes(wanted);
      if (mode === 'notContains') return !cell.includes(wanted);
      return cell.endsWith(wanted);
    }
    case 'equals':
    case 'notEquals': {
      const a = toNumber(value);
      const b = toNumber(filterValue);
      const equal =
        typeof value === 'number' || (a !== null && b !== null && typeof filterValue === 'number')
          ? a !== null && a === b
          : String(value ?? '').toLocaleLowerCase() === String(filterValue).toLocaleLowerCase();
      return mode === 'equals' ? equal : !equal;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const a = toNumber(value);
      const b = toNumber(filterValue);
      if (a === null || b === null) return false;
      if (mode === 'lt') return a < b;
      if (mode === 'lte') return a <= b;
      if (mode === 'gt') return a > b;
      return a >= b;
    }
    case 'dateIs':
    case 'dateIsNot':
    case 'dateBefore':
    case 'dateAfter': {
      const a = toDay(value, options.timeZone);
      const b = toDay(filterValue, options.timeZone);
      if (b === null) return true;
      if (a === null) return mode === 'dateIsNot';
      if (mode === 'dateIs') return a === b;
      if (mode === 'dateIsNot') return a !== b;
      if (mode === 'dateBefore') return a < b;
      return a > b;
    }
    default: {
      const unknown: never = mode;
      throw new Error(`Unknown filter match mode: ${String(unknown)}`);
    }
  }
}
