/**
 * A course is a product at a school: the same product reached through a second school's access code
 * (or invitation) is a second course, with its own student id. `user_products` was keyed by
 * (user, product) only, so the second school's course was silently not recorded; it is now keyed by
 * (user, product, school). Rebuilt by copy (SQLite cannot change a primary key), portable like 0001.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

async function rebuild(db: AnyDb, key: string[], constraint: string): Promise<void> {
  await db.schema
    .createTable('user_products_next')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(constraint, key as never)
    .execute();
  const columns = ['user_id', 'product_id', 'client_id', 'external_id', 'created_at'];
  await db
    .insertInto('user_products_next')
    .columns(columns)
    .expression((eb) => eb.selectFrom('user_products').select(columns))
    .execute();
  await db.schema.dropTable('user_products').execute();
  await db.schema.alterTable('user_products_next').renameTo('user_products').execute();
}

export const migration0012: Migration = {
  async up(db: AnyDb) {
    await rebuild(db, ['user_id', 'product_id', 'client_id'], 'user_products_course_pk');
  },
  async down(db: AnyDb) {
    // one course per product again: keep each product's earliest school
    await db
      .deleteFrom('user_products as a')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_products as b')
            .select('b.user_id')
            .whereRef('b.user_id', '=', 'a.user_id')
            .whereRef('b.product_id', '=', 'a.product_id')
            .where((inner) => inner.or([inner('b.created_at', '<', inner.ref('a.created_at')), inner.and([inner('b.created_at', '=', inner.ref('a.created_at')), inner('b.client_id', '<', inner.ref('a.client_id'))])])),
        ),
      )
      .execute();
    await rebuild(db, ['user_id', 'product_id'], 'user_products_pk_v1');
  },
};
