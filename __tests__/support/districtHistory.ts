/**
 * A district's history around the classes a test or bench measures: other students with their
 * section completions, review attempts and time, made by the database itself from a series of
 * numbers (hundreds of thousands of rows in seconds, on SQLite and PostgreSQL alike). Each student's
 * rows are interleaved with everyone else's, as a year of real use leaves them on disk; the
 * database's own triggers sum them up per material (material_progress) as they would live rows.
 */
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../src/server/db';

export interface DistrictHistory {
  /** the first of the students' user ids; they run on from it */
  firstId: number;
  students: number;
  rows: number;
}

const CHUNK = 50_000;

export async function seedDistrictHistory(db: Db, options: { students: number; completionsEach: number; attemptsEach: number; timeEach: number }): Promise<DistrictHistory> {
  const { students } = options;
  const range = (from: number, to: number) =>
    isPostgres(db) ? sql.raw(`generate_series(${from}, ${to}) AS s(i)`) : sql.raw(`(WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) SELECT i FROM s) AS s`);
  /** rows 1…n, in statements of at most CHUNK rows, each well inside the database's statement timeout on a busy machine */
  const inChunks = async (n: number, insert: (series: ReturnType<typeof sql.raw>) => Promise<unknown>) => {
    for (let from = 1; from <= n; from += CHUNK) await insert(range(from, Math.min(n, from + CHUNK - 1)));
  };
  const firstId = Number((await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) + 1 AS m FROM users`.execute(db)).rows[0]!.m);
  await sql`INSERT INTO users (first_name, last_name, user_name, email, password_hash, created_at)
    SELECT 'Other', 'Student', 'history' || s.i, 'history' || s.i || '@example.edu', 'x', 0 FROM ${range(1, students)}`.execute(db);
  const user = sql.raw(`(${firstId} + (s.i - 1) % ${students})`);
  // each student's k-th completion: section k % 4 of material k / 4 (eight materials a module), as a course is read
  const k = sql.raw(`((s.i - 1) / ${students})`);
  await inChunks(students * options.completionsEach, (series) =>
    sql`INSERT INTO section_completions (user_id, module_slug, material_slug, section_slug, completed_at)
      SELECT ${user}, 'm' || (${k} / 4 / 8), 'mat' || ((${k} / 4) % 8), 's' || (${k} % 4), s.i FROM ${series}`.execute(db),
  );
  await inChunks(students * options.attemptsEach, (series) =>
    sql`INSERT INTO review_attempts (user_id, module_slug, material_slug, score, passed, answers, created_at)
      SELECT ${user}, 'm1', 'mat' || (s.i % 8), s.i % 100, s.i % 2, '[]', s.i FROM ${series}`.execute(db),
  );
  await inChunks(students * options.timeEach, (series) =>
    sql`INSERT INTO time_spent (user_id, module_slug, material_slug, section_slug, seconds, first_at, updated_at)
      SELECT ${user}, 'm1', 'mat' || (s.i % 8), 's' || s.i, 60, s.i, s.i FROM ${series}`.execute(db),
  );
  return { firstId, students, rows: students * (options.completionsEach + options.attemptsEach + options.timeEach) };
}
