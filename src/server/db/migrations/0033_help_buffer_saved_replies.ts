/**
 * Get Help and the support desk:
 * - A school may turn off Get Help's "moments before": `clients.help_buffer_off` (1: off). While it
 *   is on (the default), a signed-in student's tab keeps the last minute of the page in memory,
 *   which goes with a help request only when the student ticks the recording box (docs/privacy.md).
 *   The signed-in identity carries it (services/auth/repository.ts).
 * - Saved replies per support team: `support_saved_replies`, each belonging to a school (the team
 *   is the school's support staff); staff read and edit those of the schools they support.
 */
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0033: Migration = {
  async up(db: AnyDb) {
    const id = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
    await db.schema
      .alterTable('clients')
      .addColumn('help_buffer_off', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    changed('clients');
    await db.schema
      .createTable('support_saved_replies')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('support_saved_replies_client_idx').on('support_saved_replies').column('client_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('support_saved_replies').execute();
    await db.schema.alterTable('clients').dropColumn('help_buffer_off').execute();
  },
};
