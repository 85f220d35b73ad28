/**
 * The dashboard's full compute reads only the rows of the class's students, whatever the district's
 * history: a plan test (never a timing) on an ANALYZEd database holding a district's progress
 * around the class — 400,000 section completions, 50,000 review attempts and 100,000 time rows of
 * 1,000 students, summed up per material in material_progress, 30 of whom are the class (3 % of the
 * rows: where PostgreSQL would rather scan). A plan that scans one of those tables grows with the
 * district, not the class. Runs on SQLite and, under `npm run test:pg`, on PostgreSQL (where fresh, unanalyzed tables
 * once hid such a plan).
 */
import { CompiledQuery, sql } from 'kysely';
import { seedDistrictHistory } from '../support/districtHistory';
import { isPostgres } from '../../src/server/db';
import { classProgressQuery } from '../../src/server/services/classroom/repository';
import { createTestApp, type TestApp } from './support/testApp';

const PROGRESS_TABLES = ['material_progress', 'section_completions', 'review_attempts', 'time_spent'];
const OTHERS = 1_000;

let t: TestApp;
let classId: number;
let students: number[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const school = (await db.selectFrom('clients').select('id').where('lsclient_id', '=', 'LINCOLN-HS').executeTakeFirstOrThrow()).id;
  const { firstId: firstOther } = await seedDistrictHistory(db, { students: OTHERS, completionsEach: 400, attemptsEach: 50, timeEach: 100 });

  // the measured class: 30 of those students, each with a semester's history like everyone's
  const cls = await db.insertInto('classes').values({ client_id: school, name: 'Period 1', sourced_id: null, created_at: 0, updated_at: 0, archived_at: null }).returning('id').executeTakeFirstOrThrow();
  classId = cls.id;
  students = Array.from({ length: 30 }, (_, i) => firstOther + i * 31);
  await db.insertInto('class_students').values(students.map((user_id) => ({ class_id: classId, user_id, source: 'code' as const, joined_at: 0, left_at: null }))).execute();
  await sql`ANALYZE`.execute(db);
}, 300_000);

afterAll(async () => {
  await t.close();
});

/** The tables a plan reads whole (PostgreSQL: Seq Scan nodes; SQLite: SCAN steps). */
async function scannedTables(only?: readonly number[]): Promise<string[]> {
  const compiled = classProgressQuery(t.db, classId, only).compile(t.db);
  if (isPostgres(t.db)) {
    const result = await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]));
    const scanned: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Node Type'] === 'Seq Scan') scanned.push(String(node['Relation Name']));
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const plan = result.rows[0]!['QUERY PLAN'];
    walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return scanned;
  }
  const result = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
  return result.rows.flatMap((row) => /^SCAN (\w+)/.exec(row.detail)?.slice(1) ?? []);
}

describe('the dashboard reads only its class’s rows', () => {
  it('the full compute of a class reaches the progress tables through their indexes, on an analyzed database', async () => {
    expect((await scannedTables()).filter((table) => PROGRESS_TABLES.includes(table))).toEqual([]);
  });

  it('a poll that recomputes a few students does the same', async () => {
    expect((await scannedTables(students.slice(0, 3))).filter((table) => PROGRESS_TABLES.includes(table))).toEqual([]);
  });

  it('and the answer is the class’s progress, none of the district’s', async () => {
    const { rows } = await classProgressQuery(t.db, classId).execute(t.db);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(students));
  });
});
