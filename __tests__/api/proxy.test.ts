/** SPEC §7 backend proxy: registry, in-process routes and a real upstream on 127.0.0.1. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { VERSION } from '../../src/common/constants';
import * as yup from 'yup';
import { SYSTEM_KEY_HEADER } from '../../src/server/http/authenticate';
import { IN_PROCESS_MODULES } from '../../src/server/services/registry';
import type { ServiceModule } from '../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, messageOf, signIn, type TestApp } from './support/testApp';

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

let upstream: http.Server;
let upstreamBase: string;
const seen: Seen[] = [];
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('latin1');
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/base/hang') {
        hanging.push(res);
        return;
      }
      if (path === '/base/fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"database on fire","stack":"at secret.js:1"}');
        return;
      }
      if (path === '/base/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      }
      if (path === '/base/missing') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"No such thing"}');
        return;
      }
      if (path === '/base/html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ method: req.method, url: req.url, body, appKey: req.headers['x-app-key'], auth: req.headers.authorization ?? null }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const SYSTEM_KEY = 'proxy-test-system-key-0123456789-abcdefghij';

/**
 * The product's modules plus test routes: one that reports the files it received, a system route,
 * and Legacy's route table (the allowlist its upstream is reached through; no handlers).
 */
const modules: Partial<Record<string, ServiceModule>> = {
  ...IN_PROCESS_MODULES,
  Legacy: {
    routes: [
      { method: 'POST', path: '/things/:name', access: 'user' },
      ...['/missing', '/html', '/fail', '/redirect', '/hang'].map((path) => ({ method: 'GET' as const, path, access: 'public' as const })),
    ],
  },
  File: {
    routes: [
      {
        method: 'POST',
        path: '/jobs',
        access: 'system',
        payloadSchema: yup.object({ name: yup.string().required().max(50) }).noUnknown(),
        handler: async (ctx) => ({ started: (ctx.payload as { name: string }).name, system: ctx.system }),
      },
      {
        method: 'POST',
        path: '/uploads',
        access: 'user',
        uploads: { maxBytes: 1024 * 1024 },
        handler: async (ctx) => ({
          payload: ctx.payload,
          files: ctx.files.map((f) => ({ field: f.field, filename: f.filename, mimetype: f.mimetype, size: f.data.length })),
        }),
      },
    ],
  },
};

let t: TestApp;
beforeEach(async () => {
  seen.length = 0;
  t = await createTestApp({ env: { SERVICE_LEGACY_URL: upstreamBase, SYSTEM_KEYS: SYSTEM_KEY }, modules });
});
afterEach(async () => {
  await t.close();
});

const proxy = (body: unknown, headers: Record<string, string> = appKeyHeader, url = '/api/service') =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });

describe('routing', () => {
  it('[S7.06] [S7.07] defaults to the OneLook service and GET: a public route answers without a token', async () => {
    const response = await proxy({ path: '/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, version: VERSION });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('[S7.06] takes the service from /api/service/{name} (any case)', async () => {
    const session = await signIn(t.app, 'support');
    const response = await proxy({ path: '/permissions' }, authHeaders(session.token), '/api/service/auth');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ permissions: ['SUPPORT'] });
  });

  it('refuses a body service that disagrees with the address', async () => {
    const response = await proxy({ service: 'OneLook', path: '/status' }, appKeyHeader, '/api/service/Auth');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.serviceMismatch);
  });

  it.each([
    ['an unknown service in the body', { service: 'Nope', path: '/status' }, '/api/service'],
    ['an unknown service in the address', { path: '/status' }, '/api/service/Nope'],
  ])('answers %s with 404', async (_name, body, url) => {
    const response = await proxy(body, appKeyHeader, url);
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toMatch(/^Unknown service: Nope/);
  });

  it('answers an unknown route, and any route of an empty module, with 404', async () => {
    expect(messageOf(await proxy({ path: '/nothing/here' }))).toBe(API_MESSAGES.unknownRoute);
    expect((await proxy({ service: 'Campaign', path: '/status' })).statusCode).toBe(404);
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await proxy({ path: '/status', method: 'DELETE' });
    expect(response.statusCode).toBe(405);
    expect(messageOf(response)).toBe(API_MESSAGES.methodNotAllowed('DELETE'));
  });

  it.each([
    ['timeout below 1000', { path: '/status', timeout: 999 }],
    ['timeout above the maximum', { path: '/status', timeout: 60_001 }],
    ['a fractional timeout', { path: '/status', timeout: 1500.5 }],
    ['a timeout as a string', { path: '/status', timeout: '15000' }],
    ['an unknown method', { path: '/status', method: 'TRACE' }],
    ['no path', {}],
    ['params that are not a flat object', { path: '/status', params: { a: { b: 1 } } }],
    ['useSystem that is not a boolean', { path: '/status', useSystem: 'yes' }],
    ['a body that is not an object', ['/status']],
  ])('answers %s with 400 and a message', async (_name, body) => {
    const response = await proxy(body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toEqual(expect.any(String));
  });

  it('[S7.10] needs a known app key', async () => {
    expect((await proxy({ path: '/status' }, {})).statusCode).toBe(401);
    expect(messageOf(await proxy({ path: '/status' }, { 'x-app-key': 'other' }))).toBe(API_MESSAGES.unknownAppKey);
  });
});

