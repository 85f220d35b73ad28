/**
 * The server's entry point and, with threadpool.ts (sized first), its only file with side effects:
 * config → database → migrations → demo seed → app → listen; graceful shutdown on SIGTERM/SIGINT.
 * Run as `node dist/server/server/main.js` (honours PORT, HOST, DATA_DIR, STATIC_DIR, …).
 */
// first: sizes libuv's thread pool before anything starts it
import './threadpool';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDatabase, migrateToLatest, type Db } from './db';
import { DEMO_SCHOOLS, seedDemo } from './db/seed';
import { importContentIfChanged, offerAllModules } from './content/importContent';
import { importKnowledgeBaseIfChanged } from './content/importKnowledgeBase';
import { hasKnowledgeBase } from './content/knowledgeBase';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
  close(): Promise<void>;
}

/** Starts a server from environment variables; used by main and usable by harnesses in-process. */
export async function startServer(env: Record<string, string | undefined> = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    if (config.seedDemo) await seedDemo(db, config.passwordHashing, Date.now());
    // the catalog: import when the content changed; a bad file stops the start with its name
    if (existsSync(path.join(config.contentDir, 'catalog'))) {
      await importContentIfChanged(db, config.contentDir, Date.now());
    } else if (hasKnowledgeBase(config.contentDir)) {
      await importKnowledgeBaseIfChanged(db, config.contentDir, Date.now());
    } else {
      console.warn(`No course content at ${path.join(config.contentDir, 'catalog')} (CONTENT_DIR): the catalog stays as last imported.`);
    }
    if (config.seedDemo) await offerAllModules(db, DEMO_SCHOOLS.map((s) => s.lsclientID));
    const app = await buildApp({ config, db, logger: { level: config.logLevel } });
    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('://0.0.0.0', '://localhost');
    app.log.info(`${config.productName} is listening on ${url} (env ${config.appEnv}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
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

async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
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
