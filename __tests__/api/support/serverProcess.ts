/**
 * The compiled server as a real process (several instances, cluster, crash loop,
 * database outage). `ensureCompiledServer()` runs `tsc -p tsconfig.server.json` once when
 * dist/server is missing or older than src/server or src/common (a lock keeps parallel test files
 * from building at the same time); `startServerProcess()` spawns `node dist/server/server/main.js`
 * on an ephemeral port and resolves with its URL once it logs "is listening on".
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../../src/common/constants';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/server/main.js');

/** Long enough for a build on a loaded 2-core machine; use as the beforeAll timeout. */
export const BUILD_TIMEOUT_MS = 240_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return newestMtime(path.join(ROOT, 'src/server')) > built || newestMtime(path.join(ROOT, 'src/common')) > built;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the server when needed; safe to call from several test files at once. */
export async function ensureCompiledServer(): Promise<void> {
  if (!isStale()) return;
  const lock = path.join(os.tmpdir(), `cashwise-server-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another test file is building: wait for it (a lock older than the timeout is abandoned)
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > BUILD_TIMEOUT_MS) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for another test to build the server');
      await sleep(500);
    }
  }
  try {
    if (isStale()) execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'pipe' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  pid: number;
  /** everything the process wrote so far (stdout + stderr) */
  output(): string;
  /** resolves when the process has exited */
  exited: Promise<void>;
  /** SIGKILL (kill -9) and wait for the exit */
  kill9(): Promise<void>;
  /** SIGTERM (graceful) and wait for the exit */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** how long to wait for "is listening on" (default 60 s) */
  timeoutMs?: number;
}

/** A clean environment: nothing of the developer's own configuration leaks into the server under test. */
function baseEnv(dataDir: string): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  const env: Record<string, string> = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name] as string;
  return {
    ...env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-static'),
    CONTENT_DIR: path.join(ROOT, 'content'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  };
}

export function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...baseEnv(options.dataDir), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const waitExit = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${options.timeoutMs ?? 60_000} ms:\n${text}`));
    }, options.timeoutMs ?? 60_000);
    const onData = () => {
      const match = /is listening on (http:\/\/[^\s"]+)/.exec(text);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url: (match[1] as string).replace('://localhost', '://127.0.0.1'),
        child,
        pid: child.pid as number,
        output: () => text,
        exited,
        kill9: () => waitExit('SIGKILL'),
        stop: () => waitExit('SIGTERM'),
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${signal ?? code}) before listening:\n${text}`));
    });
  });
}

export const APP_HEADERS = { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': 'application/json' };

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch + JSON, with the app key; `token` adds the bearer header. */
export async function callJson<T = unknown>(url: string, options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { ...APP_HEADERS, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/** POST /api/service with a proxy body. */
export function callService<T = unknown>(baseUrl: string, token: string | undefined, method: string, servicePath: string, payload?: unknown, timeoutMs?: number) {
  return callJson<T>(`${baseUrl}/api/service`, {
    ...(token ? { token } : {}),
    body: { service: 'OneLook', method, path: servicePath, ...(payload === undefined ? {} : { payload }) },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}
