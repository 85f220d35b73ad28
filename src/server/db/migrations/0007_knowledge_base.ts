/**
 * The knowledge base: imported topics and articles, per-article view counts (for the
 * "popular" list; no learner data), and the full-text index:
 * - SQLite: an FTS5 virtual table `kb_search` (rowid = kb_articles.id; title, summary, body; Porter
 *   stemming over unicode61), filled by the import in the same transaction as the articles;
 * - PostgreSQL: a stored generated tsvector column on kb_articles (title weight A, summary B, body C)
 *   with a GIN index, so every inserted article is indexed.
 * Both are read through ONE repository (src/server/search/).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0007: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const id = postgres ? 'serial' : 'integer';

    await db.schema
      .createTable('kb_topics')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('kb_articles')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('kb_topics.id').onDelete('cascade'))
      .addColumn('topic_slug', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      /** JSON array of { term, definition } */
      .addColumn('key_terms', 'text', (c) => c.notNull())
      /** JSON array of "<topic>/<article>" */
      .addColumn('related', 'text', (c) => c.notNull())
      /** YYYY-MM-DD */
      .addColumn('updated', 'text', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull())
      /** the body's readable text, for the search index and snippets */
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addUniqueConstraint('kb_articles_slug_uq', ['topic_slug', 'slug'])
      .execute();
    await db.schema.createIndex('kb_articles_topic_idx').on('kb_articles').column('topic_id').execute();

    await db.schema
      .createTable('kb_article_views')
      .addColumn('topic_slug', 'text', (c) => c.notNull())
      .addColumn('article_slug', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('kb_article_views_pk', ['topic_slug', 'article_slug'])
      .execute();

    if (postgres) {
      await sql`ALTER TABLE kb_articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, title), 'A') ||
        setweight(to_tsvector('english'::regconfig, summary), 'B') ||
        setweight(to_tsvector('english'::regconfig, body_text), 'C')
      ) STORED`.execute(db);
      await sql`CREATE INDEX kb_articles_search_idx ON kb_articles USING GIN (search_vector)`.execute(db);
    } else {
      await sql`CREATE VIRTUAL TABLE kb_search USING fts5(title, summary, body, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(db);
    }
  },
  async down(db: AnyDb) {
    await sql`DROP TABLE IF EXISTS kb_search`.execute(db);
    for (const table of ['kb_article_views', 'kb_articles', 'kb_topics']) await db.schema.dropTable(table).ifExists().execute();
  },
};
