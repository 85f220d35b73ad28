/**
 * The work of a class's students that the dashboard is computed from: progress, session activity
 * and saved worksheets, each one query for the whole roster (or the rows a poll recomputes).
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { SERVER_IDLE_LIMIT_MS } from '../../../../common/constants';
import { isPostgres, type Db } from '../../../db';
import type { MaterialProgressTable } from '../../../db/schema';
import { materialKey, sectionKey, type LearnerProgress } from '../../catalog/repository';
import { rosterOf } from './roster';

/**
 * The progress of every student of a class in one query, one row per student and material touched
 * (material_progress, which the database keeps summed up: migration 0031), as the dashboard reads
 * it. In these LearnerProgress maps each completed section carries its material's latest
 * completion, `time` holds the section touched last (its own seconds, the material's last update)
 * and the rest of the material's seconds under `module/material/`, and `attempts` is as
 * loadProgress has it.
 */
export async function classProgress(db: Db, classId: number, only?: readonly number[]): Promise<Map<number, LearnerProgress>> {
  if (only?.length === 0) return new Map();
  const { rows } = await classProgressQuery(db, classId, only).execute(db);
  const byUser = new Map<number, LearnerProgress>();
  for (const row of rows) {
    let progress = byUser.get(row.user_id);
    if (!progress) {
      progress = { completions: new Map(), attempts: new Map(), time: new Map() };
      byUser.set(row.user_id, progress);
    }
    if (row.sections !== '') {
      const completedAt = Number(row.completed_at);
      for (const section of row.sections.split(' ')) progress.completions.set(sectionKey(row.module_slug, row.material_slug, section), completedAt);
    }
    if (row.attempts > 0) {
      progress.attempts.set(materialKey(row.module_slug, row.material_slug), {
        best: Number(row.best),
        count: Number(row.attempts),
        firstAt: Number(row.first_attempt_at),
        lastAt: Number(row.last_attempt_at),
        firstPassedAt: row.first_passed_at === null ? null : Number(row.first_passed_at),
      });
    }
    if (Number(row.time_updated_at) > 0 || Number(row.seconds) > 0) {
      // the section touched last under its own key (status.ts reads "stuck" from it), the rest of
      // the material's time under the material's: the entries still sum to the material's seconds
      const updatedAt = Number(row.time_updated_at);
      const own = row.last_section === '' ? 0 : Number(row.last_section_seconds);
      if (own > 0) progress.time.set(sectionKey(row.module_slug, row.material_slug, row.last_section), { seconds: own, firstAt: 0, updatedAt });
      progress.time.set(sectionKey(row.module_slug, row.material_slug, ''), { seconds: Number(row.seconds) - own, firstAt: 0, updatedAt: own > 0 ? 0 : updatedAt });
    }
  }
  return byUser;
}

/**
 * classProgress's one query: the material_progress rows of the class's students. Its cost must
 * follow the class, never the district's history (its plan is checked on an analyzed database:
 * classroomPlan.test.ts). SQLite reaches each student's rows through the table's key from the
 * roster's ids; PostgreSQL, once a class's students hold a few per cent of a small district's rows,
 * would rather scan the table whole, so there the live roster drives and each student's rows come
 * from a lateral subquery on the same key (OFFSET 0 keeps it a subquery: flattened into a plain
 * join, it would be hashed against a scan of the whole table).
 */
export function classProgressQuery(db: Db, classId: number, only?: readonly number[]) {
  const columns = sql`mp.user_id, mp.module_slug, mp.material_slug, mp.sections, mp.completed_at, mp.attempts, mp.best, mp.first_attempt_at, mp.last_attempt_at, mp.first_passed_at, mp.seconds, mp.time_updated_at, mp.last_section, mp.last_section_seconds`;
  let query;
  if (only) {
    query = sql`SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id IN (${sql.join([...only])})`;
  } else if (isPostgres(db)) {
    query = sql`SELECT p.* FROM class_students AS cs CROSS JOIN LATERAL (SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id = cs.user_id OFFSET 0) AS p WHERE cs.class_id = ${classId} AND cs.left_at IS NULL`;
  } else {
    query = sql`SELECT ${columns} FROM material_progress AS mp WHERE mp.user_id IN (SELECT user_id FROM class_students WHERE class_id = ${classId} AND left_at IS NULL)`;
  }
  return query as RawBuilder<ProgressRow>;
}

type ProgressRow = Selectable<MaterialProgressTable>;

/**
 * Each student's last session activity (`last`), and the same among live sessions (not revoked,
 * not expired, not idle: `live`, who is signed in now), in one pass over the roster's sessions.
 */
export async function sessionActivity(db: Db, classId: number, now: number): Promise<{ live: Map<number, number>; last: Map<number, number> }> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'user_id',
      (eb) => eb.fn.max<number>('last_activity_at').as('last'),
      sql<number | null>`max(case when revoked_at is null and expires_at > ${now} and last_activity_at > ${now - SERVER_IDLE_LIMIT_MS} then last_activity_at end)`.as('live'),
    ])
    .where('user_id', 'in', rosterOf(db, classId))
    .groupBy('user_id')
    .execute();
  const live = new Map<number, number>();
  const last = new Map<number, number>();
  for (const r of rows) {
    last.set(r.user_id, Number(r.last));
    if (r.live !== null) live.set(r.user_id, Number(r.live));
  }
  return { live, last };
}

/** The students' saved worksheets (kind and last change), for "in progress" on worksheet assignments. */
export async function classWorksheets(db: Db, classId: number, only?: readonly number[]): Promise<{ userId: number; kind: string; updatedAt: number }[]> {
  if (only?.length === 0) return [];
  const rows = await db
    .selectFrom('worksheets')
    .select(['user_id', 'kind', (eb) => eb.fn.max<number>('updated_at').as('updated_at')])
    .where('user_id', 'in', rosterOf(db, classId, only))
    .where('deleted_at', 'is', null)
    .groupBy(['user_id', 'kind'])
    .execute();
  return rows.map((r) => ({ userId: r.user_id, kind: r.kind, updatedAt: Number(r.updated_at) }));
}

/** A learner's live worksheets (kind and last change), for "in progress" on worksheet assignments. */
export async function learnerWorksheets(db: Db, userId: number): Promise<{ kind: string; updatedAt: number }[]> {
  const rows = await db.selectFrom('worksheets').select(['kind', 'updated_at']).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  return rows.map((w) => ({ kind: w.kind, updatedAt: Number(w.updated_at) }));
}
