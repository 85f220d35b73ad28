/**
 * SPEC §9 filter match modes as one pure predicate, shared by every data table
 * (transcripts, tickets …) through <ColumnFilter/>.
 */
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

function toDay(v: FilterValue): number | null {
  if (isBlank(v)) return null;
  const d = v instanceof Date ? v : new Date(v as string | number);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

function toNumber(v: FilterValue): number | null {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Does a cell `value` pass the filter `mode` / `filterValue`?
 * An empty filter value matches every row. Text comparison is case-insensitive; date modes compare
 * calendar days (time of day ignored); a row whose value cannot be read fails any active filter.
 */
export function matchesFilter(value: FilterValue, mode: MatchMode, filterValue: FilterValue): boolean {
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
      const a = toDay(value);
      const b = toDay(filterValue);
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
