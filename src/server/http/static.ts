/**
 * The built SPA: hashed assets cached for a year, index.html never cached (revalidated by its ETag),
 * and client routes (any non-/api GET that is not a file and accepts HTML) answered with index.html.
 * The build writes a .br and a .gz beside every text asset (webpack.config.js); a browser that accepts
 * them gets that file as it is (preCompressed), anything else is compressed per request by
 * @fastify/compress (app.ts). Every answer carries an ETag and Last-Modified, so a revalidation is a 304.
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

export function cacheControlFor(filePath: string): string {
  const name = withoutEncoding(path.basename(filePath));
  if (name === 'index.html') return NO_CACHE;
  if (HASHED.test(name)) return IMMUTABLE;
  return 'public, max-age=3600';
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
