/**
 * Run by `npm run build:client` before webpack empties dist/client: the hashed files of the build
 * being replaced are kept in dist/client-previous (same paths), which the server serves when the
 * new build does not have a file (src/server/http/static.ts). A tab opened before a deploy can then
 * still load the pages it has not visited yet, instead of failing in the middle of a lesson.
 *
 * A file is kept for KEEP_DAYS after the build that retired it (its modification time is set to the
 * moment it was copied) and deleted by the first build after that: longer than any school day, so
 * only a tab left open across days meets a missing file, and the app then reloads itself once
 * (src/client/app/chunkFailure.ts). docs/server.md "Static files" says the same.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KEEP_DAYS = 7;
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const current = path.join(root, 'dist', 'client');
const previous = path.join(root, 'dist', 'client-previous');

function* files(dir, base = dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, base);
    else yield path.relative(base, full);
  }
}

const now = new Date();
let kept = 0;
for (const file of files(current)) {
  if (!HASHED.test(file)) continue;
  const target = path.join(previous, file);
  if (existsSync(target)) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(current, file), target);
  utimesSync(target, now, now);
  kept += 1;
}
let dropped = 0;
const cutoff = now.getTime() - KEEP_DAYS * 86_400_000;
for (const file of files(previous)) {
  const full = path.join(previous, file);
  if (statSync(full).mtimeMs < cutoff) {
    rmSync(full);
    dropped += 1;
  }
}
if (kept > 0 || dropped > 0) console.log(`previous build's assets: ${kept} kept in dist/client-previous, ${dropped} older than ${KEEP_DAYS} days removed`);
