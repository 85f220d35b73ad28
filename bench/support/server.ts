/**
 * The real compiled server as a child process for the API, sign-in and load benches: builds
 * dist/server when it is missing or older than src/server or src/common, starts
 * `dist/server/server/main.js` on a free loopback port with a temporary SQLite file (or a scratch
 * PostgreSQL database), and seeds bench students straight into the database (one argon2 hash,
 * computed once and reused), so setting up hundreds of accounts takes a second.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../src/common/constants';
import { OWASP_ARGON2 } from '../../src/server/config';
import { createScratchDatabase, type ScratchDatabase } from '../../__tests__/api/support/postgres';
import { freePort, stopProcess } from '../../__tests__/support/serverUp';
import { createDatabase, type Db } from '../../src/server/db';
import { hashPassword } from '../../src/server/security/passwords';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/server/main.js');
export const APP_KEY = DEFAULT_APP_KEY;
export const BENCH_PASSWORD = 'bench-password-Correct-Horse-42';
export const BENCH_SCHOOL = 'LINCOLN-HS';
/** glibc's malloc threshold, the value package.json's `serve` script sets (docs/server.md, "Memory"). */
export const SERVER_MMAP_THRESHOLD = '131072';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** `npm run build:server` when dist/server is missing or older than the sources. */
export function ensureServerBuilt(): void {
  const built = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'src/server')), newestMtime(path.join(ROOT, 'src/common')));
  if (built >= sources) return;
  console.log('dist/server is missing or stale: npm run build:server …');
  execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
}

export const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');

/**
 * `npm run build` (SPA and server) when dist/ is missing or older than what it is built from: the
 * benches that drive a browser (lighthouse, soak) need both.
 */
export function ensureFullBuild(): void {
  // login.html and app.html: the prerendered pages, which `npm run build:client` writes after webpack
  const missing =
    !existsSync(SERVER_ENTRY) ||
    !existsSync(CLIENT_INDEX) ||
    ['login.html', 'app.html'].some((page) => !existsSync(path.join(path.dirname(CLIENT_INDEX), page)));
  const sources = Math.max(newestMtime(path.join(ROOT, 'src')), newestMtime(path.join(ROOT, 'static')), statSync(path.join(ROOT, 'webpack.config.js')).mtimeMs);
  // the newest file of the SPA build, not index.html: webpack leaves a file it would write unchanged
  // as it was, so index.html keeps an old time while the build is new
  if (!missing && Math.min(statSync(SERVER_ENTRY).mtimeMs, newestMtime(path.dirname(CLIENT_INDEX))) >= sources) return;
  console.log(`dist/ is ${missing ? 'missing' : 'older than the sources'}: npm run build …`);
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}

export type ScratchPg = ScratchDatabase;

/** A database of our own on TEST_DATABASE_URL's server (dropped afterwards, retried as test:pg does); null when unset. */
export async function createScratchPg(): Promise<ScratchPg | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  return createScratchDatabase('cashwise_bench');
}

export interface BenchServer {
  url: string;
  pid: number;
  dataDir: string;
  /** spawn → first 200 on GET /api */
  coldStartMs: number;
  /** resident set size of the server process now, from /proc (MB) */
  rssMb(): number;
  /** a Kysely handle on the server's database (for seeding and checks) */
  db: Db;
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl?: string;
  env?: Record<string, string>;
  label?: string;
  /** extra node flags, e.g. --cpu-prof */
  nodeArgs?: string[];
}

