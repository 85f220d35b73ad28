/**
 * The database goes away: requests get 503 + Retry-After with a `{ message }`
 * (never 500, never a hang past the bounded database timeout) and the same server process answers
 * normally once the database is back.
 * - PostgreSQL (npm run test:pg): the compiled server talks to PostgreSQL through a TCP proxy that
 *   the test cuts and restores (the shared cluster is never stopped).
 * - SQLite (npm test): another process holds the write lock past busy_timeout (SQLITE_BUSY).
 * A busy database (a transaction rolled back for contention, retried in the server first) is told
 * apart from an unreachable one in the message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { API_MESSAGES } from '../../src/common/apiMessages';
import type { BudgetRecord } from '../../src/common/budget';
import type { Envelope, Session } from '../../src/common/types';
import { SQLITE_FILE } from '../../src/server/db';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { retryingTransaction, TRANSACTION_TRIES } from '../../src/server/db/transaction';
import { createScratchDatabase, TEST_DATABASE_URL, type ScratchDatabase } from './support/postgres';
import { BUILD_TIMEOUT_MS, callJson, callService, ensureCompiledServer, startServerProcess, type JsonResponse, type ServerProcess } from './support/serverProcess';
import { TcpProxy } from './support/tcpProxy';
import { createTestApp, serviceCall, type TestApp } from './support/testApp';

const BUDGET = { name: 'Outage', month: '2026-11', payFrequency: 'monthly', incomes: [], expenses: [], goals: [], debts: [] };

/** The answer and how long it took. */
async function timed<T>(call: () => Promise<JsonResponse<T>>): Promise<{ response: JsonResponse<T>; ms: number }> {
  const started = Date.now();
  const response = await call();
  return { response, ms: Date.now() - started };
}

function expectUnavailable(response: JsonResponse<unknown>): void {
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ message: API_MESSAGES.databaseUnavailable });
  expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

const describeWithPostgres = TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('PostgreSQL outage (TCP proxy cut and restored)', () => {
  /** DATABASE_TIMEOUT_SECONDS for the server under test; every answer must come well within 3× it */
  const TIMEOUT_S = 2;
  const BOUND_MS = 3 * TIMEOUT_S * 1000 + 2000;
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    await ensureCompiledServer();
    scratch = await createScratchDatabase();
    const target = new URL(scratch.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-outage-'));
    server = await startServerProcess({ dataDir: dir, env: { DATABASE_URL: viaProxy.toString(), DATABASE_TIMEOUT_SECONDS: String(TIMEOUT_S) } });
    const signIn = await callJson<Envelope<Session>>(`${server.url}/api/auth`, { body: { username: 'learner', password: DEMO_PASSWORD, appKey: 'cashwise-web' } });
    expect(signIn.status).toBe(200);
    token = signIn.body.body.token;
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function expectServesNormally(): Promise<void> {
    expect((await callJson(`${server.url}/api/auth/user`, { token })).status).toBe(200);
    const created = await callService<BudgetRecord>(server.url, token, 'POST', '/budgets', { status: 'draft', data: BUDGET });
    expect(created.status).toBe(201);
    expect((await callService(server.url, token, 'GET', `/budgets/${created.body.id}`)).status).toBe(200);
  }

  for (const mode of ['refuse', 'stall'] as const) {
    it(`[I10.3] database ${mode === 'refuse' ? 'down (connections refused)' : 'unreachable (network stalled)'}: 503 within the bound, then recovers without a restart`, async () => {
      await expectServesNormally();
      proxy.cut(mode);
      // several kinds of request, some at once: each one 503 with a message, none hangs
      const results = await Promise.all([
        timed(() => callJson(`${server.url}/api/auth/user`, { token })),
        timed(() => callService(server.url, token, 'GET', '/budgets')),
        timed(() => callService(server.url, token, 'POST', '/budgets', { status: 'draft', data: BUDGET })),
        timed(() => callJson(`${server.url}/api/auth`, { body: { username: 'learner', password: DEMO_PASSWORD, appKey: 'cashwise-web' } })),
      ]);
      for (const { response, ms } of results) {
        expectUnavailable(response);
        expect(ms).toBeLessThan(BOUND_MS);
      }
      // a second round while still cut (the pool holds no good connection now)
      const again = await timed(() => callService(server.url, token, 'GET', '/budgets'));
      expectUnavailable(again.response);
      expect(again.ms).toBeLessThan(BOUND_MS);
      // what needs no database still answers
      expect((await callJson(`${server.url}/api`)).status).toBe(200);

      proxy.restore();
      const pid = server.pid;
      // the pool reconnects by itself: the first request after the restore may still meet a
      // connection that broke, so allow a short settling time, then everything is normal
      const deadline = Date.now() + BOUND_MS;
      while ((await callJson(`${server.url}/api/auth/user`, { token })).status !== 200) {
        if (Date.now() > deadline) throw new Error('the server did not recover after the database came back');
        await new Promise((r) => setTimeout(r, 200));
      }
      await expectServesNormally();
      expect(server.child.exitCode).toBeNull();
      expect(server.pid).toBe(pid);
    }, 90_000);
  }
});

describe('SQLite busy past busy_timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SQLite even under npm run test:pg (an empty DATABASE_URL means unset)
    t = await createTestApp({ env: { DATABASE_URL: '' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('[I10.3] answers 503 + Retry-After while another process holds the write lock, then saves normally', async () => {
    expect(t.config.databaseUrl).toBeUndefined();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'learner', password: DEMO_PASSWORD, appKey: 'cashwise-web' } });
    const session = (signIn.json() as Envelope<Session>).body;
    const save = () => serviceCall(t.app, 'POST', '/budgets', { token: session.token, payload: { status: 'draft', data: BUDGET } });
    const other = new SqliteDatabase(path.join(t.dir, SQLITE_FILE));
    try {
      other.exec('BEGIN IMMEDIATE');
      const busy = await save();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ message: API_MESSAGES.databaseBusy });
      expect(busy.headers['retry-after']).toBe('1');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await save()).statusCode).toBe(201);
  }, 30_000);
});

