/**
 * SQLite FTS5 engine. `kb_search` (migration 0007) holds title, summary and body with rowid =
 * kb_articles.id. Ranking: bm25 with column weights title 10, summary 4, body 1 (lower is better).
 * FTS5 sorts by rank itself (ORDER BY rank LIMIT), so snippet() runs only for the rows returned.
 */
import { sql } from 'kysely';
import { MARK_END, MARK_START } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { fts5Query } from './queries';
import type { RawHit, SearchEngine } from './repository';

export const BM25_WEIGHTS = { title: 10, summary: 4, body: 1 } as const;
const SNIPPET_TOKENS = 24;

export function createSqliteSearch(db: Db): SearchEngine {
  return {
    async find(terms, limit) {
      const match = fts5Query(terms);
      if (!match) return [];
      const { title, summary, body } = BM25_WEIGHTS;
      // `rank MATCH` + `ORDER BY rank LIMIT` lets FTS5 sort internally, so snippet() runs for the top rows only
      const rankFn = `bm25(${title}.0, ${summary}.0, ${body}.0)`;
      const result = await sql<RawHit>`
        SELECT a.topic_slug, t.title AS topic_title, a.slug, a.title, a.summary, a.updated, s.snippet
        FROM (
          SELECT rowid AS id, rank AS score,
                 snippet(kb_search, -1, ${MARK_START}, ${MARK_END}, '…', ${sql.lit(SNIPPET_TOKENS)}) AS snippet
          FROM kb_search
          WHERE kb_search MATCH ${match} AND rank MATCH ${rankFn}
          ORDER BY rank
          LIMIT ${limit}
        ) s
        JOIN kb_articles a ON a.id = s.id
        JOIN kb_topics t ON t.id = a.topic_id
        ORDER BY s.score, a.title`.execute(db);
      return result.rows;
    },
    async reindex() {
      await sql`DELETE FROM kb_search`.execute(db);
      await sql`INSERT INTO kb_search (rowid, title, summary, body) SELECT id, title, summary, body_text FROM kb_articles`.execute(db);
    },
  };
}
