/**
 * The built SPA: hashed assets cached for a year, index.html never cached (revalidated by its ETag),
 * and client routes (any non-/api GET that is not a file and accepts HTML) answered with index.html.
 * The build writes a .br and a .gz beside every text asset (webpack.config.js); a browser that accepts
 * them gets that file as it is (preCompressed), anything else is compressed per request by
 * @fastify/compress (app.ts). Every answer carries an ETag and Last-Modified, so a revalidation is a 304.
 * Which HTML file answers a client route when the render-ahead layer is on:
 * renderAhead/prerenderedPages.ts.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRERENDERED_MANIFEST } from '../../common/renderAhead/prerendered';

/** e.g. main.3f9a1c2b.js, 812.a1b2c3d4e5f6.chunk.css */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$|\.[0-9a-f]{8,}\.chunk\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** main.3f9a1c2b.js.br → main.3f9a1c2b.js: a precompressed file is cached like its original. */
const withoutEncoding = (name: string) => name.replace(/\.(br|gz)$/, '');

export function cacheControlFor(filePath: string): string {
  const name = withoutEncoding(path.basename(filePath));
  // the HTML pages (index.html, the prerendered pages) name the hashed assets: never cached; nor is
  // the manifest that lists the prerendered ones
  if (name.endsWith('.html') || name === PRERENDERED_MANIFEST) return NO_CACHE;
  if (HASHED.test(name)) return IMMUTABLE;
  return 'public, max-age=3600';
}

export function staticDirExists(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && existsSync(path.join(dir, 'index.html'));
}

/**
 * Where the build keeps the hashed files of the build before (scripts/keep-previous-assets.mjs):
 * beside the static dir, e.g. dist/client-previous.
 */
export function previousAssetsDir(staticDir: string): string {
  return `${staticDir.replace(/[\\/]+$/, '')}-previous`;
}

/**
 * The previous build's copy of a hashed asset the current build does not have (`/assets/<file>`),
 * as a path relative to the previous dir, or null. Only plain file names: nothing climbs out.
 */
export function previousAsset(staticDir: string, pathname: string): string | null {
  const match = /^\/assets\/([A-Za-z0-9._-]+)$/.exec(pathname);
  if (!match || match[1]!.startsWith('.')) return null;
  const relative = `assets/${match[1]}`;
  return existsSync(path.join(previousAssetsDir(staticDir), relative)) ? relative : null;
}

export async function staticRoutes(app: FastifyInstance, staticDir: string): Promise<void> {
  // One root only: with several roots and preCompressed, @fastify/static answered 404 to a browser
  // (Accept-Encoding: br) for any file without a .br beside it, index.html included, once a
  // previous build existed. The previous build's assets are served by the not-found handler
  // (previousAsset above; docs/server.md "Static files").
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
