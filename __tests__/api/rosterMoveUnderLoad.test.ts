/**
 * A roster import that moves students between classes while those students work, on two instances
 * sharing one PostgreSQL: every write that touches classes and enrolments takes them in one order
 * (classes by id, then enrolments by key, before the first row is written: classroom/versions.ts),
 * so nothing deadlocks, every acknowledged write is kept and the imports are applied.
 * PostgreSQL only (SQLite has one writer at a time): skipped without TEST_DATABASE_URL.
 */
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ReviewAnswer, ReviewView } from '../../src/common/catalog';
import type { StudentClass, TurnInSummary } from '../../src/common/classroom';
import type { RosterUploadResult } from '../../src/common/roster';
import { ROSTER_FILE_FIELD, SCHOOL_SETTINGS_PATHS as P } from '../../src/common/schoolSettings';
import type { WorksheetRecord } from '../../src/common/worksheets';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import type { Db } from '../../src/server/db';
import { hashPassword } from '../../src/server/security/passwords';
import { emptyWorksheet } from '../../src/common/worksheets';
import { enrollment, klass, org, rosterZip, user, type District } from '../support/oneRoster';
import { deadlockCount as deadlocks, TEST_DATABASE_URL } from './support/postgres';
import { servedAnswers } from './support/reviews';
import { createTestApp, multipartCall, serviceCall, signIn, signInRequest, type TestApp } from './support/testApp';

const describeWithPostgres = TEST_DATABASE_URL ? describe : describe.skip;

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const REVIEW = '/catalog/modules/budgeting/materials/first-budget/review';
const STUDENTS = 24;
const ROUNDS = 3;
const PASSWORD = 'a-good-password';

/** Lincoln's export: its teacher and STUDENTS students, the first half in `first`'s class, the rest in the other. */
function lincoln(first: 'lc-1' | 'lc-2'): District {
  const other = first === 'lc-1' ? 'lc-2' : 'lc-1';
  const students = Array.from({ length: STUDENTS }, (_, i) => i);
  return {
    orgs: [org('lin', 'Lincoln High School', 'school', 'LINCOLN-HS')],
    users: [user('lt-1', 'teacher', 'lin', 'ms.grant', 'Ada', 'Grant'), ...students.map((i) => user(`ls-${i}`, 'student', 'lin', `mover.${i}`, 'Mover', `No${i}`))],
    classes: [klass('lc-1', 'Financial Literacy 1', 'lin'), klass('lc-2', 'Financial Literacy 2', 'lin')],
    enrollments: [
      enrollment('le-t1', 'lc-1', 'lin', 'lt-1', 'teacher', true),
      enrollment('le-t2', 'lc-2', 'lin', 'lt-1', 'teacher', true),
      ...students.map((i) => enrollment(`le-${i}`, i < STUDENTS / 2 ? first : other, 'lin', `ls-${i}`, 'student')),
    ],
    courses: [],
    academicSessions: [],
  };
}

/** The roster of each class now: sourced class id → sorted user names. */
async function rosters(db: Db): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .select(['classes.sourced_id', 'users.user_name'])
    .where('class_students.left_at', 'is', null)
    .where('classes.sourced_id', 'in', ['lc-1', 'lc-2'])
    .orderBy('users.user_name')
    .execute();
  const out: Record<string, string[]> = { 'lc-1': [], 'lc-2': [] };
  for (const r of rows) out[r.sourced_id!]!.push(r.user_name);
  return out;
}

const expectedRosters = (first: 'lc-1' | 'lc-2') => {
  const names = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `mover.${from + i}`).sort();
  const firstHalf = names(0, STUDENTS / 2);
  const secondHalf = names(STUDENTS / 2, STUDENTS);
  return first === 'lc-1' ? { 'lc-1': firstHalf, 'lc-2': secondHalf } : { 'lc-1': secondHalf, 'lc-2': firstHalf };
};

