/**
 * Indexes for the queries found scanning whole tables (EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN on PostgreSQL), portable to both:
 * - a learner's catalog finds the school by lower(lsclient_id) on every read;
 * - forgot-password finds an account by lower(email);
 * - a review's question count and its questions are read by review_id;
 * - every failed sign-in and every rate-limited call deletes expired rows by time.
 */
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0009: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('clients_lsclient_lower_idx').on('clients').expression(sql`lower(lsclient_id)`).execute();
    await db.schema.createIndex('users_email_lower_idx').on('users').expression(sql`lower(email)`).execute();
    await db.schema.createIndex('content_questions_review_idx').on('content_questions').column('review_id').execute();
    await db.schema.createIndex('sign_in_attempts_at_idx').on('sign_in_attempts').column('attempted_at').execute();
    await db.schema.createIndex('rate_events_at_idx').on('rate_events').column('at').execute();
  },

  async down(db: AnyDb) {
    for (const name of ['rate_events_at_idx', 'sign_in_attempts_at_idx', 'content_questions_review_idx', 'users_email_lower_idx', 'clients_lsclient_lower_idx']) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  },
};
