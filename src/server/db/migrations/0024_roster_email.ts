/**
 * The address a school's roster lists for a user whose account holds another one. An import never
 * replaces an account's e-mail (it is where a password reset goes): the roster's address waits
 * here until the user confirms it with a code sent to it (their profile offers it), or says it is
 * not theirs. Null when the roster agrees with the account or lists no address.
 */
import type { Kysely, Migration } from 'kysely';
import { changed } from '../changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0024: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('roster_email', 'text').execute();
    changed('users');
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('roster_email').execute();
  },
};
