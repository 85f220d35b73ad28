/**
 * Cluster mode: WORKERS=2 forks two HTTP workers sharing one port (on SQLite
 * here); the primary prepares the database once, a worker killed with SIGKILL is replaced, and
 * SIGTERM to the primary stops them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, Session } from '../../src/common/types';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { BUILD_TIMEOUT_MS, callJson, ensureCompiledServer, startServerProcess, type ServerProcess } from './support/serverProcess';

let dir: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  await ensureCompiledServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-cluster-'));
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await server?.kill9();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const workerPids = (output: string): number[] => [...output.matchAll(/worker (\d+) started/g)].map((m) => Number(m[1]));
const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('[I10.2] serves with WORKERS=2, replaces a crashed worker and stops on SIGTERM', async () => {
  server = await startServerProcess({ dataDir: dir, env: { WORKERS: '2' } });
  const running = server;
  expect(running.output()).toMatch(/is listening on http:\/\/127\.0\.0\.1:\d+ \(env D, SQLite, 2 workers\)/);
  const [first, second] = workerPids(running.output());
  expect([first, second].every((pid) => pid !== undefined && isRunning(pid))).toBe(true);
  // announced once, by the primary, after both workers reported
  expect(running.output().match(/is listening on/g)).toHaveLength(1);
  // (each worker's own log line may reach the shared stdout just after the announcement)
  await until(() => running.output().match(/"msg":"worker \d+ serves http/g)?.length === 2, 10_000, 'both workers to log');

  const signIn = () => callJson<Envelope<Session>>(`${running.url}/api/auth`, { body: { username: 'learner', password: DEMO_PASSWORD, appKey: 'cashwise-web' } });
  const session = await signIn();
  expect(session.status).toBe(200);
  // several requests spread over both workers, each one validating the same session
  const answers = await Promise.all(Array.from({ length: 8 }, () => callJson(`${running.url}/api/auth/user`, { token: session.body.body.token })));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));

  process.kill(first as number, 'SIGKILL');
  await until(() => workerPids(running.output()).length === 3, 30_000, 'a replacement worker');
  expect(running.output()).toMatch(new RegExp(`worker ${first} exited \\(SIGKILL\\); starting another`));
  const replacement = workerPids(running.output())[2] as number;
  await until(() => running.output().includes(`"msg":"worker ${replacement} serves http`), 30_000, 'the replacement to listen');
  expect((await signIn()).status).toBe(200);
  expect((await callJson(`${running.url}/api`)).status).toBe(200);

  await running.stop();
  expect(running.child.exitCode).toBe(0);
  await until(() => !isRunning(second as number) && !isRunning(replacement), 10_000, 'the workers to stop');
  server = null;
}, 120_000);
