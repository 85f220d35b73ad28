/**
 * PostgreSQL full-text engine. kb_articles.search_vector (migration 0007) is generated from title
 * (weight A), summary (B) and body (C) and GIN-indexed. Ranking: ts_rank with the default weights
 * (A 1.0, B 0.4, C 0.2). ts_headline marks matches in the body, for the top rows only.
 */
import { sql } from 'kysely';
import { MARK_END, MARK_START } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { spanishForms, tsQuery } from './queries';
import type { RawHit, SearchEngine } from './repository';

/**
 * The articles searched, by language: English in kb_articles (its `english` vector, 0007), another
 * language in kb_article_translations (its vector in the language's configuration, 0035).
 */
const TEXT_SEARCH_CONFIG: Record<string, string> = { en: 'english', es: 'spanish' };

function sourceOf(language: string) {
  if (language === 'en') return { config: sql.lit('english'), articles: sql`kb_articles a JOIN kb_topics t ON t.id = a.topic_id`, topicTitle: sql`t.title`, where: sql`TRUE` };
  return {
    config: sql.lit(TEXT_SEARCH_CONFIG[language] ?? 'simple'),
    articles: sql`kb_article_translations a`,
    topicTitle: sql`a.topic_title`,
    where: sql`a.language = ${language}`,
  };
}

const HEADLINE = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`;

export function createPostgresSearch(db: Db, language = 'en'): SearchEngine {
  const { config, articles, topicTitle, where } = sourceOf(language);
  const forms = language === 'es' ? spanishForms : undefined;
  return {
    async find(groups, mode, limit) {
      const query = tsQuery(groups, mode, forms);
      if (!query) return [];
      // `any`: articles holding more of the query's words first, then rank (as the SQLite engine)
      const perGroup = mode === 'any' ? groups.map((group) => tsQuery([group], 'all', forms)).filter((q): q is string => q !== null) : [];
      const coverage = perGroup.length > 0 ? sql.join(perGroup.map((q) => sql`(a.search_vector @@ to_tsquery(${config}, ${q}))::int`), sql` + `) : sql`0`;
      const result = await sql<RawHit>`
        WITH q AS (SELECT to_tsquery(${config}, ${query}) AS query),
        top AS (
          SELECT a.id, ${coverage} AS coverage, ts_rank(a.search_vector, q.query) AS score
          FROM ${articles} CROSS JOIN q
          WHERE ${where} AND a.search_vector @@ q.query
          ORDER BY coverage DESC, score DESC, a.title
          LIMIT ${limit}
        )
        SELECT a.topic_slug, ${topicTitle} AS topic_title, a.slug, a.title, a.summary, a.updated,
               ts_headline(${config}, a.body_text, q.query, ${HEADLINE}) AS snippet
        FROM ${articles}
        JOIN top ON top.id = a.id
        CROSS JOIN q
        ORDER BY top.coverage DESC, top.score DESC, a.title`.execute(db);
      return result.rows;
    },
    async reindex() {
      // search_vector is a stored generated column: PostgreSQL indexes every row as it is written.
    },
  };
}
