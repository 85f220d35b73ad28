/**
 * The schools a district-wide support account serves (SECURITY.md "Authority"): a list an
 * administrator keeps, never the schools the account joined. An upgrade keeps what such accounts
 * saw before: each gets the schools it belonged to, except the ones it joined by redeeming a code
 * (a code makes a member, never a supporter).
 */
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0023: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('support_schools')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('assigned_at', 'bigint', (c) => c.notNull())
      .addColumn('assigned_by', 'integer')
      .addPrimaryKeyConstraint('support_schools_pk', ['user_id', 'client_id'])
      .execute();
    await db.schema.createIndex('support_schools_client_idx').on('support_schools').column('client_id').execute();
    await sql`
      INSERT INTO support_schools (user_id, client_id, assigned_at, assigned_by)
      SELECT uc.user_id, uc.client_id, 0, NULL
      FROM user_clients uc
      WHERE EXISTS (SELECT 1 FROM user_permissions p WHERE p.user_id = uc.user_id AND UPPER(p.permission) = 'SUPPORT')
        AND NOT EXISTS (
          SELECT 1 FROM access_code_redemptions r
          JOIN access_codes a ON a.id = r.access_code_id
          WHERE r.user_id = uc.user_id AND a.client_id = uc.client_id
        )
    `.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('support_schools').execute();
  },
};
