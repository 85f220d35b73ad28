/**
 * Starting a server for a test or a bench: a free loopback port to give it, a wait until an address
 * of it answers, and a stop that waits for the process to be gone. Shared by the E2E set-up
 * (support/globalSetup.ts, accounts.e2e.ts) and the benches (bench/support/server.ts,
 * bench/lighthouse.ts, bench/api.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers with a 2xx; rejects after `timeoutMs` with the last error seen. */
export async function waitForAnswer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = new Error(`HTTP ${response.status}`);
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(last)}`);
}

/**
 * Stops a child process and resolves once it has exited: SIGTERM (the server's graceful stop), then
 * SIGKILL after `graceMs`. Its data folder can then be removed with nothing still writing to it,
 * and the test runner has no process left to wait for.
 */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
