import { readFileSync, rmSync } from 'node:fs';
import { STATE_FILE, type E2EState } from './env';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState;
  for (const server of state.servers) {
    try {
      process.kill(server.serverPid, 'SIGTERM');
    } catch {
      // already gone
    }
    if (!process.env.KEEP_E2E_DATA) rmSync(server.dataDir, { recursive: true, force: true });
  }
  rmSync(STATE_FILE, { force: true });
}