describe('access', () => {
  it('a user route needs a signed-in user and answers with their schools', async () => {
    expect((await proxy({ path: '/me/schools' })).statusCode).toBe(401);
    const session = await signIn(t.app, 'multi');
    const response = await proxy({ path: '/me/schools' }, authHeaders(session.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(session.clients);
  });

  it('a token, when sent, must be valid even on a public route', async () => {
    const response = await proxy({ path: '/status' }, authHeaders('not.a.token'));
    expect(response.statusCode).toBe(401);
  });

  it('[S6.01] [S6.02] a permission route: 403 for a learner, 200 for SUPPORT and for GADMINSUPERUSER', async () => {
    const call = async (userName: string) =>
      proxy({ service: 'Auth', path: '/users/learner' }, authHeaders((await signIn(t.app, userName)).token));
    const learner = await call('learner');
    expect(learner.statusCode).toBe(403);
    expect(messageOf(learner)).toBe(API_MESSAGES.forbidden);
    expect((await call('support')).statusCode).toBe(200);
    const admin = await call('admin');
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ user: { userName: 'learner' } });
  });

  it('useSystem is refused on a route that does not allow it', async () => {
    const session = await signIn(t.app, 'learner');
    const response = await proxy({ path: '/me/schools', useSystem: true }, authHeaders(session.token));
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe(API_MESSAGES.systemNotAllowed);
  });

  it('a system route needs useSystem from a system caller (SYSTEM_KEYS) and validates its payload', async () => {
    const body = { service: 'File', method: 'POST', path: '/jobs', payload: { name: 'nightly' } };
    const system = { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY };
    expect((await proxy(body, system)).statusCode).toBe(403);
    const withoutKey = await proxy({ ...body, useSystem: true });
    expect(withoutKey.statusCode).toBe(403);
    expect(messageOf(withoutKey)).toBe(API_MESSAGES.systemCredentialRequired);
    const started = await proxy({ ...body, useSystem: true }, system);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ started: 'nightly', system: true });
    const bad = await proxy({ ...body, useSystem: true, payload: { name: 'x', extra: true } }, system);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toEqual(expect.any(String));
  });
});

