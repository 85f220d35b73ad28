/**
 * What changed in the SQLite database since a moment: the basis of the read caches (db/readCache.ts,
 * an authenticated catalog read ran four queries — the session, the learner's schools,
 * the school's modules, the learner's progress — whose answers almost never change between two
 * requests).
 *
 * Two sources of change, both seen before the next read:
 * - **This process's own statements.** Every statement Kysely runs on the SQLite connection is
 *   prepared just before it runs (db/index.ts `withStatementCache`); the tracker reads its text
 *   there. An `insert into` or `update` marks its table changed; a `select` marks nothing; anything
 *   else (a delete, which may cascade, a rollback, DDL, raw SQL) marks every table changed.
 *   better-sqlite3 runs the statement synchronously right after, and Kysely lets no other query use
 *   the connection while a transaction holds it, so no read slips between a write and its commit.
 * - **Any other connection** (the admin CLI, another cluster worker on the same file, a test):
 *   SQLite's `PRAGMA data_version` changes on this connection whenever another one commits. Every
 *   authenticated request looks at it as it starts (`seeOtherConnections`), and any other read at
 *   least once per turn of the event loop; when it moved, every table counts as changed.
 *
 * PostgreSQL has no such connection-level signal and is often shared by several instances, so the
 * read caches stay off there (docs/server.md "Read caches").
 */
import type { Db } from './index';

/** What a statement does to the data, read from its SQL text. */
export type StatementEffect = { kind: 'none' } | { kind: 'write'; table: string } | { kind: 'unknown' };

const READ = /^\s*(?:select|explain)\b/i;
// Kysely writes `insert into "t"` (upserts too: `… on conflict do update`) and `update "t"`. The
// `or replace` forms are left out on purpose: they delete conflicting rows, like `delete` below.
const INSERT = /^\s*insert\s+(?:or\s+(?:ignore|abort|fail|rollback)\s+)?into\s+"?(\w+)"?/i;
const UPDATE = /^\s*update\s+(?:or\s+(?:ignore|abort|fail|rollback)\s+)?(?!or\s)"?(\w+)"?/i;
/**
 * `commit`: its writes were counted when they ran, and no read of ours could run in between.
 * `begin`, `savepoint`, `release`: change nothing by themselves.
 */
const NO_CHANGE = /^\s*(?:begin|commit|end|savepoint|release)\b/i;

/**
 * A delete (or a replace) may reach other tables through `on delete cascade` / `set null` (a user's
 * sessions, schools, progress…), a rollback restores rows, DDL and raw SQL may do anything: those
 * count as "every table changed". They are rare on the hot path (sign-out and revocation update).
 */
export function statementEffect(sql: string): StatementEffect {
  if (READ.test(sql)) return { kind: 'none' };
  const write = INSERT.exec(sql) ?? UPDATE.exec(sql);
  if (write) return { kind: 'write', table: write[1]!.toLowerCase() };
  if (NO_CHANGE.test(sql)) return { kind: 'none' };
  return { kind: 'unknown' };
}

/**
 * Generations of the tables of one SQLite connection. A stamp of some tables is the newest
 * generation among them (or of an "everything changed"); it differs from an earlier stamp exactly
 * when one of them changed in between.
 */
export class ChangeTracker {
  #clock = 0;
  #everything = 0;
  readonly #tables = new Map<string, number>();
  #dataVersion: number;
  #lookedThisTurn = false;
  readonly #nextTurn = (): void => {
    this.#lookedThisTurn = false;
  };

  constructor(private readonly readDataVersion: () => number) {
    this.#dataVersion = readDataVersion();
  }

  /** A statement about to run on the tracked connection. */
  noteStatement(sql: string): void {
    const effect = statementEffect(sql);
    if (effect.kind === 'write') this.#tables.set(effect.table, ++this.#clock);
    else if (effect.kind === 'unknown') this.#everything = ++this.#clock;
  }

  /** Anything done to the connection outside statements (e.g. `exec`). */
  noteUnknownChange(): void {
    this.#everything = ++this.#clock;
  }

  /**
   * Looks for commits by other connections now. A request calls it once, as it starts
   * (http/authenticate.ts), so it sees every commit made before it was sent. It costs about 13 µs
   * here (a third of a cached catalog read if done at every lookup), so `stamp` itself looks at
   * most once per turn of the event loop, for reads outside requests.
   */
  lookForOtherConnections(): void {
    if (!this.#lookedThisTurn) {
      this.#lookedThisTurn = true;
      setImmediate(this.#nextTurn);
    }
    const version = this.readDataVersion();
    if (version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.#everything = ++this.#clock;
    }
  }

  /** The current stamp of `tables`. */
  stamp(tables: readonly string[]): number {
    if (!this.#lookedThisTurn) this.lookForOtherConnections();
    let stamp = this.#everything;
    for (const table of tables) {
      const generation = this.#tables.get(table);
      if (generation !== undefined && generation > stamp) stamp = generation;
    }
    return stamp;
  }
}

const trackers = new WeakMap<Db, ChangeTracker>();

/** Called once by createDatabase for an SQLite handle. */
export function registerChangeTracker(db: Db, tracker: ChangeTracker): void {
  trackers.set(db, tracker);
}

/** Makes the reads that follow see every commit other connections made until now (a request's start). */
export function seeOtherConnections(db: Db): void {
  trackers.get(db)?.lookForOtherConnections();
}

/**
 * The tracker of a database handle made by createDatabase on SQLite; undefined for PostgreSQL and
 * for a transaction (`trx`), whose reads must see its own uncommitted writes and are never cached.
 */
export function changeTrackerOf(db: Db): ChangeTracker | undefined {
  return trackers.get(db);
}
