/**
 * One row per learner and material summing up their section completions, review attempts and time,
 * kept by the database itself: triggers on the three tables update it in the writing statement's
 * transaction, so every writer (the catalog's routes, the demo seed, a bench's bulk insert) keeps it
 * true without knowing it exists. A class dashboard reads a student's material rows from here
 * (services/classroom/repository.ts `classProgress`) instead of grouping every section and attempt
 * row on each opening: its cost follows the class's students and the materials they touched.
 *
 * Only inserts and updates are followed: no code deletes a progress row except by deleting the user,
 * which cascades to this table as well.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe yesterday's schema (see 0001)
type AnyDb = Kysely<any>;

// typed NULLs: PostgreSQL matches a UNION's column types branch by branch
const N = 'CAST(NULL AS bigint)';
const T = 'CAST(NULL AS text)';

/** Each column's sum over the base tables: the backfill, and the reference a test compares with. */
export const MATERIAL_PROGRESS_FROM_BASE = `
  SELECT user_id, module_slug, material_slug,
         coalesce(max(sections), '') AS sections, coalesce(max(completed_at), 0) AS completed_at,
         coalesce(sum(attempts), 0) AS attempts, max(best) AS best, min(first_attempt_at) AS first_attempt_at,
         max(last_attempt_at) AS last_attempt_at, min(first_passed_at) AS first_passed_at,
         coalesce(sum(seconds), 0) AS seconds, coalesce(max(time_updated_at), 0) AS time_updated_at
  FROM (
    SELECT user_id, module_slug, material_slug, %SECTIONS% AS sections, max(completed_at) AS completed_at,
           ${N} AS attempts, ${N} AS best, ${N} AS first_attempt_at, ${N} AS last_attempt_at, ${N} AS first_passed_at, ${N} AS seconds, ${N} AS time_updated_at
      FROM section_completions GROUP BY user_id, module_slug, material_slug
    UNION ALL
    SELECT user_id, module_slug, material_slug, ${T}, ${N},
           count(*), max(score), min(created_at), max(created_at), min(CASE WHEN passed <> 0 THEN created_at END), ${N}, ${N}
      FROM review_attempts GROUP BY user_id, module_slug, material_slug
    UNION ALL
    SELECT user_id, module_slug, material_slug, ${T}, ${N}, ${N}, ${N}, ${N}, ${N}, ${N}, sum(seconds), max(updated_at)
      FROM time_spent GROUP BY user_id, module_slug, material_slug
  ) AS parts
  GROUP BY user_id, module_slug, material_slug`;

/** The section of a material's time touched last, and its own seconds (ties: the greater slug): the backfill's, and a test's reference. */
export const LAST_SECTION_FROM_BASE = `
  SELECT user_id, module_slug, material_slug, section_slug AS last_section, seconds AS last_section_seconds FROM time_spent AS t
  WHERE NOT EXISTS (SELECT 1 FROM time_spent AS u WHERE u.user_id = t.user_id AND u.module_slug = t.module_slug AND u.material_slug = t.material_slug
    AND (u.updated_at > t.updated_at OR (u.updated_at = t.updated_at AND u.section_slug > t.section_slug)))`;

export const sectionListSql = (postgres: boolean): string => (postgres ? "string_agg(section_slug, ' ' ORDER BY section_slug)" : "group_concat(section_slug, ' ')");

const COLUMNS = 'user_id, module_slug, material_slug, sections, completed_at, attempts, best, first_attempt_at, last_attempt_at, first_passed_at, seconds, time_updated_at, last_section, last_section_seconds';
const BASE_COLUMNS = COLUMNS.replace(', last_section, last_section_seconds', '');
const KEY = '(user_id, module_slug, material_slug)';

/**
 * The upserts that fold new rows of the table named into material_progress, their SET clauses
 * written once for both databases (`greatest`/`least` on PostgreSQL, SQLite's two-argument
 * `max`/`min`). SQLite's triggers run per row (NEW, OLD); PostgreSQL's per statement over the
 * transition tables (new_rows, old_rows), so a bulk insert folds in one statement, not one per row.
 */
