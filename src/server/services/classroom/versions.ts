/**
 * What lets a dashboard poll of an unchanged class answer 304 without computing the grid
 * (docs/performance.md "Dashboard"): a validator read in one small indexed query, the same on every
 * instance sharing the database.
 *
 * - **The class's version** (`classes.dashboard_version`): every write that changes what the grid
 *   shows bumps it in the same transaction (`bumpClassVersions`): a student's progress, review
 *   attempts, saved worksheets, turn-ins and names; the class's assignments, roster and name.
 * - **What no class write records**: who is signed in now and when each student was last active
 *   change with sign-ins, renewals, sign-outs and the clock (expiry, the idle limit). The validator
 *   sums the roster's sessions (count, last activity, expiry, revocation) and counts the live ones at
 *   `now`, as the grid's session query does; the assignments already past due at `now` (a cell turns
 *   overdue with no write) and the newest content import (the school's catalog) complete it.
 *
 * The validator is read before the grid: a write committed in between makes the answer newer than
 * its tag, and the next poll a 200, never a 304 on an older grid.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SERVER_IDLE_LIMIT_MS } from '../../../common/constants';
import type { Db } from '../../db';

/** Raise when the dashboard's answer changes shape: tags made by the older code stop matching. */
const GRID_FORMAT = 1;

/** An UPDATE's IN list stays well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export type ClassVersionScope =
  /** these classes */
  | { classIds: readonly number[] }
  /** the live classes these students are in (their progress, work or name changed) */
  | { studentIds: readonly number[] }
  /** every class of these schools (a roster import) */
  | { schoolIds: readonly number[] };

/** Bumps the dashboard version of the classes `scope` names. Call inside the write's transaction. */
export async function bumpClassVersions(trx: Db, scope: ClassVersionScope): Promise<void> {
  const ids = [...new Set('classIds' in scope ? scope.classIds : 'studentIds' in scope ? scope.studentIds : scope.schoolIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const update = trx.updateTable('classes').set({ dashboard_version: sql`dashboard_version + 1` });
    if ('classIds' in scope) await update.where('id', 'in', chunk).execute();
    else if ('schoolIds' in scope) await update.where('client_id', 'in', chunk).execute();
    else {
      await update
        .where('id', 'in', (eb) => eb.selectFrom('class_students').select('class_id').where('user_id', 'in', chunk).where('left_at', 'is', null))
        .execute();
    }
  }
}

/**
 * The dashboard's weak ETag at `now`, from the class's version (read with the class) and one query
 * over its roster's sessions, its past-due assignments and the content version.
 */
export async function dashboardTag(db: Db, cls: { id: number; dashboardVersion: number }, now: number): Promise<string> {
  const row = await db
    .selectFrom('sessions')
    .select([
      (eb) => eb.fn.countAll<number>().as('sessions'),
      sql<number | null>`sum(last_activity_at)`.as('activity'),
      sql<number | null>`sum(expires_at)`.as('expiry'),
      sql<number | null>`sum(coalesce(revoked_at, 0))`.as('revoked'),
      sql<number | null>`sum(case when revoked_at is null and expires_at > ${now} and last_activity_at > ${now - SERVER_IDLE_LIMIT_MS} then 1 else 0 end)`.as('live'),
      (eb) =>
        eb
          .selectFrom('assignments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('class_id', '=', cls.id)
          .where('deleted_at', 'is', null)
          .where('due_at', '<', now)
          .as('pastDue'),
      (eb) => eb.selectFrom('content_versions').select(sql<number | null>`max(id)`.as('v')).as('content'),
    ])
    .where('user_id', 'in', (eb) => eb.selectFrom('class_students').select('user_id').where('class_id', '=', cls.id).where('left_at', 'is', null))
    .executeTakeFirstOrThrow();
  // numbers as text: PostgreSQL's sums of bigints arrive as strings, SQLite's as numbers
  const parts = [GRID_FORMAT, cls.id, cls.dashboardVersion, row.sessions, row.activity, row.expiry, row.revoked, row.live, row.pastDue, row.content].map((v) => (v === null ? '' : String(v)));
  return `W/"${createHash('sha1').update(parts.join(':')).digest('base64url')}"`;
}

/** `write`, then the bump of `scope`'s dashboards, in one transaction; answers what `write` answers. */
export function withClassVersions<T>(db: Db, scope: ClassVersionScope, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await bumpClassVersions(trx, scope);
    return result;
  });
}
