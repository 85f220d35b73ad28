/**
 * Builds the real server for API tests: config from a test environment, a REAL SQLite file in a
 * fresh temp dir (or, under `npm run test:pg`, a fresh PostgreSQL database), migrations, the demo
 * seed, and a fake clock the test moves by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createDatabase, migrateToLatest, type Db } from '../../../src/server/db';
import { DEMO_PASSWORD, seedDemo } from '../../../src/server/db/seed';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../../src/common/constants';
import type { Envelope, Session } from '../../../src/common/types';
import { createScratchDatabase, TEST_DATABASE_URL, type ScratchDatabase } from './postgres';

/** 2026-09-01T12:00:00Z */
export const START = Date.UTC(2026, 8, 1, 12, 0, 0);

export interface FakeClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function fakeClock(start = START): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: FakeClock;
  dir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  modules?: AppDeps['modules'];
  /** outgoing mail (default: the outbox table) */
  mailer?: AppDeps['mailer'];
  /** Fastify logger option (silent by default), e.g. { level: 'error' } to see a 500's cause */
  logger?: AppDeps['logger'];
  /** renders signed-in pages for GET /api/page (default: the build's, absent in tests) */
  pageRenderer?: AppDeps['pageRenderer'];
  /** the retention sweep's timers or interval, or false for none (default: hourly, real timers) */
  retentionSweep?: AppDeps['retentionSweep'];
  /** also seed the demo classroom (teacher's two classes, their students and progress) */
  demoClassroom?: boolean;
}

/** Tests only: cheaper argon2 so a suite signs in dozens of times quickly (production keeps OWASP's). */
const FAST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-api-'));
  const scratch: ScratchDatabase | null =
    TEST_DATABASE_URL && !options.env?.DATABASE_URL ? await createScratchDatabase() : null;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      STATIC_DIR: path.join(dir, 'no-static'),
      LOG_LEVEL: 'silent',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...options.env,
    }),
    passwordHashing: FAST_ARGON2,
  };
  const clock = fakeClock();
  const db = createDatabase(config);
  await migrateToLatest(db);
  await seedDemo(db, config.passwordHashing, clock(), { classroom: options.demoClassroom ?? false });
  const app = await buildApp({
    config,
    db,
    clock,
    modules: options.modules,
    mailer: options.mailer,
    logger: options.logger,
    ...(options.pageRenderer !== undefined ? { pageRenderer: options.pageRenderer } : {}),
    ...(options.retentionSweep !== undefined ? { retentionSweep: options.retentionSweep } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    dir,
    async close() {
      await app.close();
      await db.destroy();
      await scratch?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const appKeyHeader = { [APP_KEY_HEADER]: DEFAULT_APP_KEY };

export function authHeaders(token: string): Record<string, string> {
  return { ...appKeyHeader, authorization: `Bearer ${token}` };
}

export interface ServiceCallOptions {
  /** signed in with this token; without one (null, undefined or ''), only the app key */
  token?: string | null;
  /** the call's payload; the key is left out of the body when undefined */
  payload?: unknown;
  /** the call's query params; the key is left out of the body when undefined */
  params?: Record<string, unknown>;
  /** the in-process service (default 'OneLook') */
  service?: string;
  /** sent only when true (absent means false to the proxy) */
  useSystem?: boolean;
  /** the client's address (remoteAddress); without one, light-my-request's default (127.0.0.1) */
  ip?: string;
  /** more request headers, over the app key and authorization */
  headers?: Record<string, string>;
}

/**
 * One call through the service proxy: POST /api/service with
 * `{ service, method, path[, params][, payload][, useSystem] }`, keys in that order, absent ones
 * left out so the proxy applies its defaults.
 */
export function serviceCall(app: FastifyInstance, method: string, servicePath: string, options: ServiceCallOptions = {}): Promise<LightMyRequestResponse> {
  const { token, payload, params, service = 'OneLook', useSystem, ip, headers } = options;
  const auth = token ? authHeaders(token) : appKeyHeader;
  return app.inject({
    method: 'POST',
    url: '/api/service',
    headers: headers ? { ...auth, ...headers } : auth,
    ...(ip ? { remoteAddress: ip } : {}),
    payload: {
      service,
      method,
      path: servicePath,
      ...(params === undefined ? {} : { params }),
      ...(payload === undefined ? {} : { payload }),
      ...(useSystem ? { useSystem } : {}),
    },
  });
}

export function signInRequest(app: FastifyInstance, username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username, password, appKey: DEFAULT_APP_KEY },
    headers: extra,
  });
}

export async function signIn(app: FastifyInstance, username: string): Promise<Session> {
  const response = await signInRequest(app, username);
  if (response.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as Envelope<Session>).body;
}

export function messageOf(response: LightMyRequestResponse): string {
  return (response.json() as { message: string }).message;
}

/**
 * One upload through POST /api/service/multipart: the proxy request (OneLook) as the `request`
 * field, then each file under its field name, encoded as a browser's FormData is.
 */
export async function multipartCall(
  app: FastifyInstance,
  request: { method: string; path: string; payload?: unknown; params?: Record<string, unknown> },
  files: Record<string, { data: Uint8Array | string; filename: string; type?: string }>,
  options: { token?: string | null; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('request', JSON.stringify({ service: 'OneLook', ...request }));
  for (const [field, file] of Object.entries(files)) form.append(field, new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const encoded = new Request('http://localhost/api/service/multipart', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/service/multipart',
    headers: { ...(options.token ? authHeaders(options.token) : appKeyHeader), 'content-type': encoded.headers.get('content-type') as string },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
