/**
 * Load: 500 simulated students for 60 s against the compiled server on
 * loopback, on SQLite and then on PostgreSQL (a scratch database on TEST_DATABASE_URL's server,
 * dropped afterwards; skipped with a note when it is unset). Each student signs in (arrivals spread
 * over the first 20 s), then, with 1–4 s of reading between calls: browses the catalog, opens a
 * module and reads a section, searches the knowledge base and saves a budget (created at the first
 * save, then updated with the version it last got). Prints every error, p50/p95/p99 overall and per
 * call, and afterwards checks that every acknowledged save (2xx) is in the database.
 *
 * Short runs: `npm run bench -- load --duration=10` or BENCH_LOAD_SECONDS=10; BENCH_LOAD_STUDENTS
 * changes the 500.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { report, type Figure } from './support/report';
import {
  APP_KEY,
  authHeaders,
  BENCH_PASSWORD,
  BUDGET_DATA,
  createScratchPg,
  discoverContent,
  jsonHeaders,
  loadLine,
  percentile,
  seedStudents,
  signIn,
  startBenchServer,
  type BenchServer,
} from './support/server';

const durationArg = process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1];
const SECONDS = Number(durationArg ?? process.env.BENCH_LOAD_SECONDS ?? 60);
const STUDENTS = Number(process.env.BENCH_LOAD_STUDENTS ?? 500);
const ARRIVAL_MS = Math.min(20_000, (SECONDS * 1000) / 3);
const SEARCHES = ['credit score', 'budget', 'interest', 'emergency fund', 'overdraft', 'taxes', 'sav', 'debit card'];

type Kind = 'sign-in' | 'catalog' | 'module' | 'section' | 'search' | 'budget save';

interface Stats {
  times: Record<Kind, number[]>;
  errors: { kind: Kind; status: number | string; message: string }[];
  /** budget id → the last acknowledged version and name */
  acked: Map<number, { version: number; name: string }>;
  savesAcked: number;
}

async function call(stats: Stats, kind: Kind, url: string, init: RequestInit): Promise<unknown> {
  const start = performance.now();
  let status: number | string = 'network';
  try {
    const res = await fetch(url, init);
    status = res.status;
    const text = await res.text();
    stats.times[kind].push(performance.now() - start);
    if (res.status >= 200 && res.status < 300) return text ? (JSON.parse(text) as unknown) : undefined;
    stats.errors.push({ kind, status, message: text.slice(0, 200) });
  } catch (error) {
    stats.times[kind].push(performance.now() - start);
    stats.errors.push({ kind, status, message: (error as Error).message });
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function student(server: BenchServer, name: string, index: number, stats: Stats, content: { modulePath: string; sectionPath: string }, endAt: number): Promise<void> {
  await sleep((index / STUDENTS) * ARRIVAL_MS);
  const signed = (await call(stats, 'sign-in', `${server.url}/api/auth`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username: name, password: BENCH_PASSWORD, appKey: APP_KEY }),
  })) as { body?: { token: string } } | undefined;
  const token = signed?.body?.token;
  if (!token) return;
  const proxy = (kind: Kind, method: string, path: string, extra: Record<string, unknown> = {}) =>
    call(stats, kind, `${server.url}/api/service`, { method: 'POST', headers: authHeaders(token), body: JSON.stringify({ service: 'OneLook', method, path, ...extra }) });
  let budget: { id: number; version: number } | null = null;
  let step = index;
  while (performance.now() < endAt) {
    await sleep(1000 + Math.random() * 3000);
    if (performance.now() >= endAt) break;
    step += 1;
    switch (step % 5) {
      case 0:
        await proxy('catalog', 'GET', '/catalog');
        break;
      case 1:
        await proxy('module', 'GET', content.modulePath);
        break;
      case 2:
        await proxy('section', 'GET', content.sectionPath);
        break;
      case 3:
        await proxy('search', 'GET', '/kb/search', { params: { q: SEARCHES[step % SEARCHES.length]! } });
        break;
      default: {
        const data = { ...BUDGET_DATA, name: `${name} plan ${step}` };
        const saved = (budget
          ? await proxy('budget save', 'PUT', `/budgets/${budget.id}`, { payload: { version: budget.version, status: 'draft', data } })
          : await proxy('budget save', 'POST', '/budgets', { payload: { status: 'draft', data } })) as { id: number; version: number } | undefined;
        if (saved) {
          budget = { id: saved.id, version: saved.version };
          stats.acked.set(saved.id, { version: saved.version, name: data.name });
          stats.savesAcked += 1;
        }
      }
    }
  }
}

