/**
 * The glossary: every knowledge-base article's key terms (term, definition; the article is the link),
 * built at content import. A term written in two articles keeps the first in topic/article order;
 * the content check lists the duplicates. Section bodies mark each term's first occurrence
 * (./markdown.ts, `markGlossary`), so a prerendered page has the markers before the app loads.
 */
import { KB_PATH_PREFIX } from '../../common/catalog';
import type { GlossaryEntry } from '../../common/knowledgeBase';
import type { KbTopic } from './knowledgeBase';

export interface GlossaryDuplicate {
  term: string;
  /** "<topic>/<article>" that keeps the term */
  kept: string;
  /** "<topic>/<article>" whose entry is dropped */
  dropped: string;
}

/** A term's case- and space-insensitive identity ("Net pay" = "net  pay"). */
export const termKey = (term: string): string => term.trim().toLowerCase().replace(/\s+/g, ' ');

export function buildGlossary(topics: readonly KbTopic[]): { entries: GlossaryEntry[]; duplicates: GlossaryDuplicate[] } {
  const byKey = new Map<string, GlossaryEntry>();
  const duplicates: GlossaryDuplicate[] = [];
  for (const topic of topics) {
    for (const article of topic.articles) {
      const key = `${topic.slug}/${article.slug}`;
      for (const { term, definition } of article.keyTerms) {
        const existing = byKey.get(termKey(term));
        if (existing) {
          duplicates.push({ term, kept: existing.article, dropped: key });
          continue;
        }
        byKey.set(termKey(term), { term: term.trim(), definition, article: key, articleTitle: article.title, path: `${KB_PATH_PREFIX}${key}` });
      }
    }
  }
  const entries = [...byKey.values()].sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }));
  return { entries, duplicates };
}

/**
 * The spellings a section may use for a term: the term itself and, for "Annual percentage rate
 * (APR)", the words before the brackets and the short form inside them.
 */
export function termForms(term: string): string[] {
  const forms = new Set([term.trim()]);
  const bracket = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(term.trim());
  if (bracket) {
    if (bracket[1]) forms.add(bracket[1]);
    if (bracket[2] && /^[\p{Lu}\p{N}-]{2,10}$/u.test(bracket[2].replace(/[()]/g, ''))) forms.add(bracket[2]);
  }
  return [...forms].filter((form) => form.length >= 2);
}
