/**
 * The dashboard's conditional polling through the service proxy on a real database (SQLite, or
 * PostgreSQL under TEST_DATABASE_URL). The tag is read before the grid (services/classroom/
 * versions.ts): the class's version, which every write the grid shows bumps in its transaction,
 * and the roster's sessions, the assignments past due and the content version. The property, on
 * this instance and on a second one sharing the database: after any write, sign-in, sign-out or
 * passing of time, what the teacher sees after a poll (the grid kept on a 304, else the answer) is
 * the grid a fresh GET renders; with nothing changed the poll is a 304 that computes no grid. Each
 * instance keeps the rows it computed (services/classroom/dashboardRows.ts) and recomputes those
 * whose row version moved: after every step, both instances' answers equal a grid computed with
 * nothing kept.
 */
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ReviewView } from '../../src/common/catalog';
import type { Assignment, ClassDashboard, ClassDetail, DashboardStudent, TurnInSummary } from '../../src/common/classroom';
import { SERVER_IDLE_LIMIT_MS } from '../../src/common/constants';
import type { Envelope, Session } from '../../src/common/types';
import { emptyWorksheet, type WorksheetRecord } from '../../src/common/worksheets';
import { buildApp } from '../../src/server/app';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { createDatabase, type Db } from '../../src/server/db';
import { forgetDashboardRows } from '../../src/server/services/classroom/dashboardRows';
import { dueAtOf } from '../../src/server/services/classroom/dueDates';
import { DUE_SOON_MS } from '../../src/server/services/classroom/status';
import * as progressRepository from '../../src/server/services/classroom/repository/progress';
import * as rosterRepository from '../../src/server/services/classroom/repository/roster';
import * as turnInRepository from '../../src/server/services/classroom/repository/turnIns';
import { importRoster } from '../../src/server/services/roster/service';
import { rosterZip, smallDistrict, user } from '../support/oneRoster';
import { addUser } from './support/classroom';
import { servedAnswers } from './support/reviews';
import { authHeaders, createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

const ROOT = path.resolve(__dirname, '../..');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
const WRONG = [1, true, 0, false, 0] as const;

let t: TestApp;
let second: { app: FastifyInstance; db: Db };
let teacher: string;
let admin: string;
let student: Session;
let outsider: Session;
let cls: ClassDetail;
let material: Assignment;
/** the whole module: its cell counts its reviews' attempts (a material's cell is its reading only) */
let wholeModule: Assignment;
let dueToday: Assignment;
let turnInId: number;

const call = (token: string, method: string, p: string, payload?: unknown, app: FastifyInstance = t.app) => serviceCall(app, method, p, { token, payload });
async function ok<T>(token: string, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await call(token, method, p, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}
const poll = (etag: string | null, app: FastifyInstance = t.app, classId = cls.id, token = teacher): Promise<LightMyRequestResponse> =>
  serviceCall(app, 'GET', `/classes/${classId}/dashboard`, { token, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });

async function currentTag(): Promise<string> {
  const res = await poll(null);
  expect(res.statusCode).toBe(200);
  return res.headers.etag as string;
}

type Grid = Omit<ClassDashboard, 'generatedAt'>;
/** The grid a teacher sees: the answer without its time. */
function gridOf(res: LightMyRequestResponse): Grid {
  const { generatedAt: _at, ...grid } = res.json() as ClassDashboard;
  return grid;
}
const studentNamed = (grid: Grid, userName: string): DashboardStudent | undefined => grid.students.find((s) => s.userName === userName);
const idOf = async (userName: string): Promise<number> => (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
/** The teacher signs in again: a step that moves the clock past their session's limits. */
const teacherBack = async () => {
  teacher = (await signIn(t.app, 'pollteach')).token;
};

beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, path.join(ROOT, '__tests__/fixtures/content'), t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  await addUser(t, 'pollteach', { schoolPermissions: ['TEACHER'] });
  await addUser(t, 'polladmin', { schoolPermissions: ['SCHOOLADMIN'] });
  await addUser(t, 'pollkid', { firstName: 'Jo', lastName: 'Adams' });
  await addUser(t, 'pollkid2', { firstName: 'Bo', lastName: 'Brown' });
  await addUser(t, 'pollkid3', { firstName: 'Cy', lastName: 'Clark' });
  await addUser(t, 'pollother', { firstName: 'Di', lastName: 'Dunn' });
  teacher = (await signIn(t.app, 'pollteach')).token;
  admin = (await signIn(t.app, 'polladmin')).token;
  student = await signIn(t.app, 'pollkid');
  outsider = await signIn(t.app, 'pollother');
  cls = (await call(teacher, 'POST', '/classes', { name: 'Polling' })).json() as ClassDetail;
  expect((await call(student.token, 'POST', '/me/access-codes', { code: cls.joinCode })).statusCode).toBe(200);
  material = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget' });
  wholeModule = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'module', moduleSlug: 'budgeting' });
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

  it('a 304 reads no grid: neither the roster, the progress nor the session activity', async () => {
    const etag = await currentTag();
    const reads = ['classStudents', 'classProgress', 'sessionActivity', 'classTurnIns', 'classWorksheets'] as const;
    const spies = [
      jest.spyOn(rosterRepository, 'classStudents'),
      jest.spyOn(progressRepository, 'classProgress'),
      jest.spyOn(progressRepository, 'sessionActivity'),
      jest.spyOn(turnInRepository, 'classTurnIns'),
      jest.spyOn(progressRepository, 'classWorksheets'),
    ];
    try {
      for (const app of [t.app, second.app]) expect((await poll(etag, app)).statusCode).toBe(304);
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual(reads.map(() => 0));
      // a grid computed from nothing kept reads each once
      forgetDashboardRows(t.db);
      expect((await poll(null)).statusCode).toBe(200);
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual(reads.map(() => 1));
      // a 200 on a class whose rows all hold reads the roster and sessions again, and no one's work
      expect((await poll(null)).statusCode).toBe(200);
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual([2, 1, 2, 1, 1]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('"last active"', () => {
  it('counts the student’s latest review attempt, not their first', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      t.clock.advance(5 * 60_000);
      const review = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
      await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => WRONG[i]!));
    }
    const kid = studentNamed(gridOf(await poll(null)), 'pollkid');
    expect({ lastActiveAt: kid?.lastActiveAt, attempts: kid?.cells[wholeModule.id]?.attempts }).toEqual({ lastActiveAt: t.clock(), attempts: 2 });
  });
});

/**
 * One step of the class's life, then the property on both instances; `expect` says what the
 * conditional poll must be: 'changed' (200, and `shows` holds of the fresh grid), 'unchanged' (304),
 * or 'either' (a write the grid does not show, such as a comment, may still make it a 200).
 */
type Step = [string, 'changed' | 'unchanged' | 'either', () => Promise<unknown>, ((grid: Grid, before: Grid) => void)?];

const steps: Step[] = [
  ['a second passes', 'unchanged', async () => t.clock.advance(1_000)],
  [
    'time spent on a section',
    'changed',
    () => ok(student.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 90 }),
    (grid) => expect(studentNamed(grid, 'pollkid')!.cells[material.id]).toMatchObject({ status: 'in-progress', timeSpentSeconds: 90 }),
  ],
  [
    'a section completed a minute later',
    'changed',
    () => {
      t.clock.advance(60_000);
      return ok(student.token, 'POST', `${MAT}/sections/track-your-spending/complete`);
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.lastActiveAt).toBe(t.clock()),
  ],
  [
    'a review attempt',
    'changed',
    async () => {
      const review = await ok<ReviewView>(student.token, 'GET', `${MAT}/review`);
      await ok(student.token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => WRONG[i]!));
    },
    (grid, before) => expect(studentNamed(grid, 'pollkid')!.cells[wholeModule.id]!.attempts).toBe(studentNamed(before, 'pollkid')!.cells[wholeModule.id]!.attempts + 1),
  ],
  ['a student of no class of this one records progress', 'unchanged', () => ok(outsider.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 30 })],
  [
    'a new assignment',
    'changed',
    () => ok(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'worksheet', worksheetKind: 'paycheck' }),
    (grid) => expect(grid.assignments.map((a) => a.kind)).toContain('worksheet'),
  ],
  [
    'a worksheet of that kind saved',
    'changed',
    () => ok<WorksheetRecord>(student.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Draft', data: emptyWorksheet('paycheck') }),
    (grid) => {
      const worksheet = grid.assignments.find((a) => a.kind === 'worksheet')!;
      expect(studentNamed(grid, 'pollkid')!.cells[worksheet.id]!.status).toBe('in-progress');
    },
  ],
  [
    'a turn-in',
    'changed',
    async () => {
      const doc = await ok<WorksheetRecord>(student.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Pay', data: emptyWorksheet('paycheck') });
      turnInId = (await ok<TurnInSummary>(student.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId: doc.id })).id;
    },
    (grid) => expect(Object.values(studentNamed(grid, 'pollkid')!.cells).some((c) => c.status === 'completed' && c.turnInId === turnInId)).toBe(true),
  ],
  ['the teacher comments on the turn-in', 'either', () => ok(teacher, 'POST', `/classes/${cls.id}/turn-ins/${turnInId}/comments`, { body: 'Good start.' })],
  [
    'an assignment’s due date changed',
    'changed',
    () => ok(teacher, 'PATCH', `/classes/${cls.id}/assignments/${material.id}`, { dueDate: '2026-12-24' }),
    (grid) => expect(grid.assignments.find((a) => a.id === material.id)!.dueDate).toBe('2026-12-24'),
  ],
  ['the class renamed', 'changed', () => ok(teacher, 'PATCH', `/classes/${cls.id}`, { name: 'Polling, Period 3' }), (grid) => expect(grid.name).toBe('Polling, Period 3')],
  [
    'the student changes their name',
    'changed',
    () => ok(student.token, 'PUT', '/me/profile', { firstName: 'Joanna', lastName: 'Adams', email: 'pollkid@example.edu', timezone: 'America/Chicago' }),
    (grid) => expect(studentNamed(grid, 'pollkid')!.firstName).toBe('Joanna'),
  ],
  [
    'the student chooses to read in Spanish',
    'changed',
    () => ok(student.token, 'PUT', '/me/language', { language: 'es' }),
    (grid, before) => {
      expect(studentNamed(before, 'pollkid')!.language).toBe('en');
      expect(studentNamed(grid, 'pollkid')!.language).toBe('es');
    },
  ],
  // the teacher's own language is theirs: no student's row, nor the tag, moves with it
  ['the teacher chooses Spanish for themselves', 'unchanged', () => ok(teacher, 'PUT', '/me/language', { language: 'es' }), (grid) => expect(studentNamed(grid, 'pollkid')!.language).toBe('es')],
  [
    'students join',
    'changed',
    async () => {
      for (const name of ['pollkid2', 'pollkid3']) {
        const kid = await signIn(t.app, name);
        expect((await call(kid.token, 'POST', '/me/access-codes', { code: cls.joinCode })).statusCode).toBe(200);
      }
    },
    (grid) => expect(grid.students.map((s) => s.userName)).toEqual(['pollkid', 'pollkid2', 'pollkid3']),
  ],
  ['a student removed by the teacher', 'changed', async () => ok(teacher, 'DELETE', `/classes/${cls.id}/students/${await idOf('pollkid2')}`), (grid) => expect(grid.students.map((s) => s.userName)).toEqual(['pollkid', 'pollkid3'])],
  [
    'a student’s data deleted by the school administrator',
    'changed',
    async () => ok(admin, 'DELETE', `/admin/students/${await idOf('pollkid3')}`, { confirm: 'pollkid3' }),
    (grid) => expect(grid.students.map((s) => s.userName)).toEqual(['pollkid']),
  ],
  ['nothing but a second', 'unchanged', async () => t.clock.advance(1_000)],
  [
    'the student’s session renewed a minute later',
    'changed',
    async () => {
      t.clock.advance(60_000);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: authHeaders(student.token) });
      expect(res.statusCode).toBe(200);
      student = (res.json() as Envelope<Session>).body;
    },
    (grid) => expect(studentNamed(grid, 'pollkid')).toMatchObject({ signedIn: true, lastActiveAt: t.clock() }),
  ],
  [
    'the student signs out',
    'changed',
    async () => expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: authHeaders(student.token) })).statusCode).toBeLessThan(300),
    (grid) => expect(studentNamed(grid, 'pollkid')!.signedIn).toBe(false),
  ],
  [
    'the student signs in',
    'changed',
    async () => {
      student = await signIn(t.app, 'pollkid');
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.signedIn).toBe(true),
  ],
  ['the teacher ends the student’s sessions', 'changed', async () => ok(teacher, 'POST', `/classes/${cls.id}/students/${await idOf('pollkid')}/end-sessions`), (grid) => expect(studentNamed(grid, 'pollkid')!.signedIn).toBe(false)],
  [
    'the student signs in again',
    'changed',
    async () => {
      student = await signIn(t.app, 'pollkid');
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.signedIn).toBe(true),
  ],
  [
    'the idle limit passes with no write',
    'changed',
    async () => {
      t.clock.advance(SERVER_IDLE_LIMIT_MS + 1_000);
      await teacherBack();
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.signedIn).toBe(false),
  ],
  [
    'days later, a minute before unfinished work is due within two days',
    'either',
    async () => {
      t.clock.set(dueAtOf('2026-12-24', cls.timezone) - DUE_SOON_MS - 60_000);
      await teacherBack();
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.cells[material.id]!.due).toBeNull(),
  ],
  [
    'a minute later it is due soon, with no write',
    'changed',
    async () => t.clock.advance(61_000),
    (grid) => expect(studentNamed(grid, 'pollkid')!.cells[material.id]).toMatchObject({ due: 'due-soon', state: 'in-progress' }),
  ],
  [
    'an assignment withdrawn',
    'changed',
    () => ok(teacher, 'DELETE', `/classes/${cls.id}/assignments/${material.id}`),
    (grid) => expect(grid.assignments.map((a) => a.id)).not.toContain(material.id),
  ],
  [
    'a review assigned, due at the end of the school’s day',
    'changed',
    async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: cls.timezone }).format(t.clock());
      dueToday = await ok<Assignment>(teacher, 'POST', `/classes/${cls.id}/assignments`, { kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first-budget', dueDate: today });
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.cells[dueToday.id]!.status).toBe('in-progress'),
  ],
  [
    'the due instant passes with no write',
    'changed',
    async () => {
      t.clock.set(dueToday.dueAt! + 1_000);
      await teacherBack();
    },
    (grid) => expect(studentNamed(grid, 'pollkid')!.cells[dueToday.id]!.status).toBe('overdue'),
  ],
  ['the class archived', 'either', () => ok(teacher, 'PATCH', `/classes/${cls.id}`, { archived: true })],
  [
    'an hour passes in the archived class',
    'unchanged',
    async () => {
      t.clock.advance(3_600_000);
      await teacherBack();
    },
  ],
];

