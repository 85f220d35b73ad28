/**
 * A saved or turned-in worksheet, read-only, as its student saw it: the numbers entered under
 * their labels, in dollars, percent and years (never the stored cents or basis points), then the
 * results the editor computes from them (specs.ts). Pure: the teacher's inbox and the turned-in
 * dialog show these sections through ResultSections.
 */
import { FREQUENCY_LABELS, type Frequency } from '../../../common/budget';
import { formatBasisPoints, formatCents } from '../../../common/money';
import { countOf } from '../../../common/plural';
import { thousandthsToInput, type WorksheetData, type WorksheetKind } from '../../../common/worksheets';
import type { PdfSection } from '../documents';
import { WORKSHEET_SPECS, type FieldSpec, type FieldType } from './specs';

export const ENTERED_HEADING = 'Numbers entered';
const NOTHING = '—';

/** One entered value as the student reads it: "$3,000.00", "4.5%", "10 years"; "—" when empty. */
export function enteredValue(type: FieldType, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (type === 'text') return typeof value === 'string' ? value : NOTHING;
  if (type === 'frequency') return FREQUENCY_LABELS[value as Frequency] ?? String(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOTHING;
  if (type === 'money') return formatCents(value);
  if (type === 'percent') return formatBasisPoints(value);
  if (type === 'quantity') return thousandthsToInput(value);
  return countOf(value, 'year');
}

/** A list item's row: its name (the first column, when it is text and filled, else "Debt 2") and "Balance $1,200.00 · Interest rate (APR) 19.99%". */
function itemRow(columns: readonly FieldSpec[], item: Record<string, unknown>, fallback: string): [string, string] {
  const [first, ...rest] = columns;
  const name = first?.type === 'text' && typeof item[first.key] === 'string' ? (item[first.key] as string).trim() : '';
  const shown = first?.type === 'text' ? rest : columns;
  return [name || fallback, shown.map((c) => `${c.label} ${enteredValue(c.type, item[c.key])}`).join(' · ')];
}

/** The worksheet's sections: what was entered (fields, then each list's items), then its results. */
export function worksheetSnapshotSections(kind: WorksheetKind, data: unknown): PdfSection[] {
  const spec = WORKSHEET_SPECS[kind];
  const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const entered: PdfSection = { heading: ENTERED_HEADING, rows: spec.fields.map((f) => [f.label, enteredValue(f.type, raw[f.key])]) };
  for (const list of spec.lists) {
    const items = Array.isArray(raw[list.key]) ? (raw[list.key] as Record<string, unknown>[]) : [];
    if (items.length === 0) entered.rows.push([list.label, NOTHING]);
    items.forEach((item, i) => entered.rows.push(itemRow(list.columns, item && typeof item === 'object' ? item : {}, `${list.item} ${i + 1}`)));
  }
  let results: PdfSection[];
  try {
    results = spec.results(raw as unknown as WorksheetData);
  } catch {
    // a copy the formulas cannot read (a shape from an older version): its numbers still show
    results = [{ heading: 'Results', rows: [['Results', 'These results cannot be worked out from this copy.']] }];
  }
  return [entered, ...results];
}
