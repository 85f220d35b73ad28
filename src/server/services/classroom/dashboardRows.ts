/**
 * A class dashboard's student rows, recomputing only those whose enrolment's row version moved
 * (docs/performance.md "Dashboard"). Every write a row shows bumps its row version in the write's
 * transaction (versions.ts); a class-wide write bumps every row of the class. Each instance keeps
 * the rows it computed, keyed by (class, student, row version) and by the class's assignments and
 * catalog tree: the versions live in the database, so instances sharing it agree, and what a row
 * holds is what a full compute of that version gives.
 *
 * A row is kept before the clock: its cells before their due instants (status.ts `workCell`), its
 * time and its latest work. Who is signed in, names, school ids, languages, due marks and stuck cells are applied on
 * every answer from the roster and session reads, which are made on every 200 anyway.
 *
 * The roster (with the row versions) is read before the stale rows' work, so a kept row is never
 * older than its version: a write committed in between shows in the row and bumps its version,
 * and the next poll recomputes it once more.
 */
import type { DashboardStudent } from '../../../common/classroom';
import type { Db } from '../../db';
import type { LearnerProgress, TreeModule } from '../catalog/repository';
import * as repo from './repository';
import { cellAt, studentDueAt, workCell, type AssignmentFacts, type StudentWork, type WorkCell } from './status';

/** What a student's row is without the clock and the sessions. */
export interface WorkRow {
  /** the enrolment's row version it was computed at */
  version: number;
  /** one per assignment, in the class entry's assignment order */
  cells: WorkCell[];
  timeSpentSeconds: number;
  /** the latest progress, attempt or turn-in, 0 for none */
  lastWorkAt: number;
}

export interface ClassEntry {
  tree: readonly TreeModule[];
  /** the assignments the rows were computed for: any change recomputes every row */
  factsKey: string;
  rows: Map<number, WorkRow>;
}

/**
 * Cells kept per instance, all classes together: 150 000 is a hundred and twenty-five classes of
 * 40 × 30 (a few tens of MB at most); past it the least recently polled class goes.
 */
export const MAX_KEPT_CELLS = 150_000;

/** The rows an instance keeps, per class, least recently polled class out past `maxCells`. */
export class RowCache {
  private readonly classes = new Map<number, ClassEntry>();
  private cells = 0;

  constructor(private readonly maxCells = MAX_KEPT_CELLS) {}

  entry(classId: number, tree: readonly TreeModule[], factsKey: string): ClassEntry {
    let entry = this.classes.get(classId);
    if (entry && (entry.tree !== tree || entry.factsKey !== factsKey)) {
      this.drop(classId);
      entry = undefined;
    }
    if (entry) {
      // most recently used last: the Map's order is the eviction order
      this.classes.delete(classId);
    } else entry = { tree, factsKey, rows: new Map() };
    this.classes.set(classId, entry);
    return entry;
  }

  /** Keeps `rows` as the class's rows (the roster's, no others), then evicts down to the cap. */
  keep(classId: number, entry: ClassEntry, rows: Map<number, WorkRow>): void {
    // a poll that ran alongside replaced or evicted the entry meanwhile: its rows stand
    if (this.classes.get(classId) !== entry) return;
    this.cells -= cellsOf(entry.rows);
    entry.rows = rows;
    this.cells += cellsOf(rows);
    for (const [oldest] of this.classes) {
      if (this.cells <= this.maxCells || oldest === classId) break;
      this.drop(oldest);
    }
  }

  private drop(classId: number): void {
    const entry = this.classes.get(classId);
    if (!entry) return;
    this.cells -= cellsOf(entry.rows);
    this.classes.delete(classId);
  }

  get keptCells(): number {
    return this.cells;
  }

  /** The classes kept, least recently polled first. */
  get keptClasses(): number[] {
    return [...this.classes.keys()];
  }
}

function cellsOf(rows: Map<number, WorkRow>): number {
  let n = 0;
  for (const row of rows.values()) n += row.cells.length;
  return n;
}

