/**
 * The server's entry point and its only file with side effects:
 * config → database → migrations → demo seed → content import → app → listen; graceful shutdown on
 * SIGTERM/SIGINT. With WORKERS > 1 the primary process does the database work once, then forks
 * that many HTTP workers (node:cluster) sharing the port and restarts any that die.
 * Run as `node dist/server/server/main.js` (honours PORT, HOST, DATA_DIR, STATIC_DIR, WORKERS, …).
 */
// first: sizes libuv's thread pool before anything starts it
import './threadpool';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDatabase, isPostgres, migrateToLatest, sharedTokenSecret, withStartupLock, type Db } from './db';
import { DEMO_SCHOOLS, seedDemo } from './db/seed';
import { importContentIfChanged, offerAllModules } from './content/importContent';
import { importKnowledgeBaseIfChanged } from './content/importKnowledgeBase';
import { hasKnowledgeBase } from './content/knowledgeBase';
import { startLocalProvider, type LocalProvider } from './sso/localProvider';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * Run migrations, the demo seed and the content import first (default true). Cluster workers
   * skip it: their primary did it once before forking them.
   */
  prepare?: boolean;
}

/**
 * Migrations, demo seed and content import, under the start-up lock so instances starting together
 * on one PostgreSQL do it one at a time (the later ones find nothing to do).
 */
export async function prepareDatabase(config: Config, requestDb: Db): Promise<void> {
  // PostgreSQL: a pool of its own without statement timeouts (an index build may take long)
  const db = config.databaseUrl ? createDatabase(config, { maintenance: true }) : requestDb;
  try {
    await prepareUnderLock(config, db);
  } finally {
    if (db !== requestDb) await db.destroy();
  }
}

async function prepareUnderLock(config: Config, db: Db): Promise<void> {
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    if (config.seedDemo) await seedDemo(db, config.passwordHashing, Date.now(), { classroom: true });
    // the catalog: import when the content changed; a bad file stops the start with its name
    if (existsSync(path.join(config.contentDir, 'catalog'))) {
      await importContentIfChanged(db, config.contentDir, Date.now());
    } else if (hasKnowledgeBase(config.contentDir)) {
      await importKnowledgeBaseIfChanged(db, config.contentDir, Date.now());
    } else {
      console.warn(`No course content at ${path.join(config.contentDir, 'catalog')} (CONTENT_DIR): the catalog stays as last imported.`);
    }
    if (config.seedDemo) await offerAllModules(db, DEMO_SCHOOLS.map((s) => s.lsclientID));
  });
}

/** Starts a server from environment variables; used by main and usable by harnesses in-process. */
export async function startServer(env: Record<string, string | undefined> = process.env, options: StartOptions = {}): Promise<RunningServer> {
  let config = loadConfig(env);
  const db = createDatabase(config);
  try {
    if (options.prepare ?? true) await prepareDatabase(config, db);
    // several instances on one PostgreSQL must sign with one key (SQLite instances share DATA_DIR)
    if (config.tokenSecretGenerated && isPostgres(db)) config = { ...config, tokenSecret: await sharedTokenSecret(db, config.tokenSecret) };
    // "Lincoln district sign-in" beside the server (development and demo; one process only)
    let local: LocalProvider | null = null;
    if (config.sso.localProvider.enabled && !cluster.isWorker) {
      try {
        local = await startLocalProvider({ db, redirectUri: `${config.publicUrl}/api/sso/callback/lincoln`, port: config.sso.localProvider.port, host: config.host });
      } catch (error) {
        // a demo convenience: the app itself starts without it (a busy port, say)
        console.warn(`Lincoln district sign-in (the local OpenID provider) did not start: ${(error as Error).message}`);
      }
    }
    const app = await buildApp({ config, db, logger: { level: config.logLevel }, ...(local ? { ssoProviders: [local.provider] } : {}) });
    if (local) {
      const provider = local;
      app.addHook('onClose', async () => provider.close());
      app.log.info(`Lincoln district sign-in (local OpenID provider) is at ${provider.issuer}`);
    }
    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('://0.0.0.0', '://localhost');
    // a cluster worker reports to its primary, which announces the whole cluster once
    if (cluster.isWorker) app.log.info(`worker ${process.pid} serves ${url}`);
    else app.log.info(`${config.productName} is listening on ${url} (env ${config.appEnv}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
    let closing: Promise<void> | null = null;
    const close = () => {
      closing ??= (async () => {
        await app.close();
        await db.destroy();
      })();
      return closing;
    };
    return { app, db, config, url, close };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/** One JSON log line from the cluster primary (the same shape as the workers' pino lines). */
function primaryLog(config: Config, level: 'info' | 'warn' | 'error', msg: string): void {
  if (config.logLevel === 'silent') return;
  const levels = { info: 30, warn: 40, error: 50 } as const;
  console.log(JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, msg }));
}

/** A worker that dies this soon after its start is restarted after a growing pause (no fork storm). */
const QUICK_EXIT_MS = 10_000;
const MAX_RESTART_PAUSE_MS = 30_000;

/** The cluster primary: prepares the database once, forks the workers and keeps them running. */
async function runPrimary(config: Config): Promise<void> {
  const db = createDatabase(config);
  try {
    await prepareDatabase(config, db);
  } finally {
    await db.destroy();
  }
  let shuttingDown = false;
  let announced = false;
  let quickExits = 0;
  const startedAt = new Map<number, number>();
  const listening = new Set<number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    primaryLog(config, 'info', `worker ${worker.process.pid ?? '?'} started`);
    worker.on('message', (message: unknown) => {
      const msg = message as { type?: string; url?: string };
      if (msg?.type !== 'listening' || typeof msg.url !== 'string') return;
      listening.add(worker.id);
      if (!announced && listening.size >= config.workers) {
        announced = true;
        primaryLog(
          config,
          'info',
          `${config.productName} is listening on ${msg.url} (env ${config.appEnv}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${config.workers} workers)`,
        );
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (shuttingDown) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    const pause = quickExits === 0 ? 0 : Math.min(MAX_RESTART_PAUSE_MS, 500 * 2 ** (quickExits - 1));
    primaryLog(config, 'warn', `worker ${worker.process.pid ?? '?'} exited (${signal ?? `code ${code}`}); starting another${pause ? ` in ${pause} ms` : ''}`);
    setTimeout(() => {
      if (!shuttingDown) fork();
    }, pause);
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    primaryLog(config, 'info', `${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < config.workers; i += 1) fork();
}

async function main(): Promise<void> {
  const isWorker = cluster.isWorker;
  if (!isWorker) {
    let config: Config;
    try {
      config = loadConfig(process.env);
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 1;
      return;
    }
    if (config.workers > 1) {
      try {
        await runPrimary(config);
      } catch (error) {
        console.error((error as Error).message);
        process.exitCode = 1;
      }
      return;
    }
  }
  let server: RunningServer;
  try {
    server = await startServer(process.env, { prepare: !isWorker });
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  if (isWorker) process.send?.({ type: 'listening', url: server.url });
  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} received: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (require.main === module) void main();
