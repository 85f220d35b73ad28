/**
 * API and server benchmark. autocannon on loopback against the real
 * compiled server (child process, temporary SQLite file, production mode) and, in the same run, a
 * bare Fastify "hello" server as the reference. Routes: GET /api, sign-in, the catalog tree, a
 * section, knowledge-base search and a budget save, each through the service proxy exactly as the
 * SPA calls them, and a page rendered for the student ahead of the app (GET /api/page). Also: cold start (spawn → first 200 on GET /api) and the server's RSS after the
 * load. Figures are printed with their targets and written to bench-results/api.{json,md}; nothing
 * is asserted.
 *
 * BENCH_API_SECONDS (default 10) sets each run's duration.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { OWASP_ARGON2 } from '../src/server/config';
import { HASH_CONCURRENCY, hashPassword, verifyPassword } from '../src/server/security/passwords';
import { stopProcess } from '../__tests__/support/serverUp';
import { report, type Figure } from './support/report';
import {
  APP_KEY,
  authHeaders,
  BENCH_PASSWORD,
  BUDGET_DATA,
  CLIENT_INDEX,
  discoverContent,
  ensureFullBuild,
  jsonHeaders,
  loadLine,
  ROOT,
  seedStudents,
  service,
  signIn,
  startBenchServer,
} from './support/server';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 100;
/** a class saving at once: one connection per student at the keyboard */
const SAVE_CONNECTIONS = 30;
/** Pages ahead of the app: a school's students landing at once, each render 30–50 ms of CPU. */
const PAGE_CONNECTIONS = 10;
/** sign-in is argon2-bound: more connections than hashing threads only queue */
const SIGNIN_CONNECTIONS = 8;

interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** `rss`: the server under test's RSS, printed after the run (what each kind of traffic leaves behind). */
async function cannon(label: string, options: autocannon.Options, rss?: () => number): Promise<Run> {
  const result = await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options });
  // autocannon's errors already include its timeouts
  const errors = result.errors + result.non2xx;
  const run: Run = { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, requests: result.requests.total };
  console.log(`  ${label}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${result.requests.total} requests, errors ${errors} (${result.non2xx} non-2xx, ${result.timeouts} timeouts)${rss ? `; server RSS ${rss().toFixed(0)} MB` : ''}`);
  return run;
}

/**
 * The reference: a bare Fastify answering {hello:'world'}, in its own process like the server. It
 * also answers `POST /sized` with `answer` (the catalog tree's JSON, as the server sends it): the
 * same request and answer sizes as the catalog read with nothing in between, the floor of that
 * route's shape on this machine (printed beside the target, which is against hello).
 */