describe('a poll is never a 304 when a fresh GET renders another grid, on either instance', () => {
  // a rest parameter: jest would take a fourth named parameter for a done callback on a row without `shows`
  it.each(steps)('%s (%s)', async (...[_what, expected, step, shows]: Step) => {
    const first = await poll(null);
    const before = { etag: first.headers.etag as string, grid: gridOf(first) };
    await step();
    const statuses: number[] = [];
    for (const app of [t.app, second.app]) {
      const conditional = await poll(before.etag, app);
      const fresh = await poll(null, app);
      expect(fresh.statusCode).toBe(200);
      // what the teacher sees after the poll: the grid kept on a 304, else the answer
      const seen = conditional.statusCode === 304 ? before.grid : gridOf(conditional);
      expect(seen).toEqual(gridOf(fresh));
      statuses.push(conditional.statusCode);
      shows?.(gridOf(fresh), before.grid);
    }
    const allowed = { changed: [200], unchanged: [304], either: [200, 304] }[expected];
    expect(statuses.filter((status) => !allowed.includes(status))).toEqual([]);
    // the rows each instance kept and recomputed are the rows a compute from nothing gives
    const incremental = [gridOf(await poll(null)), gridOf(await poll(null, second.app))];
    forgetDashboardRows(t.db);
    const full = gridOf(await poll(null));
    expect(incremental).toEqual([full, full]);
  });
});

