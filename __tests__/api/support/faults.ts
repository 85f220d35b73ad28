/**
 * A real database failure for API tests, on SQLite and on PostgreSQL: every transaction that
 * inserts into (or updates) a table fails at its COMMIT, once all its statements have run — the latest a write
 * can fail, and a failure of the database itself, not a stub of the query builder. Nothing a
 * statement did is kept (the transaction rolls back), so a test sees what a retry then finds.
 *
 * On PostgreSQL a deferred constraint trigger raises a serialization failure (40001), which the
 * server answers 503 like any transient database failure; on SQLite a deferred foreign key that the
 * write breaks (through a trigger) fails the commit, which the server answers 500.
 */
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../../src/server/db';

/** Transactions that `op` `table` fail from now on; answers the function that lets them through again. */
export async function failCommitsWriting(db: Db, table: string, op: 'INSERT' | 'UPDATE' = 'INSERT'): Promise<() => Promise<void>> {
  const trigger = sql.raw(`injected_failure_${table}`);
  const on = sql.raw(table);
  const after = sql.raw(`AFTER ${op}`);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure' USING ERRCODE = '40001'; END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER ${trigger} ${after} ON ${on} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${trigger}()`.execute(db);
    return async () => {
      await sql`DROP TRIGGER ${trigger} ON ${on}`.execute(db);
      await sql`DROP FUNCTION ${trigger}()`.execute(db);
    };
  }
  const parent = sql.raw(`injected_failure_${table}_parent`);
  const child = sql.raw(`injected_failure_${table}_child`);
  await sql`CREATE TABLE ${parent} (id INTEGER PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE ${child} (parent_id INTEGER REFERENCES ${parent} (id) DEFERRABLE INITIALLY DEFERRED)`.execute(db);
  await sql`CREATE TRIGGER ${trigger} ${after} ON ${on} BEGIN INSERT INTO ${child} (parent_id) VALUES (0); END`.execute(db);
  return async () => {
    await sql`DROP TRIGGER ${trigger}`.execute(db);
    await sql`DROP TABLE ${child}`.execute(db);
    await sql`DROP TABLE ${parent}`.execute(db);
  };
}
