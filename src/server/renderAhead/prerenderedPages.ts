/**
 * The prerendered pages of a built SPA: the build writes copies of index.html with a page's markup
 * already in them (src/client/renderAhead/prerender.tsx, scripts/prerender.mjs) and lists them with
 * their routes' patterns in prerendered.json (src/common/renderAhead/prerendered.ts): login.html for
 * GET /login, app.html for GET /app, and the signed-in shell for every other signed-in page of the
 * shell (/app/catalog/…). The file of the pattern that matches an address is the answer, unless the
 * address asks for a message the static copy does not show (?reason=…: the page the SPA renders
 * would then differ). With RENDER_AHEAD=off the server never reads the manifest: index.html answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PRERENDERED_MANIFEST,
  prerenderedMatcher,
  validPrerenderedEntries,
  type PrerenderedMatcher,
} from '../../common/renderAhead/prerendered';

const NO_PRERENDERED_PAGES: PrerenderedMatcher = prerenderedMatcher([]);

/**
 * The prerendered pages of a built SPA, from its manifest (a development build has none): entries
 * whose file is missing or that are not well-formed are left out, and said in `problems` (the server
 * logs them and answers those addresses with index.html).
 */
export function prerenderedPages(dir: string): { pages: PrerenderedMatcher; problems: string[] } {
  const manifestFile = path.join(dir, PRERENDERED_MANIFEST);
  if (!existsSync(manifestFile)) return { pages: NO_PRERENDERED_PAGES, problems: [] };
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    return { pages: NO_PRERENDERED_PAGES, problems: [`${PRERENDERED_MANIFEST} cannot be read: ${(error as Error).message}`] };
  }
  const { entries, problems } = validPrerenderedEntries(manifest);
  const present = entries.filter((entry) => existsSync(path.join(dir, entry.file)));
  for (const entry of entries) if (!present.includes(entry)) problems.push(`${entry.file} (for ${entry.pattern}) is not in the build`);
  return { pages: prerenderedMatcher(present), problems: problems.map((problem) => `${PRERENDERED_MANIFEST}: ${problem}`) };
}

/**
 * The HTML file for a client route: its prerendered page when one matches and the query asks for
 * nothing that page does not show, else index.html.
 */
export function htmlPageFor(url: string, pages: PrerenderedMatcher): string {
  const [pathname = '', query = ''] = url.split('?');
  const file = pages.match(pathname)?.file;
  if (!file || new URLSearchParams(query).has('reason')) return 'index.html';
  return file;
}
