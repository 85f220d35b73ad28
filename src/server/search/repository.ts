/**
 * The knowledge-base search repository: ONE interface, two engines — SQLite FTS5 (the embedded
 * default) and PostgreSQL full-text search (DATABASE_URL). Both rank title matches above summary
 * matches above body matches and return snippets whose matches are marked with private-use
 * characters, turned here into plain-text segments (never HTML).
 *
 * Before the engine runs, the query's words are widened by the vocabulary (vocabulary.ts, the same
 * for both engines): synonyms, and the closest spellings of a word no article holds. Articles with
 * every word come first; when fewer than KB_SEARCH.fewResults have them, articles with some of the
 * words follow ("credit card debt payoff" still finds the credit-card articles).
 */
import { KB_SEARCH, parseSearchInput, snippetSegments, type KbArticleCard, type KbSearchHit, type KbSearchResult, type SearchTerms } from '../../common/knowledgeBase';
import { isPostgres, type Db } from '../db';
import { createPostgresSearch } from './postgres';
import type { Match } from './queries';
import { createSqliteSearch } from './sqlite';
import { didYouMean, expandQuery, loadVocabulary, type QueryGroup } from './vocabulary';

/** An article card as the queries select it (kb_articles a joined to kb_topics t): the KB routes' and the engines'. */
export interface ArticleCardRow {
  topic_slug: string;
  topic_title: string;
  slug: string;
  title: string;
  summary: string;
  updated: string;
}

export const toArticleCard = (row: ArticleCardRow): KbArticleCard => ({
  topicSlug: row.topic_slug,
  topicTitle: row.topic_title,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  updated: row.updated,
});

/** One row as an engine returns it (snippet still carries the markers). */
export interface RawHit extends ArticleCardRow {
  snippet: string;
}

export interface SearchEngine {
  /** ranked hits for already-sanitised words: articles matching every group, or (`any`) some */
  find(groups: readonly QueryGroup[], match: Match, limit: number): Promise<RawHit[]>;
  /** rebuilds the index from kb_articles (the import calls this inside its transaction) */
  reindex(): Promise<void>;
}

/** What the search needs of a translation (services/translations.ts): its language and its article cards. */
export interface SearchTranslation {
  language: string;
  articles: ReadonlyMap<string, { topicTitle: string; title: string; summary: string; updated: string }>;
}

export interface SearchRepository {
  /**
   * Any input at all: empty or junk input gives no terms and no results, never an error. With a
   * translation, its articles are searched in its language (its index, vocabulary and synonyms),
   * then the English of the articles it does not translate.
   */
  search(input: unknown, limit?: number, translation?: SearchTranslation | null): Promise<KbSearchResult>;
  reindex(): Promise<void>;
}

function toHit(row: RawHit): KbSearchHit {
  const segments = snippetSegments(row.snippet);
  return { ...toArticleCard(row), snippet: segments.length > 0 ? segments : [{ text: row.summary, match: false }] };
}

/** The repository for this database (works inside a transaction too: pass the transaction). */
const keyOf = (row: RawHit): string => `${row.topic_slug}/${row.slug}`;

/** Ranked hits of one language: every word first, then (few of those) some of the words. */
async function findIn(db: Db, language: string, parsed: SearchTerms, max: number): Promise<{ rows: RawHit[]; corrected: Map<string, string> }> {
  const engine: SearchEngine = isPostgres(db) ? createPostgresSearch(db, language) : createSqliteSearch(db, language);
  const { groups, corrected } = expandQuery(await loadVocabulary(db, language), parsed);
  const rows = await engine.find(groups, 'all', max);
  if (rows.length < Math.min(KB_SEARCH.fewResults, max) && groups.length > 1) {
    const found = new Set(rows.map(keyOf));
    for (const row of await engine.find(groups, 'any', max)) {
      if (rows.length >= max) break;
      if (!found.has(keyOf(row))) rows.push(row);
    }
  }
  return { rows, corrected };
}

export function searchRepository(db: Db): SearchRepository {
  const engine: SearchEngine = isPostgres(db) ? createPostgresSearch(db) : createSqliteSearch(db);
  return {
    async search(input, limit = KB_SEARCH.limit, translation = null) {
      const query = typeof input === 'string' ? input.slice(0, KB_SEARCH.maxInputChars) : '';
      const parsed = parseSearchInput(query);
      if (parsed.terms.length === 0) return { query, terms: [], results: [], didYouMean: null };
      const max = Math.min(Math.max(1, Math.floor(limit)), 100);
      // a language with no article translated yet searches the English
      const language = translation && translation.articles.size > 0 ? translation.language : 'en';
      const { rows, corrected } = await findIn(db, language, parsed, max);
      if (translation && language !== 'en' && rows.length < max) {
        // an article without a translation is read in English: found by its English words
        const english = await findIn(db, 'en', parsed, max);
        for (const row of english.rows) if (rows.length < max && !translation.articles.has(keyOf(row))) rows.push(row);
      }
      return { query, terms: parsed.terms, results: rows.map(toHit), didYouMean: didYouMean(query, corrected) };
    },
    reindex: () => engine.reindex(),
  };
}
