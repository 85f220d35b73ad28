/**
 * The prerendered pages: the build renders some addresses into HTML files
 * (src/client/renderAhead/prerender.tsx `prerenderedPages`, scripts/prerender.mjs) and lists them in
 * `prerendered.json` beside them; the server answers an address with the file of the pattern that
 * matches it (src/server/http/static.ts). This module is the manifest's shape and the one rule that
 * picks a page for an address, for both.
 *  - `/login` → login.html: the sign-in page.
 *  - `/app` → app.html: the signed-in home page (shell and page).
 *  - every other page of the signed-in shell, by its route's pattern (`/app/catalog/:slug`): the
 *    shell with the area marked in the navigation and the page's title, but no page yet (the page is
 *    the student's data, which the build does not have).
 */

export interface PrerenderedPageEntry {
  /** the route's pattern: `/`-separated segments, `:name` for one segment of any value */
  pattern: string;
  /** the HTML file in the built SPA */
  file: string;
}

/** The manifest the build writes beside the pages (dist/client/prerendered.json). */
export interface PrerenderedManifest {
  pages: PrerenderedPageEntry[];
}

export const PRERENDERED_MANIFEST = 'prerendered.json';

/** A file name of the manifest: a plain .html name in the SPA's folder, nothing else. */
export const PRERENDERED_FILE = /^[a-z0-9][a-z0-9_.-]*\.html$/i;

/** An address's path as the patterns are written: no trailing slash, `/` alone for the root. */
function segmentsOf(pathname: string): string[] {
  const path = pathname.replace(/\/+$/, '');
  return path === '' ? [] : path.slice(1).split('/');
}

/**
 * The entries that are well-formed (pattern from `/`, no empty segment; a file PRERENDERED_FILE
 * accepts), and the problems with the others, for a log line.
 */
export function validPrerenderedEntries(manifest: unknown): { entries: PrerenderedPageEntry[]; problems: string[] } {
  const pages = (manifest as Partial<PrerenderedManifest> | null)?.pages;
  if (!Array.isArray(pages)) return { entries: [], problems: ['no "pages" list'] };
  const entries: PrerenderedPageEntry[] = [];
  const problems: string[] = [];
  pages.forEach((page: Partial<PrerenderedPageEntry> | null, index) => {
    const { pattern, file } = page ?? {};
    const ok =
      typeof pattern === 'string' &&
      /^\/([^/]+(\/[^/]+)*)?$/.test(pattern) &&
      !segmentsOf(pattern).some((segment) => segment === ':') &&
      typeof file === 'string' &&
      PRERENDERED_FILE.test(file);
    if (ok) entries.push({ pattern, file });
    else problems.push(`pages[${index}] is not { pattern: "/…", file: "….html" }`);
  });
  return { entries, problems };
}

export interface PrerenderedMatcher {
  /** the entry for an address's path (no query), or undefined */
  match(pathname: string): PrerenderedPageEntry | undefined;
}

/**
 * Matches a path against the entries as react-router ranks routes of the same length: every
 * segment equal (case-sensitive: any other spelling gets index.html, which the app handles) or a
 * `:name` segment; the entry with the most literal segments wins (`budget-wizard/create` before
 * `budget-wizard/:id`), the first listed on a tie.
 */
export function prerenderedMatcher(entries: readonly PrerenderedPageEntry[]): PrerenderedMatcher {
  const compiled = entries.map((entry) => ({ entry, segments: segmentsOf(entry.pattern) }));
  return {
    match(pathname) {
      const segments = segmentsOf(pathname);
      if (segments.some((segment) => segment === '')) return undefined;
      let best: { entry: PrerenderedPageEntry; literal: number } | undefined;
      for (const { entry, segments: pattern } of compiled) {
        if (pattern.length !== segments.length) continue;
        let literal = 0;
        const matches = pattern.every((part, i) => {
          if (part.startsWith(':')) return true;
          literal += 1;
          return part === segments[i];
        });
        if (matches && (!best || literal > best.literal)) best = { entry, literal };
      }
      return best?.entry;
    },
  };
}
