/**
 * Reviews that measure: a review shows `draw_count` questions drawn from a larger bank, so each
 * serving records which questions it drew (in the order shown) and each attempt which it answered,
 * so the next opening can differ. Numeric questions carry a unit. Every module has a pre-test and a
 * post-test drawn from its reviews' banks; their servings live with the reviews' (`kind`, with an
 * empty material slug) and each student's one score of each is kept for the transcript.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0016: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
    // null: the review shows every question of its bank
    await db.schema.alterTable('content_reviews').addColumn('draw_count', 'integer').execute();
    await db.schema.alterTable('content_questions').addColumn('unit', 'text').execute();
    // JSON list of the question ids drawn, in the order shown (null: every question, in content order)
    await db.schema.alterTable('review_servings').addColumn('question_ids', 'text').execute();
    await db.schema.alterTable('review_servings').addColumn('kind', 'text', (c) => c.notNull().defaultTo('review')).execute();
    await db.schema.alterTable('review_attempts').addColumn('question_ids', 'text').execute();

    await db.schema
      .createTable('module_test_attempts')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      // 'pre-test' | 'post-test'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('score', 'integer', (c) => c.notNull())
      .addColumn('correct_count', 'integer', (c) => c.notNull())
      .addColumn('question_count', 'integer', (c) => c.notNull())
      // JSON { [question id]: the answer in the content's terms }
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // one of each per student and module: a baseline and a measure, not practice
    await db.schema.createIndex('module_test_attempts_once_idx').on('module_test_attempts').columns(['user_id', 'module_slug', 'kind']).unique().execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('module_test_attempts').execute();
    await db.schema.alterTable('review_attempts').dropColumn('question_ids').execute();
    await db.schema.alterTable('review_servings').dropColumn('kind').execute();
    await db.schema.alterTable('review_servings').dropColumn('question_ids').execute();
    await db.schema.alterTable('content_questions').dropColumn('unit').execute();
    await db.schema.alterTable('content_reviews').dropColumn('draw_count').execute();
  },
};
