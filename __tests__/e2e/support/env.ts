/** Where the E2E harness keeps what globalSetup started, shared with the test files through the environment. */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** One state file per checkout, so two checkouts can run their browser tests at the same time. */
const checkout = createHash('sha256').update(resolve(__dirname, '../../..')).digest('hex').slice(0, 12);
export const STATE_FILE = join(tmpdir(), `cashwise-e2e-${checkout}.json`);

export interface E2EState {
  baseURL: string;
  serverPid: number;
  dataDir: string;
}
