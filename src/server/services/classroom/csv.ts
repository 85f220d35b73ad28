/**
 * CSV a spreadsheet opens cleanly: UTF-8 with a byte-order mark (Excel reads UTF-8 only with
 * it), CRLF line ends and RFC 4180 quoting. A cell a spreadsheet would run as a formula (it starts
 * with = + - @, or a tab or carriage return that some of them skip) gets a leading apostrophe
 * (OWASP "CSV injection"): a student's name must never become a formula on the teacher's computer.
 */
import { startsLikeFormula } from '../../../common/spreadsheet';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // numbers are the gradebook's own (scores, seconds): only text from people is neutralised
  if (typeof value === 'string' && startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
