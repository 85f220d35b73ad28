/** Where the E2E harness keeps what globalSetup started, shared with the test files through the environment. */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** One state file per checkout, so two checkouts can run their browser tests at the same time. */
const checkout = createHash('sha256').update(resolve(__dirname, '../../..')).digest('hex').slice(0, 12);
export const STATE_FILE = join(tmpdir(), `cashwise-e2e-${checkout}.json`);

/** One server globalSetup started: its address, process and data folder. */
export interface E2EServer {
  baseURL: string;
  serverPid: number;
  dataDir: string;
}

/** A server for each of jest's workers, so files running side by side never share a database. */
export interface E2EState {
  servers: E2EServer[];
}

/** The server of the jest worker this file runs in (JEST_WORKER_ID counts from 1; in band it is 1). */
export function serverOfThisWorker(state: E2EState): E2EServer {
  const worker = Math.max(1, Number(process.env.JEST_WORKER_ID ?? 1));
  return state.servers[(worker - 1) % state.servers.length]!;
}
