/**
 * Bad input over EVERY direct HTTP route: the routes are read from the running
 * Fastify instance (printRoutes), so a route added to src/server/http is fuzzed without touching
 * this file: malformed and non-object JSON, wrong types per field, wrong content types, huge and
 * control-character strings, junk tokens and app keys, hostile multipart forms, and path traversal
 * against the static SPA and its fallback. Property: no status >= 500, every 4xx has a message,
 * and nothing outside the static folder is ever served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../../src/server/app';
import { MULTIPART_LIMITS } from '../../../src/server/http/proxyRoutes';
import { RECORDING_UPLOAD_MAX_BYTES } from '../../../src/server/services/support/routes';
import { APP_KEY_HEADER, DEFAULT_APP_KEY } from '../../../src/common/constants';
import { API_MESSAGES } from '../../../src/common/apiMessages';
import { createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';
import {
  describeRequest,
  FUZZ_LOGGER,
  FUZZ_SEED,
  FUZZ_TIMEOUT_MS,
  hostileJson,
  hostileNumber,
  hostileString,
  rarely,
  runsFor,
  Tally,
  violationOf,
} from './support/fuzz';

const CANARY = 'FUZZ-CANARY-7f3a9c';

interface HttpRoute {
  method: string;
  url: string;
}

/** The routes of a Fastify instance, read from printRoutes' tree. */
export function routesOf(app: FastifyInstance): HttpRoute[] {
  const routes: HttpRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    const segment = match[2] as string;
    const url = (stack[depth - 1] ?? '') + (segment.startsWith('/') || depth === 0 ? segment : `/${segment}`);
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

let t: TestApp;
let root: string;
let routes: HttpRoute[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  // a built SPA, with a secret beside it and a dotfile in it that must never be served
  root = mkdtempSync(path.join(os.tmpdir(), 'cashwise-fuzz-'));
  const staticDir = path.join(root, 'static');
  mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Cashwise</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(staticDir, 'main.3f9a1c2b7d.js'), 'console.log(1);');
  writeFileSync(path.join(staticDir, 'assets', 'logo.a1b2c3d4e5f6a7b8.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(staticDir, '.env'), `SECRET=${CANARY}`);
  writeFileSync(path.join(root, 'secret.txt'), CANARY);
  t = await createTestApp({ env: { STATIC_DIR: staticDir }, logger: FUZZ_LOGGER });
  routes = routesOf(t.app);
  for (const person of ['learner', 'admin']) tokens.set(person, (await signIn(t.app, person)).token);
}, FUZZ_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const TRAVERSAL_PATHS = [
  '/../secret.txt',
  '/..%2fsecret.txt',
  '/%2e%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/%252e%252e/secret.txt',
  '/assets/../../secret.txt',
  '/assets/..%5c..%5csecret.txt',
  '/..\\secret.txt',
  '/.env',
  '/%2eenv',
  '/assets/%2e%2e/.env',
  '//secret.txt',
  '/main.3f9a1c2b7d.js%00.html',
  '/index.html%00',
  '/%00',
  '/%',
  '/%zz',
  '/%c0%ae%c0%ae/secret.txt',
  '/\u0000',
  '/app/catalog/%2e%2e/%2e%2e/secret.txt',
  '/api/../secret.txt',
  '/api/%2e%2e/secret.txt',
  '/api/service/..%2f..%2fsecret.txt',
  '/api/service/%2e%2e',
];

/** URL path segments: real words, hostile text (encoded or raw) and traversal. */
const segment = fc.oneof(
  fc.constantFrom('app', 'catalog', 'assets', 'index.html', 'main.3f9a1c2b7d.js', 'api', 'service', 'auth', 'dev', 'mailbox', 'OneLook'),
  hostileString.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return 'x';
    }
  }),
  fc.constantFrom('..', '.', '%2e%2e', '%252e', '%00', '%', '%2f', '%5c', '~', 'secret.txt', '.env'),
);
const randomPath = fc.oneof(
  { arbitrary: fc.constantFrom(...TRAVERSAL_PATHS), weight: 2 },
  { arbitrary: fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/')}`), weight: 3 },
  { arbitrary: fc.tuple(fc.constantFrom('', '/api', '/api/service', '/app'), fc.constantFrom(...TRAVERSAL_PATHS)).map(([a, b]) => a + b), weight: 1 },
);

/** A JSON value shaped like a request of this app (sign-in, renew, proxy), with hostile leaves. */
const shapedBody = fc.oneof(
  fc.record(
    { username: fc.oneof(hostileString, hostileJson, fc.constantFrom('learner', 'admin')), password: fc.oneof(hostileString, hostileJson), appKey: fc.oneof(fc.constant(DEFAULT_APP_KEY), hostileString, hostileJson) },
    { requiredKeys: [] },
  ),
  fc.record({ lastActivityAt: fc.oneof(hostileNumber, hostileJson) }, { requiredKeys: [] }),
  fc.record(
    { service: fc.oneof(fc.constantFrom('OneLook', 'Auth', 'onelook'), hostileString), method: fc.oneof(fc.constantFrom('GET', 'POST'), hostileString), path: fc.oneof(fc.constantFrom('/status', '/catalog', '/me/schools'), hostileString, hostileJson), payload: hostileJson },
    { requiredKeys: [] },
  ),
);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string | null } | { kind: 'multipart'; parts: { name: string; filename?: string; value: string }[]; boundary: string };

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  { arbitrary: fc.constantFrom('application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/json;;', '*/*', 'application/vnd.api+json'), weight: 2 },
  { arbitrary: hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);

