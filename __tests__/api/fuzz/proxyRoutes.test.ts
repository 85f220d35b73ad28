/**
 * Bad input over EVERY proxy route: the route tables of the in-process service
 * modules are read here, so a route added to a module is fuzzed without touching this file. Each
 * case is one POST /api/service(/:name) call: a real route with hostile path parameters, payload
 * fields of every type, hostile query params and envelope fields, anonymous or signed in as a demo
 * learner, SUPPORT or admin. Property: no status >= 500, every 4xx has a message.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import type { ServiceRoute } from '../../../src/server/services/types';
import { appKeyHeader, authHeaders, createTestApp, serviceCall, signIn, type TestApp } from '../support/testApp';
import {
  describeRequest,
  fromSchema,
  FUZZ_LOGGER,
  FUZZ_SEED,
  FUZZ_TIMEOUT_MS,
  hostileJson,
  hostileNumber,
  hostileString,
  runsFor,
  rarely,
  Tally,
  violationOf,
} from './support/fuzz';

interface Target {
  service: string;
  route: ServiceRoute;
  /** the payload schema's description, which drives the payload generator */
  schema: Parameters<typeof fromSchema>[0];
}

function describeSchema(route: ServiceRoute): Target['schema'] {
  try {
    return route.payloadSchema?.describe() as Target['schema'];
  } catch {
    return undefined;
  }
}

const TARGETS: Target[] = Object.entries(IN_PROCESS_MODULES).flatMap(([service, module]) =>
  (module?.routes ?? []).map((route) => ({ service, route, schema: describeSchema(route) })),
);

type Who = 'anonymous' | 'learner' | 'multi' | 'support' | 'admin' | 'bad token';
const PEOPLE = ['learner', 'multi', 'support', 'admin'] as const;

/**
 * Routes whose success signs the target user out (an admin's deactivate, temporary password, end
 * sessions). The fuzz aims them at anyone but its own signed-in identities, whose tokens must stay
 * good for the whole run; API tests prove what these routes do to a signed-in user.
 */
const ENDS_SESSIONS = /\/(deactivate|temporary-password|end-sessions)$/;
/** The user ids of PEOPLE, filled in at sign-in. */
const spared = new Set<string>();
const isSpared = (value: string) => spared.has(value) || spared.has(String(Number(value)));

/**
 * A configured upstream (service Legacy) that records every request it gets. It behaves well (its
 * failures are the upstream-fault tests' subject, not this suite's): any 5xx here is the proxy's.
 */
const upstreamSeen: string[] = [];
const upstream = http.createServer((req, res) => {
  upstreamSeen.push(req.url ?? '');
  req.resume();
  req.on('end', () => {
    const status = [200, 201, 204, 400, 404][upstreamSeen.length % 5] as number;
    if (status === 204) res.writeHead(204).end();
    else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status < 300 ? { ok: true } : { message: 'Refused by the upstream.' }));
  });
});

/** Legacy's route table: one public path pattern under every method, forwarded to the upstream. */
const UPSTREAM_TARGETS: Target[] = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
  service: 'Legacy',
  route: { method, path: '/reports/:a/:b', access: 'public' },
  schema: undefined,
}));

let t: TestApp;
const tokens = new Map<string, string>();
/** Values seen in real answers (slugs, ids, codes): path parameters that reach deep into handlers. */
const known = new Set<string>(['1', '2']);

function collect(value: unknown, depth = 0): void {
  if (depth > 8 || known.size > 400) return;
  if (typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/.test(value)) known.add(value);
  else if (typeof value === 'number' && Number.isInteger(value) && value > 0) known.add(String(value));
  else if (Array.isArray(value)) value.forEach((item) => collect(item, depth + 1));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collect(item, depth + 1));
}

