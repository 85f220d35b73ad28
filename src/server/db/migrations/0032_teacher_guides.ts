/**
 * A module's teacher guide, as imported with the content (services/catalog/teacherGuide.ts
 * `StoredGuide`): its guide.md (discussion prompts, activity, worksheets, pacing notes; null when
 * the module has none yet), the standards' benchmarks its sections name with their statements, and
 * each section's benchmarks. JSON: only the guide reads it, whole.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0032: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('content_modules').addColumn('guide', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('content_modules').dropColumn('guide').execute();
  },
};
