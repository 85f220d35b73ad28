/**
 * What lets a dashboard poll of an unchanged class answer 304 without computing the grid
 * (docs/performance.md "Dashboard"): a validator read in one small indexed query, the same on every
 * instance sharing the database.
 *
 * - **The class's version** (`classes.dashboard_version`): every write that changes what the grid
 *   shows bumps it in the same transaction (`bumpClassVersions`): a student's progress, review
 *   attempts, saved worksheets, turn-ins, names and language; the class's assignments, roster and name.
 * - **What no class write records**: who is signed in now and when each student was last active
 *   change with sign-ins, renewals, sign-outs and the clock (expiry, the idle limit). The validator
 *   sums the roster's sessions (count, last activity, expiry, revocation) and counts the live ones at
 *   `now`, as the grid's session query does; the assignments and students' extensions already past
 *   due at `now` (a cell turns overdue with no write) and the newest content import (the school's
 *   catalog) complete it.
 *
 * The validator is read before the grid: a write committed in between makes the answer newer than
 * its tag, and the next poll a 200, never a 304 on an older grid.
 *
 * - **The rows' versions** (`class_students.row_version`), bumped with the class's: what a changed
 *   class's poll recomputes (dashboardRows.ts) — the rows of the students a write concerns, every
 *   row for a class-wide write.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SERVER_IDLE_LIMIT_MS } from '../../../common/constants';
import { isPostgres, type Db } from '../../db';
import { retryingTransaction } from '../../db/transaction';
import { DUE_SOON_MS, STUCK_RECENT_MS } from './status';

/** Raise when the dashboard's answer changes shape: tags made by the older code stop matching. */
const GRID_FORMAT = 3;

/** An UPDATE's IN list stays well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export type ClassVersionScope =
  /** these classes */
  | { classIds: readonly number[] }
  /** the live classes these students are in (their progress, work or name changed) */
  | { studentIds: readonly number[] }
  /** every class of these schools (a roster import) */
  | { schoolIds: readonly number[] };

/** Sorted, without repeats: the order in which the classes' rows are locked. */
const sortedIds = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The classes a bump concerns: those whose version it bumps, and those whose rows it locks (a
 * student's enrolments in classes they left too: their rows are bumped, see below).
 */
interface ScopeClasses {
  bump: number[];
  lock: number[];
}

/** The classes `scope` concerns, sorted. */
async function classesOf(trx: Db, scope: ClassVersionScope): Promise<ScopeClasses> {
  if ('classIds' in scope) {
    const ids = sortedIds(scope.classIds);
    return { bump: ids, lock: ids };
  }
  const bump: number[] = [];
  const lock: number[] = [];
  const keys = sortedIds('studentIds' in scope ? scope.studentIds : scope.schoolIds);
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    if ('schoolIds' in scope) {
      bump.push(...(await trx.selectFrom('classes').select('id').where('client_id', 'in', chunk).execute()).map((r) => r.id));
    } else {
      for (const r of await trx.selectFrom('class_students').select(['class_id', 'left_at']).where('user_id', 'in', chunk).execute()) {
        lock.push(r.class_id);
        if (r.left_at === null) bump.push(r.class_id);
      }
    }
  }
  return { bump: sortedIds(bump), lock: sortedIds([...bump, ...lock]) };
}

/**
 * The one lock order of every write to classes and enrolments (roster imports, a student's work,
 * turn-ins, teachers' and administrators' changes), taken before the write's first row: on
 * PostgreSQL, the rows of the classes `scopes` concern in ascending id order, then their enrolment
 * rows (`class_students`) in ascending (class_id, user_id) order — every enrolment of a class-wide
 * scope's classes, a student's own in every class they were ever in. Two writers then queue on the
 * first class they share instead of each holding a row the other needs (a deadlock, one of them
 * rolled back); a row a write inserts or references later (a turn-in's class, an attempt's
 * enrolment) is already its own. SQLite has one writer at a time: nothing to lock there.
 */
export async function lockClassWrites(trx: Db, ...scopes: ClassVersionScope[]): Promise<void> {
  if (!isPostgres(trx)) return;
  const found: ScopeClasses[] = [];
  for (const scope of scopes) found.push(await classesOf(trx, scope));
  await lockFound(trx, scopes, found);
}

/** The classes `scope` concerns, locked (lockClassWrites) on PostgreSQL. */
async function lockedClassesOf(trx: Db, scope: ClassVersionScope): Promise<ScopeClasses> {
  const found = await classesOf(trx, scope);
  if (isPostgres(trx)) await lockFound(trx, [scope], [found]);
  return found;
}

