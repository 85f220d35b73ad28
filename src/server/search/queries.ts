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
 * PostgreSQL's parser reads the number after a hyphen as a signed integer ("W-4" → 'w', '-4'), so
 * inside a phrase a number also matches with the minus sign.
 */
function tsWord(word: string, index: number, prefix: boolean): string {
  if (prefix) return `'${word}':*`;
  return index > 0 && /^\d+$/.test(word) ? `('${word}' | '-${word}')` : `'${word}'`;
}

/** PostgreSQL to_tsquery: words of a phrase joined with <->, `:*` after a prefix. */
export function tsQuery(groups: readonly QueryGroup[], match: Match = 'all'): string | null {
  return build(groups, match, (a) => a.words.map((word, i) => tsWord(word, i, a.prefix && i === a.words.length - 1)).join(' <-> '), ' | ', ' & ');
}
