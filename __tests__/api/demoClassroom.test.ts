/** The demo classroom: teacher's two classes, mid-semester, the same every time it is seeded. */
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../src/common/classroom';
import { seedDemo } from '../../src/server/db/seed';
import { DEMO_CLASS_NAMES, dueDay } from '../../src/server/db/seedClassroom';
import { createTestApp, signIn, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoClassroom: true });
});
afterAll(async () => {
  await t.close();
});

/** Everything the seed wrote about the classes, in a stable order and without generated row ids. */
async function snapshot(app: TestApp) {
  const db = app.db;
  const classes = await db.selectFrom('classes').select(['id', 'name']).orderBy('id').execute();
  const students = await db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select(['classes.name as className', 'users.user_name'])
    .orderBy('classes.name')
    .orderBy('users.user_name')
    .execute();
  const assignments = await db
    .selectFrom('assignments')
    .select(['kind', 'module_slug', 'material_slug', 'worksheet_kind', 'due_date', 'due_at', 'max_attempts'])
    .orderBy('id')
    .execute();
  const byUser = (table: 'section_completions' | 'time_spent' | 'review_attempts') =>
    db
      .selectFrom(table)
      .innerJoin('users', 'users.id', `${table}.user_id`)
      .selectAll(table)
      .select('users.user_name')
      .orderBy('users.user_name')
      .orderBy('module_slug')
      .orderBy('material_slug')
      .execute();
  const strip = <R extends Record<string, unknown>>(rows: R[]) => rows.map(({ id: _id, user_id: _userId, ...rest }) => rest);
  return {
    classes: classes.map((c) => c.name),
    students,
    assignments,
    completions: strip(await byUser('section_completions')),
    time: strip(await byUser('time_spent')),
    attempts: strip(await byUser('review_attempts')),
    turnIns: await db.selectFrom('turn_ins').select(['kind', 'title', 'snapshot', 'turned_in_at']).orderBy('turned_in_at').execute(),
  };
}

it('gives teacher two classes of 24 and 18 with learner in Period 2, and the school roles', async () => {
  const classes = await t.db
    .selectFrom('classes')
    .innerJoin('class_teachers', 'class_teachers.class_id', 'classes.id')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['classes.id', 'classes.name', 'users.user_name', 'class_teachers.role'])
    .orderBy('classes.name')
    .execute();
  expect(classes.map((c) => [c.name, c.user_name, c.role])).toEqual([
    [DEMO_CLASS_NAMES[0], 'teacher', 'owner'],
    [DEMO_CLASS_NAMES[1], 'teacher', 'owner'],
  ]);
  const sizes = await t.db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select(['classes.name', t.db.fn.countAll<number>().as('n')])
    .where('class_students.left_at', 'is', null)
    .groupBy('classes.name')
    .orderBy('classes.name')
    .execute();
  expect(sizes.map((s) => [s.name, Number(s.n)])).toEqual([
    [DEMO_CLASS_NAMES[0], 24],
    [DEMO_CLASS_NAMES[1], 18],
  ]);
  const learnerClasses = await t.db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select('classes.name')
    .where('users.user_name', '=', 'learner')
    .execute();
  expect(learnerClasses.map((c) => c.name)).toEqual([DEMO_CLASS_NAMES[0]]);

  // each class has a working join code at Lincoln
  const codes = await t.db.selectFrom('access_codes').select(['class_id', 'seats', 'expires_at']).where('class_id', 'is not', null).execute();
  expect(codes.map((c) => c.class_id).sort()).toEqual(classes.map((c) => c.id).sort());

  const roles = await t.db
    .selectFrom('school_permissions')
    .innerJoin('users', 'users.id', 'school_permissions.user_id')
    .innerJoin('clients', 'clients.id', 'school_permissions.client_id')
    .select(['users.user_name', 'clients.lsclient_id', 'school_permissions.permission'])
    .orderBy('users.user_name')
    .execute();
  expect(roles).toEqual([
    { user_name: 'schooladmin', lsclient_id: 'LINCOLN-HS', permission: SCHOOLADMIN_PERMISSION },
    { user_name: 'teacher', lsclient_id: 'LINCOLN-HS', permission: TEACHER_PERMISSION },
  ]);
});

it('signs in teacher, schooladmin and a demo student with the demo password', async () => {
  const student = await t.db
    .selectFrom('class_students')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .select('users.user_name')
    .where('users.user_name', '!=', 'learner')
    .executeTakeFirstOrThrow();
  for (const userName of ['teacher', 'schooladmin', student.user_name]) {
    expect((await signIn(t.app, userName)).clients[0]?.lsclientID).toBe('LINCOLN-HS');
  }
});