async function proxy(token: string | null, service: string, method: string, path: string, payload?: unknown) {
  return serviceCall(t.app, method, path, { token, payload, service });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/base`;
  t = await createTestApp({
    logger: FUZZ_LOGGER,
    env: { SERVICE_LEGACY_URL: base },
    modules: { ...IN_PROCESS_MODULES, Legacy: { routes: UPSTREAM_TARGETS.map((target) => target.route) } },
  });
  for (const person of PEOPLE) {
    const session = await signIn(t.app, person);
    tokens.set(person, session.token);
    spared.add(String(session.user.id));
  }
  const learner = tokens.get('learner') as string;
  // something of the learner's own to find: a budget and a bookmark
  await proxy(learner, 'OneLook', 'POST', '/budgets', { name: 'Fuzz budget' });
  // crawl the GET routes twice: without parameters, then with the values the first round found
  for (let round = 0; round < 2; round += 1) {
    for (const { service, route } of TARGETS.filter((target) => target.route.method === 'GET')) {
      const names = route.path.split('/').filter((part) => part.startsWith(':'));
      if (round === 0 && names.length > 0) continue;
      const candidates = round === 0 ? [route.path] : [...known].slice(0, 30).map((value) => route.path.replace(/:[A-Za-z]+/g, value));
      for (const path of candidates) {
        const response = await proxy(learner, service, 'GET', path);
        if (response.statusCode === 200) collect(response.json());
      }
    }
  }
}, FUZZ_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const knownValue = fc.constantFrom(...['1', '2', 'saving-basics', 'intro']).chain((fallback) =>
  fc.integer({ min: 0, max: 10_000 }).map((i) => {
    const values = [...known];
    return values.length > 0 ? (values[i % values.length] as string) : fallback;
  }),
);
const paramValue = fc.oneof({ arbitrary: knownValue, weight: 8 }, { arbitrary: hostileString, weight: 2 }, { arbitrary: fc.oneof(hostileNumber.map(String), fc.constantFrom('2147483648', '4294967296', '9999999999', '1e3', '-1', '0')), weight: 2 });

/** encodeURIComponent, but a lone surrogate (which it refuses) goes through raw. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

/** One path for the route: parameters filled in, usually URL-encoded, sometimes raw or mangled. */
const pathFor = (route: ServiceRoute) =>
  fc
    .record({
      values: fc.array(ENDS_SESSIONS.test(route.path) ? paramValue.filter((value) => !isSpared(value)) : paramValue, { minLength: 4, maxLength: 4 }),
      raw: rarely(fc.constant(true), 12, false),
      mangle: rarely(fc.constantFrom('/..', '/.', '//', '/', '%2e%2e', '\\', '?a=1', '#x', '@evil', '/%00'), 12),
      prefix: rarely(fc.constantFrom('http://169.254.169.254', 'http://127.0.0.1:1', '//[::1]', '/..', '.'), 15),
      upper: rarely(fc.constant(true), 12),
    })
    .map(({ values, raw, mangle, prefix, upper }) => {
      let i = 0;
      let path = route.path.replace(/:[A-Za-z]+/g, () => {
        const value = values[i++ % values.length] as string;
        return raw ? value : encodeLoosely(value);
      });
      if (mangle) path += mangle;
      if (prefix) path = prefix + path;
      return upper ? path.toUpperCase() : path;
    });

const payloadFor = (target: Target): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: target.schema ? fromSchema(target.schema) : fc.constant(undefined), weight: 6 },
    { arbitrary: hostileJson, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

const caseFor = (target: Target) =>
  fc.record({
    target: fc.constant(target),
    who: fc.constantFrom<Who>('anonymous', 'learner', 'learner', 'multi', 'support', 'admin', 'bad token'),
    viaName: fc.boolean(),
    serviceCase: fc.constantFrom('same', 'same', 'same', 'same', 'lower', 'upper', 'other'),
    method: rarely(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'TRACE', ''), 12, target.route.method as string),
    path: pathFor(target.route),
    payload: payloadFor(target),
    params: rarely(fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom('q', 'page', 'limit', 'sort'), hostileString), fc.oneof(hostileString, hostileNumber, fc.boolean()), { maxKeys: 4 }), hostileJson), 5),
    useSystem: rarely(fc.oneof(fc.boolean(), fc.boolean(), hostileJson), 8),
    timeout: rarely(fc.oneof(fc.integer({ min: 1000, max: 60_000 }), hostileNumber, hostileString), 12),
    extra: rarely(fc.dictionary(hostileString, hostileJson, { maxKeys: 2 }), 10),
  });

/** Built once per route (building fromSchema's and stringMatching's arbitraries per case is slow). */
const caseArbitraries = new Map<Target, ReturnType<typeof caseFor>>();
const memoCaseFor = (target: Target) => {
  let arbitrary = caseArbitraries.get(target);
  if (!arbitrary) {
    arbitrary = caseFor(target);
    caseArbitraries.set(target, arbitrary);
  }
  return arbitrary;
};

const anyCase = fc.oneof({ arbitrary: fc.constantFrom(...TARGETS), weight: 14 }, { arbitrary: fc.constantFrom(...UPSTREAM_TARGETS), weight: 1 }).chain(memoCaseFor);

describe('fuzz: every proxy route', () => {
  it('enumerates the service modules (a new route is fuzzed automatically)', () => {
    expect(TARGETS.length).toBeGreaterThan(40);
    expect(new Set(TARGETS.map((target) => target.service))).toEqual(new Set(['Auth', 'OneLook']));
  });

  it(
    'answers hostile proxy calls with no status >= 500 and a message on every 4xx',
    async () => {
      const tally = new Tally();
      const reached = new Map<string, number>();
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(anyCase, async (c) => {
          const { route } = c.target;
          const service =
            c.serviceCase === 'lower' ? c.target.service.toLowerCase() : c.serviceCase === 'upper' ? c.target.service.toUpperCase() : c.serviceCase === 'other' ? 'Campaign' : c.target.service;
          const body: Record<string, unknown> = {
            ...(c.extra ?? {}),
            ...(c.viaName ? {} : { service }),
            method: c.method,
            path: c.path,
            ...(c.payload === undefined ? {} : { payload: c.payload }),
            ...(c.params === undefined ? {} : { params: c.params }),
            ...(c.useSystem === undefined ? {} : { useSystem: c.useSystem }),
            ...(c.timeout === undefined ? {} : { timeout: c.timeout }),
          };
          const token = c.who === 'anonymous' ? null : c.who === 'bad token' ? 'eyJhbGciOiJub25lIn0.e30.' : (tokens.get(c.who) as string);
          const headers = token ? authHeaders(token) : { ...appKeyHeader };
          const url = c.viaName ? `/api/service/${encodeLoosely(service)}` : '/api/service';
          const response = await t.app.inject({ method: 'POST', url, headers, payload: body });
          tally.record(response.statusCode, response.body);
          if (response.statusCode < 400) {
            const key = `${c.target.service} ${route.method} ${route.path}`;
            reached.set(key, (reached.get(key) ?? 0) + 1);
          }
          const violation = violationOf(response, 'POST');
          if (violation) tally.violations.push({ request: describeRequest('POST', url, headers, body), status: response.statusCode, body: `${violation}: ${response.body}` });
          return true;
        }),
        { seed: FUZZ_SEED, numRuns: runsFor(0.6), endOnFailure: true },
      );
      console.log(`${tally.summary('proxy routes', Date.now() - started)}; ${reached.size}/${TARGETS.length} routes answered 2xx/3xx at least once`);
      expect(tally.violations.length === 0 ? 'none' : tally.report()).toBe('none');
      // the upstream was reached, and only ever under its base path
      expect(upstreamSeen.length).toBeGreaterThan(0);
      expect(upstreamSeen.filter((url) => !url.startsWith('/base/'))).toEqual([]);
      // the signed-in identities stayed usable: the cases really ran signed in
      for (const person of PEOPLE) {
        const check = await proxy(tokens.get(person) as string, 'OneLook', 'GET', '/me/schools');
        expect(check.statusCode).toBe(200);
      }
    },
    FUZZ_TIMEOUT_MS,
  );
});
