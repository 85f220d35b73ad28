/**
 * Parity of a Spanish twin with its English file (docs/content-format.md "Spanish twins"): a twin
 * translates the words and keeps everything else — the same front-matter keys in the same order,
 * the same values for what is not words (order, answers, slugs, standards, dates…), the same number
 * of questions, choices and objectives, the same Markdown shape (headings, list items, table rows,
 * blockquotes), the same placeholders and link targets, and the same numbers written with digits.
 * Pure functions over parsed front matter and raw bodies (placeholders not yet replaced), so that
 * one problem names the place and the difference. The translators' quick self-check
 * (es-parity.cjs) applies the same rules.
 */

/** The values a twin translates; every other value stays byte-identical. */
export const TRANSLATED = new Set(['title', 'summary', 'prompt', 'explanation', 'term', 'definition']);
/** Lists whose items are translated (same number of items). */
export const TRANSLATED_LISTS = new Set(['choices', 'objectives']);
/** Lists of records whose records are compared field by field. */
const RECORD_LISTS = new Set(['keyTerms', 'questions']);

/**
 * Numbers written with digits ("$1,420.00" → "1,420.00", "4.7%" → "4.7", "401(k)" → "401"), sorted.
 * A comma belongs to a number only between groups of three digits: "April 15, 2026" holds 15 and
 * 2026, as "15 de abril de 2026" does.
 */
export function digitNumbers(text: string): string[] {
  return (String(text).match(/\d+(?:,\d{3}(?!\d))*(?:\.\d+)?/g) ?? []).sort();
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const list = (items: readonly string[]): string => `[${items.join(' ')}]`;

function compareText(where: string, en: unknown, es: unknown, problems: string[]): void {
  const a = digitNumbers(String(en));
  const b = digitNumbers(String(es));
  if (!same(a, b)) problems.push(`${where}: numbers differ: English ${list(a)}, Spanish ${list(b)}`);
}

function compareValue(where: string, en: unknown, es: unknown, key: string, problems: string[]): void {
  if (TRANSLATED.has(key) || TRANSLATED_LISTS.has(key)) {
    if (Array.isArray(en)) {
      if (!Array.isArray(es) || es.length !== en.length) {
        problems.push(`${where}: must have ${en.length} items like the English (has ${Array.isArray(es) ? es.length : 'none'})`);
        return;
      }
      en.forEach((item, i) => compareText(`${where}[${i + 1}]`, item, es[i], problems));
      return;
    }
    if (typeof es !== 'string' || es.trim() === '') {
      problems.push(`${where}: must be translated text`);
      return;
    }
    compareText(where, en, es, problems);
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(es) || es.length !== en.length) {
      problems.push(`${where}: must have ${en.length} items like the English (has ${Array.isArray(es) ? es.length : 'none'})`);
      return;
    }
    en.forEach((item, i) => compareValue(`${where}[${i + 1}]`, item, es[i], RECORD_LISTS.has(key) ? '' : key, problems));
    return;
  }
  if (en !== null && typeof en === 'object') {
    if (es === null || typeof es !== 'object' || Array.isArray(es)) {
      problems.push(`${where}: must be a set of fields like the English`);
      return;
    }
    const enKeys = Object.keys(en);
    const esKeys = Object.keys(es);
    if (!same(enKeys, esKeys)) problems.push(`${where}: fields differ: English [${enKeys.join(', ')}], Spanish [${esKeys.join(', ')}]`);
    for (const k of enKeys) compareValue(where === '' ? k : `${where}.${k}`, (en as Record<string, unknown>)[k], (es as Record<string, unknown>)[k], k, problems);
    return;
  }
  if (!same(en, es)) problems.push(`${where}: must stay ${JSON.stringify(en)} as in English (is ${JSON.stringify(es ?? null)})`);
}

/** Differences between the front matters (keys, untranslated values, counts, digit numbers). */
export function frontMatterParity(en: Record<string, unknown>, es: Record<string, unknown>): string[] {
  const problems: string[] = [];
  compareValue('', en, es, '', problems);
  // a question numbered from 1, as the importer's messages do ("questions[3].answer" reads "question 3")
  return problems.map((p) => (p.startsWith(': ') ? `front matter${p}` : `front matter ${p}`));
}

export interface BodyShape {
  /** heading levels in order: ["##", "###", "##"] */
  headings: string[];
  listItems: number;
  tableRows: number;
  blockquotes: number;
  placeholders: string[];
  links: string[];
}

export function bodyShape(body: string): BodyShape {
  const lines = body.split(/\r?\n/);
  return {
    headings: lines.filter((l) => /^#{2,6} /.test(l)).map((l) => /^#+/.exec(l)![0]),
    listItems: lines.filter((l) => /^\s*(?:[-*+]|\d+\.) /.test(l)).length,
    tableRows: lines.filter((l) => /^\|/.test(l)).length,
    blockquotes: body.split(/\r?\n\s*\r?\n/).filter((p) => p.trimStart().startsWith('>')).length,
    placeholders: body.match(/\{\{[^}]*\}\}/g) ?? [],
    links: (body.match(/\]\(([^)]*)\)/g) ?? []).map((l) => l.slice(2, -1)),
  };
}

const SHAPE_NAMES: Record<keyof BodyShape, string> = {
  headings: 'headings (levels in order)',
  listItems: 'list items',
  tableRows: 'table rows',
  blockquotes: 'blockquotes',
  placeholders: 'placeholders',
  links: 'link targets',
};

const show = (value: unknown): string => (Array.isArray(value) ? `[${value.join(' ')}]` : String(value));

/** Text a reader reads: link targets and placeholders left out (their digits are not numbers of the text). */
const readable = (body: string): string => body.replace(/\]\([^)]*\)/g, ']').replace(/\{\{[^}]*\}\}/g, '');

/** Differences between the Markdown bodies (shape, placeholders, link targets, digit numbers). */
export function bodyParity(en: string, es: string): string[] {
  const problems: string[] = [];
  const a = bodyShape(en);
  const b = bodyShape(es);
  for (const key of Object.keys(a) as (keyof BodyShape)[]) {
    if (!same(a[key], b[key])) problems.push(`body ${SHAPE_NAMES[key]} differ: English ${show(a[key])}, Spanish ${show(b[key])}`);
  }
  compareText('body', readable(en), readable(es), problems);
  return problems;
}

/** Every difference of a twin (a review's body is ignored, as the importer ignores it). */
export function twinParity(en: { data: Record<string, unknown>; body: string }, es: { data: Record<string, unknown>; body: string }, compareBodies = true): string[] {
  return [...frontMatterParity(en.data, es.data), ...(compareBodies ? bodyParity(en.body, es.body) : [])];
}
