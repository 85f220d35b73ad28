#!/usr/bin/env node
/**
 * `npm run dev`: one command for local development.
 *
 *   1. webpack --mode development --watch      rebuilds the SPA into dist/client on every change
 *   2. tsc -p tsconfig.server.json --watch     compiles the server into dist/server
 *   3. node --watch dist/server/server/main.js restarts the server when its output changes;
 *                                              it serves the API and dist/client on PORT (default 3000)
 *
 * Reload the browser after a client rebuild. Ctrl+C stops all three. The server is started once tsc
 * has produced main.js the first time.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const serverEntry = 'dist/server/server/main.js';
const children = [];

function run(name, command, args) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with code ${code}`);
    shutdown(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('webpack', 'npx', ['webpack', '--mode', 'development', '--watch']);
run('tsc', 'npx', ['tsc', '-p', 'tsconfig.server.json', '--watch', '--preserveWatchOutput']);

while (!existsSync(serverEntry) && !stopping) await sleep(500);
if (!stopping) run('server', process.execPath, ['--watch', serverEntry]);
