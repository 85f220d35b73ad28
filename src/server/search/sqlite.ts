/**
 * SQLite FTS5 engine. `kb_search` (migration 0007) holds title, summary and body with rowid =
 * kb_articles.id. Ranking: bm25 with column weights title 10, summary 4, body 1 (lower is better).
 * FTS5 sorts by rank itself (ORDER BY rank LIMIT), so snippet() runs only for the rows returned.
 * Articles with only some of the words (`any`) are sorted by how many of the words they hold, then
 * rank: bm25 alone would put one rare word above three common ones.
 */
import { sql } from 'kysely';
import { MARK_END, MARK_START } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { fts5Query, fts5StemmedQuery } from './queries';
import type { RawHit, SearchEngine } from './repository';

export const BM25_WEIGHTS = { title: 10, summary: 4, body: 1 } as const;
const SNIPPET_TOKENS = 24;
/** articles with some of the words: how many of the best-ranked are sorted by how many words they hold */
const ANY_CANDIDATES = 100;

/** The articles searched, by language: English in kb_search/kb_articles (0007), another in kb_search_translations (0035). */
function sourceOf(language: string) {
  if (language === 'en') return { index: sql.table('kb_search'), articles: sql`JOIN kb_articles a ON a.id = s.id JOIN kb_topics t ON t.id = a.topic_id`, topicTitle: sql`t.title`, where: sql`1` };
  return { index: sql.table('kb_search_translations'), articles: sql`JOIN kb_article_translations a ON a.id = s.id`, topicTitle: sql`a.topic_title`, where: sql`a.language = ${language}` };
}

export function createSqliteSearch(db: Db, language = 'en'): SearchEngine {
  const { index, articles, topicTitle, where } = sourceOf(language);
  // English has FTS5's Porter stemmer; another language's words match by their stems as prefixes
  const toQuery = language === 'en' ? fts5Query : fts5StemmedQuery;
  return {
    async find(groups, mode, limit) {
      const match = toQuery(groups, mode);
      if (!match) return [];
      const { title, summary, body } = BM25_WEIGHTS;
      // `rank MATCH` + `ORDER BY rank LIMIT` lets FTS5 sort internally, so snippet() runs for the top rows only
      const rankFn = `bm25(${title}.0, ${summary}.0, ${body}.0)`;
      // `any`: the best-ranked candidates, then those holding more of the query's words first
      const perGroup = mode === 'any' ? groups.map((group) => toQuery([group])).filter((q): q is string => q !== null) : [];
      // (an integer alone in ORDER BY would name a column: without `any`, no coverage term at all)
      const coverage = perGroup.length > 0 ? sql`${sql.join(perGroup.map((q) => sql`(s.id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${q}))`), sql` + `)} DESC, ` : sql``;
      const result = await sql<RawHit>`
        SELECT a.topic_slug, ${topicTitle} AS topic_title, a.slug, a.title, a.summary, a.updated, s.snippet
        FROM (
          SELECT rowid AS id, rank AS score,
                 snippet(${index}, -1, ${MARK_START}, ${MARK_END}, '…', ${sql.lit(SNIPPET_TOKENS)}) AS snippet
          FROM ${index}
          WHERE ${index} MATCH ${match} AND rank MATCH ${rankFn}
          ORDER BY rank
          LIMIT ${mode === 'any' ? Math.max(limit, ANY_CANDIDATES) : limit}
        ) s
        ${articles}
        WHERE ${where}
        ORDER BY ${coverage}s.score, a.title
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
    async reindex() {
      await sql`DELETE FROM kb_search`.execute(db);
      await sql`INSERT INTO kb_search (rowid, title, summary, body) SELECT id, title, summary, body_text FROM kb_articles`.execute(db);
    },
  };
}
