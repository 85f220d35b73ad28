/**
 * What the knowledge-base search forgives and knows, beside the full-text index (0007), the same on
 * SQLite and PostgreSQL:
 * - `kb_terms`: every word of the imported articles with the number of articles it is in. A word a
 *   student types that is in none is corrected to the closest ones here (one or two typos).
 * - `kb_synonyms`: content/knowledge-base/synonyms.yaml, one row per spelling, grouped
 *   (W-4 / W4, 401(k) / 401k …). A query word or phrase in a group searches for the whole group.
 * Both are rewritten by the import with the articles (one transaction) and read by the search
 * repository (src/server/search/vocabulary.ts), which keeps them in memory per import.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0014: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('kb_terms')
      .addColumn('term', 'text', (c) => c.primaryKey())
      .addColumn('articles', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('kb_synonyms')
      .addColumn('group_no', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      /** the spelling as the file writes it ("401(k)") */
      .addColumn('phrase', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('kb_synonyms_pk', ['group_no', 'position'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('kb_synonyms').ifExists().execute();
    await db.schema.dropTable('kb_terms').ifExists().execute();
  },
};
