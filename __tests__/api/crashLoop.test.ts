/**
 * The crash loop: 200 rounds of the compiled server on one SQLite file, budget
 * saves in flight, `kill -9` at a random moment, restart. After every restart each budget holds
 * at least its last acknowledged save (and a newer version only if that write was really sent);
 * at the end `PRAGMA integrity_check` is `ok` and every save answered 2xx is in the file.
 * Rounds: CRASH_LOOP_ROUNDS (default 200). Durability choice: docs/server.md "Scale-out and failure behaviour".
 * SQLite only by nature: `npm test` runs it; `npm run test:pg` (TEST_DATABASE_URL set) leaves it
 * out, since it would run the very same SQLite loop a second time and CI's time is budgeted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { BudgetData, BudgetRecord } from '../../src/common/budget';
import type { Envelope, Session } from '../../src/common/types';
import { createDatabase, SQLITE_FILE } from '../../src/server/db';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { BUILD_TIMEOUT_MS, callJson, callService, ensureCompiledServer, startServerProcess, type ServerProcess } from './support/serverProcess';

const ROUNDS = Number(process.env.CRASH_LOOP_ROUNDS ?? 200);
/**
 * The rounds run as two loops side by side, each on its own SQLite file (a server start is CPU
 * bound, so two cores halve the wall time); every round is a full kill -9 and restart.
 */
const LOOPS = 2;
const LANES = 3;
/** the kill comes 0..KILL_WINDOW_MS after the server is listening, while saves are in flight */
const KILL_WINDOW_MS = 250;

const budget = (name: string): BudgetData => ({
  name,
  month: '2026-09',
  payFrequency: 'monthly',
  incomes: [{ source: 'Paycheck', amountCents: 100_000, frequency: 'monthly' }],
  expenses: [{ category: 'Rent', kind: 'need', variability: 'fixed', amountCents: 50_000 }],
  goals: [],
  debts: [],
});

/** One budget updated by one writer at a time: what was acknowledged and what was ever sent. */
interface Lane {
  id: number;
  /** last version the server acknowledged (2xx), and its name */
  acked: { version: number; name: string };
  /** every name sent for a version (an unacknowledged write may still have committed) */
  sent: Map<number, string>;
  /** the version the next save is based on (re-read after each restart) */
  base: number;
}

const describeOnSqliteRun = process.env.TEST_DATABASE_URL ? describe.skip : describe;

const dirs: string[] = [];
/** set when one loop fails, so the other stops instead of outliving the test */
let aborted = false;
const running = new Set<ServerProcess>();

