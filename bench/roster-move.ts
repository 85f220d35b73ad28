/**
 * Roster moves under load: a school administrator's OneRoster uploads move MOVED students to the
 * next class and back, one import after another, while every student of the school keeps working
 * (opens and submits a review, turns in a worksheet to the class they are in now). On SQLite (one
 * instance) and on two instances sharing one PostgreSQL database (a scratch database on
 * TEST_DATABASE_URL's server; skipped with a note when it is unset), the students and the uploads
 * split between them.
 *
 * Prints the deadlocks PostgreSQL counted in the database (pg_stat_database), the 503s the students
 * and the uploads got, the acknowledged writes missing afterwards (attempts and turn-ins answered
 * 2xx), and whether the last applied import's rosters hold — each with the target 0 — beside the
 * imports' and the writes' times. Prints; asserts nothing.
 *
 * `npm run bench -- roster-move --duration=20`, or BENCH_ROSTER_MOVE_SECONDS; BENCH_ROSTER_MOVE_STUDENTS
 * changes the 100 students (MOVED: half of them).
 */
import { performance } from 'node:perf_hooks';
import type { ReviewAnswer } from '../src/common/catalog';
import { APP_KEY_HEADER } from '../src/common/constants';
import { ROSTER_FILE_FIELD, SCHOOL_SETTINGS_PATHS } from '../src/common/schoolSettings';
import { emptyWorksheet } from '../src/common/worksheets';
import type { Db } from '../src/server/db';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { deadlockCount as deadlocks } from '../__tests__/api/support/postgres';
import { enrollment, klass, org, rosterZip, user, type District } from '../__tests__/support/oneRoster';
import { report, type Figure } from './support/report';
import { APP_KEY, authHeaders, benchPasswordHash, loadLine, onSqliteThenPostgres, percentile, signIn, type BenchServer } from './support/server';

const durationArg = process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1];
const SECONDS = Number(durationArg ?? process.env.BENCH_ROSTER_MOVE_SECONDS ?? 20);
const STUDENTS = Number(process.env.BENCH_ROSTER_MOVE_STUDENTS ?? 100);
const MOVED = Math.floor(STUDENTS / 2);
const CLASSES = 10;
/** a student's pause between two pieces of work */
const THINK_MS = 250;

/** The school's export: one teacher, CLASSES classes, STUDENTS students; the MOVED first one class on when `moved`. */
function school(moved: boolean): District {
  const classOf = (i: number) => `bc-${(i + (moved && i < MOVED ? 1 : 0)) % CLASSES}`;
  const students = Array.from({ length: STUDENTS }, (_, i) => i);
  return {
    orgs: [org('lin', 'Lincoln High School', 'school', 'LINCOLN-HS')],
    users: [user('bt-1', 'teacher', 'lin', 'move.teacher', 'Ada', 'Grant'), ...students.map((i) => user(`bs-${i}`, 'student', 'lin', `mover${i}`, 'Mover', `No${i}`))],
    classes: Array.from({ length: CLASSES }, (_, c) => klass(`bc-${c}`, `Moving class ${c}`, 'lin')),
    enrollments: [
      ...Array.from({ length: CLASSES }, (_, c) => enrollment(`be-t${c}`, `bc-${c}`, 'lin', 'bt-1', 'teacher', true)),
      ...students.map((i) => enrollment(`be-${i}`, classOf(i), 'lin', `bs-${i}`, 'student')),
    ],
    courses: [],
    academicSessions: [],
  };
}

/** One POST /api/service/multipart of the roster file, as the school settings page sends it. */
async function send(url: string, token: string, zip: Uint8Array, payload: object): Promise<Response> {
  const form = new FormData();
  form.append('request', JSON.stringify({ service: 'OneLook', method: 'POST', path: SCHOOL_SETTINGS_PATHS.roster, payload }));
  form.append(ROSTER_FILE_FIELD, new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'school.zip');
  return fetch(`${url}/api/service/multipart`, { method: 'POST', headers: { [APP_KEY_HEADER]: APP_KEY, authorization: `Bearer ${token}` }, body: form });
}

/** The upload: a dry run, then the import of that file. Answers the import's status (or the dry run's when it failed). */
async function upload(url: string, token: string, moved: boolean): Promise<number> {
  const zip = rosterZip(school(moved));
  const dry = await send(url, token, zip, { dryRun: true });
  if (dry.status !== 200) return dry.status;
  const { sha256 } = (await dry.json()) as { sha256: string };
  const done = await send(url, token, zip, { dryRun: false, sha256 });
  await done.arrayBuffer();
  return done.status;
}

