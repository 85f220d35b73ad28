#!/usr/bin/env node
/**
 * `npm run test:e2e`: the browser tests (jest.e2e.config.ts) in two passes.
 *
 * 1. The files whose timing is part of what they prove, one after another: the fake-clock session
 *    files, the broken and slow connections, the start-up faults. Under load a page's timers fall
 *    behind the clock's jumps and these would test the machine, not the app.
 * 2. Every other file on two jest workers, each with a server and database of its own
 *    (support/globalSetup.ts). Their waits (Chromium rendering, the server answering) overlap, so
 *    the pass takes about two thirds of the time it takes in band.
 *
 * Arguments go to both passes (`npm run test:e2e -- catalog` runs catalog.e2e.ts in the second;
 * the first finds nothing to run and passes). `--json` (to `--outputFile=F` or stdout) gives one
 * report over both.
 * `--runInBand` or `--maxWorkers=N` runs one pass with exactly those settings.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = '__tests__/e2e';

/** The files that run alone (pass 1); a new file that drives a fake clock or throttles belongs here. */
const ALONE = ['session', 'brokenPages', 'faults', 'privacy', 'foundation', 'slowConnection'].map((name) => `${name}.e2e.ts`);

const files = readdirSync(join(root, e2eDir)).filter((name) => name.endsWith('.e2e.ts'));
for (const name of ALONE) {
  if (!files.includes(name)) throw new Error(`scripts/test-e2e.mjs lists ${name}, which is not in ${e2eDir}`);
}

const jest = (args) => spawnSync('npx', ['jest', '-c', 'jest.e2e.config.ts', ...args], { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const args = process.argv.slice(2);
if (args.some((arg) => arg === '--runInBand' || arg === '-i' || arg.startsWith('--maxWorkers') || arg === '-w')) {
  process.exit(jest(args));
}

// the report: each pass writes its own, and the one asked for is their sum
const wantJson = args.includes('--json');
let outputFile;
const passThrough = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--outputFile') outputFile = args[++i];
  else if (arg.startsWith('--outputFile=')) outputFile = arg.slice('--outputFile='.length);
  else if (arg !== '--json') passThrough.push(arg);
}
const reports = mkdtempSync(join(tmpdir(), 'cashwise-e2e-report-'));

/** A regular expression matching exactly these files of the e2e folder. */
const onlyPattern = (names) => `${e2eDir}/(${names.map((name) => name.replace(/\./g, '\\.')).join('|')})$`;
const passes = [
  { name: 'alone', ignore: files.filter((name) => !ALONE.includes(name)), workers: ['--runInBand'] },
  { name: 'side by side', ignore: ALONE, workers: ['--maxWorkers=2'] },
];
const results = passes.map((pass) => {
  const report = join(reports, `${pass.name.replace(/ /g, '-')}.json`);
  console.log(`\n--- browser tests, ${pass.name} ---`);
  const status = jest([...pass.workers, '--passWithNoTests', `--testPathIgnorePatterns=${onlyPattern(pass.ignore)}`, '--json', `--outputFile=${report}`, ...passThrough]);
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    json = undefined; // jest stopped before reporting (a bad argument, a failed global setup)
  }
  return { status, json };
});
rmSync(reports, { recursive: true, force: true });

const done = results.map((r) => r.json).filter(Boolean);
const sum = (key) => done.reduce((n, r) => n + (r[key] ?? 0), 0);
if (wantJson) {
  const merged = { ...done[0] };
  for (const key of Object.keys(merged)) if (typeof merged[key] === 'number' && key.startsWith('num')) merged[key] = sum(key);
  merged.startTime = Math.min(...done.map((r) => r.startTime));
  merged.success = results.every((r) => r.status === 0);
  merged.testResults = done.flatMap((r) => r.testResults);
  if (outputFile) writeFileSync(outputFile, JSON.stringify(merged));
  else console.log(JSON.stringify(merged));
}
if (results.every((r) => r.status === 0) && sum('numTotalTestSuites') === 0) {
  console.error('No browser test file matched the arguments.');
  process.exit(1);
}
console.log(`\nbrowser tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped in ${sum('numTotalTestSuites')} files`);
process.exit(results.find((r) => r.status !== 0)?.status ?? 0);
