/**
 * `npm run test:pg`: the API suite on PostgreSQL. TEST_DATABASE_URL names a server and a role
 * that may create databases; every test app gets a database of its own, dropped when it closes.
 * The load bench (bench/support/server.ts) takes its scratch database from here too.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../../src/server/db';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * DROP DATABASE … WITH (FORCE) terminates the database's sessions, which a non-superuser role may not
 * do to a superuser's process: an autovacuum worker that happens to be on the scratch database makes
 * the drop fail with 42501 ("must be a member of the role whose process is being terminated"), and a
 * session still closing can give 55006 (in use). Both pass within moments: try again, a bounded number
 * of times.
 */
async function dropDatabase(name: string): Promise<void> {
  const transient = new Set(['42501', '55006']);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      return;
    } catch (error) {
      if (attempt >= 20 || !transient.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function urlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own on TEST_DATABASE_URL's server (`prefix`: how its name starts; the benches use
 * their own), empty or, with `template`, a copy of that database (see `templateDatabase`).
 */
export async function createScratchDatabase(prefix = 'cashwise_test', template?: string): Promise<ScratchDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  if (!NAME.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  if (template !== undefined && !NAME.test(template)) throw new Error(`not a database name: ${template}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  // a copy waits while the template is in use (two copies at one moment: 55006); a bounded retry
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdmin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
      break;
    } catch (error) {
      if (attempt >= 40 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  return {
    url: urlOf(name),
    drop: () => dropDatabase(name),
  };
}

/**
 * The database `name`, made once by `prepare` (given its URL) for every test app and worker that asks
 * for it: scratch databases are then copies of it (CREATE DATABASE … TEMPLATE), a fraction of the
 * time of running the migrations and the demo seed for each. Made under an advisory lock and
 * published by a rename, so a worker never copies a half-made one; `name` carries a hash of the
 * code that fills it, so changed code gets a new one.
 */
export async function templateDatabase(name: string, prepare: (url: string) => Promise<void>): Promise<string> {
  if (!NAME.test(name)) throw new Error(`not a database name: ${name}`);
  const exists = (client: pg.Client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((r) => (r.rowCount ?? 0) > 0);
  await withAdmin(async (client) => {
    if (await exists(client)) return;
    // one lock for every template: two workers asking for one at the same moment make it once
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['cashwise_test_templates']);
    try {
      if (await exists(client)) return;
      const making = `${name.slice(0, 50)}_making`;
      await dropDatabase(making);
      await client.query(`CREATE DATABASE ${making}`);
      try {
        await prepare(urlOf(making));
      } catch (error) {
        await dropDatabase(making);
        throw error;
      }
      await client.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['cashwise_test_templates']);
    }
  });
  return name;
}

/** Deadlocks PostgreSQL counted in `db`'s database (its statistics are flushed within a second, so this waits that long). */
export async function deadlockCount(db: Kysely<Database>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await sql`select pg_stat_clear_snapshot()`.execute(db);
  const row = await sql<{ deadlocks: string | number }>`select deadlocks from pg_stat_database where datname = current_database()`.execute(db);
  return Number(row.rows[0]!.deadlocks);
}
