/**
 * A teacher's exception for one student on one assignment: more attempts at a review than the
 * class has, and a later due day. One row per (assignment, student), replaced by each grant; the
 * assignment's own limit and due day stay the class's.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0026: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('assignment_exceptions')
      .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // attempts on top of the assignment's max_attempts (0: none)
      .addColumn('extra_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // the student's own due day (YYYY-MM-DD in the school's time zone) and the instant it ends there
      .addColumn('due_date', 'text')
      .addColumn('due_at', 'bigint')
      .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('assignment_exceptions_pk', ['assignment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('assignment_exceptions_user_idx').on('assignment_exceptions').column('user_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('assignment_exceptions').execute();
  },
};
