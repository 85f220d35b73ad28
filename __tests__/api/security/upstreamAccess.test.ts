/**
 * An upstream service passes the same rules as an in-process one (OWASP ASVS 5.0 v8.2.1, v13.2.4):
 * the route allowlist (method + path pattern), authentication, permissions, `useSystem` and the
 * payload schema are checked before anything is sent, and `useSystem` counts only from a caller
 * holding a system key (SYSTEM_KEYS), never from a browser. A real upstream on 127.0.0.1 records
 * every request it gets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as yup from 'yup';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { SUPERUSER_PERMISSION } from '../../../src/common/constants';
import { SYSTEM_KEY_HEADER } from '../../../src/server/http/authenticate';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import type { ServiceModule } from '../../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

interface Seen {
  method: string;
  url: string;
  useSystem: string | undefined;
  body: string;
}

const seen: Seen[] = [];
const upstream = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', useSystem: req.headers['x-use-system'] as string | undefined, body });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ done: true }));
  });
});

const SYSTEM_KEY = 'a-system-key-for-tests-only-0123456789-ABCDEFG';

/** Legacy's route table: the allowlist its upstream is reached through. */
const legacy: ServiceModule = {
  routes: [
    { method: 'GET', path: '/reports/:year', access: 'user' },
    { method: 'DELETE', path: '/admin/users/:id', access: { permission: SUPERUSER_PERMISSION } },
    { method: 'POST', path: '/jobs', access: 'system', payloadSchema: yup.object({ name: yup.string().required().max(50) }).noUnknown() },
    { method: 'GET', path: '/health', access: 'public', allowSystem: true },
  ],
};

