/**
 * The built SPA: hashed assets cached for a year, index.html never cached, and client routes
 * (any non-/api GET that is not a file and accepts HTML) answered with index.html.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** e.g. main.3f9a1c2b.js, 812.a1b2c3d4e5f6.chunk.css */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$|\.[0-9a-f]{8,}\.chunk\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
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
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlFor(filePath));
    },
  });
}