async function scenario(label: string, databaseUrl: string | undefined): Promise<Figure[]> {
  const server = await startBenchServer({ label: `load-${label}`, databaseUrl });
  try {
    const names = await seedStudents(server.db, 'student', STUDENTS);
    const content = await discoverContent(server.url, await signIn(server.url, names[0]!));
    const stats: Stats = {
      times: { 'sign-in': [], catalog: [], module: [], section: [], search: [], 'budget save': [] },
      errors: [],
      acked: new Map(),
      savesAcked: 0,
    };
    console.log(`${label}: ${STUDENTS} students for ${SECONDS} s (arrivals over ${(ARRIVAL_MS / 1000).toFixed(0)} s) — ${loadLine()}`);
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    await Promise.all(names.map((name, i) => student(server, name, i, stats, content, endAt)));
    const elapsed = (performance.now() - started) / 1000;
    const rss = server.rssMb();

    // every acknowledged save is in the database, at (at least) the version it was acknowledged at
    const rows = await server.db.selectFrom('budgets').select(['id', 'version', 'name']).where('deleted_at', 'is', null).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let missing = 0;
    for (const [id, ack] of stats.acked) {
      const row = byId.get(id);
      if (!row || row.version < ack.version || (row.version === ack.version && row.name !== ack.name)) missing += 1;
    }

    const all = Object.values(stats.times).flat().sort((a, b) => a - b);
    const total = all.length;
    for (const e of stats.errors.slice(0, 10)) console.log(`  error: ${e.kind} → ${e.status} ${e.message}`);
    const perKind = (Object.entries(stats.times) as [Kind, number[]][]).map(([kind, times]) => {
      times.sort((a, b) => a - b);
      return `${kind} ${times.length}× p50 ${percentile(times, 50).toFixed(0)} / p99 ${percentile(times, 99).toFixed(0)} ms`;
    });
    console.log(`  ${perKind.join('; ')}`);
    const signIns = stats.times['sign-in'];
    return [
      { label: `${label}: requests`, value: total, unit: '', note: `${(total / elapsed).toFixed(0)} req/s over ${elapsed.toFixed(0)} s, ${STUDENTS} students` },
      { label: `${label}: errors`, value: stats.errors.length, unit: '', target: { op: '<=', value: 0 } },
      { label: `${label}: p99 of every call`, value: percentile(all, 99), unit: 'ms', target: { op: '<=', value: 100 }, note: `p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms, max ${all.at(-1)?.toFixed(0)} ms` },
      { label: `${label}: p99 without sign-in`, value: percentile(Object.entries(stats.times).filter(([k]) => k !== 'sign-in').flatMap(([, t]) => t).sort((a, b) => a - b), 99), unit: 'ms', note: `sign-in p99 ${percentile(signIns, 99).toFixed(0)} ms (argon2)` },
      { label: `${label}: acknowledged saves missing afterwards`, value: missing, unit: '', target: { op: '<=', value: 0 }, note: `${stats.savesAcked} saves acknowledged on ${stats.acked.size} budgets` },
      { label: `${label}: server RSS after the run`, value: rss, unit: 'MB', target: { op: '<=', value: 200 } },
    ];
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  figures.push(...(await scenario('SQLite', undefined)));
  let postgres = 'skipped: TEST_DATABASE_URL is unset';
  const scratch = await createScratchPg().catch((error: unknown) => {
    postgres = `not measured: ${(error as Error).message} (is the server at TEST_DATABASE_URL running?)`;
    return null;
  });
  if (scratch) {
    try {
      figures.push(...(await scenario('PostgreSQL', scratch.url)));
      postgres = 'measured';
    } finally {
      await scratch.drop();
    }
  }
  if (postgres !== 'measured') console.log(`PostgreSQL: ${postgres}${process.env.TEST_DATABASE_URL ? '' : ' (e.g. TEST_DATABASE_URL=postgres://cashwise:cashwise@127.0.0.1:5432/postgres)'}`);
  figures.push({ label: 'load average (1 min) at the end', value: os.loadavg()[0]!, unit: '' });
  report('load', `${STUDENTS} students, mixed, ${SECONDS} s (${loadLine()})`, figures, { postgres });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