let base = '';
let t: TestApp;
let product: TestApp;
let learner: string;
let admin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
  t = await createTestApp({ env: { SERVICE_LEGACY_URL: base, SYSTEM_KEYS: SYSTEM_KEY }, modules: { ...IN_PROCESS_MODULES, Legacy: legacy } });
  // the product's own route tables, as `npm start` has them
  product = await createTestApp({ env: { SERVICE_LEGACY_URL: base, SERVICE_ONELOOK_URL: base } });
  learner = (await signIn(t.app, 'learner')).token;
  admin = (await signIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await t.close();
  await product.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const proxy = (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = appKeyHeader) =>
  app.app.inject({ method: 'POST', url: '/api/service', headers, payload: body });

describe('[ASVS 5.0 v8.2.1] an upstream service passes the same rules as an in-process one', () => {
  it('[ASVS 5.0 v8.2.1] the review\'s reproduction: an anonymous DELETE /admin/users/42 with useSystem to Legacy is refused and the upstream sees nothing', async () => {
    const call = { service: 'Legacy', method: 'DELETE', path: '/admin/users/42', useSystem: true };
    // with the product's route tables (Legacy lists no route): an unknown route
    const unknown = await proxy(product, call);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe(API_MESSAGES.unknownRoute);
    // with the route declared for admins only: useSystem is not allowed there
    const declared = await proxy(t, call);
    expect(declared.statusCode).toBe(403);
    expect(messageOf(declared)).toBe(API_MESSAGES.systemNotAllowed);
    expect(seen).toEqual([]);
  });

  it('[ASVS 5.0 v2.2.1] a path or method the route table does not list is refused before anything is sent', async () => {
    for (const [method, path, status] of [
      ['GET', '/admin/everything', 404],
      ['POST', '/reports/2026', 405],
      ['GET', '/reports', 404],
      ['PUT', '/admin/users/42', 405],
    ] as const) {
      const response = await proxy(t, { service: 'Legacy', method, path }, authHeaders(admin));
      expect(`${method} ${path} → ${response.statusCode}`).toBe(`${method} ${path} → ${status}`);
    }
    expect(seen).toEqual([]);
  });

  it('[ASVS 5.0 v8.2.1] authentication and permissions: anonymous 401, a learner 403, an admin reaches the upstream', async () => {
    const call = { service: 'Legacy', method: 'DELETE', path: '/admin/users/42' };
    expect((await proxy(t, call)).statusCode).toBe(401);
    const asLearner = await proxy(t, call, authHeaders(learner));
    expect(asLearner.statusCode).toBe(403);
    expect(messageOf(asLearner)).toBe(API_MESSAGES.forbidden);
    expect((await proxy(t, { ...call, path: '/reports/2026', method: 'GET' })).statusCode).toBe(401);
    expect(seen).toEqual([]);

    const asAdmin = await proxy(t, call, authHeaders(admin));
    expect(asAdmin.statusCode).toBe(200);
    expect(seen).toEqual([{ method: 'DELETE', url: '/base/admin/users/42', useSystem: undefined, body: '' }]);
  });

  it('[ASVS 5.0 v8.2.1] useSystem: refused on a route that does not allow it, and from anyone without a system key; a system caller reaches a system route', async () => {
    const job = { service: 'Legacy', method: 'POST', path: '/jobs', payload: { name: 'nightly' } };
    const withoutUseSystem = await proxy(t, job, authHeaders(admin));
    expect(withoutUseSystem.statusCode).toBe(403);
    expect(messageOf(withoutUseSystem)).toBe(API_MESSAGES.systemRequired);
    for (const headers of [appKeyHeader, authHeaders(admin), { ...appKeyHeader, [SYSTEM_KEY_HEADER]: 'wrong' }, { ...appKeyHeader, [SYSTEM_KEY_HEADER]: `${SYSTEM_KEY}x` }]) {
      const response = await proxy(t, { ...job, useSystem: true }, headers);
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toBe(API_MESSAGES.systemCredentialRequired);
    }
    expect((await proxy(t, { service: 'Legacy', path: '/reports/2026', useSystem: true }, { ...authHeaders(learner), [SYSTEM_KEY_HEADER]: SYSTEM_KEY })).statusCode).toBe(403);
    expect(seen).toEqual([]);

    const system = await proxy(t, { ...job, useSystem: true }, { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY });
    expect(system.statusCode).toBe(200);
    expect(seen).toEqual([{ method: 'POST', url: '/base/jobs', useSystem: 'true', body: '{"name":"nightly"}' }]);
  });

  it('[ASVS 5.0 v2.2.1] the route\'s payload schema is checked before the call is forwarded', async () => {
    const headers = { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY };
    for (const payload of [{}, { name: 'x'.repeat(51) }, { name: 'x', extra: true }, 'name']) {
      const response = await proxy(t, { service: 'Legacy', method: 'POST', path: '/jobs', useSystem: true, payload }, headers);
      expect(response.statusCode).toBe(400);
    }
    expect(seen).toEqual([]);
  });

  it('[ASVS 5.0 v8.2.1] OneLook moved to an upstream keeps its own rules: a learner route needs a session, a support route the permission', async () => {
    expect((await proxy(product, { path: '/catalog' })).statusCode).toBe(401);
    const productLearner = (await signIn(product.app, 'learner')).token;
    expect((await proxy(product, { path: '/support/tickets' }, authHeaders(productLearner))).statusCode).toBe(403);
    expect((await proxy(product, { path: '/status', useSystem: true })).statusCode).toBe(403);
    expect(seen).toEqual([]);
    expect((await proxy(product, { path: '/catalog' }, authHeaders(productLearner))).statusCode).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/base/catalog']);
  });
});

describe('[ASVS 5.0 v8.2.1] useSystem is never accepted from a browser caller', () => {
  it('[ASVS 5.0 v8.2.1] the Auth user-name check is gone: 150 anonymous useSystem calls answer nothing about any user name', async () => {
    for (let i = 0; i < 150; i += 1) {
      const response = await proxy(t, { service: 'Auth', method: 'POST', path: '/usernames/available', useSystem: true, payload: { userName: i % 2 ? 'learner' : `free${i}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).not.toHaveProperty('available');
    }
  });

  it('[ASVS 5.0 v2.4.1] the one user-name check is OneLook\'s, limited per IP (60 per 15 minutes)', async () => {
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/service', headers: appKeyHeader, remoteAddress: '10.9.9.9', payload: { method: 'POST', path: '/registration/usernames/available', payload: { userName: 'learner' } } });
    for (let i = 0; i < 60; i += 1) expect((await check()).statusCode).toBe(200);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('[ASVS 5.0 v8.2.1] a route that allows useSystem answers it only with a system key, even with no SYSTEM_KEYS configured', async () => {
    expect((await proxy(t, { path: '/status', useSystem: true })).statusCode).toBe(403);
    expect((await proxy(t, { path: '/status', useSystem: true }, { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY })).statusCode).toBe(200);
    // the product app has no SYSTEM_KEYS: no key works, not even an empty one
    for (const key of ['', SYSTEM_KEY]) {
      const response = await proxy(product, { service: 'Legacy', path: '/x', useSystem: true }, { ...appKeyHeader, [SYSTEM_KEY_HEADER]: key });
      expect(response.statusCode).toBe(404);
    }
    const onelook = await proxy(product, { path: '/status', useSystem: true }, { ...appKeyHeader, [SYSTEM_KEY_HEADER]: SYSTEM_KEY });
    expect(onelook.statusCode).toBe(403);
    expect(messageOf(onelook)).toBe(API_MESSAGES.systemCredentialRequired);
    expect(seen).toEqual([]);
  });
});