/** Broken JSON: truncated, unbalanced, wrong literals, deep nesting, prototype keys. */
const malformedJson = fc.oneof(
  fc.json().map((text) => text.slice(0, Math.max(0, text.length - 1))),
  fc.constantFrom('{', '}', '[', '{"a":', '{"a" 1}', "{'a':1}", 'NaN', 'Infinity', 'undefined', '{"a":1,}', '[1,]', '01', '-', '"\\u12"', '"\\x41"', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '\ufeff{}', '\u0000', 'null', 'true', '0', '""', '[]'),
  fc.integer({ min: 1, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 5000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  hostileString,
);

const multipartBody = fc.record({
  boundary: fc.oneof(fc.constant('----fuzzboundary'), fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,70}$/)),
  parts: fc.array(
    fc.record(
      {
        name: fc.oneof(fc.constantFrom('request', 'file', 'payload'), hostileString.map((s) => s.replace(/["\r\n]/g, ''))),
        filename: fc.oneof(fc.constantFrom('a.txt', '../../etc/passwd', 'rec.json.gz'), hostileString.map((s) => s.replace(/["\r\n]/g, ''))),
        value: fc.oneof(
          shapedBody.map((v) => JSON.stringify(v)),
          fc.constant(JSON.stringify({ service: 'OneLook', method: 'GET', path: '/status' })),
          malformedJson,
          hostileString,
        ),
      },
      { requiredKeys: ['name', 'value'] },
    ),
    { maxLength: 4 },
  ),
});

const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  { arbitrary: fc.oneof(shapedBody, hostileJson).map((value): Body => ({ kind: 'json', value })), weight: 5 },
  { arbitrary: fc.tuple(malformedJson, contentType).map(([text, type]): Body => ({ kind: 'raw', text, contentType: type })), weight: 3 },
  { arbitrary: multipartBody.map((m): Body => ({ kind: 'multipart', ...m })), weight: 2 },
);

type Who = 'anonymous' | 'learner' | 'admin' | 'junk token';
const headerText = hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 300));

const anyCase = fc.record({
  pick: fc.integer({ min: 0, max: 1_000_000 }),
  methodOverride: rarely(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), 5),
  randomUrl: rarely(randomPath, 6),
  urlParts: fc.tuple(randomPath, segment, rarely(fc.tuple(hostileString, hostileString), 6)),
  body: bodyArb,
  who: fc.constantFrom<Who>('anonymous', 'learner', 'admin', 'junk token'),
  appKey: fc.oneof({ arbitrary: fc.constant(DEFAULT_APP_KEY), weight: 6 }, { arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: headerText, weight: 1 }),
  junkAuthorization: fc.oneof(fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'bearer    x'), headerText.map((s) => `Bearer ${s}`)),
  accept: fc.constantFrom('text/html', '*/*', 'application/json', '', 'text/html;q=0, */*'),
});

function encodeMultipart(boundary: string, parts: { name: string; filename?: string; value: string }[]): string {
  return (
    parts
      .map((part) => {
        const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
        return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${part.value}\r\n`;
      })
      .join('') + `--${boundary}--\r\n`
  );
}

describe('fuzz: every HTTP route', () => {
  it('reads the routes from the app (a new route is fuzzed automatically)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of ['GET /api', 'POST /api/auth', 'GET /api/auth/user', 'POST /api/auth/renew', 'POST /api/auth/signout', 'POST /api/service', 'POST /api/service/:name', 'POST /api/service/multipart', 'GET *']) {
      expect(urls).toContain(expected);
    }
  });

  it(
    'answers hostile requests with no status >= 500, a message on every 4xx and nothing from outside the static folder',
    async () => {
      const tally = new Tally();
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(anyCase, async (c) => {
          const route = routes[c.pick % routes.length] as HttpRoute;
          const method = c.methodOverride ?? route.method;
          const [wild, param, query] = c.urlParts;
          let url = c.randomUrl ?? (route.url === '*' ? wild : route.url.replace(/:[A-Za-z]+/g, param));
          if (query) {
            try {
              url += `?${encodeURIComponent(query[0])}=${encodeURIComponent(query[1])}`;
            } catch {
              url += '?%zz=%';
            }
          }
          const headers: Record<string, string> = {};
          if (c.appKey !== undefined) headers[APP_KEY_HEADER] = c.appKey;
          if (c.accept) headers.accept = c.accept;
          // sign-out would end the shared sessions: it only ever gets junk tokens
          const who = route.url === '/api/auth/signout' && (c.who === 'learner' || c.who === 'admin') ? 'junk token' : c.who;
          if (who === 'junk token') headers.authorization = c.junkAuthorization;
          else if (who !== 'anonymous') headers.authorization = `Bearer ${tokens.get(who) as string}`;
          let payload: string | undefined;
          if (method !== 'GET' && method !== 'HEAD') {
            if (c.body.kind === 'json') {
              payload = JSON.stringify(c.body.value) ?? 'null';
              headers['content-type'] = 'application/json';
            } else if (c.body.kind === 'raw') {
              payload = c.body.text;
              if (c.body.contentType !== null) headers['content-type'] = c.body.contentType;
            } else if (c.body.kind === 'multipart') {
              payload = encodeMultipart(c.body.boundary, c.body.parts);
              headers['content-type'] = `multipart/form-data; boundary=${c.body.boundary}`;
            }
          }
          const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
          let response;
          try {
            response = await t.app.inject(options);
          } catch (error) {
            // light-my-request refuses some URLs/headers before they reach the server: not a case
            if (error instanceof TypeError || /Invalid|invalid/.test((error as Error).message)) return true;
            throw error;
          }
          tally.record(response.statusCode, response.body);
          // a renewal replaced the token: keep using the new one
          if (route.url === '/api/auth/renew' && response.statusCode === 200 && (who === 'learner' || who === 'admin') && url === route.url) {
            tokens.set(who, (response.json() as { body: { token: string } }).body.token);
          }
          const violation = violationOf(response, method) ?? (response.body.includes(CANARY) ? 'served a file from outside the static folder' : null);
          if (violation) tally.violations.push({ request: describeRequest(method, url, headers, payload), status: response.statusCode, body: `${violation}: ${response.body.slice(0, 300)}` });
          return true;
        }),
        { seed: FUZZ_SEED, numRuns: runsFor(0.4), endOnFailure: true },
      );
      console.log(tally.summary('HTTP routes', Date.now() - started));
      expect(tally.violations.length === 0 ? 'none' : tally.report()).toBe('none');
    },
    FUZZ_TIMEOUT_MS,
  );

  it('[bad input] a JSON body over the limit is 413 with a message; so are oversized multipart files and too many parts', async () => {
    const headers = { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': 'application/json' };
    for (const url of ['/api/auth', '/api/auth/renew', '/api/service', '/api/service/OneLook']) {
      const huge = JSON.stringify({ service: 'OneLook', path: '/status', payload: 'x'.repeat(BODY_LIMIT_BYTES) });
      const response = await t.app.inject({ method: 'POST', url, headers, payload: huge });
      expect(response.statusCode).toBe(413);
      expect(messageOf(response)).toBe(API_MESSAGES.bodyTooLarge);
    }
    const boundary = 'fuzzbig';
    // files go only to a route that takes them, and only for a caller it lets upload: a recording slot of a new /help ticket
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { [APP_KEY_HEADER]: DEFAULT_APP_KEY },
      remoteAddress: '10.77.0.1',
      payload: { method: 'POST', path: '/whichway/support', payload: { name: 'Fuzz', email: 'fuzz@example.edu', subject: 'Big', description: 'Big upload.', useragent: 'fuzz', url: 'http://localhost/help', recordingId: '00000000-0000-4000-8000-0000000f0001' } },
    });
    const { issuekey, uploadToken } = ticket.json() as { issuekey: string; uploadToken: string };
    const request = JSON.stringify({ method: 'POST', path: `/support/tickets/${issuekey}/recording`, payload: { token: uploadToken } });
    const big = encodeMultipart(boundary, [
      { name: 'request', value: request },
      { name: 'recording', filename: 'big.json', value: 'x'.repeat(RECORDING_UPLOAD_MAX_BYTES + 1) },
    ]);
    const tooBig = await t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: big });
    expect(tooBig.statusCode).toBe(413);
    expect(messageOf(tooBig)).toBeTruthy();
    // a route that takes no files refuses a form with a file at once
    const toStatus = encodeMultipart(boundary, [{ name: 'request', value: JSON.stringify({ path: '/status' }) }, { name: 'file', filename: 'a.bin', value: 'x' }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: toStatus });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(API_MESSAGES.uploadsNotAccepted);
    const many = encodeMultipart(boundary, [{ name: 'request', value: request }, ...Array.from({ length: MULTIPART_LIMITS.parts + 1 }, (_, i) => ({ name: `f${i}`, filename: `${i}.txt`, value: 'x' }))]);
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/service/multipart', headers: { [APP_KEY_HEADER]: DEFAULT_APP_KEY, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: many });
    expect(tooMany.statusCode).toBe(413);
    expect(messageOf(tooMany)).toBeTruthy();
  });
});