describe('a changed class recomputes only the rows whose version moved', () => {
  it("a student's progress recomputes their row alone; a class-wide write every row", async () => {
    const kids = ['rowkid1', 'rowkid2', 'rowkid3'];
    for (const name of kids) await addUser(t, name);
    const rowClass = (await call(teacher, 'POST', '/classes', { name: 'Row versions' })).json() as ClassDetail;
    const sessions: Session[] = [];
    for (const name of kids) {
      const kid = await signIn(t.app, name);
      sessions.push(kid);
      expect((await call(kid.token, 'POST', '/me/access-codes', { code: rowClass.joinCode })).statusCode).toBe(200);
    }
    await ok(teacher, 'POST', `/classes/${rowClass.id}/assignments`, { kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first-budget' });
    const grid = () => poll(null, t.app, rowClass.id);
    expect((await grid()).statusCode).toBe(200);
    const spy = jest.spyOn(progressRepository, 'classProgress');
    try {
      await ok(sessions[1]!.token, 'POST', `${MAT}/sections/track-your-spending/time`, { seconds: 45 });
      const after = gridOf(await grid());
      expect(spy.mock.calls.map((c) => c[2])).toEqual([[await idOf('rowkid2')]]);
      expect(studentNamed(after, 'rowkid2')!.timeSpentSeconds).toBe(45);
      // an unchanged poll recomputes nothing
      await grid();
      expect(spy).toHaveBeenCalledTimes(1);
      await ok(teacher, 'POST', `/classes/${rowClass.id}/assignments`, { kind: 'worksheet', worksheetKind: 'paycheck' });
      await grid();
      expect(spy).toHaveBeenCalledTimes(2);
      // every row at once: the roster's subquery, not a list of ids
      expect(spy.mock.calls[1]![2]).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a roster import', () => {
  it('changes the tag of the classes whose rosters or students it changed, and no other', async () => {
    const district = smallDistrict();
    expect((await importRoster(t.db, rosterZip(district), { now: t.clock() })).ok).toBe(true);
    // the roster's teacher gets a password to sign in with (imported users have none)
    const password = await t.db.selectFrom('users').select('password_hash').where('user_name', '=', 'pollteach').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set(password).where('user_name', '=', 'mrivera').execute();
    const rivera = (await signIn(t.app, 'mrivera')).token;
    const [c1] = await t.db.selectFrom('classes').select('id').where('sourced_id', '=', 'c-1').execute();
    const rosterPoll = (etag: string | null, app = t.app) => poll(etag, app, c1!.id, rivera);
    const first = await rosterPoll(null);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const ownTag = await currentTag();

    // the same file again changes nothing: still a 304, here and on the Lincoln class
    await importRoster(t.db, rosterZip(district), { now: t.clock() });
    expect((await rosterPoll(etag)).statusCode).toBe(304);
    expect((await poll(ownTag)).statusCode).toBe(304);

    // a student renamed in the school's system: a 200 with the new name, on either instance
    const renamed = { ...district, users: district.users.map((u) => (u[0] === 's-1' ? user('s-1', 'student', 'sch-1', 'ava.stone', 'Avery', 'Stone') : u)) };
    expect((await importRoster(t.db, rosterZip(renamed), { now: t.clock() })).users.updated).toBe(1);
    for (const app of [t.app, second.app]) {
      const res = await rosterPoll(etag, app);
      expect({ status: res.statusCode, first: studentNamed(gridOf(res), 'ava.stone')?.firstName }).toEqual({ status: 200, first: 'Avery' });
    }
    expect((await poll(ownTag)).statusCode).toBe(304);
  });
});
