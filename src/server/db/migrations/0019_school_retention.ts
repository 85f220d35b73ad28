/**
 * A school's own retention (docs/privacy.md): how many days its support recordings and its audit
 * trail entries are kept. Null is the deployment's (RECORDING_RETENTION_DAYS, AUDIT_RETENTION_DAYS);
 * a value is only ever shorter than those, and the retention sweep honours it.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

export const migration0019: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('clients').addColumn('recording_retention_days', 'integer').execute();
    await db.schema.alterTable('clients').addColumn('audit_retention_days', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('clients').dropColumn('audit_retention_days').execute();
    await db.schema.alterTable('clients').dropColumn('recording_retention_days').execute();
  },
};
