/**
 * PostgreSQL specifics (`npm run test:pg` runs the whole API suite there; these add what only
 * PostgreSQL can get wrong: idempotent migrations, bigint times read back as numbers).
 * Runs only when TEST_DATABASE_URL is set; each test app gets a scratch database of its own.
 */
import type { Envelope, Session } from '../../src/common/types';
import { createDatabase, migrateToLatest } from '../../src/server/db';
import { seedDemo } from '../../src/server/db/seed';
import { TEST_DATABASE_URL } from './support/postgres';
import { authHeaders, createTestApp, signIn, type TestApp } from './support/testApp';

const describeWithPostgres = TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.databaseUrl).toMatch(/^postgres/);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('migrates and seeds idempotently', async () => {
    const db = createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.dir });
    try {
      await migrateToLatest(db);
      await seedDemo(db, t.config.passwordHashing, t.clock());
      const users = await db.selectFrom('users').select('user_name').orderBy('id').execute();
      expect(users.map((u) => u.user_name)).toEqual(['learner', 'multi', 'support', 'admin', 'teacher', 'schooladmin']);
    } finally {
      await db.destroy();
    }
  });

  it('[S7.02] signs in, validates, renews and signs out with epoch-ms times read back as numbers', async () => {
    const session = await signIn(t.app, 'multi');
    expect(session.clients.map((c) => c.lsclientID)).toEqual(['LINCOLN-HS', 'ROOSEVELT-AC']);
    const row = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(typeof row.expires_at).toBe('number');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(session.token) });
    expect(renewed.statusCode).toBe(200);
    const next = (renewed.json() as Envelope<Session>).body.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(session.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(next) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeaders(next) })).statusCode).toBe(401);
  });

  it('throttles through the database', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'support', password: 'no', appKey: 'cashwise-web' } });
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'support', password: 'no', appKey: 'cashwise-web' } });
    expect(limited.statusCode).toBe(429);
  });
});
