/**
 * A district's history around the classes a test or bench measures: other students with their
 * section completions, review attempts and time, made by the database itself from a series of
 * numbers (hundreds of thousands of rows in seconds, on SQLite and PostgreSQL alike). Each student's
 * rows are interleaved with everyone else's, as a year of real use leaves them on disk.
 */
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../src/server/db';

export interface DistrictHistory {
  /** the first of the students' user ids; they run on from it */
  firstId: number;
  students: number;
  rows: number;
}

export async function seedDistrictHistory(db: Db, options: { students: number; completionsEach: number; attemptsEach: number; timeEach: number }): Promise<DistrictHistory> {
  const { students } = options;
  const series = (n: number) =>
    isPostgres(db) ? sql.raw(`generate_series(1, ${n}) AS s(i)`) : sql.raw(`(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s) AS s`);
  const firstId = Number((await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) + 1 AS m FROM users`.execute(db)).rows[0]!.m);
  await sql`INSERT INTO users (first_name, last_name, user_name, email, password_hash, created_at)
    SELECT 'Other', 'Student', 'history' || s.i, 'history' || s.i || '@example.edu', 'x', 0 FROM ${series(students)}`.execute(db);
  const user = sql.raw(`(${firstId} + (s.i - 1) % ${students})`);
  await sql`INSERT INTO section_completions (user_id, module_slug, material_slug, section_slug, completed_at)
    SELECT ${user}, 'm' || ((s.i - 1) / ${students} / 8), 'mat' || (((s.i - 1) / ${students}) % 8), 's' || s.i, s.i FROM ${series(students * options.completionsEach)}`.execute(db);
  await sql`INSERT INTO review_attempts (user_id, module_slug, material_slug, score, passed, answers, created_at)
    SELECT ${user}, 'm1', 'mat' || (s.i % 8), s.i % 100, s.i % 2, '[]', s.i FROM ${series(students * options.attemptsEach)}`.execute(db);
  await sql`INSERT INTO time_spent (user_id, module_slug, material_slug, section_slug, seconds, first_at, updated_at)
    SELECT ${user}, 'm1', 'mat' || (s.i % 8), 's' || s.i, 60, s.i, s.i FROM ${series(students * options.timeEach)}`.execute(db);
  return { firstId, students, rows: students * (options.completionsEach + options.attemptsEach + options.timeEach) };
}
