/**
 * Starts the compiled server for the whole E2E run, one for each of jest's workers (files run side
 * by side never share a database): each a fresh SQLite database in a temp folder, seeded with the
 * demo accounts, serving the production build of the SPA. Builds first when `dist/` is missing, so
 * `npm run test:e2e` works on its own.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GlobalConfig } from 'jest';
import { freePort, waitForAnswer } from '../../support/serverUp';
import { STATE_FILE, type E2EServer, type E2EState } from './env';

const root = resolve(__dirname, '../../..');
const serverEntry = join(root, 'dist/server/server/main.js');
const clientIndex = join(root, 'dist/client/index.html');

async function startServer(): Promise<E2EServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cashwise-e2e-'));
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // the address the browser uses: school sign-in's redirect URI and state cookie are on it
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SSO_LOCAL_PROVIDER_PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: join(root, 'dist/client'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  child.unref();
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseURL}/api`, 30_000);
  return { baseURL, serverPid: child.pid ?? 0, dataDir };
}

export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  const workers = Math.max(1, globalConfig.maxWorkers);
  // one at a time: two first starts migrating side by side only slow each other down
  const servers: E2EServer[] = [];
  for (let i = 0; i < workers; i += 1) servers.push(await startServer());
  const state: E2EState = { servers };
  writeFileSync(STATE_FILE, JSON.stringify(state));
}
