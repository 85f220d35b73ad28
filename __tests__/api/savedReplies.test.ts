/**
 * Saved replies per support team through the proxy, on a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): a school's support staff add, read, change and delete their team's replies;
 * another school's team never sees or touches them (404), a learner is refused (403); bad input is
 * a 400 that says why, never a 500 [ASVS 5.0 v8.2.2].
 */
import { SAVED_REPLY_LIMITS, SAVED_REPLY_MESSAGES, type SavedReply } from '../../src/common/support';
import { addUser } from './support/classroom';
import { createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';

let t: TestApp;
let support: string;
let rSupport: string;
let admin: string;
let learner: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  // Roosevelt's support team: a support account assigned Roosevelt (as the demo's `support` is Lincoln)
  const rId = await addUser(t, 'rsupport', { schools: ['ROOSEVELT-AC'], permissions: ['SUPPORT'] });
  const roosevelt = await t.db.selectFrom('clients').select('id').where('lsclient_id', '=', 'ROOSEVELT-AC').executeTakeFirstOrThrow();
  await t.db.insertInto('support_schools').values({ user_id: rId, client_id: roosevelt.id, assigned_at: t.clock(), assigned_by: null }).execute();
  support = (await signIn(t.app, 'support')).token;
  rSupport = (await signIn(t.app, 'rsupport')).token;
  admin = (await signIn(t.app, 'admin')).token;
  learner = (await signIn(t.app, 'learner')).token;
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: string, path: string, payload?: unknown) => serviceCall(t.app, method, path, { token, payload, ip: `10.19.0.${(ip += 1) % 250}` });
async function ok<T>(token: string, method: string, path: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, path, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const P = '/support/saved-replies';

describe('saved replies per support team', () => {
  let mine: SavedReply;

  it('a support user adds one for their only school without naming it, and reads it back; edits and deletes it', async () => {
    mine = await ok<SavedReply>(support, 'POST', P, { title: '  Password reset ', body: 'Use "Forgot password?" on the sign-in page.' });
    expect(mine).toEqual({ id: expect.any(Number), school: { id: 'LINCOLN-HS', name: 'Lincoln High School' }, title: 'Password reset', body: 'Use "Forgot password?" on the sign-in page.', updatedAt: t.clock() });
    expect(await ok<SavedReply[]>(support, 'GET', P)).toEqual([mine]);
    const changed = await ok<SavedReply>(support, 'PUT', `${P}/${mine.id}`, { title: 'Password reset', body: 'Ask your teacher for a temporary password.' });
    expect(changed.body).toBe('Ask your teacher for a temporary password.');
    const other = await ok<SavedReply>(support, 'POST', P, { title: 'Another', body: 'Text' });
    expect(await ok<{ id: number }>(support, 'DELETE', `${P}/${other.id}`)).toEqual({ id: other.id });
    expect((await ok<SavedReply[]>(support, 'GET', P)).map((r) => r.id)).toEqual([mine.id]);
  });

  it('another school’s team neither sees nor touches them (404, nothing changed); a learner is refused', async () => {
    expect(await ok<SavedReply[]>(rSupport, 'GET', P)).toEqual([]);
    for (const [method, payload] of [['PUT', { title: 'x', body: 'y' }], ['DELETE', undefined]] as const) {
      const res = await call(rSupport, method, `${P}/${mine.id}`, payload);
      expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status: 404, message: SAVED_REPLY_MESSAGES.notFound });
    }
    // nor adds one to Lincoln's team
    expect(messageOf(await call(rSupport, 'POST', P, { title: 'x', body: 'y', school: 'LINCOLN-HS' }))).toBe(SAVED_REPLY_MESSAGES.school);
    expect((await ok<SavedReply[]>(support, 'GET', P))[0]!.body).toBe('Ask your teacher for a temporary password.');
    for (const method of ['GET', 'POST']) expect((await call(learner, method, P, method === 'POST' ? { title: 'x', body: 'y' } : undefined)).statusCode).toBe(403);
  });

  it('the superuser names the school, and reads every team’s', async () => {
    expect(messageOf(await call(admin, 'POST', P, { title: 'x', body: 'y' }))).toBe(SAVED_REPLY_MESSAGES.school);
    const roosevelt = await ok<SavedReply>(admin, 'POST', P, { title: 'Welcome', body: 'Hello from Roosevelt support', school: 'roosevelt-ac' });
    expect(roosevelt.school.id).toBe('ROOSEVELT-AC');
    expect((await ok<SavedReply[]>(rSupport, 'GET', P)).map((r) => r.title)).toEqual(['Welcome']);
    expect((await ok<SavedReply[]>(admin, 'GET', P)).map((r) => r.school.id)).toEqual(['LINCOLN-HS', 'ROOSEVELT-AC']);
  });

  it.each([
    ['no title', { body: 'y' }, SAVED_REPLY_MESSAGES.title],
    ['a blank title', { title: '   ', body: 'y' }, SAVED_REPLY_MESSAGES.title],
    ['a title too long', { title: 'x'.repeat(SAVED_REPLY_LIMITS.titleMax + 1), body: 'y' }, SAVED_REPLY_MESSAGES.title],
    ['a number for a body', { title: 'x', body: 7 }, SAVED_REPLY_MESSAGES.body],
    ['a body too long', { title: 'x', body: 'y'.repeat(SAVED_REPLY_LIMITS.bodyMax + 1) }, SAVED_REPLY_MESSAGES.body],
    ['an unknown school', { title: 'x', body: 'y', school: 'NOWHERE' }, SAVED_REPLY_MESSAGES.school],
  ])('%s: a 400 that says why', async (_what, payload, message) => {
    const res = await call(support, 'POST', P, payload);
    expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status: 400, message });
  });

  it('an id that is not a number, no reply, or beyond a row id\'s range is a 404', async () => {
    for (const id of ['abc', '0', '01', '1.5', '99999999', '2147483648', '9999999999', '99999999999999999999']) {
      expect((await call(support, 'PUT', `${P}/${id}`, { title: 'x', body: 'y' })).statusCode).toBe(404);
      expect((await call(support, 'DELETE', `${P}/${id}`)).statusCode).toBe(404);
    }
  });
});
