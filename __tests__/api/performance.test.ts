/** Server performance measures: rehash on sign-in, the argon2 limit, the catalog tree cache, the prepared-statement cache. */
import path from 'node:path';
import argon2 from 'argon2';
import SqliteDatabase from 'better-sqlite3';
import type { KbHome } from '../../src/common/knowledgeBase';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { withStatementCache } from '../../src/server/db';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { HASH_CONCURRENCY, hashPassword, needsRehash, verifyPassword } from '../../src/server/security/passwords';
import { authHeaders, createTestApp, serviceCall, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const OLD = { memoryCost: 2048, timeCost: 3, parallelism: 1 };

describe('password hashes', () => {
  it('keeps verifying a hash made with older parameters and stores a current one at the next sign-in', async () => {
    const old = await hashPassword(DEMO_PASSWORD, OLD);
    await t.db.updateTable('users').set({ password_hash: old }).where('user_name', '=', 'learner').execute();
    expect(needsRehash(old, t.config.passwordHashing)).toBe(true);

    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
    const stored = await t.db.selectFrom('users').select('password_hash').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(old);
    expect(needsRehash(stored.password_hash, t.config.passwordHashing)).toBe(false);
    expect(await verifyPassword(stored.password_hash, DEMO_PASSWORD)).toBe(true);
    // and the upgraded hash signs in again
    expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
  });

  it('does not rehash on a wrong password, nor a hash already at the current parameters', async () => {
    const old = await hashPassword(DEMO_PASSWORD, OLD);
    await t.db.updateTable('users').set({ password_hash: old }).where('user_name', '=', 'learner').execute();
    expect((await signInRequest(t.app, 'learner', 'wrong-password')).statusCode).toBe(401);
    const stored = await t.db.selectFrom('users').select('password_hash').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
    expect(stored.password_hash).toBe(old);

    const current = await t.db.selectFrom('users').select('password_hash').where('user_name', '=', 'multi').executeTakeFirstOrThrow();
    expect((await signInRequest(t.app, 'multi')).statusCode).toBe(200);
    const after = await t.db.selectFrom('users').select('password_hash').where('user_name', '=', 'multi').executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(current.password_hash);
  });

  it('treats an argon2i hash as needing an upgrade', async () => {
    const argon2i = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2i, ...t.config.passwordHashing });
    expect(needsRehash(argon2i, t.config.passwordHashing)).toBe(true);
  });

  it('runs at most one hash per core at a time and still answers every caller', async () => {
    let inFlight = 0;
    let most = 0;
    const original = argon2.verify;
    const spy = jest.spyOn(argon2, 'verify').mockImplementation(async (...args: Parameters<typeof argon2.verify>) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await original(...args);
      } finally {
        inFlight -= 1;
      }
    });
    try {
      const hash = await hashPassword(DEMO_PASSWORD, t.config.passwordHashing);
      const results = await Promise.all(Array.from({ length: HASH_CONCURRENCY * 3 + 1 }, (_, i) => verifyPassword(hash, i % 2 ? DEMO_PASSWORD : 'nope')));
      expect(results.filter(Boolean)).toHaveLength(Math.floor((HASH_CONCURRENCY * 3 + 1) / 2));
      expect(most).toBeLessThanOrEqual(HASH_CONCURRENCY);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('catalog tree cache', () => {
  const catalog = (token: string) => serviceCall(t.app, 'GET', '/catalog', { token });

  it('serves the tree of the newest imported content version', async () => {
    await importContent(t.db, path.resolve(__dirname, '../fixtures/content'), t.clock());
    await offerAllModules(t.db, ['LINCOLN-HS']);
    const token = (await signIn(t.app, 'learner')).token;
    const first = (await catalog(token)).json() as { slug: string; title: string }[];
    expect(first.length).toBeGreaterThan(0);
    // an import elsewhere (the admin CLI, another instance): new content rows and a new version row
    const slug = first[0]!.slug;
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('content_modules').set({ title: 'Renamed by an import' }).where('slug', '=', slug).execute();
      await trx.insertInto('content_versions').values({ hash: 'another-import', imported_at: t.clock(), module_count: first.length }).execute();
    });
    const second = (await catalog(token)).json() as { slug: string; title: string }[];
    expect(second.find((m) => m.slug === slug)?.title).toBe('Renamed by an import');
  });
});

describe('ETags on reads through the proxy', () => {
  const read = (token: string, path: string, headers: Record<string, string> = {}) => serviceCall(t.app, 'GET', path, { token, headers });

  it('tags the catalog tree, a section and an article, and answers 304 to a matching If-None-Match', async () => {
    // the real content: catalog and knowledge base
    await importContent(t.db, path.resolve(__dirname, '../../content'), t.clock());
    await offerAllModules(t.db, ['LINCOLN-HS']);
    const token = (await signIn(t.app, 'learner')).token;
    const cards = (await read(token, '/catalog')).json() as { slug: string }[];
    const module = (await read(token, `/catalog/modules/${cards[0]!.slug}`)).json() as { materials: { slug: string; sections: { slug: string }[] }[] };
    const mat = module.materials[0]!;
    const sectionPath = `/catalog/modules/${cards[0]!.slug}/materials/${mat.slug}/sections/${mat.sections[0]!.slug}`;
    const kb = (await read(token, '/kb')).json() as KbHome;
    const article = [...kb.recent, ...kb.popular][0]!;
    const paths = ['/catalog', sectionPath, `/kb/articles/${article.topicSlug}/${article.slug}`];

    for (const p of paths) {
      const first = await read(token, p);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await read(token, p, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await read(token, p, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }
  });

  it('gives a new tag once the learner\'s answer changed', async () => {
    await importContent(t.db, path.resolve(__dirname, '../fixtures/content'), t.clock());
    await offerAllModules(t.db, ['LINCOLN-HS']);
    const token = (await signIn(t.app, 'learner')).token;
    const cards = (await read(token, '/catalog')).json() as { slug: string }[];
    const before = (await read(token, '/catalog')).headers.etag as string;
    const module = (await read(token, `/catalog/modules/${cards[0]!.slug}`)).json() as { materials: { slug: string; sections: { slug: string }[] }[] };
    const mat = module.materials[0]!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: authHeaders(token),
      payload: { service: 'OneLook', method: 'POST', path: `/catalog/modules/${cards[0]!.slug}/materials/${mat.slug}/sections/${mat.sections[0]!.slug}/complete` },
    });
    expect(done.statusCode).toBe(200);
    const after = await read(token, '/catalog', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});

describe('prepared statements', () => {
  it('reuses one statement per SQL text and drops the least recently used beyond the limit', () => {
    const sqlite = new SqliteDatabase(':memory:');
    try {
      const cached = withStatementCache(sqlite, 2);
      const one = cached.prepare('select 1 as x');
      expect(cached.prepare('select 1 as x')).toBe(one);
      const two = cached.prepare('select 2 as x');
      cached.prepare('select 1 as x'); // now the most recently used
      cached.prepare('select 3 as x'); // evicts "select 2"
      expect(cached.prepare('select 1 as x')).toBe(one);
      expect(cached.prepare('select 2 as x')).not.toBe(two);
      expect((one.get() as { x: number }).x).toBe(1);
      // everything else is the database itself
      expect(cached.inTransaction).toBe(false);
      expect(cached.pragma('journal_mode', { simple: true })).toBe('memory');
    } finally {
      sqlite.close();
    }
  });
});
