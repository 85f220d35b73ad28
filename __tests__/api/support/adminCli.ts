/**
 * The admin command-line tool run in-process against a test app, its output captured line by line.
 * `out` and `err` are cleared in place by `clear()` (call it in a beforeEach), so a test may hold
 * them from the start.
 */
import { runCommand } from '../../../src/server/cli/admin';
import type { TestApp } from './testApp';

export function adminCli(app: () => TestApp) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const run = (...argv: string[]) => {
    const t = app();
    return runCommand(argv, io, { config: t.config, db: t.db, now: t.clock });
  };
  const clear = () => {
    out.length = 0;
    err.length = 0;
  };
  return { out, err, run, clear };
}
