/**
 * Headers (OWASP ASVS 5.0 V3.4 browser security headers, V14.3.2 anti-caching):
 * the CSP every answer carries, the other helmet headers, and `Cache-Control: no-store` on EVERY
 * /api answer — every Fastify route and every proxy route of every in-process service (both
 * enumerated, so a route added later is covered), every error status, and upstream answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { APP_KEY_HEADER, DEFAULT_APP_KEY, SERVICE_NAMES } from '../../../src/common/constants';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import { appKeyHeader, authHeaders, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let staticDir: string;
let adminToken: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html lang="en"><head><title>Cashwise</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(staticDir, 'main.0123456789ab.js'), 'console.log(1)');
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  adminToken = (await signIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Every method+URL Fastify serves, read from printRoutes' tree (so new routes are enumerated too). */
function fastifyRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    stack.length = depth;
    stack.push(match[2] ?? '');
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}

const pages = () => [
  t.app.inject({ method: 'GET', url: '/' , headers: { accept: 'text/html' } }),
  t.app.inject({ method: 'GET', url: '/app/catalog', headers: { accept: 'text/html' } }),
  t.app.inject({ method: 'GET', url: '/api' }),
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(adminToken) }),
  t.app.inject({ method: 'GET', url: '/api/nope' }),
  t.app.inject({ method: 'GET', url: '/main.0123456789ab.js' }),
];