describeOnSqliteRun('crash loop (SQLite, kill -9)', () => {
  beforeAll(async () => {
    await ensureCompiledServer();
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([...running].map((s) => s.kill9()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(dir: string): Promise<ServerProcess> {
    const server = await startServerProcess({ dataDir: dir });
    running.add(server);
    return server;
  }

  async function kill(server: ServerProcess): Promise<void> {
    await server.kill9();
    running.delete(server);
  }

  interface LoopResult {
    acknowledged: number;
    created: number;
  }

  it('runs SQLite in WAL mode with synchronous=FULL', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'cashwise-sync-'));
    const db = createDatabase({ databaseUrl: undefined, dataDir: scratch });
    try {
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(sync.rows[0]?.synchronous).toBe(2); // 2 = FULL
    } finally {
      await db.destroy();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  /** One loop on its own SQLite file: `rounds` × (saves in flight, kill -9, restart, check). */
  async function crashLoop(rounds: number): Promise<LoopResult> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-crash-'));
    dirs.push(dir);
    let server = await start(dir);
    const signIn = await callJson<Envelope<Session>>(`${server.url}/api/auth`, { body: { username: 'learner', password: DEMO_PASSWORD, appKey: 'cashwise-web' } });
    expect(signIn.status).toBe(200);
    const token = signIn.body.body.token;

    const lanes: Lane[] = [];
    for (let i = 0; i < LANES; i += 1) {
      const created = await callService<BudgetRecord>(server.url, token, 'POST', '/budgets', { status: 'draft', data: budget(`lane ${i} start`) });
      expect(created.status).toBe(201);
      lanes.push({ id: created.body.id, acked: { version: 1, name: `lane ${i} start` }, sent: new Map([[1, `lane ${i} start`]]), base: 1 });
    }
    /** budgets created during the rounds and acknowledged: id → name */
    const createdAcked = new Map<number, string>();
    let acknowledged = 0;

    for (let round = 0; round < rounds && !aborted; round += 1) {
      const current = server;
      let alive = true;
      // one writer per lane, saving back to back until the kill; plus one creating new budgets
      const writeLane = async (lane: Lane, index: number) => {
        for (let seq = 0; alive; seq += 1) {
          const name = `lane ${index} round ${round} save ${seq}`;
          lane.sent.set(lane.base + 1, name);
          try {
            const saved = await callService<BudgetRecord>(current.url, token, 'PUT', `/budgets/${lane.id}`, { version: lane.base, status: 'draft', data: budget(name) });
            if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
            expect(saved.body.version).toBe(lane.base + 1);
            lane.base += 1;
            lane.acked = { version: lane.base, name };
            acknowledged += 1;
          } catch (error) {
            if (alive && current.child.exitCode === null && current.child.signalCode === null) throw error;
            return; // killed mid-request: the outcome is unknown until the restart
          }
        }
      };
      const createBudgets = async () => {
        for (let seq = 0; alive; seq += 1) {
          const name = `created round ${round} ${seq}`;
          try {
            const created = await callService<BudgetRecord>(current.url, token, 'POST', '/budgets', { status: 'draft', data: budget(name) });
            if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
            createdAcked.set(created.body.id, name);
            acknowledged += 1;
          } catch (error) {
            if (alive && current.child.exitCode === null && current.child.signalCode === null) throw error;
            return;
          }
        }
      };
      const writers = Promise.all([...lanes.map(writeLane), createBudgets()]);
      await new Promise((r) => setTimeout(r, Math.random() * KILL_WINDOW_MS));
      alive = false;
      await kill(current);
      await writers;

      server = await start(dir);
      // after the restart: at least the last acknowledged save, or a save that really was sent after it
      for (const lane of lanes) {
        const read = await callService<BudgetRecord>(server.url, token, 'GET', `/budgets/${lane.id}`);
        expect(read.status).toBe(200);
        const { version, data } = read.body;
        expect(version).toBeGreaterThanOrEqual(lane.acked.version);
        // a newer version only when that write was sent (committed, but the kill came before the answer)
        expect(version).toBeLessThanOrEqual(lane.acked.version + 1);
        expect(data.name).toBe(version === lane.acked.version ? lane.acked.name : lane.sent.get(version));
        // what the restarted server answers is durable from now on: the next round builds on it
        lane.base = version;
        lane.acked = { version, name: data.name };
      }
    }
    await kill(server);

    // the file itself, after the last kill -9 (opening it recovers the WAL first)
    const file = new SqliteDatabase(path.join(dir, SQLITE_FILE));
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = file.prepare('SELECT id, version, data FROM budgets').all() as Array<{ id: number; version: number; data: string }>;
      const byId = new Map(rows.map((r) => [r.id, { version: r.version, name: (JSON.parse(r.data) as BudgetData).name }]));
      for (const [id, name] of createdAcked) expect(byId.get(id)).toEqual({ version: 1, name });
      for (const lane of lanes) {
        const row = byId.get(lane.id);
        expect(row?.version).toBeGreaterThanOrEqual(lane.acked.version);
        if (row?.version === lane.acked.version) expect(row.name).toBe(lane.acked.name);
      }
    } finally {
      file.close();
    }
    return { acknowledged, created: createdAcked.size };
  }

  it(`[I10.3] keeps every acknowledged budget save through ${ROUNDS} kill -9 restarts`, async () => {
    const started = Date.now();
    const perLoop = Math.ceil(ROUNDS / LOOPS);
    const results = await Promise.all(
      Array.from({ length: LOOPS }, (_, i) =>
        crashLoop(i === LOOPS - 1 ? ROUNDS - perLoop * (LOOPS - 1) : perLoop).catch((error: unknown) => {
          aborted = true;
          throw error;
        }),
      ),
    );
    const acknowledged = results.reduce((n, r) => n + r.acknowledged, 0);
    const created = results.reduce((n, r) => n + r.created, 0);
    expect(acknowledged).toBeGreaterThan(ROUNDS);
    console.log(`crash loop: ${ROUNDS} rounds (${LOOPS} loops), ${acknowledged} acknowledged saves, ${created} budgets created, ${((Date.now() - started) / 1000).toFixed(1)} s (load ${os.loadavg()[0]?.toFixed(1)})`);
  }, 30 * 60_000);
});
