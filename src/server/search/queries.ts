/**
 * Search words → the two engines' query syntax. The words come from `parseSearchInput` (letters and
 * digits only), and each is still quoted, so nothing the student types is ever read as an operator.
 */
import type { SearchTerms } from '../../common/knowledgeBase';

const SAFE = /^[\p{L}\p{N}]+$/u;

function safeTerms(terms: readonly string[]): string[] {
  return terms.filter((term) => SAFE.test(term));
}

/** FTS5: every word as a quoted string (implicit AND), the last one a prefix while being typed. */
export function fts5Query({ terms, prefixLast }: SearchTerms): string | null {
  const words = safeTerms(terms);
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word}"${prefixLast && i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL to_tsquery: words joined with &, the last one a prefix (`:*`) while being typed. */
export function tsQuery({ terms, prefixLast }: SearchTerms): string | null {
  const words = safeTerms(terms);
  if (words.length === 0) return null;
  return words.map((word, i) => `'${word}'${prefixLast && i === words.length - 1 ? ':*' : ''}`).join(' & ');
}
