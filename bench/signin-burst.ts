/**
 * A class signs in at once: 30 and then 60 distinct students send their
 * sign-in within one second (evenly spread) to the compiled server on loopback (temporary SQLite
 * file, production mode, OWASP argon2id parameters). Prints p50/p95/max per burst and failures
 * against the target (p95 < 1 s, none failed); writes bench-results/signin-burst.{json,md}.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { OWASP_ARGON2 } from '../src/server/config';
import { HASH_CONCURRENCY } from '../src/server/security/passwords';
import { report, type Figure } from './support/report';
import { APP_KEY, BENCH_PASSWORD, jsonHeaders, loadLine, percentile, seedStudents, startBenchServer } from './support/server';

const BURSTS = [30, 60];

interface Burst {
  size: number;
  times: number[];
  failures: number;
  statuses: Record<string, number>;
  wallMs: number;
}

async function burst(url: string, names: readonly string[]): Promise<Burst> {
  const spacing = 1000 / names.length;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  const start = performance.now();
  await Promise.all(
    names.map(async (username, i) => {
      await new Promise((r) => setTimeout(r, i * spacing));
      const sent = performance.now();
      try {
        const res = await fetch(`${url}/api/auth`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ username, password: BENCH_PASSWORD, appKey: APP_KEY }) });
        const body = (await res.json()) as { body?: { token?: string } };
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== 200 || !body.body?.token) failures += 1;
      } catch (error) {
        failures += 1;
        statuses[(error as Error).name] = (statuses[(error as Error).name] ?? 0) + 1;
      }
      times.push(performance.now() - sent);
    }),
  );
  times.sort((a, b) => a - b);
  return { size: names.length, times, failures, statuses, wallMs: performance.now() - start };
}

async function main(): Promise<void> {
  console.log(`Sign-in bursts — ${loadLine()}`);
  const server = await startBenchServer({ label: 'signin' });
  try {
    const total = BURSTS.reduce((s, n) => s + n, 0);
    const students = await seedStudents(server.db, 'classmate', total + 1);
    // one sign-in first, as after any start: the server's code is loaded and its caches warm
    await burst(server.url, [students[total]!]);
    const threads = readdirSync(`/proc/${server.pid}/task`).length;
    const figures: Figure[] = [];
    let offset = 0;
    for (const size of BURSTS) {
      await new Promise((r) => setTimeout(r, 1000));
      const result = await burst(server.url, students.slice(offset, offset + size));
      offset += size;
      console.log(`  ${size} students: p50 ${percentile(result.times, 50).toFixed(0)} ms, p95 ${percentile(result.times, 95).toFixed(0)} ms, max ${result.times.at(-1)!.toFixed(0)} ms, all answered ${result.wallMs.toFixed(0)} ms after the first was sent; statuses ${JSON.stringify(result.statuses)}`);
      figures.push(
        { label: `${size} students within 1 s: sign-in p95`, value: percentile(result.times, 95), unit: 'ms', target: { op: '<', value: 1000 }, note: `p50 ${percentile(result.times, 50).toFixed(0)} ms, max ${result.times.at(-1)!.toFixed(0)} ms` },
        { label: `${size} students within 1 s: failed sign-ins`, value: result.failures, unit: '', target: { op: '<=', value: 0 } },
      );
    }
    figures.push(
      { label: 'argon2id parameters', value: OWASP_ARGON2.memoryCost, unit: 'KiB', note: `t=${OWASP_ARGON2.timeCost} p=${OWASP_ARGON2.parallelism} (OWASP minimum); at most ${HASH_CONCURRENCY} at once (one per core)` },
      { label: 'server threads (libuv pool + V8 + main)', value: threads, unit: '', note: `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? `default: ${os.availableParallelism()} cores + 4`}` },
      { label: 'server RSS after the bursts', value: server.rssMb(), unit: 'MB' },
      { label: 'load average (1 min)', value: os.loadavg()[0]!, unit: '' },
    );
    report('signin-burst', `A class signs in at once (${loadLine()})`, figures);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
