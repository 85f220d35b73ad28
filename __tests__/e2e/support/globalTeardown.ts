import { readFileSync, rmSync } from 'node:fs';
import { STATE_FILE, type E2EState } from './env';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2EState;
  try {
    process.kill(state.serverPid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(STATE_FILE, { force: true });
  if (!process.env.KEEP_E2E_DATA) rmSync(state.dataDir, { recursive: true, force: true });
}
