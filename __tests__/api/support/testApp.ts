/**
 * Builds the real server for API tests: config from a test environment, a REAL SQLite file in a
 * fresh temp dir (or, under `npm run test:pg`, a fresh PostgreSQL database), migrated and seeded with
 * the demo world (a copy of a template made once per run of this code), and a fake clock the test
 * moves by hand.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type AppDeps } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createDatabase, migrateToLatest, SQLITE_FILE, type Db } from '../../../src/server/db';
import { DEMO_PASSWORD, seedDemo } from '../../../src/server/db/seed';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../../src/common/constants';
import type { Envelope, Session } from '../../../src/common/types';
import { createScratchDatabase, templateDatabase, TEST_DATABASE_URL, type ScratchDatabase } from './postgres';

/** 2026-09-01T12:00:00Z */
export const START = Date.UTC(2026, 8, 1, 12, 0, 0);

export interface FakeClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function fakeClock(start = START): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: FakeClock;
  dir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  modules?: AppDeps['modules'];
  /** outgoing mail (default: the outbox table) */
  mailer?: AppDeps['mailer'];
  /** Fastify logger option (silent by default), e.g. { level: 'error' } to see a 500's cause */
  logger?: AppDeps['logger'];
  /** renders signed-in pages for GET /api/page (default: the build's, absent in tests) */
  pageRenderer?: AppDeps['pageRenderer'];
  /** the retention sweep's timers or interval, or false for none (default: hourly, real timers) */
  retentionSweep?: AppDeps['retentionSweep'];
  /** also seed the demo classroom (teacher's two classes, their students and progress) */
  demoClassroom?: boolean;
  /** school sign-in providers started by the test (the local one) and the time ID tokens are judged at */
  ssoProviders?: AppDeps['ssoProviders'];
  ssoClock?: AppDeps['ssoClock'];
}

/** Tests only: cheaper argon2 so a suite signs in dozens of times quickly (production keeps OWASP's). */
const FAST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

