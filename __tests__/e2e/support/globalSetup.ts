/**
 * Starts the compiled server once for the whole E2E run: a fresh SQLite database in a temp folder,
 * seeded with the demo accounts, serving the production build of the SPA. Builds first when
 * `dist/` is missing, so `npm run test:e2e` works on its own.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForAnswer } from '../../support/serverUp';
import { STATE_FILE, type E2EState } from './env';

const root = resolve(__dirname, '../../..');
const serverEntry = join(root, 'dist/server/server/main.js');
const clientIndex = join(root, 'dist/client/index.html');

export default async function globalSetup(): Promise<void> {
  if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
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
      DATA_DIR: dataDir,
      STATIC_DIR: join(root, 'dist/client'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
    detached: false,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseURL}/api`, 30_000);
  const state: E2EState = { baseURL, serverPid: child.pid ?? 0, dataDir };
  writeFileSync(STATE_FILE, JSON.stringify(state));
  child.unref();
}
