/**
 * The API hot path: cache of verified tokens, the session read with its user, the
 * identity in one query, and queries compiled once (db/hotQuery.ts) — on SQLite, and on PostgreSQL
 * under `npm run test:pg`. What a request sees must not change: expiry, revocation and identity
 * changes count at once.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { API_MESSAGES } from '../../src/common/apiMessages';
import type { Session } from '../../src/common/types';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { hotQuery } from '../../src/server/db/hotQuery';
import { helmetHeaders, registerSecurityHeaders } from '../../src/server/http/securityHeaders';
import {
  InvalidTokenError,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  VerifiedTokenCache,
  verifiedTokenCache,
  verifyTokenCached,
} from '../../src/server/security/tokens';
import { sql } from 'kysely';
import path from 'node:path';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { createDatabase, isPostgres, type Db } from '../../src/server/db';
import { authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const schools = (token: string) => serviceCall(t.app, 'GET', '/me/schools', { token });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(token) });

async function tokenFor(claims: { sub: string; jti: string; iat: number; exp: number; nbf?: number }): Promise<string> {
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp);
  if (claims.nbf !== undefined) jwt = jwt.setNotBefore(claims.nbf);
  return jwt.sign(t.config.tokenSecret);
}

describe('verified token cache', () => {
  it('a hit returns the same claims without a new signature check; a different token is verified afresh', async () => {
    const now = t.clock();
    const exp = Math.floor(now / 1000) + 600;
    const token = await tokenFor({ sub: '7', jti: 'session-a', iat: Math.floor(now / 1000), exp });
    const first = await verifyTokenCached(token, t.config.tokenSecret, now);
    expect(first).toEqual({ userId: 7, sessionId: 'session-a', expiresAt: exp * 1000 });
    const second = await verifyTokenCached(token, t.config.tokenSecret, now + 1000);
    expect(second).toBe(first);

    // the same claims under a forged signature: a different string, so jose checks it and refuses
    const [head, body] = token.split('.') as [string, string, string];
    const forged = `${head}.${body}.${createHmac('sha256', 'another secret').update(`${head}.${body}`).digest('base64url')}`;
    await expect(verifyTokenCached(forged, t.config.tokenSecret, now)).rejects.toBeInstanceOf(InvalidTokenError);
    // and a cached token is never valid under another secret
    await expect(verifyTokenCached(token, new TextEncoder().encode('x'.repeat(48)), now)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a cached token from its exp second on, exactly as jwtVerify does, and drops it', async () => {
    const now = t.clock();
    const exp = Math.floor(now / 1000) + 60;
    const token = await tokenFor({ sub: '7', jti: 'session-b', iat: Math.floor(now / 1000), exp });
    const cache = verifiedTokenCache(t.config.tokenSecret);
    await verifyTokenCached(token, t.config.tokenSecret, now);
    expect(cache.get(token, now)).toBeDefined();
    // one millisecond before exp: still good; at exp: expired
    await expect(verifyTokenCached(token, t.config.tokenSecret, exp * 1000 - 1)).resolves.toMatchObject({ sessionId: 'session-b' });
    await expect(verifyTokenCached(token, t.config.tokenSecret, exp * 1000)).rejects.toThrow(/exp/);
    expect(cache.get(token, now)).toBeUndefined();
  });

  it('does not cache a token with nbf (it depends on the clock)', async () => {
    const now = t.clock();
    const nowSeconds = Math.floor(now / 1000);
    const token = await tokenFor({ sub: '7', jti: 'session-c', iat: nowSeconds, exp: nowSeconds + 600, nbf: nowSeconds });
    await verifyTokenCached(token, t.config.tokenSecret, now);
    expect(verifiedTokenCache(t.config.tokenSecret).get(token, now)).toBeUndefined();
    await expect(verifyTokenCached(token, t.config.tokenSecret, now - 10_000)).rejects.toThrow(/nbf/);
  });

  it('is bounded: sweeps expired entries, then drops the oldest', () => {
    const cache = new VerifiedTokenCache(3);
    const claims = (n: number) => ({ userId: n, sessionId: `s${n}`, expiresAt: n * 1000 });
    cache.set('t1', claims(1), 10, 0);
    cache.set('t2', claims(2), 20, 0);
    cache.set('t3', claims(3), 30, 0);
    expect(cache.size).toBe(3);
    // full at t = 15 s: t1 (exp 10 s) has expired and makes room
    cache.set('t4', claims(4), 40, 15_000);
    expect(cache.size).toBe(3);
    expect(cache.get('t1', 0)).toBeUndefined();
    // full, nothing expired: the oldest (t2) goes
    cache.set('t5', claims(5), 50, 15_000);
    expect(cache.size).toBe(3);
    expect(cache.get('t2', 15_000)).toBeUndefined();
    expect(cache.get('t5', 15_000)).toEqual(claims(5));
    cache.sweep(45_000);
    expect(cache.size).toBe(1);
  });

  it('a signed-in token is served from the cache, and still refused at expiry, on sign-out and after renewal', async () => {
    const session = await signIn(t.app, 'learner');
    expect((await schools(session.token)).statusCode).toBe(200);
    expect(verifiedTokenCache(t.config.tokenSecret).get(session.token, t.clock())).toBeDefined();

    // renewal: the old token is still cached as genuine, but its session row is revoked
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(session.token) });
    expect(renewed.statusCode).toBe(200);
    const next = (JSON.parse(renewed.body) as { body: Session }).body;
    const old = await schools(session.token);
    expect(old.statusCode).toBe(401);
    expect(messageOf(old)).toBe(API_MESSAGES.invalidSession);
    expect((await schools(next.token)).statusCode).toBe(200);

    // sign-out revokes at once
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(next.token) })).statusCode).toBe(204);
    expect((await schools(next.token)).statusCode).toBe(401);

    // expiry: a cached token past its exp is refused
    const later = await signIn(t.app, 'learner');
    expect((await me(later.token)).statusCode).toBe(200);
    const { exp } = JSON.parse(Buffer.from(later.token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
    t.clock.set(exp * 1000);
    expect((await me(later.token)).statusCode).toBe(401);
  });
});

describe('identity on every request', () => {
  it('sees a permission, a school order and a name changed in the database at the next request', async () => {
    const session = await signIn(t.app, 'multi');
    const before = JSON.parse((await me(session.token)).body) as { body: Session };
    expect(before.body.clients.map((c) => c.lsclientID)).toEqual(['LINCOLN-HS', 'ROOSEVELT-AC']);
    expect(before.body.permissions).toEqual([]);

    const userId = before.body.user.id;
    await t.db.insertInto('user_permissions').values([{ user_id: userId, permission: 'support' }, { user_id: userId, permission: 'ADMIN' }]).execute();
    await t.db.updateTable('user_clients').set({ position: 5 }).where('user_id', '=', userId).where('position', '=', 0).execute();
    await t.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', userId).execute();

    const after = JSON.parse((await me(session.token)).body) as { body: Session };
    expect(after.body.clients.map((c) => c.lsclientID)).toEqual(['ROOSEVELT-AC', 'LINCOLN-HS']);
    expect(after.body.clients.map((c) => c.clientName)).toEqual(before.body.clients.map((c) => c.clientName).reverse());
    expect(after.body.permissions).toEqual(['ADMIN', 'SUPPORT']);
    expect(after.body.user.firstName).toBe('Renamed');
  });
});

describe('read caches (db/readCache.ts)', () => {
  const read = (token: string, p: string) => serviceCall(t.app, 'GET', p, { token });

  it('see what another connection (the admin CLI, another worker or instance) changed at the next request: progress, the school\'s catalog, a revocation', async () => {
    await importContent(t.db, path.resolve(__dirname, '../../content'), t.clock());
    await offerAllModules(t.db, ['LINCOLN-HS']);
    const session = await signIn(t.app, 'learner');
    const userId = (JSON.parse((await me(session.token)).body) as { body: Session }).body.user.id;
    // read twice: the second answer comes from the caches on SQLite
    await read(session.token, '/catalog');
    const cards = (await read(session.token, '/catalog')).json() as { slug: string; progress: { percent: number } }[];
    expect(cards.length).toBeGreaterThan(1);
    expect(cards[0]!.progress.percent).toBe(0);
    const module = (await read(session.token, `/catalog/modules/${cards[0]!.slug}`)).json() as { materials: { slug: string; sections: { slug: string }[] }[] };

    const other = createDatabase(t.config);
    try {
      // progress: every section of the first module completed elsewhere
      for (const mat of module.materials) {
        for (const s of mat.sections) {
          await other.insertInto('section_completions').values({ user_id: userId, module_slug: cards[0]!.slug, material_slug: mat.slug, section_slug: s.slug, completed_at: t.clock() }).execute();
        }
      }
      const progressed = (await read(session.token, '/catalog')).json() as typeof cards;
      expect(progressed[0]!.progress.percent).toBeGreaterThan(0);

      // the school's catalog: a module withdrawn elsewhere
      await other.deleteFrom('school_modules').where('module_slug', '=', cards[1]!.slug).execute();
      const fewer = (await read(session.token, '/catalog')).json() as typeof cards;
      expect(fewer.map((c) => c.slug)).not.toContain(cards[1]!.slug);
      expect(fewer).toHaveLength(cards.length - 1);

      // a revocation elsewhere counts at the next request
      await other.updateTable('sessions').set({ revoked_at: t.clock() }).where('user_id', '=', userId).execute();
      const refused = await read(session.token, '/catalog');
      expect(refused.statusCode).toBe(401);
      expect(messageOf(refused)).toBe(API_MESSAGES.invalidSession);
    } finally {
      await other.destroy();
    }
  });
});

describe('hotQuery', () => {
  const byName = hotQuery(2, (db: Db, userName: string, minId: number) =>
    db.selectFrom('users').select(['id', 'user_name']).where('user_name', '=', userName).where('id', '>=', minId).where('first_name', '!=', 'a constant'),
  );

  it('runs one compiled query with fresh parameters each time, constants kept', async () => {
    const learner = await byName.first(t.db, 'learner', 0);
    const admin = await byName.first(t.db, 'admin', 0);
    expect(learner?.user_name).toBe('learner');
    expect(admin?.user_name).toBe('admin');
    expect(await byName.first(t.db, 'learner', (learner?.id ?? 0) + 1)).toBeUndefined();
    expect(await byName.all(t.db, 'nobody', 0)).toEqual([]);
  });

  it('on PostgreSQL, runs as a named prepared statement (parsed and planned once per connection)', async () => {
    if (!isPostgres(t.db)) return;
    expect(await byName.first(t.db, 'learner', 0)).toMatchObject({ user_name: 'learner' });
    // pg-pool hands out the connection released last: the one that just ran the query
    const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(t.db);
    expect(prepared.rows.some((row) => row.name.startsWith('cw_hot_') && row.statement.includes('"first_name" != $3'))).toBe(true);
  });

  it('refuses a builder whose stand-in does not reach the compiled parameters', async () => {
    const unused = hotQuery(1, (db: Db, _id: number) => db.selectFrom('users').select('id'));
    await expect(unused.all(t.db, 1)).rejects.toThrow(/did not reach/);
  });
});

describe('security headers computed once', () => {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: true,
  };

  it('are the headers @fastify/helmet writes per request, with its values, on answers, errors and 404s', async () => {
    const perRequest = Fastify();
    await perRequest.register(fastifyHelmet, options);
    const once = Fastify();
    await registerSecurityHeaders(once, options);
    for (const app of [perRequest, once]) {
      app.get('/ok', async () => ({ ok: true }));
      app.get('/boom', async () => {
        throw new Error('boom');
      });
    }
    const listed = await helmetHeaders(options);
    expect(listed.map(([name]) => name)).toEqual(expect.arrayContaining(['Content-Security-Policy', 'Strict-Transport-Security', 'X-Frame-Options']));
    for (const url of ['/ok', '/boom', '/missing']) {
      const [a, b] = await Promise.all([perRequest.inject({ url }), once.inject({ url })]);
      expect(b.statusCode).toBe(a.statusCode);
      const securityOf = (headers: Record<string, unknown>) => Object.fromEntries(listed.map(([name]) => [name.toLowerCase(), headers[name.toLowerCase()]]));
      expect(securityOf(b.headers)).toEqual(securityOf(a.headers));
      expect(b.headers['content-security-policy']).toBe("default-src 'self';object-src 'none';frame-ancestors 'none'");
    }
    await Promise.all([perRequest.close(), once.close()]);
  });
});
