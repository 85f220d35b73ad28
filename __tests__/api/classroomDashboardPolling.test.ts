/**
 * The dashboard's conditional polling through the service proxy on a real database (SQLite, or
 * PostgreSQL under TEST_DATABASE_URL): the grid's ETag is computed from its data, so an unchanged
 * grid is a 304 whatever its `generatedAt`, on this instance and on a second one sharing the
 * database, and every kind of write a teacher must see (progress, a review attempt, a turn-in, an
 * assignment change, a roster change) gives the next poll a new grid.
 */
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ReviewView } from '../../src/common/catalog';
import type { Assignment, ClassDashboard, ClassDetail } from '../../src/common/classroom';
import type { Session } from '../../src/common/types';
import { emptyWorksheet, type WorksheetRecord } from '../../src/common/worksheets';
import { buildApp } from '../../src/server/app';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { createDatabase, type Db } from '../../src/server/db';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

const ROOT = path.resolve(__dirname, '../..');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
const WRONG = [1, true, 0, false, 0] as const;

let t: TestApp;
let second: { app: FastifyInstance; db: Db };
let teacher: string;
let student: Session;
let cls: ClassDetail;
let material: Assignment;

const call = (token: string, method: string, p: string, payload?: unknown, app: FastifyInstance = t.app) => serviceCall(app, method, p, { token, payload });
async function ok<T>(token: string, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}
const poll = (etag: string | null, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> =>
  serviceCall(app, 'GET', `/classes/${cls.id}/dashboard`, { token: teacher, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });

async function currentTag(): Promise<string> {
  const res = await poll(null);
  expect(res.statusCode).toBe(200);
  return res.headers.etag as string;
}

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'pollteach', { schoolPermissions: ['TEACHER'] });
  await addUser(t, 'pollkid', { firstName: 'Jo', lastName: 'Adams' });
  await addUser(t, 'pollkid2', { firstName: 'Bo', lastName: 'Brown' });
  teacher = (await signIn(t.app, 'pollteach')).token;
  student = await signIn(t.app, 'pollkid');
  cls = (await call(teacher, 'POST', '/classes', { name: 'Polling' })).json() as ClassDetail;
  expect((await call(student.token, 'POST', '/me/access-codes', { code: cls.joinCode })).statusCode).toBe(200);
  material = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget' });
  // a second instance: its own connection (pool) to the same database
  const db = createDatabase(t.config);
  second = { app: await buildApp({ config: t.config, db, clock: t.clock }), db };
  await second.app.ready();
}, 60_000);

afterAll(async () => {
  await second?.app.close();
  await second?.db.destroy();
  await t?.close();
});

describe('the dashboard answers 304 while nothing changed', () => {
  it('an unchanged grid keeps its tag as time passes, and a poll naming it is a 304 without a body', async () => {
    const first = await poll(null);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((first.json() as ClassDashboard).generatedAt).toBe(t.clock());
    t.clock.advance(1_000);
    const again = await poll(etag);
    expect({ status: again.statusCode, etag: again.headers.etag, body: again.body }).toEqual({ status: 304, etag, body: '' });
    // without the tag, the same data comes back with the new time and the same tag
    const full = await poll(null);
    expect({ status: full.statusCode, etag: full.headers.etag, generatedAt: (full.json() as ClassDashboard).generatedAt }).toEqual({ status: 200, etag, generatedAt: t.clock() });
    // a tag the grid does not have: the grid
    expect((await poll('W/"something-else"')).statusCode).toBe(200);
  });

  it('a second instance sharing the database gives the same grid the same tag', async () => {
    const etag = await currentTag();
    const there = await poll(null, second.app);
    expect({ status: there.statusCode, etag: there.headers.etag }).toEqual({ status: 200, etag });
    expect((await poll(etag, second.app)).statusCode).toBe(304);
  });
});

describe('every write a teacher must see gives the next poll a new grid, on either instance', () => {
  const writes: [string, () => Promise<unknown>, (grid: ClassDashboard) => void][] = [
    [
      'time spent on a section',
      () => ok(student.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 90 }),
      (grid) => expect(grid.students.find((s) => s.userName === 'pollkid')!.cells[material.id]).toMatchObject({ status: 'in-progress', timeSpentSeconds: 90 }),
    ],
    [
      'a section completed (a minute later: the cell was in progress already, its last activity moves)',
      () => {
        t.clock.advance(60_000);
        return ok(student.token, 'POST', `${MAT}/sections/track-your-spending/complete`);
      },
      (grid) => expect(grid.students.find((s) => s.userName === 'pollkid')!.lastActiveAt).toBe(t.clock()),
    ],
    [
      'a review attempt',
      async () => {
        const review = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
        await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => WRONG[i]!));
      },
      (grid) => expect(grid.students.find((s) => s.userName === 'pollkid')!.cells[material.id]!.attempts).toBe(1),
    ],
    [
      'a new assignment',
      () => ok(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'paycheck' }),
      (grid) => expect(grid.assignments.map((a) => a.kind)).toContain('worksheet'),
    ],
    [
      'a turn-in',
      async () => {
        const doc = await ok<WorksheetRecord>(student.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Pay', data: emptyWorksheet('paycheck') });
        await ok(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: doc.id });
      },
      (grid) => expect(Object.values(grid.students.find((s) => s.userName === 'pollkid')!.cells).some((c) => c.status === 'completed' && c.turnInId !== null)).toBe(true),
    ],
    [
      'an assignment’s due date changed',
      () => ok(teacher, 'PATCH', `/classes/${cls.id}/assignments/${material.id}`, { dueDate: '2026-12-24' }),
      (grid) => expect(grid.assignments.find((a) => a.id === material.id)!.dueDate).toBe('2026-12-24'),
    ],
    [
      'a student joins',
      async () => {
        const kid2 = await signIn(t.app, 'pollkid2');
        expect((await call(kid2.token, 'POST', '/me/access-codes', { code: cls.joinCode })).statusCode).toBe(200);
      },
      (grid) => expect(grid.students.map((s) => s.userName)).toEqual(['pollkid', 'pollkid2']),
    ],
    [
      'a student removed',
      async () => {
        const kid2 = await t.db.selectFrom('users').select('id').where('user_name', '=', 'pollkid2').executeTakeFirstOrThrow();
        await ok(teacher, 'DELETE', `/classes/${cls.id}/students/${kid2.id}`);
      },
      (grid) => expect(grid.students.map((s) => s.userName)).toEqual(['pollkid']),
    ],
    [
      'an assignment withdrawn',
      () => ok(teacher, 'DELETE', `/classes/${cls.id}/assignments/${material.id}`),
      (grid) => expect(grid.assignments.map((a) => a.id)).not.toContain(material.id),
    ],
  ];

  it.each(writes)('%s', async (_what, write, shows) => {
    const before = await currentTag();
    await write();
    for (const app of [t.app, second.app]) {
      const res = await poll(before, app);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(before);
      shows(res.json() as ClassDashboard);
    }
  });
});