describe('upstream services', () => {
  it('forwards method, path, params, payload and app key to the configured base URL only', async () => {
    const session = await signIn(t.app, 'learner');
    const response = await proxy(
      { service: 'Legacy', method: 'POST', path: '/things/a%20b', params: { page: 2, q: 'x&y' }, payload: { n: 1 } },
      authHeaders(session.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      method: 'POST',
      url: '/base/things/a%20b?page=2&q=x%26y',
      body: '{"n":1}',
      appKey: 'cashwise-web',
      auth: `Bearer ${session.token}`,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('passes an upstream 4xx on', async () => {
    const response = await proxy({ service: 'Legacy', path: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe('No such thing');
  });

  it('never serves upstream HTML as HTML: an answer that is not JSON is a failed service (502, our message)', async () => {
    const response = await proxy({ service: 'Legacy', path: '/html' });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ message: API_MESSAGES.upstreamFailed });
    expect(response.body).not.toContain('<script>');
  });

  it('answers an upstream 500 with 502 and our own message (nothing of theirs leaks)', async () => {
    const response = await proxy({ service: 'Legacy', path: '/fail' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: API_MESSAGES.upstreamFailed });
  });

  it('does not follow redirects: 502', async () => {
    const response = await proxy({ service: 'Legacy', path: '/redirect' });
    expect(response.statusCode).toBe(502);
    expect(seen).toHaveLength(1);
  });

  it('answers an upstream that does not answer in time with 504', async () => {
    const response = await proxy({ service: 'Legacy', path: '/hang', timeout: 1000 });
    expect(response.statusCode).toBe(504);
    expect(messageOf(response)).toBe(API_MESSAGES.upstreamTimeout);
  });

  it('answers an unreachable upstream with 502', async () => {
    const other = await createTestApp({ env: { SERVICE_WORKFLOW_URL: 'http://127.0.0.1:1/x' }, modules: { Workflow: { routes: [{ method: 'GET', path: '/a', access: 'public' }] } } });
    try {
      const response = await other.app.inject({ method: 'POST', url: '/api/service', headers: appKeyHeader, payload: { service: 'Workflow', path: '/a' } });
      expect(response.statusCode).toBe(502);
    } finally {
      await other.close();
    }
  });

  it.each([
    '/../etc/passwd',
    '/a/../../b',
    '/a/%2e%2e/b',
    '/a/%2E%2E/b',
    '/a/.%2e/b',
    '/a/%2fb',
    '/a/%5cb',
    '/a/./b',
    '//evil.example/x',
    '/@evil.example',
    '/a@evil.example',
    'http://evil.example/',
    'evil.example/x',
    '/a\\b',
    '/a?x=1',
    '/a#b',
    '/a b',
    '/a/%zz',
    '/a/%00',
  ])('refuses the path %s with 400, and nothing reaches the upstream', async (path) => {
    const response = await proxy({ service: 'Legacy', path });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(API_MESSAGES.badPath);
    expect(seen).toHaveLength(0);
  });
});

describe('POST /api/service/multipart', () => {
  async function multipart(request: unknown, files: { field: string; name: string; content: string }[], headers: Record<string, string>, url = '/api/service/multipart') {
    const form = new FormData();
    if (request !== undefined) form.append('request', JSON.stringify(request));
    for (const file of files) form.append(file.field, new Blob([file.content], { type: 'text/plain' }), file.name);
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': encoded.headers.get('content-type') as string },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  it('[S7.08] hands the files and the proxy request to the route', async () => {
    const session = await signIn(t.app, 'learner');
    const response = await multipart(
      { service: 'File', method: 'POST', path: '/uploads', payload: { note: 'hi' } },
      [{ field: 'file', name: 'budget.csv', content: 'a,b\n1,2\n' }],
      authHeaders(session.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payload: { note: 'hi' },
      files: [{ field: 'file', filename: 'budget.csv', mimetype: 'text/plain', size: 8 }],
    });
  });

  it('follows the same rules: no request field 400, unknown route 404, no user 401', async () => {
    const session = await signIn(t.app, 'learner');
    expect((await multipart(undefined, [{ field: 'file', name: 'a.txt', content: 'x' }], authHeaders(session.token))).statusCode).toBe(400);
    expect((await multipart({ service: 'File', method: 'POST', path: '/nope' }, [], authHeaders(session.token))).statusCode).toBe(404);
    expect((await multipart({ service: 'File', method: 'POST', path: '/uploads' }, [], appKeyHeader)).statusCode).toBe(401);
  });

  it('answers a non-multipart body with a 4xx, never 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: appKeyHeader, payload: { path: '/status' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('is the one route that reads a form: a form sent to the JSON routes is 415 with a message', async () => {
    const session = await signIn(t.app, 'learner');
    for (const url of ['/api/service', '/api/service/OneLook', '/api/auth']) {
      const response = await multipart({ service: 'OneLook', method: 'GET', path: '/catalog' }, [], authHeaders(session.token), url);
      expect(response.statusCode).toBe(415);
      expect(messageOf(response)).toMatch(/Unsupported Media Type/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
