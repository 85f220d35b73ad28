/**
 * Support tickets and their session recordings. Portable like 0001: ids are `integer`
 * (SQLite rowid) or `serial` (PostgreSQL), times epoch-ms `bigint`, flags `integer` 0/1.
 * `support_counters` holds the next ticket number, so keys read HELP-1001, HELP-1002 … on both
 * databases; `support_attempts` counts anonymous submissions per IP for the rate limit.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0004: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

    await db.schema
      .createTable('support_counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('support_counters').values({ name: 'ticket', value: 1000 }).execute();

    await db.schema
      .createTable('support_tickets')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('issue_key', 'text', (c) => c.notNull().unique())
      .addColumn('number', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text')
      .addColumn('school', 'text')
      .addColumn('page_url', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('useragent', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('recording_id', 'text', (c) => c.unique())
      // sha-256 of the one-time token that allows ONE recording upload; null once used
      .addColumn('upload_token_hash', 'text')
      .execute();
    await db.schema.createIndex('support_tickets_created_at').on('support_tickets').column('created_at').execute();

    await db.schema
      .createTable('support_recordings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_id', 'integer', (c) => c.notNull().unique().references('support_tickets.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('truncated', 'integer', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('support_recordings_created_at').on('support_recordings').column('created_at').execute();

    await db.schema
      .createTable('support_attempts')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('attempted_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('support_attempts_ip_at').on('support_attempts').columns(['ip', 'attempted_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('support_attempts').execute();
    await db.schema.dropTable('support_recordings').execute();
    await db.schema.dropTable('support_tickets').execute();
    await db.schema.dropTable('support_counters').execute();
  },
};
