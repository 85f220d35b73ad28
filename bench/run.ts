/**
 * `npm run bench`: runs every bench/*.ts (except this file) one after another with ts-node, or only
 * those named on the command line (`npm run bench -- search`). Figures are printed (and written to
 * bench-results/ by each bench), never asserted.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = __dirname;
// names pick benches; `--flags` (e.g. `npm run bench -- load --duration=10`) are passed to each bench
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .filter((name) => only.length === 0 || only.some((o) => name.startsWith(o)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, ['-r', 'ts-node/register', path.join(dir, name), ...flags], {
    stdio: 'inherit',
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_COMPILER_OPTIONS: JSON.stringify({ module: 'commonjs', moduleResolution: 'node' }) },
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