describe('a busy database against an unreachable one', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  let t: TestApp;
  let deadlocksLeft = 0;
  beforeAll(async () => {
    t = await createTestApp({
      modules: {
        Workflow: {
          routes: [
            // what a route meets when PostgreSQL rolls its transaction back, or cannot be reached
            ...['40P01', '40001', 'ECONNREFUSED'].map((code) => ({ method: 'GET' as const, path: `/fail/${code}`, access: 'public' as const, handler: () => Promise.reject(withCode(code)) })),
            {
              method: 'GET' as const,
              path: '/contended',
              access: 'public' as const,
              // deadlocked `deadlocksLeft` times, then committed
              handler: (ctx: { db: TestApp['db'] }) =>
                retryingTransaction(ctx.db, async () => {
                  if (deadlocksLeft > 0) {
                    deadlocksLeft -= 1;
                    throw withCode('40P01');
                  }
                  return { done: true };
                }),
            },
          ],
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (p: string) => serviceCall(t.app, 'GET', p, { service: 'Workflow' });

  it.each([
    ['a deadlock (40P01)', '40P01', API_MESSAGES.databaseBusy, '1'],
    ['a serialization failure (40001)', '40001', API_MESSAGES.databaseBusy, '1'],
    ['a refused connection', 'ECONNREFUSED', API_MESSAGES.databaseUnavailable, '5'],
  ])('%s is a 503 that says so, with Retry-After', async (_name, code, message, retryAfter) => {
    const response = await get(`/fail/${code}`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message });
    expect(response.headers['retry-after']).toBe(retryAfter);
  });

  it('retries a transaction rolled back for contention inside the server, a bounded number of times', async () => {
    deadlocksLeft = TRANSACTION_TRIES - 1;
    const recovered = await get('/contended');
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ done: true });
    deadlocksLeft = TRANSACTION_TRIES;
    const busy = await get('/contended');
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ message: API_MESSAGES.databaseBusy });
    expect(deadlocksLeft).toBe(0);
  });
});
