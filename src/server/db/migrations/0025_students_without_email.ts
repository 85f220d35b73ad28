/**
 * A school may let students who register with one of its class codes leave the e-mail out (many
 * districts block student mail): `clients.students_without_email` (1: allowed). Such a student
 * recovers through a teacher's temporary password. `registration_records.email_skipped_at` is when
 * the student chose to register without an address; it counts only while the school allows it.
 */
import type { Kysely, Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0025: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('clients')
      .addColumn('students_without_email', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('registration_records').addColumn('email_skipped_at', 'bigint').execute();
    changed('clients');
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('registration_records').dropColumn('email_skipped_at').execute();
    await db.schema.alterTable('clients').dropColumn('students_without_email').execute();
  },
};
