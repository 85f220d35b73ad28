/**
 * PostgreSQL full-text engine. kb_articles.search_vector (migration 0007) is generated from title
 * (weight A), summary (B) and body (C) and GIN-indexed. Ranking: ts_rank with the default weights
 * (A 1.0, B 0.4, C 0.2). ts_headline marks matches in the body, for the top rows only.
 */
import { sql } from 'kysely';
import { MARK_END, MARK_START } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { tsQuery } from './queries';
import type { RawHit, SearchEngine } from './repository';

const HEADLINE = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`;

export function createPostgresSearch(db: Db): SearchEngine {
  return {
    async find(groups, mode, limit) {
      const query = tsQuery(groups, mode);
      if (!query) return [];
      // `any`: articles holding more of the query's words first, then rank (as the SQLite engine)
      const perGroup = mode === 'any' ? groups.map((group) => tsQuery([group])).filter((q): q is string => q !== null) : [];
      const coverage = perGroup.length > 0 ? sql.join(perGroup.map((q) => sql`(a.search_vector @@ to_tsquery('english', ${q}))::int`), sql` + `) : sql`0`;
      const result = await sql<RawHit>`
        WITH q AS (SELECT to_tsquery('english', ${query}) AS query),
        top AS (
          SELECT a.id, ${coverage} AS coverage, ts_rank(a.search_vector, q.query) AS score
          FROM kb_articles a, q
          WHERE a.search_vector @@ q.query
          ORDER BY coverage DESC, score DESC, a.title
          LIMIT ${limit}
        )
        SELECT a.topic_slug, t.title AS topic_title, a.slug, a.title, a.summary, a.updated,
               ts_headline('english', a.body_text, q.query, ${HEADLINE}) AS snippet
        FROM top
        JOIN kb_articles a ON a.id = top.id
        JOIN kb_topics t ON t.id = a.topic_id
        CROSS JOIN q
        ORDER BY top.coverage DESC, top.score DESC, a.title`.execute(db);
      return result.rows;
    },
    async reindex() {
      // search_vector is a stored generated column: PostgreSQL indexes every row as it is written.
    },
  };
}
