/** The built SPA: fallback to index.html, cache headers, precompressed assets, ETags, security headers (CSP). */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createTestApp, type TestApp } from './support/testApp';

const VENDOR = `/* vendor */ var a = "${'y'.repeat(6000)}";`;
let t: TestApp;
let staticDir: string;
const INDEX = '<!doctype html><html><head><title>Cashwise</title><script defer src="/main.3f9a1c2b7d.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  writeFileSync(path.join(staticDir, 'main.3f9a1c2b7d.js'), `console.log("${'x'.repeat(4000)}");`);
  // what the build writes beside a hashed asset (webpack.config.js: compression-webpack-plugin)
  writeFileSync(path.join(staticDir, 'vendor.0123456789abcdef.js'), VENDOR);
  writeFileSync(path.join(staticDir, 'vendor.0123456789abcdef.js.br'), brotliCompressSync(VENDOR));
  writeFileSync(path.join(staticDir, 'vendor.0123456789abcdef.js.gz'), gzipSync(VENDOR));
  writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'logo.a1b2c3d4e5f6a7b8.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8', extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept, ...extra } });

describe('static SPA', () => {
  it('[S1.05] serves index.html at / with no-cache', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it.each(['/app', '/app/catalog/saving-basics/material/intro', '/login?redirect=%2Fapp%2Fprofile', '/app/resources/budget-wizard/12'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('does not fall back when the client does not accept HTML, or for a missing asset', async () => {
    expect((await get('/app', 'application/json')).statusCode).toBe(404);
    expect((await get('/missing.0123456789.js', '*/*')).statusCode).toBe(404);
  });

  it('never falls back under /api', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('caches content-hashed files for a year, immutable', async () => {
    for (const url of ['/main.3f9a1c2b7d.js', '/assets/logo.a1b2c3d4e5f6a7b8.svg']) {
      const response = await get(url, '*/*');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/robots.txt', '*/*')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses responses for clients that accept it', async () => {
    const response = await get('/main.3f9a1c2b7d.js', '*/*', { 'accept-encoding': 'br, gzip' });
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });

  it('sends the prebuilt brotli file to a browser that accepts br, cached for a year and keyed on Accept-Encoding', async () => {
    const response = await get('/vendor.0123456789abcdef.js', '*/*', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(VENDOR);
  });

  it('sends the prebuilt gzip file to a browser that accepts gzip only, and the plain file to one that accepts neither', async () => {
    const gz = await get('/vendor.0123456789abcdef.js', '*/*', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(VENDOR);
    const plain = await get('/vendor.0123456789abcdef.js', '*/*', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(VENDOR);
  });

  it('answers a revalidation with a matching ETag with 304 and no body (assets and index.html)', async () => {
    for (const [url, accept] of [['/vendor.0123456789abcdef.js', '*/*'], ['/index.html', 'text/html']] as const) {
      const first = await get(url, accept, { 'accept-encoding': 'br' });
      const etag = first.headers.etag;
      expect(etag).toEqual(expect.any(String));
      expect(first.headers['last-modified']).toEqual(expect.any(String));
      const again = await get(url, accept, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('keeps index.html no-cache however it is asked for, so a new build is picked up at once', async () => {
    for (const url of ['/', '/index.html', '/app/catalog']) {
      const response = await get(url, 'text/html', { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a strict Content-Security-Policy (self only; nothing inline but styles) and other security headers', async () => {
    const response = await get('/');
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      'form-action': "'self'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
    });
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses dotfiles', async () => {
    writeFileSync(path.join(staticDir, '.env'), 'SECRET=1');
    expect((await get('/.env', '*/*')).statusCode).not.toBe(200);
  });
});

/**
 * The build's prerendered pages, as its manifest lists them: login.html for GET /login,
 * app.html for GET /app, a signed-in page's shell for the addresses of its route.
 */
describe('static SPA with the prerendered pages', () => {
  const LOGIN = '<!doctype html><html><head><title>Sign In - Cashwise</title></head><body><div id="root"><form data-prerendered aria-label="Sign in"></form></div></body></html>';
  const HOME = '<!doctype html><html><head><title>Home - Cashwise</title></head><body><div id="root"><main data-prerendered><h1>Welcome!</h1></main></div></body></html>';
  const CATALOG_SHELL = '<!doctype html><html><head><title>Cashwise</title></head><body><div id="root"><div data-prerendered><main></main></div></div></body></html>';
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-static-login-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'login.html'), LOGIN);
    writeFileSync(path.join(dir, 'app.html'), HOME);
    writeFileSync(path.join(dir, 'app-catalog-_slug.html'), CATALOG_SHELL);
    const pages = [
      { pattern: '/login', file: 'login.html' },
      { pattern: '/app', file: 'app.html' },
      { pattern: '/app/catalog/:slug', file: 'app-catalog-_slug.html' },
      // named by the manifest, not in this build: its address gets index.html (and a log line)
      { pattern: '/app/activity', file: 'app-activity.html' },
    ];
    writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify({ pages }));
    app = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const getHtml = (url: string) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each(['/login', '/login/', '/login?redirect=%2Fapp%2Fprofile'])('answers %s with login.html, never cached', async (url) => {
    const response = await getHtml(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(LOGIN);
  });

  it('answers /login?reason=… with index.html: the prerendered copy does not show the reason', async () => {
    const response = await getHtml('/login?reason=idle&redirect=%2Fapp');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it.each(['/app', '/app/'])('answers %s with app.html, never cached', async (url) => {
    const response = await getHtml(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(HOME);
  });

  it.each(['/app/catalog/money-basics', '/app/catalog/budgeting-basics/'])("answers %s with its route's shell, never cached", async (url) => {
    const response = await getHtml(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(CATALOG_SHELL);
  });

  it.each(['/', '/app/activity', '/app/catalog', '/app/catalog/x/material/y', '/app/about', '/login-help', '/app/login', '/LOGIN', '/APP'])('answers the other client route %s with index.html', async (url) => {
    expect((await getHtml(url)).body).toBe(INDEX);
  });

  it.each(['/login.html', '/app.html', '/prerendered.json'])('keeps %s itself from being cached', async (url) => {
    const response = await getHtml(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('static SPA with the previous build\'s assets (scripts/keep-previous-assets.mjs)', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'cashwise-deploy-'));
    dir = path.join(parent, 'client');
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    mkdirSync(path.join(`${dir}-previous`, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets', 'catalog.bbbbbbbb.js'), 'new();');
    // the build before had another catalog chunk, and an index.html of its own that is not kept
    writeFileSync(path.join(`${dir}-previous`, 'assets', 'catalog.aaaaaaaa.js'), 'old();');
    writeFileSync(path.join(`${dir}-previous`, 'assets', 'catalog.bbbbbbbb.js'), 'stale copy');
    app = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('serves a hashed file the new build no longer has from the previous build, cached as immutable', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/assets/catalog.aaaaaaaa.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('old();');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a browser asking for br still gets the pages and files that have no compressed copy', async () => {
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
    const page = await app.app.inject({ method: 'GET', url: '/login?reason=idle', headers: browser });
    // compressed per request when the build kept no compressed copy
    const text = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
      (response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload) : response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload).toString();
    expect(page.statusCode).toBe(200);
    expect(text(page)).toBe(INDEX);
    const old = await app.app.inject({ method: 'GET', url: '/assets/catalog.aaaaaaaa.js', headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' } });
    expect(old.statusCode).toBe(200);
    expect(text(old)).toBe('old();');
    // a climb out of assets/ is refused before any file is looked for
    expect((await app.app.inject({ method: 'GET', url: '/assets/..%2Fclient%2Findex.html', headers: { accept: '*/*' } })).statusCode).toBe(403);
  });

  it('prefers the new build\'s file, and a file in neither is still a 404', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/assets/catalog.bbbbbbbb.js', headers: { accept: '*/*' } })).body).toBe('new();');
    expect((await app.app.inject({ method: 'GET', url: '/assets/catalog.cccccccc.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });
});

