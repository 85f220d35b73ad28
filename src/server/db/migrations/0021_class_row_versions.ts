/**
 * A version per class enrolment: bumped with the class's dashboard version for the students a write
 * concerns (every enrolment for a class-wide write), so that a changed dashboard recomputes only
 * the rows whose version moved (services/classroom/dashboardRows.ts), on every instance alike.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0021: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('class_students').addColumn('row_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('class_students').dropColumn('row_version').execute();
  },
};
