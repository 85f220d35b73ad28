/**
 * The built SPA: hashed assets cached for a year, index.html never cached (revalidated by its ETag),
 * and client routes (any non-/api GET that is not a file and accepts HTML) answered with index.html.
 * The build writes a .br and a .gz beside every text asset (webpack.config.js); a browser that accepts
 * them gets that file as it is (preCompressed), anything else is compressed per request by
 * @fastify/compress (app.ts). Every answer carries an ETag and Last-Modified, so a revalidation is a 304.
 *
 * PRERENDERED PAGES (issue #9, LCP): the build writes login.html and app.html, index.html with the
 * sign-in page's or the signed-in home page's markup already in it (src/client/prerender.tsx,
 * scripts/prerender.mjs). GET /login and GET /app are answered with them, unless the address asks for
 * a message the static copy does not show (?reason=…: the page the SPA renders would then differ).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** e.g. main.3f9a1c2b.js, 812.a1b2c3d4e5f6.chunk.css */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$|\.[0-9a-f]{8,}\.chunk\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** main.3f9a1c2b.js.br → main.3f9a1c2b.js: a precompressed file is cached like its original. */
const withoutEncoding = (name: string) => name.replace(/\.(br|gz)$/, '');

/** The prerendered pages: the address each answers and its file in the built SPA. */
export const PRERENDERED_PAGES: ReadonlyMap<string, string> = new Map([
  ['/login', 'login.html'],
  ['/app', 'app.html'],
]);

/** The HTML files (index.html and the prerendered pages): they name the hashed assets, so never cached. */
const HTML_PAGES = new Set(['index.html', ...PRERENDERED_PAGES.values()]);

export function cacheControlFor(filePath: string): string {
  const name = withoutEncoding(path.basename(filePath));
  if (HTML_PAGES.has(name)) return NO_CACHE;
  if (HASHED.test(name)) return IMMUTABLE;
  return 'public, max-age=3600';
}

/** The prerendered pages present in a built SPA (a development build has none). */
export function prerenderedPages(dir: string): Set<string> {
  return new Set([...PRERENDERED_PAGES.values()].filter((file) => existsSync(path.join(dir, file))));
}

/**
 * The HTML file for a client route: its prerendered page when there is one in `available` and the
 * query asks for nothing that page does not show, else index.html.
 */
export function htmlPageFor(url: string, available: ReadonlySet<string>): string {
  const [pathname = '', query = ''] = url.split('?');
  const file = PRERENDERED_PAGES.get(pathname.replace(/\/+$/, '') || '/');
  if (!file || !available.has(file)) return 'index.html';
  if (new URLSearchParams(query).has('reason')) return 'index.html';
  return file;
}

export function staticDirExists(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && existsSync(path.join(dir, 'index.html'));
}

export async function staticRoutes(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
      // the same address answers br, gzip or identity: caches must key on Accept-Encoding
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
