/**
 * Accounts: products, access codes and their redemptions, invitations, server-side
 * registration records, e-mail verification codes, password reset codes, a learner's products
 * (with the external id each asks for) and a generic rate-limit event log. Portable like 0001.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0006: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

    await db.schema
      .createTable('products')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      /** 1 when learners must give a student id for this product */
      .addColumn('requires_external_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('external_id_label', 'text')
      .execute();
    // the product every school gets unless an operator creates others (CLI create-product)
    await db.insertInto('products').values({ code: 'CASHWISE', name: 'Cashwise Financial Literacy', requires_external_id: 0 }).execute();

    await db.schema
      .createTable('access_codes')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('seats', 'integer', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('access_code_redemptions')
      .addColumn('access_code_id', 'integer', (c) => c.notNull().references('access_codes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('redeemed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('access_code_redemptions_pk', ['access_code_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('user_products')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_products_pk', ['user_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('invitations')
      .addColumn('id', id, (c) => c.primaryKey())
      /** 'email' (mailed by an operator, token_hash set) or 'code' (started by entering an access code) */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text')
      .addColumn('email', 'text')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('access_code_id', 'integer', (c) => c.references('access_codes.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('registration_records')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('invitation_id', 'integer', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
      /** sha-256 of the record key only the learner's browser (and the verification mail) holds */
      .addColumn('key_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('external_id', 'text')
      .addColumn('terms_accepted_at', 'bigint')
      .addColumn('email', 'text')
      .addColumn('email_verified_at', 'bigint')
      .addColumn('user_name', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('completed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', id, (c) => c.primaryKey())
      /** 'registration' or 'email-change' */
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.references('registration_records.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('verification_codes_record_idx').on('verification_codes').column('record_id').execute();
    await db.schema.createIndex('verification_codes_user_idx').on('verification_codes').column('user_id').execute();

    await db.schema
      .createTable('password_reset_codes')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('rate_events')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_events_key_idx').on('rate_events').columns(['key', 'at']).execute();
  },

  async down(db: AnyDb) {
    for (const table of [
      'rate_events',
      'password_reset_codes',
      'verification_codes',
      'registration_records',
      'invitations',
      'user_products',
      'access_code_redemptions',
      'access_codes',
      'products',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
