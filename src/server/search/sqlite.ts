/**
 * SQLite FTS5 engine. `kb_search` (migration 0007) holds title, summary and body with rowid =
 * kb_articles.id. Ranking: bm25 with column weights title 10, summary 4, body 1 (lower is better).
 * The best `limit` rows are chosen first; snippet() runs only for those.
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
      const result = await sql<RawHit>`
        WITH top AS (
          SELECT rowid AS id, bm25(kb_search, ${sql.lit(title)}, ${sql.lit(summary)}, ${sql.lit(body)}) AS score
          FROM kb_search WHERE kb_search MATCH ${match}
          ORDER BY score LIMIT ${limit}
        )
        SELECT a.topic_slug, t.title AS topic_title, a.slug, a.title, a.summary, a.updated,
               snippet(kb_search, -1, ${MARK_START}, ${MARK_END}, '…', ${sql.lit(SNIPPET_TOKENS)}) AS snippet
        FROM kb_search
        JOIN top ON top.id = kb_search.rowid
        JOIN kb_articles a ON a.id = kb_search.rowid
        JOIN kb_topics t ON t.id = a.topic_id
        WHERE kb_search MATCH ${match}
        ORDER BY top.score, a.title`.execute(db);
      return result.rows;
    },
    async reindex() {
      await sql`DELETE FROM kb_search`.execute(db);
      await sql`INSERT INTO kb_search (rowid, title, summary, body) SELECT id, title, summary, body_text FROM kb_articles`.execute(db);
    },
  };
}