function triggers(postgres: boolean): { name: string; table: string; event: 'INSERT' | 'UPDATE'; statement: string }[] {
  const hi = postgres ? 'greatest' : 'max';
  const lo = postgres ? 'least' : 'min';
  const p = 'material_progress';
  const upsert = (source: string, set: string) => `INSERT INTO ${p} (${COLUMNS}) ${source} ON CONFLICT ${KEY} DO UPDATE SET ${set}`;
  /** the rows to fold: one VALUES row from NEW on SQLite, the transition table grouped by material on PostgreSQL */
  const rows = (row: string, grouped: string, from = 'new_rows') =>
    postgres ? `SELECT user_id, module_slug, material_slug, ${grouped} FROM ${from} GROUP BY user_id, module_slug, material_slug` : `VALUES (NEW.user_id, NEW.module_slug, NEW.material_slug, ${row})`;
  const newer = (column: string) => `${column} = coalesce(${hi}(${p}.${column}, excluded.${column}), ${p}.${column}, excluded.${column})`;
  const older = (column: string) => `${column} = coalesce(${lo}(${p}.${column}, excluded.${column}), ${p}.${column}, excluded.${column})`;
  // the section touched last takes over when this write is as recent as the last one (SET reads the old row)
  const takesOver = `excluded.time_updated_at >= ${p}.time_updated_at`;
  const addTime = `seconds = ${p}.seconds + excluded.seconds, time_updated_at = ${hi}(${p}.time_updated_at, excluded.time_updated_at),
    last_section = CASE WHEN ${takesOver} THEN excluded.last_section ELSE ${p}.last_section END,
    last_section_seconds = CASE WHEN ${takesOver} THEN excluded.last_section_seconds ELSE ${p}.last_section_seconds END`;
  /** PostgreSQL, grouped by material: the section and seconds of the transition table's row touched last */
  const lastOf = (q = '') =>
    `(array_agg(${q}section_slug ORDER BY ${q}updated_at DESC, ${q}section_slug DESC))[1], (array_agg(${q}seconds ORDER BY ${q}updated_at DESC, ${q}section_slug DESC))[1]`;
  return [
    {
      name: 'material_progress_completion',
      table: 'section_completions',
      event: 'INSERT',
      statement: upsert(
        rows("NEW.section_slug, NEW.completed_at, 0, NULL, NULL, NULL, NULL, 0, 0, '', 0", "string_agg(section_slug, ' '), max(completed_at), 0, NULL, NULL, NULL, NULL, 0, 0, '', 0"),
        `sections = CASE WHEN ${p}.sections = '' THEN excluded.sections ELSE ${p}.sections || ' ' || excluded.sections END, completed_at = ${hi}(${p}.completed_at, excluded.completed_at)`,
      ),
    },
    {
      name: 'material_progress_attempt',
      table: 'review_attempts',
      event: 'INSERT',
      statement: upsert(
        rows(
          "'', 0, 1, NEW.score, NEW.created_at, NEW.created_at, CASE WHEN NEW.passed <> 0 THEN NEW.created_at END, 0, 0, '', 0",
          "'', 0, count(*), max(score), min(created_at), max(created_at), min(CASE WHEN passed <> 0 THEN created_at END), 0, 0, '', 0",
        ),
        `attempts = ${p}.attempts + excluded.attempts, ${newer('best')}, ${older('first_attempt_at')}, ${newer('last_attempt_at')}, ${older('first_passed_at')}`,
      ),
    },
    {
      name: 'material_progress_time_new',
      table: 'time_spent',
      event: 'INSERT',
      statement: upsert(
        rows("'', 0, 0, NULL, NULL, NULL, NULL, NEW.seconds, NEW.updated_at, NEW.section_slug, NEW.seconds", `'', 0, 0, NULL, NULL, NULL, NULL, sum(seconds), max(updated_at), ${lastOf()}`),
        addTime,
      ),
    },
    {
      name: 'material_progress_time_added',
      table: 'time_spent',
      event: 'UPDATE',
      statement: upsert(
        rows(
          "'', 0, 0, NULL, NULL, NULL, NULL, NEW.seconds - OLD.seconds, NEW.updated_at, NEW.section_slug, NEW.seconds",
          `'', 0, 0, NULL, NULL, NULL, NULL, sum(new_rows.seconds - old_rows.seconds), max(new_rows.updated_at), ${lastOf('new_rows.')}`,
          'new_rows JOIN old_rows USING (user_id, module_slug, material_slug, section_slug)',
        ),
        addTime,
      ),
    },
  ];
}

export const migration0031: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('material_progress')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_slug', 'text', (c) => c.notNull())
      .addColumn('material_slug', 'text', (c) => c.notNull())
      // the completed sections' slugs, space-separated; '' for none
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('best', 'integer')
      .addColumn('first_attempt_at', 'bigint')
      .addColumn('last_attempt_at', 'bigint')
      .addColumn('first_passed_at', 'bigint')
      .addColumn('seconds', 'bigint', (c) => c.notNull())
      .addColumn('time_updated_at', 'bigint', (c) => c.notNull())
      // the section of its time touched last, and that section's own seconds ('' and 0 for none): "stuck" (classroom/status.ts)
      .addColumn('last_section', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_section_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('material_progress_pk', ['user_id', 'module_slug', 'material_slug'])
      .execute();
    await sql.raw(`INSERT INTO material_progress (${BASE_COLUMNS}) ${MATERIAL_PROGRESS_FROM_BASE.replace('%SECTIONS%', sectionListSql(postgres))}`).execute(db);
    await sql
      .raw(
        `UPDATE material_progress SET last_section = l.last_section, last_section_seconds = l.last_section_seconds FROM (${LAST_SECTION_FROM_BASE}) AS l
         WHERE l.user_id = material_progress.user_id AND l.module_slug = material_progress.module_slug AND l.material_slug = material_progress.material_slug`,
      )
      .execute(db);
    for (const { name, table, event, statement } of triggers(postgres)) {
      if (postgres) {
        const transitions = event === 'INSERT' ? 'NEW TABLE AS new_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db);
      } else {
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW BEGIN ${statement}; END`).execute(db);
      }
    }
  },
  async down(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const { name, table } of triggers(postgres)) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}${postgres ? ` ON ${table}` : ''}`).execute(db);
      if (postgres) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    }
    await db.schema.dropTable('material_progress').execute();
  },
};
