/**
 * The first schema. Portable: the same code runs on SQLite and PostgreSQL. Ids are
 * `integer primary key` (a rowid alias) on SQLite and `serial` on PostgreSQL; times are epoch-ms
 * `bigint` on both (SQLite gives bigint integer affinity).
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// Migrations must not depend on today's table types (they describe yesterday's schema),
// so they take an untyped Kysely, as Kysely's own documentation does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function idType(db: AnyDb): 'serial' | 'integer' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
}

export const migration0001: Migration = {
  async up(db: AnyDb) {
    const id = idType(db);
    await db.schema
      .createTable('clients')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('lsclient_id', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_clients')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_clients_pk', ['user_id', 'client_id'])
      .execute();

    await db.schema
      .createTable('user_permissions')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('permission', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('app_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('replaced_by', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('sign_in_attempts')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('attempted_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sign_in_attempts_key_idx')
      .on('sign_in_attempts')
      .columns(['key', 'attempted_at'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const table of ['sign_in_attempts', 'sessions', 'user_permissions', 'user_clients', 'users', 'clients']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
