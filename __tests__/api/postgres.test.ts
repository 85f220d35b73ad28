/**
 * The same migrations, seed and queries on PostgreSQL. Opt-in: runs only when TEST_DATABASE_URL
 * names a database this test may wipe (e.g. postgres://cw@127.0.0.1:55432/cashwise_test).
 */
import pg from 'pg';
import type { Envelope, Session } from '../../src/common/types';
import { createDatabase, migrateToLatest } from '../../src/server/db';
import { seedDemo } from '../../src/server/db/seed';
import { authHeaders, createTestApp, signIn, type TestApp } from './support/testApp';

const url = process.env.TEST_DATABASE_URL;
const describeWithPostgres = url ? describe : describe.skip;

describeWithPostgres('PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await client.end();
    t = await createTestApp({ env: { DATABASE_URL: url as string } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('migrates and seeds idempotently', async () => {
    const db = createDatabase({ databaseUrl: url, dataDir: t.dir });
    try {
      await migrateToLatest(db);
      await seedDemo(db, t.config.passwordHashing, t.clock());
      const users = await db.selectFrom('users').select('user_name').orderBy('id').execute();
      expect(users.map((u) => u.user_name)).toEqual(['learner', 'multi', 'support', 'admin']);
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
