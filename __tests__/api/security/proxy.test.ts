/**
 * The service proxy as an SSRF boundary (OWASP ASVS 5.0.0):
 * - an allowlist of (service, method, path): anything else is 400/404/405 (v2.2.1, v8.2.1);
 * - the only place an upstream call can go is the configured base URL + a normalised path
 *   (v1.3.6, v13.2.4): full URLs, `..`, encoded and double-encoded dots, `@`, backslashes,
 *   loopback, link-local (169.254.169.254) and IPv6 tricks never reach anything;
 * - input is decoded once (v1.1.1);
 * - upstream redirects are never followed (v1.3.6);
 * - useSystem only where a route allows it, and only from a system caller (v8.2.1); an upstream
 *   service's calls pass its route table like an in-process one's (upstreamAccess.test.ts).
 * Two local servers on ephemeral ports record every request they get: the configured upstream
 * and an "elsewhere" server that no request may ever reach.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { SYSTEM_KEY_HEADER } from '../../../src/server/http/authenticate';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import type { ServiceModule } from '../../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

interface Recorded {
  method: string;
  url: string;
  host: string;
}

function recordingServer(handler?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
  const received: Recorded[] = [];
  const server = http.createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
    req.resume();
    req.on('end', () => {
      if (handler?.(req, res)) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reached: req.url }));
    });
  });
  return { server, received };
}

let elsewhereAddress = '';
const upstream = recordingServer((req, res) => {
  const match = /^\/base\/redirect\/(\d{3})\/(elsewhere|metadata)$/.exec((req.url ?? '').split('?')[0] ?? '');
  if (!match) return false;
  const location = match[2] === 'elsewhere' ? `http://${elsewhereAddress}/stolen` : 'http://169.254.169.254/latest/meta-data/';
  res.writeHead(Number(match[1]), { location }).end();
  return true;
});
const elsewhere = recordingServer();

const SYSTEM_KEY = 'security-proxy-test-system-key-0123456789-xyz';

/** The product's route tables plus Legacy's (the allowlist its upstream is reached through). */
const MODULES: Partial<Record<string, ServiceModule>> = {
  ...IN_PROCESS_MODULES,
  Legacy: {
    routes: [
      { method: 'GET', path: '/reports', access: 'user' },
      { method: 'GET', path: '/reports/:year', access: 'user' },
      { method: 'GET', path: '/files/:name', access: 'user' },
      { method: 'POST', path: '/redirect/:status/:target', access: 'user' },
      { method: 'POST', path: '/sync', access: 'system' },
    ],
  },
};

