/** The database: SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { type Config, DEFAULT_DATABASE_POOL_SIZE } from '../config';
import { ChangeTracker, registerChangeTracker } from './changes';
import { testWriteGuard, type WriteGuard } from './writeGuard';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

export const SQLITE_FILE = 'cashwise.sqlite';
const INT8_OID = 20;

/**
 * How long one PostgreSQL connection attempt or statement may take before it fails (and the request
 * gets 503, see http/databaseErrors.ts) instead of hanging while the database is unreachable.
 */
export const DEFAULT_DATABASE_TIMEOUT_MS = 10_000;

export interface DatabaseOptions {
  /**
   * Start-up work (migrations, content import): no statement or query timeout, since building an
   * index on a large table may take longer than a request ever should. Connecting stays bounded.
   */
  maintenance?: boolean;
}

export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & { databaseTimeoutMs?: number; databasePoolSize?: number },
  options: DatabaseOptions = {},
): Db {
  if (config.databaseUrl) {
    const { databaseUrl } = config;
    const timeoutMs = config.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
    const statementLimits = options.maintenance ? {} : { statement_timeout: timeoutMs, query_timeout: timeoutMs + 1_000 };
    // pg loads only when PostgreSQL is used (a SQLite server starts ~0.1 s sooner without it)
    const pool = async (): Promise<pg.Pool> => {
      const { default: pgModule } = await import('pg');
      const created = new pgModule.Pool({
        connectionString: databaseUrl,
        max: config.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE,
        // bounded waits while the database is unreachable: connecting, a statement on the server,
        // and the client's own wait for an answer (a cut network never answers at all)
        connectionTimeoutMillis: timeoutMs,
        ...statementLimits,
        keepAlive: true,
        // epoch-ms columns are bigint; they fit a JS number exactly, so read them as numbers
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === INT8_OID ? (value: string) => Number(value) : pgModule.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
        },
      });
      // an idle connection that breaks (database restarted, network cut) is dropped from the pool
      // and replaced on the next request; without this listener the error would end the process
      created.on('error', (error) => {
        console.warn(`PostgreSQL connection lost: ${error.message}`);
      });
      created.on('connect', (client) => {
        // a connection that breaks while a query holds it: pg fails that query (→ 503, see
        // http/databaseErrors.ts) AND emits 'error' on the client, which the pool only listens to
        // while the client is idle; unheard, that event ended the process (databaseOutage.test.ts,
        // now and then). The pool drops the broken client when it is released.
        client.on('error', () => undefined);
        usePreparedStatements(client);
      });
      return created;
    };
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(config.dataDir, SQLITE_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL, not NORMAL: with WAL, NORMAL survives a killed process but may lose the last commits on
  // power loss; FULL syncs the WAL at every commit, so a save answered 2xx survives both
  // (docs/server.md "Scale-out and failure behaviour").
  sqlite.pragma('synchronous = FULL');
  // other connections' commits, for the read caches (db/changes.ts); in tests, every write to a
  // cached table must be announced where it is made (db/writeGuard.ts)
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const tracker = new ChangeTracker(() => dataVersion.get() as number);
  const guard = process.env.NODE_ENV === 'test' ? testWriteGuard() : undefined;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, tracker, guard) }) });
  registerChangeTracker(db, tracker);
  return db;
}

/**
 * SQL texts run as named prepared statements on PostgreSQL (db/hotQuery.ts registers the hot
 * path's queries): each connection parses and plans them once, then only binds and executes. Only
 * fixed texts are registered, a few dozen at most.
 */
const preparedNames = new Map<string, string>();

export function registerPreparedStatement(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `cw_hot_${preparedNames.size + 1}`);
}

/** Makes a pool client run registered texts as named statements (pg prepares each once per connection). */
function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? preparedNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}

/** Prepared statements kept per SQL text; Kysely's SQLite driver would otherwise prepare every query anew. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 behind Kysely with a cache of prepared statements (preparing was the
 * largest single cost of a catalog read). Kysely runs one query at a time on its one SQLite
 * connection and never streams here, so a cached statement is never busy when it is reused; a
 * schema change (migrations) makes SQLite re-prepare it by itself. Least recently used first out.
 * Kysely prepares each statement just before it runs it: in tests, `guard` (db/writeGuard.ts) checks
 * here that each write to a cached table is announced; `exec` (raw SQL, no statement) tells
 * `tracker` that anything may have changed.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE, tracker?: ChangeTracker, guard?: WriteGuard): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string): SqliteDatabase.Statement => {
    guard?.noteStatement(source);
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = sqlite.prepare(source);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      if (property === 'exec' && tracker) {
        return (source: string) => {
          tracker.noteUnknownChange();
          target.exec(source);
          return receiver;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Runs every pending migration; throws (with the failing migration's error) if one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Features land in any order, so a database may meet a migration that sorts before one it
  // already ran; each migration only adds its own tables, so running it late is safe.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** pg_advisory_lock key of the start-up work (any constant bigint; "cashwise" in ASCII). */
const STARTUP_LOCK_KEY = 0x63617368776973n;

/**
 * Runs the start-up work (migrations, demo seed, content import) while holding a PostgreSQL
 * session advisory lock, so instances started at the same moment do it one after another: the
 * second finds everything done and changes nothing. SQLite needs no lock here: instances on one
 * SQLite file are only the cluster workers of one machine, whose primary does this work alone.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(connection);
    }
  });
}

/**
 * The development token secret every instance on this database shares: the first to ask stores its
 * own (from DATA_DIR), the others adopt it. Without this, two instances with their own DATA_DIR
 * would sign with different keys and refuse each other's sessions.
 */
export async function sharedTokenSecret(db: Db, own: Uint8Array): Promise<Uint8Array> {
  const value = new TextDecoder().decode(own);
  await db
    .insertInto('server_settings')
    .values({ name: 'token_secret', value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_settings').select('value').where('name', '=', 'token_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
