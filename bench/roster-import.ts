/**
 * Roster import at district scale: a generated OneRoster CSV bulk ZIP of 50,000 users, 2,000 classes
 * and 60,000 enrolments (20 schools), imported through the service the admin CLI calls, into a fresh
 * SQLite database and, when TEST_DATABASE_URL is set, a scratch PostgreSQL database. Prints the time
 * of the first import and of a re-import of the same file (nothing to change), and the peak RSS
 * sampled during each, against the target (first import ≤ 60 s) — printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase, TEST_DATABASE_URL } from '../__tests__/api/support/postgres';
import { generatedDistrict, rosterZip } from '../__tests__/support/oneRoster';
import { createDatabase, migrateToLatest, type Db } from '../src/server/db';
import { importRoster } from '../src/server/services/roster/service';
import { report, type Figure } from './support/report';

const SIZE = { schools: 20, users: 50_000, classes: 2_000, enrollments: 60_000 };
const TARGET_SECONDS = 60;

/** Peak resident memory while `work` runs, sampled every 20 ms (the import yields between queries). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, seconds: (performance.now() - started) / 1000, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function run(name: string, db: Db, zip: Uint8Array): Promise<Figure[]> {
  await migrateToLatest(db);
  const first = await measured(() => importRoster(db, zip, { now: Date.now() }));
  if (!first.result.ok) throw new Error(`${name}: the generated roster was refused: ${JSON.stringify(first.result.problems.slice(0, 5))}`);
  const again = await measured(() => importRoster(db, zip, { now: Date.now() }));
  const r = first.result;
  return [
    {
      label: `${name}: first import`,
      value: first.seconds,
      unit: 's',
      target: { op: '<=', value: TARGET_SECONDS },
      note: `${r.users.created} users, ${r.classes.created} classes, ${r.enrollments.created} enrolments created`,
    },
    { label: `${name}: peak RSS during the first import`, value: first.peakMb, unit: 'MB' },
    { label: `${name}: re-import of the same file`, value: again.seconds, unit: 's', note: `${again.result.users.updated} users updated` },
    { label: `${name}: peak RSS during the re-import`, value: again.peakMb, unit: 'MB' },
  ];
}

async function main(): Promise<void> {
  const generated = performance.now();
  const zip = rosterZip(generatedDistrict(SIZE));
  console.log(`generated ${SIZE.users} users, ${SIZE.classes} classes, ${SIZE.enrollments} enrolments: ${(zip.length / 1024 / 1024).toFixed(1)} MB ZIP in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

  const figures: Figure[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-roster-bench-'));
  const sqlite = createDatabase({ dataDir: dir, databaseUrl: undefined });
  try {
    figures.push(...(await run('SQLite', sqlite, zip)));
  } finally {
    await sqlite.destroy();
    rmSync(dir, { recursive: true, force: true });
  }

  if (TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase('cashwise_bench');
    const pg = createDatabase({ dataDir: os.tmpdir(), databaseUrl: scratch.url, databaseTimeoutMs: 120_000 }, { maintenance: true });
    try {
      figures.push(...(await run('PostgreSQL', pg, zip)));
    } finally {
      await pg.destroy();
      await scratch.drop();
    }
  } else {
    console.log('TEST_DATABASE_URL is not set: PostgreSQL skipped');
  }
  report('roster-import', `OneRoster import: ${SIZE.users} users, ${SIZE.classes} classes, ${SIZE.enrollments} enrolments`, figures, { size: SIZE });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
