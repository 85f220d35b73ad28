/**
 * OWASP "CSV injection": a cell a spreadsheet would run as a formula starts with = + - @, or a tab
 * or carriage return that some of them skip. Judged on the NFKC form, since a spreadsheet may read
 * the full-width ＝ ＋ － ＠ as the ASCII signs. Every CSV the app writes (the gradebook, the audit
 * trail, a budget) asks here before it writes text that came from a person.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text.normalize('NFKC'));
}
