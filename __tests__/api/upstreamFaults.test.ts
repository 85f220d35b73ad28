/**
 * Upstream faults: a proxied service whose upstream refuses connections, hangs,
 * or answers garbage. Real fake upstreams on ephemeral loopback ports; the proxy must answer 502 or
 * 504 with our own `{ message }` within a bounded time (UPSTREAM_TIMEOUT_MS), and everything else
 * keeps answering meanwhile.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { API_MESSAGES } from '../../src/common/apiMessages';
import { IN_PROCESS_MODULES } from '../../src/server/services/registry';
import type { ServiceModule } from '../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, signIn, type TestApp } from './support/testApp';

/** The upstream services' route tables (every call passes one): each fault is one GET path. */
const MODULES: Partial<Record<string, ServiceModule>> = {
  ...IN_PROCESS_MODULES,
  Legacy: { routes: [{ method: 'GET', path: '/:fault', access: 'public' }] },
  Campaign: { routes: [{ method: 'GET', path: '/things', access: 'public' }] },
  Workflow: { routes: [{ method: 'GET', path: '/anything', access: 'public' }] },
};

/** The bound under test: every upstream exchange ends within this (plus the proxy's own work). */
const UPSTREAM_TIMEOUT_MS = 1000;
const SLACK_MS = 1500;
/**
 * The answer size cap for these tests (UPSTREAM_MAX_RESPONSE_BYTES; 10 MiB by default): small, so an
 * endless body reaches it in milliseconds. With the default, reading 10 MiB from the in-process fake
 * upstream could outlast the 1-s timeout on a busy machine and answer 504 instead of 502.
 */
const MAX_RESPONSE_BYTES = 256 * 1024;

const sockets = new Set<net.Socket>();
const timers = new Set<NodeJS.Timeout>();
const track = <T extends NodeJS.Timeout>(timer: T): T => {
  timers.add(timer);
  return timer;
};

/** One fake upstream; each path is one kind of misbehaviour. */
function fakeUpstream(): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    req.resume();
    switch (path) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      case '/just-under-the-cap': { // a JSON string of exactly MAX_RESPONSE_BYTES bytes, streamed without a length
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`"${'x'.repeat(MAX_RESPONSE_BYTES - 2)}"`);
        return;
      }
      case '/empty':
        res.writeHead(204).end();
        return;
      case '/client-error':
        res.writeHead(409, { 'content-type': 'application/problem+json' }).end('{"message":"Already there"}');
        return;
      case '/hang': // accepts the connection and the request, never answers
        return;
      case '/slow-body': // headers at once, then a byte now and then, for ever
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        track(setInterval(() => res.write('1,'), 100));
        return;
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>alert(1)</script></html>');
        return;
      case '/text':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK then');
        return;
      case '/not-json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Service Unavailable</html>');
        return;
      case '/json-as-html': // JSON, but declared as something else
        res.writeHead(200, { 'content-type': 'text/html' }).end('{"ok":true}');
        return;
      case '/no-content-type':
        res.writeHead(200, { 'content-type': '' }).end('{"ok":true}');
        return;
      case '/octets':
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 255, 254]));
        return;
      case '/bad-utf8':
        res.writeHead(200, { 'content-type': 'application/json' }).end(Buffer.from([0x22, 0xff, 0xfe, 0x22]));
        return;
      case '/truncated-json': // a complete HTTP answer whose JSON stops half-way
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[{"id":1},{"id":');
        return;
      case '/truncated-body': // promises 1000 bytes, sends 20, hangs up
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"items":[1,2,3,4,5,');
        track(setTimeout(() => res.socket?.destroy(), 50));
        return;
      case '/reset': // hangs up before any answer
        req.socket.destroy();
        return;
      case '/huge-declared':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_RESPONSE_BYTES + 1) });
        res.write('[');
        return;
      case '/huge-streamed': { // no length, chunks for ever (as fast as the socket takes them)
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x31);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
      case '/redirect-302':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      case '/redirect-307':
        res.writeHead(307, { location: '/ok' }).end();
        return;
      case '/redirect-301-json':
        res.writeHead(301, { location: '/ok', 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      case '/server-error':
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"db down at 10.0.0.7"}');
        return;
      default:
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"No such thing"}');
    }
  });
}

/** Not HTTP at all: a line of text and a hang-up. */
function garbageTcp(): net.Server {
  return net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end('HELLO THIS IS NOT HTTP\r\n\r\n');
  });
}

const listen = async (server: net.Server): Promise<number> => {
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A port nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let upstream: http.Server;
let garbage: net.Server;
let t: TestApp;

beforeAll(async () => {
  upstream = fakeUpstream();
  garbage = garbageTcp();
  const [upstreamPort, garbagePort, refusedPort] = await Promise.all([listen(upstream), listen(garbage), closedPort()]);
  t = await createTestApp({
    env: {
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      UPSTREAM_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES),
      SERVICE_LEGACY_URL: `http://127.0.0.1:${upstreamPort}`,
      SERVICE_CAMPAIGN_URL: `http://127.0.0.1:${refusedPort}/api`,
      SERVICE_WORKFLOW_URL: `http://127.0.0.1:${garbagePort}`,
    },
    modules: MODULES,
  });
});

afterAll(async () => {
  await t.close();
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  await Promise.all([upstream, garbage].map((s) => new Promise((resolve) => s.close(resolve))));
});