it('leaves learner without progress of their own', async () => {
  const learner = await t.db.selectFrom('users').select('id').where('user_name', '=', 'learner').executeTakeFirstOrThrow();
  for (const table of ['section_completions', 'time_spent', 'review_attempts', 'worksheets', 'turn_ins'] as const) {
    expect(await t.db.selectFrom(table).select('user_id').where('user_id', '=', learner.id).execute()).toEqual([]);
  }
});

it('has assignments of every kind, some overdue, with varied progress, review scores and turn-ins', async () => {
  const now = t.clock();
  const assignments = await t.db.selectFrom('assignments').selectAll().execute();
  expect(new Set(assignments.map((a) => a.kind))).toEqual(new Set(['material', 'review', 'worksheet', 'module']));
  expect(assignments.some((a) => a.kind === 'review' && a.max_attempts !== null)).toBe(true);
  expect(assignments.filter((a) => a.due_at !== null && Number(a.due_at) < now).length).toBeGreaterThanOrEqual(4);
  expect(assignments.filter((a) => a.due_at !== null && Number(a.due_at) > now).length).toBeGreaterThanOrEqual(3);

  // per student, sections completed in Period 2's first material: some finished, some part-way, some not begun
  const period2 = await t.db.selectFrom('classes').select('id').where('name', '=', DEMO_CLASS_NAMES[0]).executeTakeFirstOrThrow();
  const members = await t.db.selectFrom('class_students').select('user_id').where('class_id', '=', period2.id).execute();
  const done = await t.db
    .selectFrom('section_completions')
    .select(['user_id', t.db.fn.countAll<number>().as('n')])
    .where('material_slug', '=', 'making-your-first-budget')
    .groupBy('user_id')
    .execute();
  const counts = members.map((m) => Number(done.find((d) => d.user_id === m.user_id)?.n ?? 0));
  expect(counts.filter((n) => n === 3).length).toBeGreaterThanOrEqual(8);
  expect(counts.filter((n) => n < 3).length).toBeGreaterThanOrEqual(3);

  const attempts = await t.db.selectFrom('review_attempts').select(['score', 'passed', 'created_at']).execute();
  expect(attempts.some((a) => a.passed === 1)).toBe(true);
  expect(attempts.some((a) => a.passed === 0)).toBe(true);
  // nothing happened in the future
  const times = await t.db.selectFrom('time_spent').select(['seconds', 'updated_at']).execute();
  expect(times.length).toBeGreaterThan(50);
  expect(Math.max(...times.map((r) => Number(r.updated_at)), ...attempts.map((a) => Number(a.created_at)))).toBeLessThan(now);

  // two turned-in worksheets a class, the first of each answered by the teacher
  const turnIns = await t.db.selectFrom('turn_ins').select(['class_id', 'kind']).execute();
  expect(turnIns.map((r) => r.class_id).sort()).toEqual([period2.id, period2.id, period2.id + 1, period2.id + 1]);
  expect(await t.db.selectFrom('turn_in_comments').select('body').execute()).toHaveLength(2);
});

it('is the same world on every fresh database, and a second seed changes nothing', async () => {
  const first = await snapshot(t);
  await seedDemo(t.db, t.config.passwordHashing, t.clock() + 60_000, { classroom: true });
  expect(await snapshot(t)).toEqual(first);

  const other = await createTestApp({ demoClassroom: true });
  try {
    expect(await snapshot(other)).toEqual(first);
  } finally {
    await other.close();
  }
});

describe('dueDay', () => {
  it.each([
    // 2026-09-01 12:00 UTC is 08:00 in New York (EDT, UTC-4)
    [Date.UTC(2026, 8, 1, 12), 0, 'America/New_York', '2026-09-01', Date.UTC(2026, 8, 2, 4) - 1],
    [Date.UTC(2026, 8, 1, 12), -3, 'America/New_York', '2026-08-29', Date.UTC(2026, 7, 30, 4) - 1],
    // 02:00 UTC on Sept 2nd is still Sept 1st in New York
    [Date.UTC(2026, 8, 2, 2), 0, 'America/New_York', '2026-09-01', Date.UTC(2026, 8, 2, 4) - 1],
    // across the end of daylight saving time (Nov 1st 2026): the day ends at 05:00 UTC
    [Date.UTC(2026, 9, 30, 12), 3, 'America/New_York', '2026-11-02', Date.UTC(2026, 10, 3, 5) - 1],
    [Date.UTC(2026, 8, 1, 12), 1, 'America/Los_Angeles', '2026-09-02', Date.UTC(2026, 8, 3, 7) - 1],
  ])('from %d, %d days in %s is %s ending at %d', (now, days, zone, dueDate, dueAt) => {
    expect(dueDay(now, days, zone)).toEqual({ dueDate, dueAt });
  });
});