async function startReference(answer: string): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `const f=require('fastify')();const a=process.env.REFERENCE_ANSWER;f.get('/',async()=>({hello:'world'}));f.post('/sized',async(q,r)=>r.type('application/json; charset=utf-8').send(a));f.listen({port:0,host:'127.0.0.1'}).then((a)=>console.log(a));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, REFERENCE_ANSWER: answer } });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the reference server exited')));
  });
  return { url, stop: () => stopProcess(child) };
}

interface Ctx {
  budget?: { id: number; version: number; token: string };
}

const proxyBody = (path: string, extra: Record<string, unknown> = {}) => JSON.stringify({ service: 'OneLook', method: 'GET', path, ...extra });

async function main(): Promise<void> {
  console.log(`API benchmark, ${SECONDS} s per run — ${loadLine()}`);
  // the SPA's build beside the server: GET /api/page renders with its prerender bundle (dist/prerender)
  ensureFullBuild();
  const server = await startBenchServer({ label: 'api', env: { STATIC_DIR: path.dirname(CLIENT_INDEX) } });
  const onServer = (label: string, options: autocannon.Options) => cannon(label, options, () => server.rssMb());
  let reference: { url: string; stop(): void } | undefined;
  try {
    console.log(`server started in ${server.coldStartMs.toFixed(0)} ms (spawn → first 200 on GET /api), pid ${server.pid}, RSS ${server.rssMb().toFixed(0)} MB`);
    const students = await seedStudents(server.db, 'apibench', 2000);
    const token = await signIn(server.url, students[0]!);
    const content = await discoverContent(server.url, token);
    const catalogAnswer = await (await fetch(`${server.url}/api/service`, { method: 'POST', headers: authHeaders(token), body: proxyBody('/catalog') })).text();
    reference = await startReference(catalogAnswer);

    // one hash at the server's parameters, for the sign-in figure
    const hashStart = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD, OWASP_ARGON2);
    const hashMs = performance.now() - hashStart;
    // the median of 5 verifications (what a sign-in costs)
    const verifications: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const verifyStart = performance.now();
      await verifyPassword(hash, BENCH_PASSWORD);
      verifications.push(performance.now() - verifyStart);
    }
    const verifyMs = verifications.sort((a, b) => a - b)[2]!;

    // warm-up: JIT and SQLite page cache
    await onServer('warm-up (catalog tree)', { url: `${server.url}/api/service`, method: 'POST', headers: authHeaders(token), body: proxyBody('/catalog'), duration: 2 });

    const runs: Record<string, Run> = {};
    runs.reference = await cannon('reference: bare Fastify GET /', { url: reference.url });
    runs.sized = await cannon('reference: bare Fastify POST with the catalog tree\'s request and answer', {
      url: `${reference.url}/sized`,
      method: 'POST',
      headers: authHeaders(token),
      body: proxyBody('/catalog'),
    });
    runs.env = await onServer('GET /api', { url: `${server.url}/api` });
    runs.catalog = await onServer('catalog tree', { url: `${server.url}/api/service`, method: 'POST', headers: authHeaders(token), body: proxyBody('/catalog') });
    runs.section = await onServer('a section', { url: `${server.url}/api/service`, method: 'POST', headers: authHeaders(token), body: proxyBody(content.sectionPath) });
    runs.search = await onServer('knowledge-base search', {
      url: `${server.url}/api/service`,
      method: 'POST',
      headers: authHeaders(token),
      body: proxyBody('/kb/search', { params: { q: content.searchTerm } }),
    });

    // a page rendered for the student ahead of the app (GET /api/page): the catalog's service answer
    // and a React render of the page with it, what a student's landing on the catalog costs
    const pageUrl = `${server.url}/api/page?path=${encodeURIComponent('/app/catalog')}`;
    const firstPage = await fetch(pageUrl, { headers: authHeaders(token) });
    if (firstPage.status !== 200) throw new Error(`GET /api/page answered ${firstPage.status}, not a rendered page (is dist/prerender built?)`);
    runs.page = await onServer(`a page ahead: the catalog (GET /api/page, ${PAGE_CONNECTIONS} connections)`, {
      url: pageUrl,
      connections: PAGE_CONNECTIONS,
      headers: authHeaders(token),
    });

    // budget save: PUT of a budget with the version it was read at, one budget per connection at a time
    const savers = students.slice(1, 1 + SAVE_CONNECTIONS);
    const pool: { id: number; version: number; token: string }[] = [];
    for (const name of savers) {
      const t = await signIn(server.url, name);
      for (let i = 0; i < 2; i += 1) {
        const created = await service<{ id: number; version: number }>(server.url, t, 'POST', '/budgets', { payload: { status: 'draft', data: BUDGET_DATA } });
        pool.push({ id: created.id, version: created.version, token: t });
      }
    }
    let saveConflicts = 0;
    runs.save = await onServer(`budget save (PUT, ${SAVE_CONNECTIONS} connections)`, {
      url: `${server.url}/api/service`,
      connections: SAVE_CONNECTIONS,
      method: 'POST',
      requests: [
        {
          setupRequest: (request, context: object) => {
            const budget = pool.shift()!;
            (context as Ctx).budget = budget;
            return {
              ...request,
              method: 'POST',
              headers: authHeaders(budget.token),
              body: JSON.stringify({ service: 'OneLook', method: 'PUT', path: `/budgets/${budget.id}`, payload: { version: budget.version, status: 'draft', data: { ...BUDGET_DATA, name: `Plan ${budget.version}` } } }),
            };
          },
          onResponse: (status, body, context: object) => {
            const budget = (context as Ctx).budget!;
            if (status === 200) budget.version = (JSON.parse(body) as { version: number }).version;
            else if (status === 409) saveConflicts += 1;
            pool.push(budget);
          },
        },
      ],
    });

    // sign-in: distinct students in turn (successful sign-ins never count against the throttle)
    let next = 1 + SAVE_CONNECTIONS;
    runs.signIn = await onServer(`sign-in (${SIGNIN_CONNECTIONS} connections)`, {
      url: `${server.url}/api/auth`,
      connections: SIGNIN_CONNECTIONS,
      method: 'POST',
      headers: jsonHeaders,
      requests: [
        {
          setupRequest: (request) => {
            const username = students[next % students.length]!;
            next += 1;
            return { ...request, method: 'POST', headers: jsonHeaders, body: JSON.stringify({ username, password: BENCH_PASSWORD, appKey: APP_KEY }) };
          },
        },
      ],
    });

    const rssMb = server.rssMb();
    const figures: Figure[] = [
      { label: 'reference (bare Fastify hello) throughput', value: runs.reference.rps, unit: 'req/s' },
      { label: 'GET /api throughput', value: runs.env.rps, unit: 'req/s', note: `p99 ${runs.env.p99} ms` },
      {
        label: 'catalog tree throughput vs reference (100 connections)',
        value: (100 * runs.catalog.rps) / runs.reference.rps,
        unit: '%',
        target: { op: '>=', value: 50 },
        note: `${runs.catalog.rps.toFixed(0)} req/s`,
      },
      {
        label: 'catalog tree throughput vs a bare Fastify POST of the same sizes',
        value: (100 * runs.catalog.rps) / runs.sized.rps,
        unit: '%',
        note: `that reference: ${runs.sized.rps.toFixed(0)} req/s, ${((100 * runs.sized.rps) / runs.reference.rps).toFixed(1)} % of hello`,
      },
      { label: 'catalog tree p99 (100 connections)', value: runs.catalog.p99, unit: 'ms', target: { op: '<=', value: 25 }, note: `p50 ${runs.catalog.p50} ms` },
      { label: 'section throughput', value: runs.section.rps, unit: 'req/s', note: `p50 ${runs.section.p50} ms, p99 ${runs.section.p99} ms` },
      { label: 'knowledge-base search throughput', value: runs.search.rps, unit: 'req/s', note: `p50 ${runs.search.p50} ms, p99 ${runs.search.p99} ms` },
      {
        label: `a page ahead (GET /api/page, the catalog; ${PAGE_CONNECTIONS} connections)`,
        value: runs.page.rps,
        unit: 'req/s',
        note: `p50 ${runs.page.p50} ms, p99 ${runs.page.p99} ms`,
      },
      { label: `budget save p99 (${SAVE_CONNECTIONS} connections)`, value: runs.save.p99, unit: 'ms', target: { op: '<=', value: 50 }, note: `${runs.save.rps.toFixed(0)} saves/s, p50 ${runs.save.p50} ms, ${saveConflicts} conflicts` },
      {
        label: `sign-in throughput (${SIGNIN_CONNECTIONS} connections)`,
        value: runs.signIn.rps,
        unit: 'req/s',
        note: `p50 ${runs.signIn.p50} ms, p99 ${runs.signIn.p99} ms; one argon2id hash ${hashMs.toFixed(1)} ms, one verify ${verifyMs.toFixed(1)} ms (m=${OWASP_ARGON2.memoryCost} KiB t=${OWASP_ARGON2.timeCost} p=${OWASP_ARGON2.parallelism}) → ceiling ≈ ${((1000 / verifyMs) * HASH_CONCURRENCY).toFixed(0)}/s with ${HASH_CONCURRENCY} hashes at once (one per core)`,
      },
      { label: 'errors over every run (socket errors, timeouts, non-2xx)', value: Object.values(runs).reduce((s, r) => s + r.errors, 0), unit: '', target: { op: '<=', value: 0 } },
      { label: 'cold start (spawn → first 200 on GET /api)', value: server.coldStartMs, unit: 'ms' },
      { label: 'server RSS after the load runs', value: rssMb, unit: 'MB', target: { op: '<=', value: 200 } },
      { label: 'load average (1 min) at the end', value: os.loadavg()[0]!, unit: '' },
    ];
    report('api', `API and server on loopback (autocannon, ${SECONDS} s per run, ${loadLine()})`, figures, { runs });
  } finally {
    await reference?.stop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
