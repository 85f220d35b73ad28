/**
 * Budgets and worksheets: one row per saved document, owned by a user. `data` is the
 * document as JSON (amounts in integer cents, see src/common/budget.ts and worksheets.ts);
 * `version` starts at 1 and goes up by one on every save (optimistic concurrency); `deleted_at`
 * marks a soft delete that the owner can undo.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0008: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
    await db.schema
      .createTable('budgets')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('budgets_user').on('budgets').columns(['user_id', 'updated_at']).execute();

    await db.schema
      .createTable('worksheets')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.createIndex('worksheets_user').on('worksheets').columns(['user_id', 'updated_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('worksheets').execute();
    await db.schema.dropTable('budgets').execute();
  },
};
