/**
 * Several instances: two compiled server processes (A and B, each with its own
 * DATA_DIR and no TOKEN_SECRET, started at the same moment on a fresh database) share one
 * PostgreSQL. A session started on one is validated, renewed and revoked on the other, and the
 * sign-in throttle and the account rate limits count attempts made on both.
 * PostgreSQL only: runs in `npm run test:pg` (TEST_DATABASE_URL), skipped otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_MESSAGES } from '../../src/common/apiMessages';
import type { BudgetRecord } from '../../src/common/budget';
import type { Envelope, Session } from '../../src/common/types';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createScratchDatabase, TEST_DATABASE_URL, type ScratchDatabase } from './support/postgres';
import { BUILD_TIMEOUT_MS, callJson, callService, ensureCompiledServer, startServerProcess, type ServerProcess } from './support/serverProcess';

const describeWithPostgres = TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('two server processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    await ensureCompiledServer();
    scratch = await createScratchDatabase();
    const env = { DATABASE_URL: scratch.url };
    dirs.push(mkdtempSync(path.join(os.tmpdir(), 'cashwise-a-')), mkdtempSync(path.join(os.tmpdir(), 'cashwise-b-')));
    // both at once on an empty database: migrations, seed and content import must not collide
    const started = await Promise.all(dirs.map((dataDir) => startServerProcess({ dataDir, env })));
    [a, b] = started as [ServerProcess, ServerProcess];
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (server: ServerProcess, username: string, password = DEMO_PASSWORD) =>
    callJson<Envelope<Session>>(`${server.url}/api/auth`, { body: { username, password, appKey: 'cashwise-web' } });
  const user = (server: ServerProcess, token: string) => callJson(`${server.url}/api/auth/user`, { token });

  it('[I10.2] both start together on an empty database and agree on the data', async () => {
    expect(a.url).not.toBe(b.url);
    const session = await signIn(a, 'learner');
    expect(session.status).toBe(200);
    const token = session.body.body.token;
    const created = await callService<BudgetRecord>(a.url, token, 'POST', '/budgets', {
      status: 'draft',
      data: { name: 'Shared', month: '2026-10', payFrequency: 'monthly', incomes: [], expenses: [], goals: [], debts: [] },
    });
    expect(created.status).toBe(201);
    const read = await callService<BudgetRecord>(b.url, token, 'GET', `/budgets/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Shared');
    // the catalog was imported once, not twice
    const catalog = await callService<unknown[]>(b.url, token, 'GET', '/catalog');
    expect(catalog.status).toBe(200);
    const again = await callService<unknown[]>(a.url, token, 'GET', '/catalog');
    expect(again.body).toEqual(catalog.body);
  });

  it('[I10.2] a session started on A is validated and renewed on B, the renewed token works on A, sign-out on A is refused on B', async () => {
    const started = await signIn(a, 'multi');
    expect(started.status).toBe(200);
    const first = started.body.body.token;
    expect((await user(b, first)).status).toBe(200);

    const renewed = await callJson<Envelope<Session>>(`${b.url}/api/auth/renew`, { token: first, method: 'POST' });
    expect(renewed.status).toBe(200);
    const second = renewed.body.body.token;
    expect(second).not.toBe(first);
    expect((await user(a, second)).status).toBe(200);
    // renewal revoked the old token everywhere
    expect((await user(a, first)).status).toBe(401);

    expect((await callJson(`${a.url}/api/auth/signout`, { token: second, method: 'POST' })).status).toBe(204);
    const refused = await user(b, second);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: API_MESSAGES.invalidSession });
  });

  it('[I10.2] the sign-in throttle adds up failures made on A and on B', async () => {
    // 5 failures per user name (SIGNIN_MAX_FAILURES_PER_USER), split 3 on A and 2 on B
    for (const server of [a, b, a, b, a]) expect((await signIn(server, 'support', 'wrong-password')).status).toBe(401);
    for (const server of [b, a]) {
      const limited = await signIn(server, 'support', 'wrong-password');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // even the right password waits out the back-off, on either instance
    expect((await signIn(b, 'support')).status).toBe(429);
  });

  it('[I10.2] account rate limits add up across A and B', async () => {
    // "forgot password": 3 per account per hour
    for (const server of [a, b, a]) {
      expect((await callService(server.url, undefined, 'POST', '/password/forgot', { login: 'admin' })).status).toBe(200);
    }
    const limited = await callService<{ message: string }>(b.url, undefined, 'POST', '/password/forgot', { login: 'admin' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toEqual(expect.any(String));
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
