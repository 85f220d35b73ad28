/**
 * School sign-in through OpenID Connect (docs/sso.md): which providers a school turned on, the
 * e-mail domains it owns and whether a sign-in may create an unknown student; the links between a
 * provider's subject and an account; and the two short-lived rows of one sign-in: the pending
 * request (state, nonce, PKCE verifier, used once) and the hand-off the SPA trades for its session.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0030: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sso_school_settings')
      .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
      // lower-case domains, comma-separated
      .addColumn('domains', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('create_students', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('sso_school_providers')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('sso_school_providers_pk', ['client_id', 'provider'])
      .execute();
    await db.schema
      .createTable('sso_links')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('sso_links_pk', ['provider', 'subject'])
      .addUniqueConstraint('sso_links_user_uq', ['user_id', 'provider'])
      .execute();
    await db.schema
      .createTable('sso_pending')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('school_id', 'integer')
      .addColumn('redirect', 'text')
      .addColumn('link_user_id', 'integer')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sso_handoffs')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('redirect', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['sso_handoffs', 'sso_pending', 'sso_links', 'sso_school_providers', 'sso_school_settings']) await db.schema.dropTable(table).execute();
  },
};
