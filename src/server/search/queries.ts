/**
 * Query groups (vocabulary.ts) → the two engines' query syntax. Every word comes from
 * `searchWords` (letters and digits only) and is still checked and quoted here, so nothing the
 * student types is ever read as an operator. A group is its alternatives ORed (a phrase for a
 * spelling of several words); the groups are ANDed (`all`: articles with every word) or ORed
 * (`any`: articles with some of them, the search's second pass when few have all).
 */
import type { Alternative, QueryGroup } from './vocabulary';

export type Match = 'all' | 'any';

const SAFE = /^[\p{L}\p{N}]+$/u;

const safe = (alternative: Alternative): boolean => alternative.words.length > 0 && alternative.words.every((word) => SAFE.test(word));

function build(groups: readonly QueryGroup[], match: Match, alternative: (a: Alternative) => string, or: string, and: string): string | null {
  const parts = groups
    .map((group) => group.filter(safe).map(alternative))
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => (alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(or)})`));
  if (parts.length === 0) return null;
  return parts.join(match === 'all' ? and : or);
}

/** FTS5: a quoted string per alternative (several words: a phrase), `*` after a prefix. */
export function fts5Query(groups: readonly QueryGroup[], match: Match = 'all'): string | null {
  return build(groups, match, (a) => `"${a.words.join(' ')}"${a.prefix ? '*' : ''}`, ' OR ', ' AND ');
}

/**
 * A Spanish word's stem for FTS5, which has no Spanish stemmer (PostgreSQL's `spanish`
 * configuration stems): a plural's -es or -s dropped, then matched as a prefix, so "préstamo
 * estudiantil" finds "préstamos estudiantiles" and "tasas" finds "tasa".
 */
export function spanishStem(word: string): string {
  if (/\p{L}es$/u.test(word) && word.length > 5) return word.slice(0, -2);
  if (/\p{L}s$/u.test(word) && word.length > 4) return word.slice(0, -1);
  return word;
}

/** FTS5 for a language without its stemmer: every word a prefix of its stem, a phrase's words joined with `+`. */
export function fts5StemmedQuery(groups: readonly QueryGroup[], match: Match = 'all', stem: (word: string) => string = spanishStem): string | null {
  return build(groups, match, (a) => a.words.map((word) => `"${stem(word)}"*`).join(' + '), ' OR ', ' AND ');
}

/**
 * PostgreSQL's parser reads the number after a hyphen as a signed integer ("W-4" → 'w', '-4'), so
 * inside a phrase a number also matches with the minus sign.
 */
function tsWord(word: string, index: number, prefix: boolean, forms: (word: string) => string[]): string {
  if (prefix) return `'${word}':*`;
  if (index > 0 && /^\d+$/.test(word)) return `('${word}' | '-${word}')`;
  const all = forms(word);
  return all.length > 1 ? `(${all.map((form) => `'${form}'`).join(' | ')})` : `'${word}'`;
}

/**
 * PostgreSQL to_tsquery: words of a phrase joined with <->, `:*` after a prefix. `forms`: the
 * spellings a word also matches (Spanish: its singular and plural, see spanishForms).
 */
export function tsQuery(groups: readonly QueryGroup[], match: Match = 'all', forms: (word: string) => string[] = (word) => [word]): string | null {
  return build(groups, match, (a) => a.words.map((word, i) => tsWord(word, i, a.prefix && i === a.words.length - 1, forms)).join(' <-> '), ' | ', ' & ');
}

/**
 * A Spanish word and its singular or plural: the `spanish` stemmer does not always give both the
 * same stem ("préstamo" → prestam, "préstamos" → prest, read as a verb), so a query asks for both.
 */
export function spanishForms(word: string): string[] {
  // short words are mostly articles and prepositions ("de", "la"), which the configuration drops: a
  // made-up plural of one ("des") would be a word the phrase then requires
  if (/\d/.test(word) || word.length <= 3) return [word];
  const singular = spanishStem(word);
  const plural = /[aeiouáéíóú]$/u.test(word) ? `${word}s` : /[\p{L}]$/u.test(word) && singular === word ? `${word}es` : word;
  return [...new Set([word, singular, plural])];
}