async function timedProxy(body: Record<string, unknown>, headers: Record<string, string> = appKeyHeader) {
  const started = Date.now();
  const response = await t.app.inject({ method: 'POST', url: '/api/service', headers, payload: body });
  return { response, ms: Date.now() - started };
}

function expectFailure(response: LightMyRequestResponse, status: 502 | 504): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: status === 502 ? API_MESSAGES.upstreamFailed : API_MESSAGES.upstreamTimeout });
}

describe('a working upstream (the control)', () => {
  it('passes JSON, an empty 204 and a JSON 4xx on', async () => {
    const ok = await timedProxy({ service: 'Legacy', path: '/ok' });
    expect(ok.response.statusCode).toBe(200);
    expect(ok.response.json()).toEqual({ ok: true });
    const empty = await timedProxy({ service: 'Legacy', path: '/empty' });
    expect(empty.response.statusCode).toBe(204);
    expect(empty.response.body).toBe('');
    const clientError = await timedProxy({ service: 'Legacy', path: '/client-error' });
    expect(clientError.response.statusCode).toBe(409);
    expect(clientError.response.json()).toEqual({ message: 'Already there' });
  });

  it('passes an answer of exactly UPSTREAM_MAX_RESPONSE_BYTES on (one byte more is refused: below)', async () => {
    const { response } = await timedProxy({ service: 'Legacy', path: '/just-under-the-cap' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as string).length).toBe(MAX_RESPONSE_BYTES - 2);
  });
});

describe('an upstream that refuses, hangs or answers garbage → 502/504 with our message, in bounded time', () => {
  it('refuses connections → 502 at once', async () => {
    const { response, ms } = await timedProxy({ service: 'Campaign', path: '/things' });
    expectFailure(response, 502);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('hangs up before answering → 502', async () => {
    const { response, ms } = await timedProxy({ service: 'Legacy', path: '/reset' });
    expectFailure(response, 502);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('speaks something that is not HTTP → 502', async () => {
    const { response, ms } = await timedProxy({ service: 'Workflow', path: '/anything' });
    expectFailure(response, 502);
    expect(ms).toBeLessThan(SLACK_MS);
  });

  it('never answers → 504 after UPSTREAM_TIMEOUT_MS, even when the call asks for 60 s', async () => {
    const { response, ms } = await timedProxy({ service: 'Legacy', path: '/hang', timeout: 60_000 });
    expectFailure(response, 504);
    expect(ms).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + SLACK_MS);
  });

  it('a call asking for less than UPSTREAM_TIMEOUT_MS gets its own timeout', async () => {
    const other = await createTestApp({ env: { UPSTREAM_TIMEOUT_MS: '60000', SERVICE_LEGACY_URL: t.config.services.Legacy! }, modules: MODULES });
    try {
      const started = Date.now();
      const response = await other.app.inject({ method: 'POST', url: '/api/service', headers: appKeyHeader, payload: { service: 'Legacy', path: '/hang', timeout: 1000 } });
      expectFailure(response, 504);
      expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS);
    } finally {
      await other.close();
    }
  });

  it('sends headers, then its body a trickle at a time for ever → 504 after UPSTREAM_TIMEOUT_MS', async () => {
    const { response, ms } = await timedProxy({ service: 'Legacy', path: '/slow-body' });
    expectFailure(response, 504);
    expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + SLACK_MS);
  });

  it.each([
    ['HTML', '/html'],
    ['plain text', '/text'],
    ['non-JSON declared as JSON', '/not-json'],
    ['JSON declared as HTML (wrong content type)', '/json-as-html'],
    ['JSON without a content type', '/no-content-type'],
    ['binary octets', '/octets'],
    ['invalid UTF-8', '/bad-utf8'],
    ['JSON cut off half-way', '/truncated-json'],
    ['a body shorter than its Content-Length, then a hang-up', '/truncated-body'],
    ['a declared length over the limit', '/huge-declared'],
    ['an endless body without a length', '/huge-streamed'],
    ['a 302 to the metadata address (not followed)', '/redirect-302'],
    ['a 307 (not followed)', '/redirect-307'],
    ['a 301 carrying JSON (not followed)', '/redirect-301-json'],
    ['a 503 with its own message (not leaked)', '/server-error'],
  ])('answers %s → 502', async (_what, path) => {
    const { response, ms } = await timedProxy({ service: 'Legacy', path });
    expectFailure(response, 502);
    expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + SLACK_MS);
  });
});

describe('nothing else breaks', () => {
  it('while upstream calls hang, GET /api, sign-in, in-process proxy routes and the other upstream paths keep answering at once', async () => {
    const hanging = Array.from({ length: 20 }, () => timedProxy({ service: 'Legacy', path: '/hang' }));
    const started = Date.now();
    const info = await t.app.inject({ method: 'GET', url: '/api' });
    expect(info.statusCode).toBe(200);
    const session = await signIn(t.app, 'learner');
    const status = await timedProxy({ path: '/status' });
    expect(status.response.statusCode).toBe(200);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) });
    expect(user.statusCode).toBe(200);
    const ok = await timedProxy({ service: 'Legacy', path: '/ok' }, authHeaders(session.token));
    expect(ok.response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS);
    for (const { response } of await Promise.all(hanging)) expectFailure(response, 504);
  });

  it('after every fault above, the same upstream path that works still works', async () => {
    const { response } = await timedProxy({ service: 'Legacy', path: '/ok' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
