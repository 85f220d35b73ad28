/**
 * A person's zone is stored when their account is made at a school: the school's. Accounts made
 * before, with no zone of their own, get their first school's (lowest position) now, so a school's
 * people show its zone; an account at no school keeps none and reads America/Chicago (SPEC §3).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0028: Migration = {
  async up(db: AnyDb) {
    await sql`
      UPDATE users SET timezone = (
        SELECT clients.timezone FROM user_clients JOIN clients ON clients.id = user_clients.client_id
        WHERE user_clients.user_id = users.id ORDER BY user_clients.position LIMIT 1
      )
      WHERE timezone IS NULL`.execute(db);
    changed('users');
  },
  async down() {
    // the zones stored are each person's zone from now on: nothing to take back
  },
};
