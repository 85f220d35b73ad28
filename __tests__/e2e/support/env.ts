/** Where the E2E harness keeps what globalSetup started, shared with the test files through the environment. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const STATE_FILE = join(tmpdir(), 'cashwise-e2e-state.json');

export interface E2EState {
  baseURL: string;
  serverPid: number;
  dataDir: string;
}