describe('[ASVS 5.0 V3.4] browser security headers', () => {
  it('[ASVS 5.0 v3.4.3] every answer carries a CSP with object-src \'none\', base-uri \'none\' and an allowlist; no inline or eval script', async () => {
    for (const response of await Promise.all(pages())) {
      const csp = cspOf(response);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).toEqual(["'self'"]);
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) expect(scripts).not.toContain(bad);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
    }
  });

  it('[ASVS 5.0 v3.4.6] frame-ancestors \'none\' on every answer (and the obsolete X-Frame-Options DENY besides)', async () => {
    for (const response of await Promise.all(pages())) {
      expect(cspOf(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('[ASVS 5.0 v3.4.4] [ASVS 5.0 v3.4.5] [ASVS 5.0 v3.4.8] nosniff, a referrer policy, COOP/CORP same-origin; no X-Powered-By', async () => {
    for (const response of await Promise.all(pages())) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-dns-prefetch-control']).toBe('off');
      expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('[ASVS 5.0 v3.4.2] no CORS: a foreign Origin gets no Access-Control-Allow-Origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...authHeaders(adminToken), origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/service', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('[ASVS 5.0 v3.4.1] HSTS (a year, subdomains) in production, where TLS terminates in front of us', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', TOKEN_SECRET: 'k3Y-f0r-tH3-hSTs-t3st-0nly-9f8e7d6c5b4a3210ZyXwVuTs', SEED_DEMO: 'false' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api' });
      const hsts = String(response.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
    } finally {
      await production.close();
    }
  });
});

describe('[ASVS 5.0 v14.3.2] Cache-Control: no-store on every /api answer', () => {
  it('[ASVS 5.0 v14.3.2] every /api route Fastify serves answers no-store, signed in or not, whatever the status', async () => {
    const routes = fastifyRoutes(t.app).filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
    // the enumeration itself must see the API (guards against a printRoutes format change)
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api', 'POST /api/auth', 'GET /api/auth/user', 'POST /api/auth/renew', 'POST /api/auth/signout', 'POST /api/service', 'POST /api/service/:name', 'POST /api/service/multipart']),
    );
    for (const route of routes) {
      const url = route.url.replace(/:name/, 'OneLook');
      for (const headers of [authHeaders(adminToken), appKeyHeader, {}]) {
        const response = await t.app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'POST' ? { payload: {} } : {}) });
        expect({ route: `${route.method} ${url}`, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
          route: `${route.method} ${url}`,
          status: expect.any(Number),
          cache: 'no-store',
        });
      }
    }
    // unknown /api addresses (404) and a query string too
    for (const url of ['/api/nothing', '/api/auth/user?x=1', '/api?x=1']) {
      expect((await t.app.inject({ method: 'GET', url, headers: authHeaders(adminToken) })).headers['cache-control']).toBe('no-store');
    }
  });

  it('[ASVS 5.0 v14.3.2] every proxy route of every in-process service answers no-store (as a superuser, so each one runs)', async () => {
    let count = 0;
    for (const name of SERVICE_NAMES) {
      for (const route of IN_PROCESS_MODULES[name]?.routes ?? []) {
        const routePath = route.path.replace(/:([A-Za-z]+)/g, (_m, param: string) => (/id$/i.test(param) ? '1' : 'x'));
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/service',
          headers: authHeaders(adminToken),
          payload: { service: name, method: route.method, path: routePath, ...(route.access === 'system' ? { useSystem: true } : {}) },
        });
        expect({ route: `${name} ${route.method} ${route.path}`, cache: response.headers['cache-control'], ok: response.statusCode < 500 }).toEqual({
          route: `${name} ${route.method} ${route.path}`,
          cache: 'no-store',
          ok: true,
        });
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it('[ASVS 5.0 v14.3.2] error answers too: 401, 403, 405, 413, 429 and the multipart door', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders('bad') }),
      await t.app.inject({ method: 'POST', url: '/api/service', headers: authHeaders((await signIn(t.app, 'learner')).token), payload: { path: '/support/tickets' } }),
      await t.app.inject({ method: 'POST', url: '/api/service', headers: appKeyHeader, payload: { method: 'DELETE', path: '/catalog' } }),
      await t.app.inject({ method: 'POST', url: '/api/service', headers: { ...appKeyHeader, 'content-type': 'application/json' }, payload: `{"path":"${'x'.repeat(1_100_000)}"}` }),
      await t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': 'multipart/form-data; boundary=b' }, payload: '--b--\r\n' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 403, 405, 413, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    let limited: LightMyRequestResponse | null = null;
    for (let i = 0; i < 30 && !limited; i += 1) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: '10.250.0.1', payload: { username: 'ghost', password: 'wrong', appKey: DEFAULT_APP_KEY } });
      if (answer.statusCode === 429) limited = answer;
    }
    expect(limited?.headers['cache-control']).toBe('no-store');
  });

  it('[ASVS 5.0 v14.3.2] an upstream service that says "cache me" is still answered no-store', async () => {
    const upstream = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=86400' });
      response.end(JSON.stringify({ secret: 'learner data' }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const proxied = await createTestApp({
      env: { SERVICE_CAMPAIGN_URL: `http://127.0.0.1:${port}` },
      modules: { ...IN_PROCESS_MODULES, Campaign: { routes: [{ method: 'GET', path: '/anything', access: 'user' }] } },
    });
    try {
      const token = (await signIn(proxied.app, 'learner')).token;
      const response = await proxied.app.inject({ method: 'POST', url: '/api/service/Campaign', headers: authHeaders(token), payload: { path: '/anything' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ secret: 'learner data' });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await proxied.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it('the SPA shell is never cached stale (no-cache) and hashed assets are immutable: neither holds learner data', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/app', headers: { accept: 'text/html' } });
    expect(shell.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/main.0123456789ab.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('framework errors answer like the app: the security headers, no-store and { message }', () => {
  function expectAppAnswer(status: number, headers: Record<string, unknown>, body: string, expected: { status: number; message: string }) {
    expect(status).toBe(expected.status);
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    expect(JSON.parse(body)).toEqual({ message: expected.message });
  }

  it('[ASVS 5.0 v3.4.6] an address that does not decode (GET /api/%) and a parameter over the length limit', async () => {
    for (const url of ['/api/%', '/api/service/%E0%A4%A', '/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectAppAnswer(response.statusCode, response.headers, response.body, { status: 400, message: API_MESSAGES.badUrl });
    }
    const long = await t.app.inject({ method: 'POST', url: `/api/service/${'x'.repeat(200)}`, headers: appKeyHeader, payload: {} });
    expectAppAnswer(long.statusCode, long.headers, long.body, { status: 414, message: API_MESSAGES.urlTooLong });
  });

  it('[ASVS 5.0 v3.4.6] over a real socket: a malformed URL and a request that is not HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const send = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(raw));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.setTimeout(5000, () => socket.destroy());
      });
    const parse = (raw: string) => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    };
    const badUrl = parse(await send('GET /api/% HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    expectAppAnswer(badUrl.status, badUrl.headers, badUrl.body, { status: 400, message: API_MESSAGES.badUrl });
    const notHttp = parse(await send('HELLO THERE\r\n\r\n'));
    expectAppAnswer(notHttp.status, notHttp.headers, notHttp.body, { status: 400, message: API_MESSAGES.badHttpRequest });
  });
});
