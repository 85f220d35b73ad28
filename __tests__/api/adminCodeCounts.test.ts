/**
 * The school admin's codes on the demo classroom, through the service proxy on a real database
 * (SQLite, or PostgreSQL under TEST_DATABASE_URL): the overview counts what the codes list shows as
 * working, a class code's seats used are the class's students now, and the school's code sheet
 * prints every working code (the school's access codes and the classes' class codes), nothing else.
 */
import type { AdminAccessCode, AdminOverview } from '../../src/common/schoolAdmin';
import { ADMIN_PATHS } from '../../src/common/schoolAdmin';
import { CLASS_ADMIN_MESSAGES, CLASS_ADMIN_PATHS, type AdminClass, type AdminClassDetail, type CodeSheet } from '../../src/common/schoolAdminClasses';
import type { Session } from '../../src/common/types';
import { DEMO_CLASS_NAMES } from '../../src/server/db/seedClassroom';
import { addUser } from './support/classroom';
import { refused, serviceClient } from './support/serviceClient';
import { createTestApp, signIn, type TestApp } from './support/testApp';

let t: TestApp;
const { call, ok } = serviceClient(() => t.app, 47);
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ demoClassroom: true });
  admin = await signIn(t.app, 'schooladmin');
});
afterAll(async () => {
  await t.close();
});

const PERIOD_2 = DEMO_CLASS_NAMES[0];

const codes = () => ok<AdminAccessCode[]>(admin.token, 'GET', ADMIN_PATHS.codes);
const overview = () => ok<AdminOverview>(admin.token, 'GET', ADMIN_PATHS.overview);
const working = (list: AdminAccessCode[]) => list.filter((c) => c.status === 'working');

/** The overview's two counts and the list's working codes of each kind agree. */
async function expectCountsAgree(): Promise<AdminAccessCode[]> {
  const [list, counts] = await Promise.all([codes(), overview()]);
  expect({ accessCodes: counts.accessCodes, classCodes: counts.classCodes }).toEqual({
    accessCodes: working(list).filter((c) => c.className === null).length,
    classCodes: working(list).filter((c) => c.className !== null).length,
  });
  return list;
}

async function period2(): Promise<AdminClassDetail> {
  const classes = await ok<AdminClass[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.classes);
  return ok<AdminClassDetail>(admin.token, 'GET', CLASS_ADMIN_PATHS.class(classes.find((c) => c.name === PERIOD_2)!.id));
}

it('the overview counts the access codes and class codes the codes list shows as working', async () => {
  const list = await expectCountsAgree();
  // the demo: a class code for each of teacher's classes, both working
  expect(working(list).map((c) => c.className)).toEqual(expect.arrayContaining([...DEMO_CLASS_NAMES]));
  expect((await overview()).classCodes).toBeGreaterThanOrEqual(DEMO_CLASS_NAMES.length);
});

it('a class code’s seats used are the students in its class now, however they came in', async () => {
  const before = await period2();
  expect(before.students).toBe(24);
  const code = (await codes()).find((c) => c.className === PERIOD_2 && c.status === 'working')!;
  expect(code).toMatchObject({ code: before.joinCode, used: before.students });
  // a student who joins with the code takes one seat (not one more than the class has)
  await addUser(t, 'newcomer');
  const newcomer = await signIn(t.app, 'newcomer');
  await ok(newcomer.token, 'POST', '/me/access-codes', { code: before.joinCode });
  const after = await period2();
  expect(after.students).toBe(25);
  expect((await codes()).find((c) => c.id === code.id)?.used).toBe(25);
  // and joining counts seats the same way: with 26 seats, one more joins and the next finds it full
  await t.db.updateTable('access_codes').set({ seats: 26 }).where('id', '=', code.id).execute();
  for (const name of ['late1', 'late2']) await addUser(t, name);
  await ok((await signIn(t.app, 'late1')).token, 'POST', '/me/access-codes', { code: before.joinCode });
  expect((await call((await signIn(t.app, 'late2')).token, 'POST', '/me/access-codes', { code: before.joinCode })).statusCode).toBeGreaterThanOrEqual(400);
  expect((await period2()).students).toBe(26);
  await t.db.updateTable('access_codes').set({ seats: 40 }).where('id', '=', code.id).execute();
});

it('one meaning of working: a revoked code, a full one and an archived class’s code are listed, not counted, not printed', async () => {
  const created = async (seats: number) => (await ok<{ code: AdminAccessCode }>(admin.token, 'POST', ADMIN_PATHS.codes, { seats })).code;
  const revoked = await created(5);
  await ok(admin.token, 'DELETE', ADMIN_PATHS.code(revoked.id));
  const full = await created(1);
  await addUser(t, 'joiner');
  const joiner = await signIn(t.app, 'joiner');
  await ok(joiner.token, 'POST', '/me/access-codes', { code: full.code });
  const open = await created(30);
  const teacherId = (await ok<{ userId: number; userName: string }[]>(admin.token, 'GET', CLASS_ADMIN_PATHS.teachers)).find((x) => x.userName === 'teacher')!.userId;
  const archived = (await ok<{ class: AdminClassDetail }>(admin.token, 'POST', CLASS_ADMIN_PATHS.classes, { name: 'Gone by June', teacherId })).class;
  await ok(admin.token, 'POST', CLASS_ADMIN_PATHS.archive(archived.id));

  const list = await expectCountsAgree();
  const statusOf = (code: string | null) => list.find((c) => c.code === code)?.status;
  expect([statusOf(revoked.code), statusOf(full.code), statusOf(archived.joinCode), statusOf(open.code)]).toEqual(['stopped', 'full', 'archived', 'working']);

  const sheet = await ok<CodeSheet>(admin.token, 'GET', CLASS_ADMIN_PATHS.codeSheet);
  expect(sheet.title).toBe('Access codes and class codes — Lincoln High School');
  expect(sheet.cards.map((c) => c.code).sort()).toEqual(working(list).map((c) => c.code).sort());
  expect(sheet.cards).toContainEqual({ code: open.code, className: null, studentName: null, expiresAt: null });
  for (const name of DEMO_CLASS_NAMES) expect(sheet.cards).toContainEqual(expect.objectContaining({ className: name, studentName: null }));
});

it('a school with no working code has nothing to print, and says what to do', async () => {
  const superuser = await signIn(t.app, 'admin');
  const roosevelt = await ok<AdminAccessCode[]>(superuser.token, 'GET', ADMIN_PATHS.codes, undefined, { school: 'ROOSEVELT-AC' });
  for (const c of working(roosevelt)) await ok(superuser.token, 'DELETE', ADMIN_PATHS.code(c.id), undefined, { school: 'ROOSEVELT-AC' });
  expect(await ok<AdminOverview>(superuser.token, 'GET', ADMIN_PATHS.overview, undefined, { school: 'ROOSEVELT-AC' })).toMatchObject({ accessCodes: 0, classCodes: 0 });
  refused(await call(superuser.token, 'GET', CLASS_ADMIN_PATHS.codeSheet, undefined, { school: 'ROOSEVELT-AC' }), 409, CLASS_ADMIN_MESSAGES.noCodes);
});
