/**
 * Settings every server instance sharing the database must agree on: today only
 * the development token secret, generated once and read by every instance when TOKEN_SECRET is
 * unset, so a session started on one instance is valid on the others.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0010: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('server_settings')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('server_settings').execute();
  },
};
