/**
 * Reviews shuffle their choices per attempt: each time a student opens a review the server draws an
 * order for every question's choices, keeps it here under a random id, and judges the attempt that
 * names that id by it (the browser only ever sees positions in its own order). A serving is used
 * once; a student keeps at most a few open ones per review. An attempt records the order it was
 * answered in, so the next opening can be sure to differ from it.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0013: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('review_servings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('material_slug', 'text', (c) => c.notNull())
      .addColumn('choice_orders', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_servings_user_idx').on('review_servings').columns(['user_id', 'module_slug', 'material_slug']).execute();
    // the order an attempt was answered in (null for attempts from before shuffling)
    await db.schema.alterTable('review_attempts').addColumn('choice_orders', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('review_attempts').dropColumn('choice_orders').execute();
    await db.schema.dropTable('review_servings').execute();
  },
};
