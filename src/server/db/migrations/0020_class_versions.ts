/**
 * A class's dashboard version: bumped in the same transaction as every write that changes what its
 * dashboard shows (services/classroom/versions.ts), so that a poll compares it, with a few
 * aggregates, before computing the grid, and every instance sharing the database agrees.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0020: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('classes').addColumn('dashboard_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('classes').dropColumn('dashboard_version').execute();
  },
};