/** A hash of the server's and common code: what a migrated, seeded template holds depends on it. */
let codeHash: string | null = null;
function serverCodeHash(): string {
  if (codeHash) return codeHash;
  const hash = createHash('sha256');
  const src = path.resolve(__dirname, '../../../src');
  for (const folder of ['server', 'common']) {
    const files = readdirSync(path.join(src, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file.slice(src.length)).update(readFileSync(file));
  }
  codeHash = hash.digest('hex').slice(0, 16);
  return codeHash;
}

/**
 * Under `npm run test:pg`, a scratch database that is a copy of one migrated and seeded once for the
 * whole run (postgres.ts, templateDatabase): the migrations and the demo seed are the same for every
 * test app, and running them for each was most of the suite's time on PostgreSQL.
 */
async function seededScratchDatabase(classroom: boolean): Promise<ScratchDatabase> {
  const template = () =>
    templateDatabase(`cashwise_tpl_${serverCodeHash()}_${classroom ? 'classroom' : 'plain'}`, async (url) => {
      const db = createDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
      try {
        await migrateToLatest(db);
        await seedDemo(db, FAST_ARGON2, START, { classroom });
      } finally {
        await db.destroy();
      }
    });
  try {
    return await createScratchDatabase('cashwise_test', await template());
  } catch (error) {
    // another checkout's run may have dropped it (scripts/test-pg.mjs drops older code's): once more
    if ((error as { code?: string }).code !== '3D000') throw error;
    return createScratchDatabase('cashwise_test', await template());
  }
}

/** How long a template file of older code stays in the temp folder (another checkout may use it). */
const STALE_TEMPLATE_MS = 24 * 3_600_000;

/**
 * On SQLite, the same idea as seededScratchDatabase: a database file migrated and seeded once for
 * this code (its hash in the name, in the temp folder, shared by the workers), which each test app
 * copies into its own DATA_DIR. Made in a folder of its own and moved into place, so a worker never
 * copies a half-made one; two workers making it at once both make the same file.
 */
async function seededSqliteFile(classroom: boolean): Promise<string> {
  const name = `cashwise-tpl-${serverCodeHash()}-${classroom ? 'classroom' : 'plain'}.sqlite`;
  const file = path.join(os.tmpdir(), name);
  if (existsSync(file)) return file;
  const making = mkdtempSync(path.join(os.tmpdir(), 'cashwise-tpl-making-'));
  try {
    const db = createDatabase({ databaseUrl: undefined, dataDir: making });
    try {
      await migrateToLatest(db);
      await seedDemo(db, FAST_ARGON2, START, { classroom });
      // one self-contained file (no -wal beside it) to copy; each copy opens in WAL mode again
      await sql`PRAGMA journal_mode = DELETE`.execute(db);
    } finally {
      await db.destroy();
    }
    renameSync(path.join(making, SQLITE_FILE), file);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  for (const entry of readdirSync(os.tmpdir())) {
    if (!entry.startsWith('cashwise-tpl-') || entry === name) continue;
    const stale = path.join(os.tmpdir(), entry);
    try {
      if (Date.now() - statSync(stale).mtimeMs > STALE_TEMPLATE_MS) rmSync(stale, { recursive: true, force: true });
    } catch {
      // gone already
    }
  }
  return file;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-api-'));
  const classroom = options.demoClassroom ?? false;
  const scratch: ScratchDatabase | null =
    TEST_DATABASE_URL && !options.env?.DATABASE_URL ? await seededScratchDatabase(classroom) : null;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      STATIC_DIR: path.join(dir, 'no-static'),
      LOG_LEVEL: 'silent',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...options.env,
    }),
    passwordHashing: FAST_ARGON2,
  };
  const clock = fakeClock();
  // a copy of a template is migrated and seeded already (the same migrations and seed, at START)
  let copied = scratch !== null;
  if (!config.databaseUrl && config.dataDir === dir) {
    copyFileSync(await seededSqliteFile(classroom), path.join(dir, SQLITE_FILE));
    copied = true;
  }
  const db = createDatabase(config);
  if (!copied) {
    await migrateToLatest(db);
    await seedDemo(db, config.passwordHashing, clock(), { classroom });
  }
  const app = await buildApp({
    config,
    db,
    clock,
    modules: options.modules,
    mailer: options.mailer,
    logger: options.logger,
    ...(options.pageRenderer !== undefined ? { pageRenderer: options.pageRenderer } : {}),
    ...(options.retentionSweep !== undefined ? { retentionSweep: options.retentionSweep } : {}),
    ...(options.ssoProviders ? { ssoProviders: options.ssoProviders } : {}),
    ...(options.ssoClock ? { ssoClock: options.ssoClock } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    dir,
    async close() {
      await app.close();
      await db.destroy();
      await scratch?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const appKeyHeader = { [APP_KEY_HEADER]: DEFAULT_APP_KEY };

export function authHeaders(token: string): Record<string, string> {
  return { ...appKeyHeader, authorization: `Bearer ${token}` };
}

export interface ServiceCallOptions {
  /** signed in with this token; without one (null, undefined or ''), only the app key */
  token?: string | null;
  /** the call's payload; the key is left out of the body when undefined */
  payload?: unknown;
  /** the call's query params; the key is left out of the body when undefined */
  params?: Record<string, unknown>;
  /** the in-process service (default 'OneLook') */
  service?: string;
  /** sent only when true (absent means false to the proxy) */
  useSystem?: boolean;
  /** the client's address (remoteAddress); without one, light-my-request's default (127.0.0.1) */
  ip?: string;
  /** more request headers, over the app key and authorization */
  headers?: Record<string, string>;
}

/**
 * One call through the service proxy: POST /api/service with
 * `{ service, method, path[, params][, payload][, useSystem] }`, keys in that order, absent ones
 * left out so the proxy applies its defaults.
 */
export function serviceCall(app: FastifyInstance, method: string, servicePath: string, options: ServiceCallOptions = {}): Promise<LightMyRequestResponse> {
  const { token, payload, params, service = 'OneLook', useSystem, ip, headers } = options;
  const auth = token ? authHeaders(token) : appKeyHeader;
  return app.inject({
    method: 'POST',
    url: '/api/service',
    headers: headers ? { ...auth, ...headers } : auth,
    ...(ip ? { remoteAddress: ip } : {}),
    payload: {
      service,
      method,
      path: servicePath,
      ...(params === undefined ? {} : { params }),
      ...(payload === undefined ? {} : { payload }),
      ...(useSystem ? { useSystem } : {}),
    },
  });
}

export function signInRequest(app: FastifyInstance, username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username, password, appKey: DEFAULT_APP_KEY },
    headers: extra,
  });
}

export async function signIn(app: FastifyInstance, username: string): Promise<Session> {
  const response = await signInRequest(app, username);
  if (response.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as Envelope<Session>).body;
}

export function messageOf(response: LightMyRequestResponse): string {
  return (response.json() as { message: string }).message;
}

/**
 * One upload through POST /api/service/multipart: the proxy request (OneLook) as the `request`
 * field, then each file under its field name, encoded as a browser's FormData is.
 */
export async function multipartCall(
  app: FastifyInstance,
  request: { method: string; path: string; payload?: unknown; params?: Record<string, unknown> },
  files: Record<string, { data: Uint8Array | string; filename: string; type?: string }>,
  options: { token?: string | null; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('request', JSON.stringify({ service: 'OneLook', ...request }));
  for (const [field, file] of Object.entries(files)) form.append(field, new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const encoded = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/service/multipart',
    headers: { ...(options.token ? authHeaders(options.token) : appKeyHeader), 'content-type': encoded.headers.get('content-type') as string },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
