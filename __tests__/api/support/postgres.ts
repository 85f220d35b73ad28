/**
 * `npm run test:pg`: the API suite on PostgreSQL. TEST_DATABASE_URL names a server and a role
 * that may create databases; every test app gets a database of its own, dropped when it closes.
 * The load bench (bench/support/server.ts) takes its scratch database from here too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/** A database of its own on TEST_DATABASE_URL's server (`prefix`: how its name starts; the benches use their own). */
export async function createScratchDatabase(prefix = 'cashwise_test'): Promise<ScratchDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(name),
  };
}
