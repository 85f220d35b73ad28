/**
 * A renewal whose answer was lost can be asked again (docs/server.md, "Renewal"): the old session
 * row keeps a SHA-256 of the renewal key its renewal came with, so the same request repeated by the
 * same browser gets the same new token, and nothing else does.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0011: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sessions').addColumn('renewal_key_hash', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('sessions').dropColumn('renewal_key_hash').execute();
  },
};