let upstreamHost = '';
let t: TestApp;
let learner: string;
let admin: string;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  upstreamHost = await listen(upstream.server);
  elsewhereAddress = await listen(elsewhere.server);
  t = await createTestApp({ env: { SERVICE_LEGACY_URL: `http://${upstreamHost}/base`, SYSTEM_KEYS: SYSTEM_KEY }, modules: MODULES });
  learner = (await signIn(t.app, 'learner')).token;
  admin = (await signIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await t.close();
  for (const { server } of [upstream, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
beforeEach(() => {
  upstream.received.length = 0;
  elsewhere.received.length = 0;
});

const proxy = (body: Record<string, unknown>, token?: string, url = '/api/service') =>
  t.app.inject({ method: 'POST', url, headers: token ? authHeaders(token) : appKeyHeader, payload: body });

/** Paths that try to leave the configured base: each one is refused before anything is sent. */
const ESCAPES = [
  // full URLs and scheme-relative ones
  'http://169.254.169.254/latest/meta-data/',
  'https://evil.example/',
  'file:///etc/passwd',
  '//169.254.169.254/latest',
  '///169.254.169.254',
  `//${'ELSEWHERE'}/stolen`,
  // traversal, plain and encoded, single and double
  '/..',
  '/../..',
  '/a/../../admin',
  '/./status',
  '/%2e%2e/admin',
  '/%2E%2E/admin',
  '/.%2e/admin',
  '/%2e./admin',
  '/a/%2e%2e%2f%2e%2e/admin',
  '/%252e%252e/admin',
  '/%25252e%25252e/admin',
  '/a%252f..%252fadmin',
  '/a%2fb',
  '/a%252fb',
  '/a%5cb',
  '/a%255cb',
  '/%00',
  '/a%2500',
  '/%c0%ae%c0%ae/admin',
  '/%',
  '/%zz',
  // authority tricks
  '/@169.254.169.254',
  `/@${'ELSEWHERE'}/stolen`,
  '/x%40169.254.169.254',
  '/x%2540169.254.169.254',
  // backslashes
  '\\\\169.254.169.254\\latest',
  '/\\169.254.169.254',
  '/a\\..\\admin',
  // loopback, link-local and IPv6 written as hosts
  '127.0.0.1/admin',
  'localhost:5432',
  '/[::1]/admin',
  '/[::ffff:127.0.0.1]/admin',
  '/[::ffff:a9fe:a9fe]/latest',
  '[::1]',
  '::ffff:a9fe:a9fe',
  // query, fragment, whitespace and control characters
  '/status?x=1',
  '/status#frag',
  '/status /x',
  '/status\t',
  '/status\r\nHost: 169.254.169.254',
  '/status\u0000',
  '',
  'status',
];
const escapes = () => ESCAPES.map((path) => path.replace(/ELSEWHERE/g, elsewhereAddress));

describe('[ASVS 5.0 v2.2.1] the proxy is an allowlist of (service, method, path)', () => {
  it.each(['Nope', '../Legacy', 'Legacy/..', 'Legacy@evil', 'http://169.254.169.254', ' OneLook', 'ONELOOK '])(
    '[ASVS 5.0 v2.2.1] an unknown service is a 404, whatever its spelling: %j',
    async (service) => {
      const viaBody = await proxy({ service, path: '/status' });
      expect([viaBody.statusCode, messageOf(viaBody)]).toEqual([404, `Unknown service: ${service}`]);
      const viaUrl = await t.app.inject({ method: 'POST', url: `/api/service/${encodeURIComponent(service)}`, headers: appKeyHeader, payload: { path: '/status' } });
      expect(viaUrl.statusCode).toBe(404);
      expect(upstream.received).toEqual([]);
    },
  );

  it('[ASVS 5.0 v2.2.1] a service name with a NUL is refused as bad input (400) before any lookup', async () => {
    const viaBody = await proxy({ service: 'OneLook\u0000', path: '/status' });
    expect([viaBody.statusCode, messageOf(viaBody)]).toEqual([400, 'Text may not contain NUL characters.']);
    expect(upstream.received).toEqual([]);
  });

  it('[S7.07] no service named: OneLook, the default', async () => {
    const viaBody = await proxy({ path: '/status' });
    expect(viaBody.statusCode).toBe(200);
    // the URL form has no empty name: "/api/service/" is not the proxy's route with a name
    const viaUrl = await t.app.inject({ method: 'POST', url: `/api/service/${encodeURIComponent('%2e%2e')}`, headers: appKeyHeader, payload: { path: '/status' } });
    expect(viaUrl.statusCode).toBe(404);
    expect(upstream.received).toEqual([]);
  });

  it('[ASVS 5.0 v2.2.1] a method outside GET/POST/PUT/PATCH/DELETE is a 400; a known path with another method a 405; an unknown path a 404', async () => {
    for (const method of ['TRACE', 'CONNECT', 'OPTIONS', 'HEAD', 'get ', 'G\u0000ET', 7]) {
      const response = await proxy({ method, path: '/status' });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(typeof method === 'string' && method.includes('\u0000') ? API_MESSAGES.nulCharacter : API_MESSAGES.badMethod);
    }
    const wrongMethod = await proxy({ method: 'DELETE', path: '/status' });
    expect(wrongMethod.statusCode).toBe(405);
    const unknown = await proxy({ path: '/admin/everything' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe(API_MESSAGES.unknownRoute);
  });

  it('[ASVS 5.0 v2.2.1] every in-process route answers only its own method', async () => {
    for (const [service, module] of Object.entries(IN_PROCESS_MODULES)) {
      for (const route of module?.routes ?? []) {
        const path = route.path.replace(/:[A-Za-z]+/g, 'x1');
        const allowed = new Set((module?.routes ?? []).filter((other) => other.path.replace(/:[A-Za-z]+/g, 'x1') === path).map((other) => other.method));
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.has(m as never))) {
          const response = await proxy({ service, method, path }, admin);
          expect(`${service} ${method} ${route.path} → ${response.statusCode}`).toBe(`${service} ${method} ${route.path} → 405`);
        }
      }
    }
  });
});

describe('[ASVS 5.0 v1.3.6] [ASVS 5.0 v13.2.4] proxy paths and params never reach anything but the configured upstream', () => {
  it('[ASVS 5.0 v13.2.4] a legitimate call does reach the configured upstream, under its base path, with the caller\'s params as query data', async () => {
    const response = await proxy({ service: 'Legacy', method: 'GET', path: '/reports/2026', params: { term: 'fall' } }, learner);
    expect(response.statusCode).toBe(200);
    expect(upstream.received).toEqual([{ method: 'GET', url: '/base/reports/2026?term=fall', host: upstreamHost }]);
  });

  it('[ASVS 5.0 v1.3.6] full URLs, `..`, encoded dots, `@`, backslashes, loopback, 169.254.169.254 and IPv6 tricks in `path` are refused and reach nothing', async () => {
    for (const path of escapes()) {
      for (const service of ['Legacy', 'OneLook']) {
        const response = await proxy({ service, method: 'GET', path }, learner);
        expect(`${JSON.stringify(path)} → ${response.statusCode}`).toBe(`${JSON.stringify(path)} → 400`);
        expect(messageOf(response)).toBeTruthy();
      }
    }
    expect(upstream.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it('[ASVS 5.0 v1.3.6] a path that is not a string (or is too long) is refused and reaches nothing', async () => {
    for (const path of [null, 7, ['/status'], { toString: '/status' }, `/${'a'.repeat(5000)}`]) {
      const response = await proxy({ service: 'Legacy', path }, learner);
      expect(response.statusCode).toBe(400);
    }
    expect(upstream.received).toEqual([]);
  });

  it('[ASVS 5.0 v1.1.1] a path is decoded exactly once: an escaped "%" reaches the upstream as the same escape, never as a separator', async () => {
    const response = await proxy({ service: 'Legacy', path: '/files/100%25%20done' }, learner);
    expect(response.statusCode).toBe(200);
    expect(upstream.received.map((r) => r.url)).toEqual(['/base/files/100%25%20done']);
  });

  it('[ASVS 5.0 v1.3.6] URLs, `@`, loopback, link-local and IPv6 addresses in `params` stay query data on the configured upstream', async () => {
    const tricky = {
      url: 'http://169.254.169.254/latest/meta-data/',
      next: `//${elsewhereAddress}/stolen`,
      at: `@${elsewhereAddress}`,
      v6: '[::ffff:127.0.0.1]',
      mapped: '::ffff:a9fe:a9fe',
      back: '\\\\169.254.169.254\\x',
      dots: '../../admin',
      [`http://${elsewhereAddress}/`]: 'key',
      '@169.254.169.254': true,
      '#frag': 1,
    };
    const response = await proxy({ service: 'Legacy', path: '/reports', params: tricky }, learner);
    expect(response.statusCode).toBe(200);
    expect(elsewhere.received).toEqual([]);
    expect(upstream.received).toHaveLength(1);
    const reached = new URL(`http://${upstream.received[0]?.host}${upstream.received[0]?.url}`);
    expect(reached.host).toBe(upstreamHost);
    expect(reached.pathname).toBe('/base/reports');
    expect(Object.fromEntries(reached.searchParams)).toEqual(Object.fromEntries(Object.entries(tricky).map(([k, v]) => [k, String(v)])));
  });

  it('[ASVS 5.0 v1.3.6] params that are not a flat object of strings, numbers or booleans are refused and reach nothing', async () => {
    for (const params of [[1], 'a=1', { a: { b: 1 } }, { a: [1] }, { a: null }, Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))]) {
      const response = await proxy({ service: 'Legacy', path: '/reports', params }, learner);
      expect(response.statusCode).toBe(400);
    }
    expect(upstream.received).toEqual([]);
  });

  it('[ASVS 5.0 v2.2.1] params too long for an upstream URL are a 400 with a message, and nothing is sent (found by the fuzz suite: a 431 without a body)', async () => {
    const response = await proxy({ service: 'Legacy', path: '/reports', params: { q: 'a'.repeat(20_000) } }, learner);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.upstreamUrlTooLong);
    expect(upstream.received).toEqual([]);
  });

  it.each([301, 302, 303, 307, 308])('[ASVS 5.0 v1.3.6] an upstream redirect (%i) to another host or to 169.254.169.254 is not followed: 502', async (status) => {
    for (const target of ['elsewhere', 'metadata']) {
      const response = await proxy({ service: 'Legacy', method: 'POST', path: `/redirect/${status}/${target}`, payload: { a: 1 } }, learner);
      expect(response.statusCode).toBe(502);
      expect(messageOf(response)).toBe(API_MESSAGES.upstreamFailed);
      expect(response.headers.location).toBeUndefined();
    }
    expect(upstream.received).toHaveLength(2);
    expect(elsewhere.received).toEqual([]);
  });
});

describe('[ASVS 5.0 v8.2.1] useSystem works only where a route allows it', () => {
  const routes = Object.entries(MODULES).flatMap(([service, module]) => (module?.routes ?? []).map((route) => ({ service, route })));

  it('[ASVS 5.0 v8.2.1] useSystem on any route that does not allow it is a 403, signed in as admin or not', async () => {
    const refused = routes.filter(({ route }) => route.access !== 'system' && route.allowSystem !== true);
    expect(refused.length).toBeGreaterThan(40);
    for (const { service, route } of refused) {
      for (const token of [undefined, admin]) {
        const response = await proxy({ service, method: route.method, path: route.path.replace(/:[A-Za-z]+/g, 'x1'), payload: {}, useSystem: true }, token);
        expect(`${route.method} ${route.path} → ${response.statusCode} ${messageOf(response)}`).toBe(`${route.method} ${route.path} → 403 ${API_MESSAGES.systemNotAllowed}`);
      }
    }
  });

  it('[ASVS 5.0 v8.2.1] a system route needs useSystem: without it a 403, even for admin', async () => {
    const system = routes.filter(({ route }) => route.access === 'system');
    expect(system.length).toBeGreaterThan(0);
    for (const { service, route } of system) {
      const response = await proxy({ service, method: route.method, path: route.path.replace(/:[A-Za-z]+/g, 'x1'), payload: {} }, admin);
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toBe(API_MESSAGES.systemRequired);
    }
  });

  it('[ASVS 5.0 v8.2.1] a route that allows useSystem answers a system caller (SYSTEM_KEYS) with it, nobody else; useSystem must be a boolean', async () => {
    const allowed = routes.filter(({ route }) => route.allowSystem === true && route.access === 'public' && !route.path.includes(':'));
    expect(allowed.length).toBeGreaterThan(0);
    for (const { service, route } of allowed) {
      const browser = await proxy({ service, method: route.method, path: route.path, useSystem: true }, admin);
      expect(browser.statusCode).toBe(403);
      expect(messageOf(browser)).toBe(API_MESSAGES.systemCredentialRequired);
      const response = await t.app.inject({ method: 'POST', url: '/api/service', headers: { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY }, payload: { service, method: route.method, path: route.path, useSystem: true } });
      expect(response.statusCode).toBe(200);
    }
    for (const useSystem of ['true', 1, {}, []]) {
      const response = await proxy({ path: '/status', useSystem });
      expect(response.statusCode).toBe(400);
    }
  });
});
