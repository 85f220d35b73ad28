/**
 * The knowledge base's shared vocabulary: content limits from docs/content-format.md, the
 * search contract (highlighted snippets as text segments, never HTML) and the search-input rules.
 */

export const KB_LIMITS = {
  titleMax: 80,
  summaryMax: 300,
  keyTermsMin: 2,
  keyTermsMax: 6,
  termMax: 120,
  definitionMax: 400,
  relatedMin: 2,
  relatedMax: 4,
  articleWordsMin: 150,
  articleWordsMax: 450,
} as const;

/** Search: how long the student pauses before the search runs, and what a query may hold. */
export const KB_SEARCH = {
  debounceMs: 250,
  /** characters of input looked at; the rest is ignored (never an error) */
  maxInputChars: 200,
  maxTerms: 8,
  maxTermChars: 40,
  /** the word being typed matches as a prefix from this many characters (one letter would match half the index) */
  minPrefixChars: 2,
  /** results per search */
  limit: 20,
  /**
   * fewer results than this for every word → the search also lists articles with only some of the
   * words (after those with all of them)
   */
  fewResults: 3,
  /** a typed word up to this long is corrected by one typo at most; a longer one by up to two */
  oneTypoMaxChars: 5,
  /** words shorter than this are never corrected (too many words are one typo from "tax") */
  correctMinChars: 4,
  /** corrections searched per word (the closest, then the most common) */
  correctionsPerWord: 3,
  /** articles listed as popular / recent on the knowledge-base home */
  homeListSize: 5,
} as const;

export const KB_ROOT_PATH = '/app/resources/knowledge-base';
export const kbPaths = {
  home: () => KB_ROOT_PATH,
  topic: (topic: string) => `${KB_ROOT_PATH}/${topic}`,
  article: (topic: string, article: string) => `${KB_ROOT_PATH}/${topic}/${article}`,
};

// ---------------------------------------------------------------- API contract

export interface KbTopicCard {
  slug: string;
  title: string;
  order: number;
  summary: string;
  articleCount: number;
}

export interface KbArticleCard {
  topicSlug: string;
  topicTitle: string;
  slug: string;
  title: string;
  summary: string;
  /** YYYY-MM-DD */
  updated: string;
}

export interface KbHome {
  topics: KbTopicCard[];
  popular: KbArticleCard[];
  recent: KbArticleCard[];
}

export interface KbTopicDetail {
  slug: string;
  title: string;
  order: number;
  summary: string;
  articles: KbArticleCard[];
}

export interface KbKeyTerm {
  term: string;
  definition: string;
}

/** One glossary term: a key term of a knowledge-base article, which is its link. */
export interface GlossaryEntry {
  term: string;
  definition: string;
  /** "<topic>/<article>" */
  article: string;
  articleTitle: string;
  /** the article's page */
  path: string;
}

/** The class of a glossary term marked in a section (a link to its article holding the definition). */
export const GLOSSARY_TERM_CLASS = 'glossary-term';

export interface KbArticleDetail extends KbArticleCard {
  keyTerms: KbKeyTerm[];
  related: KbArticleCard[];
  /** rendered on the server by markdown-it with html:false and same-site links only */
  bodyHtml: string;
  bookmarked: boolean;
}

/** A piece of a snippet: plain text, `match: true` where the search terms were found. */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

export interface KbSearchHit extends KbArticleCard {
  snippet: SnippetSegment[];
}

export interface KbSearchResult {
  /** the query as the student typed it (trimmed to maxInputChars) */
  query: string;
  /** the words actually searched for; empty for an empty or junk query (then no results) */
  terms: string[];
  results: KbSearchHit[];
  /**
   * the query with each word no article has replaced by its closest spelling ("intrest" →
   * "interest"), offered as "Did you mean …"; null when every word was found as typed
   */
  didYouMean: string | null;
}

export interface KbBookmarkState {
  bookmarked: boolean;
}

// ---------------------------------------------------------------- pure rules

/** Private-use characters that mark a match inside a snippet (stripped from indexed text). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/** Turns a marked snippet into segments. Unbalanced markers are treated leniently; never throws. */
export function snippetSegments(marked: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) {
      const last = segments[segments.length - 1];
      if (last && last.match === match) last.text += text;
      else segments.push({ text, match });
    }
    text = '';
  };
  for (const ch of marked) {
    if (ch === MARK_START) {
      flush();
      match = true;
    } else if (ch === MARK_END) {
      flush();
      match = false;
    } else text += ch;
  }
  flush();
  return segments;
}

const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'me', 'my',
  'near', 'not', 'of', 'on', 'or', 'the', 'to', 'what', 'when', 'which', 'who', 'why', 'with', 'you', 'your',
]);

export interface SearchTerms {
  /** lowercase words, letters and digits only (never FTS or tsquery syntax) */
  terms: string[];
  /** true when the last word should match as a prefix (the student is still typing it) */
  prefixLast: boolean;
}

/** Every word of a text as the search sees it: NFKC, lowercase, runs of letters and digits. */
export function searchWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words too common to search for (dropped from queries and from the vocabulary). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The student's input → plain search words. Only runs of letters/digits survive, so quotes, stars,
 * parentheses, colons, minus signs and operators never reach FTS5 or to_tsquery; common words
 * (and, or, not, near, the …) are dropped. Long input is cut, never refused.
 */
export function parseSearchInput(input: unknown): SearchTerms {
  const raw = typeof input === 'string' ? input.slice(0, KB_SEARCH.maxInputChars) : '';
  const words = searchWords(raw);
  const terms: string[] = [];
  for (const word of words) {
    const term = word.slice(0, KB_SEARCH.maxTermChars);
    if (STOP_WORDS.has(term) || terms.includes(term)) continue;
    terms.push(term);
    if (terms.length === KB_SEARCH.maxTerms) break;
  }
  const lastWord = words[words.length - 1];
  const last = terms[terms.length - 1];
  const prefixLast = last !== undefined && last === lastWord && last.length >= KB_SEARCH.minPrefixChars && !/[^\p{L}\p{N}]$/u.test(raw);
  return { terms, prefixLast };
}