/** Starts the compiled server (production mode, demo schools for the catalog) and waits for GET /api. */
export async function startBenchServer(options: StartOptions = {}): Promise<BenchServer> {
  ensureServerBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cashwise-bench-${options.label ?? 'server'}-`));
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS profiles any bench's servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const envArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...envArgs, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TOKEN_SECRET: randomBytes(48).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // the demo schools (catalog offered to LINCOLN-HS); bench students are added below
      SEED_DEMO: 'true',
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'warn',
      // as `npm run serve` starts it (docs/server.md, "Memory")
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? SERVER_MMAP_THRESHOLD,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 120_000;
  let coldStartMs = -1;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${url}/api`);
      if (res.status === 200) {
        coldStartMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (coldStartMs < 0) {
    child.kill('SIGKILL');
    throw new Error(`The server did not start: ${readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000)}`);
  }
  const db = createDatabase({ dataDir, databaseUrl: options.databaseUrl });
  const pid = child.pid!;
  return {
    url,
    pid,
    dataDir,
    coldStartMs,
    db,
    rssMb: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: async () => {
      await db.destroy().catch(() => undefined);
      if (!exited) await stopProcess(child);
      // BENCH_KEEP_DATA keeps the database and log for a look afterwards
      if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `measure` on one SQLite instance, then on two instances sharing a scratch PostgreSQL database
 * (TEST_DATABASE_URL's server). Answers what became of PostgreSQL: 'measured', or why not (printed).
 */
export async function onSqliteThenPostgres(label: string, measure: (servers: readonly BenchServer[], database: 'sqlite' | 'postgres') => Promise<void>): Promise<string> {
  const sqlite = await startBenchServer({ label });
  try {
    await measure([sqlite], 'sqlite');
  } finally {
    await sqlite.stop();
  }
  let postgres = 'skipped: TEST_DATABASE_URL is unset';
  const scratch = await createScratchPg().catch((error: unknown) => {
    postgres = `not measured: ${(error as Error).message}`;
    return null;
  });
  if (scratch) {
    const first = await startBenchServer({ label: `${label}-pg1`, databaseUrl: scratch.url });
    const second = await startBenchServer({ label: `${label}-pg2`, databaseUrl: scratch.url });
    try {
      await measure([first, second], 'postgres');
      postgres = 'measured';
    } finally {
      await second.stop();
      await first.stop();
      await scratch.drop();
    }
  }
  if (postgres !== 'measured') console.log(`PostgreSQL: ${postgres}`);
  return postgres;
}

let sharedHash: Promise<string> | undefined;
/** One argon2id hash of BENCH_PASSWORD at the server's parameters, computed once per process. */
export function benchPasswordHash(): Promise<string> {
  sharedHash ??= hashPassword(BENCH_PASSWORD, OWASP_ARGON2);
  return sharedHash;
}

/** Inserts `count` students of LINCOLN-HS named `${prefix}1` … (all with BENCH_PASSWORD); returns their names. */
export async function seedStudents(db: Db, prefix: string, count: number): Promise<string[]> {
  const hash = await benchPasswordHash();
  const school = await db.selectFrom('clients').select('id').where('lsclient_id', '=', BENCH_SCHOOL).executeTakeFirstOrThrow();
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const now = Date.now();
  for (let start = 0; start < names.length; start += 100) {
    const chunk = names.slice(start, start + 100);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('users')
        .values(chunk.map((n) => ({ first_name: 'Bench', last_name: n, user_name: n, email: `${n}@bench.example`, timezone: null, password_hash: hash, created_at: now })))
        .returning('id')
        .execute();
      await trx
        .insertInto('user_clients')
        .values(rows.map((r) => ({ user_id: r.id, client_id: school.id, position: 0 })))
        .execute();
    });
  }
  return names;
}

export const jsonHeaders = { 'content-type': 'application/json', [APP_KEY_HEADER]: APP_KEY };
export const authHeaders = (token: string) => ({ ...jsonHeaders, authorization: `Bearer ${token}` });

/** Signs in over HTTP; returns the session token. */
export async function signIn(url: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ username, password, appKey: APP_KEY }) });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { body: { token: string } };
  return body.body.token;
}

/** One proxy call (POST /api/service) as the SPA makes it. */
export async function service<T>(url: string, token: string, method: string, servicePath: string, extra: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${url}/api/service`, { method: 'POST', headers: authHeaders(token), body: JSON.stringify({ service: 'OneLook', method, path: servicePath, ...extra }) });
  if (res.status >= 300) throw new Error(`${method} ${servicePath} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A section, a knowledge-base query and the first module's path, found through the API. */
export async function discoverContent(url: string, token: string): Promise<{ sectionPath: string; modulePath: string; searchTerm: string }> {
  const cards = await service<{ slug: string }[]>(url, token, 'GET', '/catalog');
  const first = cards[0];
  if (!first) throw new Error('the catalog is empty');
  const modulePath = `/catalog/modules/${first.slug}`;
  const module = await service<{ materials: { slug: string; sections: { slug: string }[] }[] }>(url, token, 'GET', modulePath);
  const mat = module.materials[0]!;
  return { modulePath, sectionPath: `${modulePath}/materials/${mat.slug}/sections/${mat.sections[0]!.slug}`, searchTerm: 'credit score' };
}

export const BUDGET_DATA = {
  name: 'September plan',
  month: '2026-09',
  payFrequency: 'biweekly',
  incomes: [{ source: 'Paycheck', amountCents: 120_000, frequency: 'biweekly' }],
  expenses: [
    { category: 'Rent', kind: 'need', variability: 'fixed', amountCents: 90_000 },
    { category: 'Groceries', kind: 'need', variability: 'variable', amountCents: 25_000 },
  ],
  goals: [],
  debts: [],
};

export function loadLine(): string {
  const [one, five] = os.loadavg();
  return `load average ${one!.toFixed(2)} (1 min) / ${five!.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