/** The locks of lockClassWrites, of the classes `found` for each of `scopes`. */
async function lockFound(trx: Db, scopes: readonly ClassVersionScope[], found: readonly ScopeClasses[]): Promise<void> {
  const classes = sortedIds(found.flatMap((f) => f.lock));
  if (classes.length === 0) return;
  // one array parameter each: a district's classes stay within the bound-parameter limit
  await trx.selectFrom('classes').select('id').where(sql<boolean>`id = any(${classes}::bigint[])`).orderBy('id').forUpdate().execute();
  const wide = sortedIds(found.flatMap((f, i) => ('studentIds' in scopes[i]! ? [] : f.lock)));
  const students = sortedIds(scopes.flatMap((scope) => ('studentIds' in scope ? scope.studentIds : [])));
  await trx
    .selectFrom('class_students')
    .select(['class_id', 'user_id'])
    .where(sql<boolean>`class_id = any(${classes}::bigint[])`)
    .where(sql<boolean>`(class_id = any(${wide}::bigint[]) or user_id = any(${students}::bigint[]))`)
    .orderBy('class_id')
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** The bump itself, of classes found (and locked) by lockClassWrites. */
async function bumpFound(trx: Db, scope: ClassVersionScope, { bump }: ScopeClasses): Promise<void> {
  for (let i = 0; i < bump.length; i += CHUNK) {
    await trx.updateTable('classes').set({ dashboard_version: sql`dashboard_version + 1` }).where('id', 'in', bump.slice(i, i + CHUNK)).execute();
  }
  const rows = trx.updateTable('class_students').set({ row_version: sql`row_version + 1` });
  if ('studentIds' in scope) {
    const students = sortedIds(scope.studentIds);
    for (let i = 0; i < students.length; i += CHUNK) await rows.where('user_id', 'in', students.slice(i, i + CHUNK)).execute();
  } else {
    for (let i = 0; i < bump.length; i += CHUNK) await rows.where('class_id', 'in', bump.slice(i, i + CHUNK)).execute();
  }
}

/**
 * Bumps the dashboard version of the classes `scope` names, and the row version of the enrolments
 * it concerns (dashboardRows.ts recomputes only the rows whose version moved): every enrolment of
 * the classes for a class-wide write (assignments, name, roster: `classIds`, `schoolIds`), the
 * students' own for theirs (`studentIds`) — in every class they were ever in, so a student who
 * rejoins a class never brings back a row computed before their later work. Call inside the write's
 * transaction, which took lockClassWrites for the same scope before its first write (the classes
 * are looked up and locked again here: a write may have added some, which are its own).
 */
export async function bumpClassVersions(trx: Db, scope: ClassVersionScope): Promise<void> {
  const found = await lockedClassesOf(trx, scope);
  if (found.lock.length > 0) await bumpFound(trx, scope, found);
}

/**
 * The dashboard's weak ETag at `now`, from the class's version (read with the class) and one query
 * over its roster's sessions, its past-due and due-soon assignments and the content version.
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
      // a student's extension passing turns their cell overdue with no write, as the class's due does
      (eb) =>
        eb
          .selectFrom('assignment_exceptions')
          .innerJoin('assignments', 'assignments.id', 'assignment_exceptions.assignment_id')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('assignments.class_id', '=', cls.id)
          .where('assignments.deleted_at', 'is', null)
          .where('assignment_exceptions.due_at', '<', now)
          .as('pastOwnDue'),
      // unfinished work turns "due soon" (status.ts DUE_SOON_MS) with no write
      (eb) =>
        eb
          .selectFrom('assignments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('class_id', '=', cls.id)
          .where('deleted_at', 'is', null)
          .where('due_at', '<', now + DUE_SOON_MS)
          .as('dueSoon'),
      (eb) => eb.selectFrom('content_versions').select(sql<number | null>`max(id)`.as('v')).as('content'),
    ])
    .where('user_id', 'in', (eb) => eb.selectFrom('class_students').select('user_id').where('class_id', '=', cls.id).where('left_at', 'is', null))
    .executeTakeFirstOrThrow();
  // numbers as text: PostgreSQL's sums of bigints arrive as strings, SQLite's as numbers
  // "stuck" ends STUCK_RECENT_MS after the section's time last moved, with no write: while anyone
  // is signed in, the tag moves on that step too (one fresh answer per step, its rows kept)
  const stuckStep = Number(row.live) > 0 ? Math.floor(now / STUCK_RECENT_MS) : null;
  const parts = [GRID_FORMAT, cls.id, cls.dashboardVersion, row.sessions, row.activity, row.expiry, row.revoked, row.live, row.pastDue, row.pastOwnDue, row.dueSoon, stuckStep, row.content].map((v) =>
    v === null ? '' : String(v),
  );
  return `W/"${createHash('sha1').update(parts.join(':')).digest('base64url')}"`;
}

/**
 * `write`, then the bump of `scope`'s dashboards, in one transaction that takes the classes' and
 * enrolments' locks first (lockClassWrites) and runs again if PostgreSQL still rolls it back for
 * contention (db/transaction.ts): `write` must be safe to re-run. Answers what `write` answers.
 */
export function withClassVersions<T>(db: Db, scope: ClassVersionScope, write: (trx: Db) => Promise<T>): Promise<T> {
  return retryingTransaction(db, async (trx) => {
    const found = await lockedClassesOf(trx, scope);
    const result = await write(trx);
    if (found.lock.length > 0) await bumpFound(trx, scope, found);
    return result;
  });
}
