/**
 * The course in other languages than English (docs/content-format.md "Spanish twins"): the English
 * rows stay as they are (every id, slug, answer and order is theirs) and a translation is kept
 * beside its English entity, keyed by language and the entity's slug path:
 * - `content_translations`: what a module, material, section, review (title and its questions'
 *   texts by position) or knowledge-base topic says in a language, as JSON;
 * - `kb_article_translations`: a knowledge-base article in a language, with its own search index —
 *   SQLite: FTS5 `kb_search_translations` (no English stemmer, accents folded), rowid = its id;
 *   PostgreSQL: a generated tsvector in the language's text search configuration (`spanish`);
 * - `kb_language_terms`, `kb_language_synonyms`: the search vocabulary of a language (0014's tables
 *   are English's).
 * The import rewrites them in its transaction, with the English content.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0035: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('content_translations')
      .addColumn('language', 'text', (c) => c.notNull())
      /** module, material, section, review, kb_topic */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** the English entity's slug path: "budgeting", "budgeting/net-worth", "budgeting/net-worth/assets" */
      .addColumn('key', 'text', (c) => c.notNull())
      /** JSON: the translated fields */
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_translations_pk', ['language', 'kind', 'key'])
      .execute();

    await db.schema
      .createTable('kb_article_translations')
      .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('topic_slug', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('topic_title', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('key_terms', 'text', (c) => c.notNull())
      .addColumn('updated', 'text', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addUniqueConstraint('kb_article_translations_uq', ['language', 'topic_slug', 'slug'])
      .execute();
    if (postgres) {
      // only Spanish exists; another language adds its WHEN with its configuration
      const vector = (config: string) => sql.raw(
        `setweight(to_tsvector('${config}'::regconfig, title), 'A') || setweight(to_tsvector('${config}'::regconfig, summary), 'B') || setweight(to_tsvector('${config}'::regconfig, body_text), 'C')`,
      );
      await sql`ALTER TABLE kb_article_translations ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        CASE WHEN language = 'es' THEN ${vector('spanish')} ELSE ${vector('simple')} END
      ) STORED`.execute(db);
      await sql`CREATE INDEX kb_article_translations_search_idx ON kb_article_translations USING GIN (search_vector)`.execute(db);
    } else {
      await sql`CREATE VIRTUAL TABLE kb_search_translations USING fts5(title, summary, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(db);
    }

    await db.schema
      .createTable('kb_language_terms')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('articles', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('kb_language_terms_pk', ['language', 'term'])
      .execute();
    await db.schema
      .createTable('kb_language_synonyms')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('group_no', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('phrase', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('kb_language_synonyms_pk', ['language', 'group_no', 'position'])
      .execute();
  },
  async down(db: AnyDb) {
    await sql`DROP TABLE IF EXISTS kb_search_translations`.execute(db);
    for (const table of ['kb_language_synonyms', 'kb_language_terms', 'kb_article_translations', 'content_translations']) await db.schema.dropTable(table).ifExists().execute();
  },
};
