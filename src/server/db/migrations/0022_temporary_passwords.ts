/**
 * A temporary password (a teacher's or the school office's, or an account created with one) is
 * single use and expires: `temporary_password_expires_at` is when it stops signing in, and
 * `temporary_password_used_at` when a sign-in consumed it. Both are null for a password the user
 * chose. `must_change_password` stays the flag the session carries until the user picks their own.
 */
import type { Kysely, Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

/** the lifetime at the time of this migration (72 hours), fixed here as migrations are */
const LIFETIME_MS = 72 * 3_600_000;

export const migration0022: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('temporary_password_expires_at', 'bigint').execute();
    await db.schema.alterTable('users').addColumn('temporary_password_used_at', 'bigint').execute();
    // temporary passwords handed out before this: a full lifetime from the upgrade, not locked out at once
    await db
      .updateTable('users')
      .set({ temporary_password_expires_at: Date.now() + LIFETIME_MS })
      .where('must_change_password', '=', 1)
      .execute();
    changed('users');
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('temporary_password_used_at').execute();
    await db.schema.alterTable('users').dropColumn('temporary_password_expires_at').execute();
  },
};