async function call(url: string, token: string, method: string, path: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/service`, { method: 'POST', headers: authHeaders(token), body: JSON.stringify({ service: 'OneLook', method, path, ...(payload === undefined ? {} : { payload }) }) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** A review of the offered content and each question's right answer in the content's terms. */
async function aReview(db: Db): Promise<{ path: string; right: Map<number, ReviewAnswer> }> {
  const row = await db
    .selectFrom('content_reviews')
    .innerJoin('content_materials', 'content_materials.id', 'content_reviews.material_id')
    .innerJoin('content_modules', 'content_modules.id', 'content_materials.module_id')
    .select(['content_modules.slug as module', 'content_materials.slug as material'])
    .orderBy('content_modules.position')
    .orderBy('content_materials.position')
    .executeTakeFirstOrThrow();
  const questions = await db.selectFrom('content_questions').select(['id', 'answer']).execute();
  return { path: `/catalog/modules/${row.module}/materials/${row.material}/review`, right: new Map(questions.map((q) => [q.id, JSON.parse(q.answer) as ReviewAnswer])) };
}

/** Enrolments of the school's classes that differ from the layout of `moved` (0: the import applied). */
async function rosterMismatches(db: Db, moved: boolean): Promise<number> {
  const want = new Set(school(moved).enrollments.filter((e) => e[6] === 'student').map((e) => `${String(e[3])}:${String(e[5])}`));
  const rows = await db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .innerJoin('users', 'users.id', 'class_students.user_id')
    .select(['classes.sourced_id', 'users.sourced_id as user'])
    .where('class_students.left_at', 'is', null)
    .where('classes.sourced_id', 'like', 'bc-%')
    .execute();
  const have = new Set(rows.map((r) => `${r.sourced_id}:${r.user}`));
  return [...want].filter((k) => !have.has(k)).length + [...have].filter((k) => !want.has(k)).length;
}

interface Student {
  url: string;
  token: string;
  userId: number;
}

async function run(label: string, servers: readonly BenchServer[], isPostgres: boolean): Promise<Figure[]> {
  const db = servers[0]!.db;
  const admins = await Promise.all(servers.map((s) => signIn(s.url, 'schooladmin', DEMO_PASSWORD)));
  if ((await upload(servers[0]!.url, admins[0]!, false)) !== 200) throw new Error(`${label}: the first import failed`);
  await db.updateTable('users').set({ password_hash: await benchPasswordHash() }).where('user_name', 'like', 'mover%').execute();
  const ids = new Map((await db.selectFrom('users').select(['id', 'user_name']).where('user_name', 'like', 'mover%').execute()).map((u) => [u.user_name, u.id]));
  console.log(`${label}: signing in ${STUDENTS} students …`);
  const students: Student[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const url = servers[i % servers.length]!.url;
    students.push({ url, token: await signIn(url, `mover${i}`), userId: ids.get(`mover${i}`)! });
  }
  const review = await aReview(db);
  const before = isPostgres ? await deadlocks(db) : 0;

  const statuses = { student503: 0, studentOther5xx: 0, import503: 0, importOther: 0 };
  const attempts = new Map<number, number>();
  const turnIns: number[] = [];
  const writeMs: number[] = [];
  const importMs: number[] = [];
  let imports = 0;
  let lastApplied = false;
  const end = performance.now() + SECONDS * 1000;
  const note = (status: number) => {
    if (status === 503) statuses.student503 += 1;
    else if (status >= 500) statuses.studentOther5xx += 1;
  };
  const timed = async (work: () => Promise<{ status: number; body: unknown }>) => {
    const started = performance.now();
    const res = await work();
    writeMs.push(performance.now() - started);
    note(res.status);
    return res;
  };

  const work = async (s: Student) => {
    const doc = await call(s.url, s.token, 'POST', '/worksheets', { kind: 'paycheck', title: 'Pay', data: emptyWorksheet('paycheck') });
    note(doc.status);
    const documentId = (doc.body as { id?: number }).id;
    while (performance.now() < end) {
      const opened = await call(s.url, s.token, 'GET', review.path);
      note(opened.status);
      if (opened.status === 200) {
        const view = opened.body as { serving: string; questions: { id: number; choices?: string[] | null }[] };
        // the right answer of each question, in this serving's shown order (choices are shuffled per opening)
        const stored = new Map((await db.selectFrom('content_questions').select(['id', 'choices']).where('id', 'in', view.questions.map((q) => q.id)).execute()).map((r) => [r.id, r.choices ? (JSON.parse(r.choices) as string[]) : null]));
        const shown = (q: (typeof view.questions)[number], index: number) => {
          const text = stored.get(q.id)?.[index];
          const at = text === undefined || !q.choices ? index : q.choices.indexOf(text);
          return at < 0 ? index : at;
        };
        const answers = Object.fromEntries(
          view.questions.map((q) => {
            const right = review.right.get(q.id)!;
            const numeric = typeof right === 'object' && right !== null && !Array.isArray(right) ? (right as { value: number }).value : undefined;
            return [String(q.id), numeric ?? (typeof right === 'number' ? shown(q, right) : Array.isArray(right) ? right.map((i) => shown(q, i as number)) : right)];
          }),
        );
        const submitted = await timed(() => call(s.url, s.token, 'POST', `${review.path}/attempts`, { serving: view.serving, answers }));
        if (submitted.status === 200) attempts.set(s.userId, (attempts.get(s.userId) ?? 0) + 1);
      }
      const classes = await call(s.url, s.token, 'GET', '/me/classes');
      note(classes.status);
      const cls = (classes.body as { id: number }[] | null)?.[0];
      if (cls && documentId !== undefined) {
        const turned = await timed(() => call(s.url, s.token, 'POST', '/me/turn-ins', { classId: cls.id, kind: 'worksheet', documentId }));
        if (turned.status === 201) turnIns.push((turned.body as { id: number }).id);
      }
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  };
  const moves = async () => {
    for (let i = 0; performance.now() < end; i += 1) {
      const moved = i % 2 === 0;
      const started = performance.now();
      const status = await upload(servers[i % servers.length]!.url, admins[i % servers.length]!, moved);
      importMs.push(performance.now() - started);
      imports += 1;
      if (status === 200) lastApplied = moved;
      else if (status === 503) statuses.import503 += 1;
      else statuses.importOther += 1;
    }
  };
  await Promise.all([moves(), ...students.map(work)]);

  const after = isPostgres ? await deadlocks(db) : 0;
  const keptTurnIns = turnIns.length === 0 ? 0 : Number((await db.selectFrom('turn_ins').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', turnIns).executeTakeFirstOrThrow()).n);
  const keptAttempts = new Map(
    (await db.selectFrom('review_attempts').select(['user_id', (eb) => eb.fn.countAll<string>().as('n')]).where('user_id', 'in', [...ids.values()]).groupBy('user_id').execute()).map((r) => [r.user_id, Number(r.n)]),
  );
  const lostAttempts = [...attempts].reduce((sum, [userId, n]) => sum + Math.max(0, n - (keptAttempts.get(userId) ?? 0)), 0);
  const acknowledged = turnIns.length + [...attempts.values()].reduce((a, b) => a + b, 0);
  const writes = [...writeMs].sort((a, b) => a - b);
  const importTimes = [...importMs].sort((a, b) => a - b);
  return [
    ...(isPostgres ? [{ label: `${label}: deadlocks in the database`, value: after - before, unit: 'deadlocks', target: { op: '<=' as const, value: 0 } }] : []),
    { label: `${label}: 503s to the students`, value: statuses.student503, unit: 'responses', target: { op: '<=', value: 0 }, note: `${statuses.studentOther5xx} other 5xx` },
    { label: `${label}: 503s to the uploads`, value: statuses.import503, unit: 'imports', target: { op: '<=', value: 0 }, note: `${imports} imports of ${MOVED} moved students, ${statuses.importOther} other failures` },
    { label: `${label}: acknowledged writes lost`, value: lostAttempts + turnIns.length - keptTurnIns, unit: 'writes', target: { op: '<=', value: 0 }, note: `${acknowledged} acknowledged (attempts and turn-ins)` },
    { label: `${label}: enrolments not as the last applied import says`, value: await rosterMismatches(db, lastApplied), unit: 'enrolments', target: { op: '<=', value: 0 } },
    { label: `${label}: import (dry run and import) p50`, value: percentile(importTimes, 50), unit: 'ms', note: `max ${Math.round(importTimes.at(-1) ?? 0)} ms` },
    { label: `${label}: student write p99 (attempt, turn-in)`, value: percentile(writes, 99), unit: 'ms', note: `p50 ${Math.round(percentile(writes, 50))} ms, ${writes.length} writes` },
  ];
}

async function main(): Promise<void> {
  const all: Figure[] = [];
  const postgres = await onSqliteThenPostgres('roster-move', async (servers, database) => {
    all.push(...(await run(database === 'sqlite' ? 'SQLite, one instance' : 'PostgreSQL, two instances', servers, database === 'postgres')));
  });
  report('roster-move', `Roster moves under load (${loadLine()})`, all, { seconds: SECONDS, students: STUDENTS, moved: MOVED, classes: CLASSES, postgres });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
