/**
 * A second E2E server, in-process, whose clock the test moves (browser tests). Playwright's
 * clock API moves the BROWSER's time; token lifetimes and the idle limit are judged by the SERVER's.
 * Moving both by the same amount keeps them consistent: server time = real time + the jumps made.
 * Fresh SQLite in a temp folder, demo accounts, the production build of the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createDatabase, migrateToLatest, type Db } from '../../../src/server/db';
import { seedDemo } from '../../../src/server/db/seed';

const root = resolve(__dirname, '../../..');

export interface ClockServer {
  url: string;
  /** The server's clock moves forward by `ms` (do the same to the page's clock). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** Tests only: cheaper argon2 so sign-ins are quick (production keeps OWASP's). */
const FAST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

export async function startClockServer(env: Record<string, string> = {}): Promise<ClockServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cashwise-e2e-clock-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      STATIC_DIR: join(root, 'dist/client'),
      LOG_LEVEL: 'silent',
      ...env,
    }),
    passwordHashing: FAST_ARGON2,
  };
  let offset = 0;
  const clock = () => Date.now() + offset;
  const db: Db = createDatabase(config);
  await migrateToLatest(db);
  await seedDemo(db, config.passwordHashing, clock());
  const app: FastifyInstance = await buildApp({ config, db, clock });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