describeWithPostgres('a roster import moving students while they work, on two instances', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    // a second instance: its own app and connection pool on the same database
    b = await createTestApp({ env: { DATABASE_URL: a.config.databaseUrl! } });
    await importContent(a.db, FIXTURE, a.clock());
    await offerAllModules(a.db, ['LINCOLN-HS']);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The school administrator's upload on `t`: a dry run, then the import of that file. */
  async function upload(t: TestApp, token: string, district: District): Promise<LightMyRequestResponse> {
    const zip = rosterZip(district);
    const send = (payload: unknown) => multipartCall(t.app, { method: 'POST', path: P.roster, payload }, { [ROSTER_FILE_FIELD]: { data: zip, filename: 'lincoln.zip', type: 'application/zip' } }, { token });
    const dry = await send({ dryRun: true });
    if (dry.statusCode !== 200) return dry;
    return send({ dryRun: false, sha256: (dry.json() as RosterUploadResult).sha256 });
  }

  it('keeps every acknowledged write, applies every import and deadlocks nowhere', async () => {
    const adminA = (await signIn(a.app, 'schooladmin')).token;
    const adminB = (await signIn(b.app, 'schooladmin')).token;
    const first = await upload(a, adminA, lincoln('lc-1'));
    expect(first.statusCode).toBe(200);
    expect((first.json() as RosterUploadResult).report.ok).toBe(true);
    // every student may sign in, each on one of the two instances
    const hash = await hashPassword(PASSWORD, a.config.passwordHashing);
    await a.db.updateTable('users').set({ password_hash: hash }).where('user_name', 'like', 'mover.%').execute();
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, async (_, i) => {
        const t = i % 2 === 0 ? a : b;
        const signedIn = await signInRequest(t.app, `mover.${i}`, PASSWORD);
        expect(signedIn.statusCode).toBe(200);
        const token = (signedIn.json() as { body: { token: string } }).body.token;
        const userId = (await a.db.selectFrom('users').select('id').where('user_name', '=', `mover.${i}`).executeTakeFirstOrThrow()).id;
        return { t, token, userId };
      }),
    );
    // every question's right answer in the content's terms (a choice index or true/false)
    const right = new Map((await a.db.selectFrom('content_questions').select(['id', 'answer']).execute()).map((r) => [r.id, JSON.parse(r.answer) as ReviewAnswer]));
    const deadlocksBefore = await deadlocks(a.db);

    const statuses: number[] = [];
    const attempts = new Map<number, number>();
    const turnIns: { userId: number; id: number }[] = [];
    const call = async (t: TestApp, token: string, method: string, p: string, payload?: unknown) => {
      const res = await serviceCall(t.app, method, p, { token, payload });
      statuses.push(res.statusCode);
      return res;
    };

    /** A student's work: open and submit the review, turn in a worksheet to the class they are in now. */
    const work = async ({ t, token, userId }: (typeof students)[number]) => {
      const doc = (await call(t, token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Pay', data: emptyWorksheet('paycheck') })).json() as WorksheetRecord;
      for (let round = 0; round < ROUNDS; round += 1) {
        const opened = await call(t, token, 'GET', REVIEW);
        if (opened.statusCode === 200) {
          const view = opened.json() as ReviewView;
          const submitted = await call(t, token, 'POST', `${REVIEW}/attempts`, await servedAnswers(a.db, view, (i) => right.get(view.questions[i]!.id)!));
          if (submitted.statusCode === 200) attempts.set(userId, (attempts.get(userId) ?? 0) + 1);
        }
        const classes = (await call(t, token, 'GET', '/me/classes')).json() as StudentClass[];
        if (classes.length === 0) continue;
        const turned = await call(t, token, 'POST', '/me/turn-ins', { classId: classes[0]!.id, kind: 'worksheet', documentId: doc.id });
        if (turned.statusCode === 201) turnIns.push({ userId, id: (turned.json() as TurnInSummary).id });
      }
    };
    /** The imports that move every student to the other class and back, alternating instances. */
    const moves = async () => {
      const results: LightMyRequestResponse[] = [];
      for (const [i, layout] of (['lc-2', 'lc-1', 'lc-2', 'lc-1'] as const).entries()) {
        results.push(await (i % 2 === 0 ? upload(a, adminA, lincoln(layout)) : upload(b, adminB, lincoln(layout))));
      }
      return results;
    };
    const [imports] = await Promise.all([moves(), ...students.map(work)]);

    // the imports all applied: the last one's layout is the rosters now
    expect(imports.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // the first move enrols each student in the other class, the later ones enrol them there again
    const moved = { created: 0, updated: STUDENTS, removed: STUDENTS };
    expect(imports.map((r) => (r.json() as RosterUploadResult).report.enrollments)).toEqual([{ ...moved, created: STUDENTS, updated: 0 }, moved, moved, moved]);
    expect(await rosters(a.db)).toEqual(expectedRosters('lc-1'));
    // no request failed: a refusal at most (a turn-in to a class the student had just left)
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // every acknowledged write is there
    expect(turnIns.length).toBeGreaterThan(0);
    const keptTurnIns = await a.db.selectFrom('turn_ins').select(['id', 'user_id']).where('id', 'in', turnIns.map((x) => x.id)).execute();
    expect(keptTurnIns.map((r) => ({ userId: r.user_id, id: r.id })).sort((x, y) => x.id - y.id)).toEqual([...turnIns].sort((x, y) => x.id - y.id));
    const keptAttempts = await a.db
      .selectFrom('review_attempts')
      .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('user_id', 'in', students.map((s) => s.userId))
      .groupBy('user_id')
      .execute();
    expect(new Map(keptAttempts.map((r) => [r.user_id, Number(r.n)]))).toEqual(attempts);
    expect(attempts.size).toBe(STUDENTS);
    expect(await deadlocks(a.db)).toBe(deadlocksBefore);
  }, 60_000);
});
