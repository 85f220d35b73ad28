/**
 * The audit trail: every staff action that touches a student's data (opening a student record or a
 * replay, a temporary password, ending sessions, changing permissions, importing a roster, exporting
 * or deleting data) is one row: who, when, what, from where. The app only ever inserts rows and
 * reads them; the retention purge is the only delete (docs/privacy.md). Actor and target names are
 * copied into the row so the trail still reads after a user is deleted.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0017: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
    await db.schema
      .createTable('audit_events')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // the school the action concerns; null for an action on no one school (a global grant)
      .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
      // null for the command-line tool or the system
      .addColumn('actor_id', 'integer')
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_user_id', 'integer')
      .addColumn('target_name', 'text')
      // JSON: what the action needs to be understood (a ticket id, a permission, counts)
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      // the caller's IP, or 'cli'
      .addColumn('origin', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_client_at_idx').on('audit_events').columns(['client_id', 'at']).execute();
    await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('audit_events').execute();
  },
};
