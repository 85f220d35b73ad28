/**
 * The language a person chose (en, es), saved with their account so it follows them to any
 * computer. Null until they choose: the SPA then starts from the browser's language.
 */
import type { Kysely, Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0034: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    changed('users');
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('language').execute();
    changed('users');
  },
};