/** One cache per database handle: per instance, and per app in tests that run two side by side. */
const caches = new WeakMap<Db, RowCache>();
function cacheOf(db: Db): RowCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RowCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets every row kept for `db`: the next poll of each class computes all of it. */
export function forgetDashboardRows(db: Db): void {
  caches.delete(db);
}

const NO_PROGRESS: LearnerProgress = { completions: new Map(), attempts: new Map(), time: new Map() };

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The work rows of `students` (all of a class, or the stale ones) in three queries whatever their number. */
async function computeRows(db: Db, classId: number, students: readonly repo.StudentRow[], all: boolean, facts: readonly AssignmentFacts[], tree: readonly TreeModule[]): Promise<Map<number, WorkRow>> {
  const only = all ? undefined : students.map((s) => s.userId);
  const [progress, turnIns, worksheets] = await Promise.all([repo.classProgress(db, classId, only), repo.classTurnIns(db, classId, only), repo.classWorksheets(db, classId, only)]);
  const turnInsOf = groupBy(turnIns, (t) => t.userId);
  const worksheetsOf = groupBy(worksheets, (w) => w.userId);
  const rows = new Map<number, WorkRow>();
  for (const s of students) {
    const p = progress.get(s.userId) ?? NO_PROGRESS;
    const handedIn = turnInsOf.get(s.userId) ?? [];
    const work: StudentWork = { progress: p, turnIns: handedIn, worksheets: worksheetsOf.get(s.userId) ?? [] };
    let seconds = 0;
    let last = 0;
    for (const t of p.time.values()) {
      seconds += t.seconds;
      last = Math.max(last, t.updatedAt);
    }
    for (const at of p.completions.values()) last = Math.max(last, at);
    for (const a of p.attempts.values()) last = Math.max(last, a.lastAt);
    for (const t of handedIn) last = Math.max(last, t.turnedInAt);
    rows.set(s.userId, { version: s.rowVersion, cells: facts.map((a) => workCell(a, tree, work)), timeSpentSeconds: seconds, lastWorkAt: last });
  }
  return rows;
}

export interface RowInputs {
  classId: number;
  tree: readonly TreeModule[];
  facts: readonly AssignmentFacts[];
  /** the live roster with its row versions, in the grid's order */
  roster: readonly repo.StudentRow[];
  sessions: { live: Map<number, number>; last: Map<number, number> };
  now: number;
  /** a student's own due instant on an assignment (a teacher's extension), if any */
  ownDueAt?: (assignmentId: number, userId: number) => number | null | undefined;
}

/** The dashboard's rows at `now`: kept rows whose version still holds, the others computed. */
export async function dashboardRows(db: Db, input: RowInputs): Promise<{ students: DashboardStudent[]; recomputed: number }> {
  const cache = cacheOf(db);
  const { facts, tree, roster, now } = input;
  const entry = cache.entry(input.classId, tree, JSON.stringify(facts));
  const stale = roster.filter((s) => entry.rows.get(s.userId)?.version !== s.rowVersion);
  const fresh = stale.length === 0 ? new Map<number, WorkRow>() : await computeRows(db, input.classId, stale, stale.length === roster.length, facts, tree);
  const rows = new Map<number, WorkRow>();
  for (const s of roster) rows.set(s.userId, fresh.get(s.userId) ?? entry.rows.get(s.userId)!);
  cache.keep(input.classId, entry, rows);
  const students = roster.map((s): DashboardStudent => {
    const row = rows.get(s.userId)!;
    const last = Math.max(input.sessions.last.get(s.userId) ?? 0, row.lastWorkAt);
    const signedIn = input.sessions.live.has(s.userId);
    const cells: DashboardStudent['cells'] = {};
    facts.forEach((a, i) => {
      cells[a.id] = cellAt(row.cells[i]!, studentDueAt(a.dueAt, input.ownDueAt?.(a.id, s.userId)), now, signedIn);
    });
    return {
      userId: s.userId,
      firstName: s.firstName,
      lastName: s.lastName,
      userName: s.userName,
      externalId: s.externalId,
      language: s.language,
      signedIn,
      lastActiveAt: last > 0 ? last : null,
      timeSpentSeconds: row.timeSpentSeconds,
      cells,
    };
  });
  return { students, recomputed: stale.length };
}
