/**
 * What changed since a moment: the basis of the read caches (db/readCache.ts). An authenticated
 * catalog read ran four queries — the session, the learner's schools, the school's modules, the
 * learner's progress — whose answers almost never change between two requests.
 *
 * Two sources of change, both seen before the next read:
 * - **This process's writes, announced where they are made.** A repository function that writes a
 *   cached table calls `changed(table, key)` right after its statement (`key`: the one user whose
 *   rows changed, when the cached reads are per user), or `removed(table, key)` after a delete,
 *   which also counts the tables the delete cascades into. A missed announcement fails the API
 *   tests (db/writeGuard.ts, on under NODE_ENV=test only).
 * - **Any other connection** (the admin CLI, another cluster worker on the same file, a test):
 *   SQLite's `PRAGMA data_version` changes on this connection whenever another one commits. Every
 *   authenticated request looks at it as it starts (`seeOtherConnections`), and any other read at
 *   least once per turn of the event loop; when it moved, every table counts as changed.
 *
 * Announcing after the write (not before) is what keeps answers fresh: a read that takes its stamp
 * before the announcement is read again next time; one that takes it after runs its query after
 * the write (on SQLite's one connection, also after the commit of a transaction holding it).
 *
 * PostgreSQL has no connection-level change signal and is often shared by several instances, so the
 * read caches stay off there (docs/server.md "Read caches").
 */
import type { Db } from './index';

/** The tables cached reads come from. */
export type CachedTable =
  | 'sessions'
  | 'users'
  | 'user_clients'
  | 'user_permissions'
  | 'school_permissions'
  | 'clients'
  | 'school_modules'
  | 'content_versions'
  | 'content_sections'
  | 'kb_articles'
  | 'section_completions'
  | 'review_attempts'
  | 'time_spent'
  | 'bookmarks';

/** The rows of one key in a table (e.g. one user's), for reads cached per key. */
export type Key = string | number;

/** What a cached read depends on: every row of a table, or the rows of one key in it. */
export type Dependency = CachedTable | readonly [CachedTable, Key];

/**
 * The cached tables a delete reaches through ON DELETE CASCADE (migrations), and whether their
 * rows are of the same key (a user's sessions, schools, progress…) or of unknown ones.
 */
export const CASCADES: Readonly<Record<string, { tables: readonly CachedTable[]; sameKey: boolean }>> = {
  users: {
    tables: ['sessions', 'user_clients', 'user_permissions', 'school_permissions', 'section_completions', 'review_attempts', 'time_spent', 'bookmarks'],
    sameKey: true,
  },
  clients: { tables: ['user_clients', 'school_permissions', 'school_modules'], sameKey: false },
  content_modules: { tables: ['content_sections'], sameKey: false },
  content_materials: { tables: ['content_sections'], sameKey: false },
  kb_topics: { tables: ['kb_articles'], sameKey: false },
};

/** Above this many keys with their own generation, they are dropped and every table counts as changed. */
const MAX_KEYED_GENERATIONS = 100_000;

let clock = 0;
/** the last change of every row of a table (or of everything, under '') */
const wholeTable = new Map<string, number>();
/** the last change of any one key's rows of a table */
const someKey = new Map<string, number>();
/** the last change of one key's rows: "table\nkey" */
const keyed = new Map<string, number>();
/** told of every announcement (db/writeGuard.ts, in tests) */
let announcementListener: ((table: string) => void) | undefined;

const keyOf = (table: string, key: Key): string => `${table}\n${key}`;

/** Announces a write to a cached table: of the rows of `key` (e.g. a user id), or of any rows. */
export function changed(table: CachedTable, key?: Key): void {
  clock += 1;
  if (key === undefined) {
    wholeTable.set(table, clock);
  } else {
    if (keyed.size >= MAX_KEYED_GENERATIONS) {
      keyed.clear();
      wholeTable.set('', clock);
    }
    keyed.set(keyOf(table, key), clock);
    someKey.set(table, clock);
  }
  announcementListener?.(table);
}

/** Announces a delete from `table` (cached or not) and from the cached tables it cascades into. */
export function removed(table: string, key?: Key): void {
  if (isCachedTable(table)) changed(table, key);
  const cascade = CASCADES[table];
  for (const child of cascade?.tables ?? []) changed(child, cascade?.sameKey ? key : undefined);
}

const CACHED_TABLES = new Set<string>(['sessions', 'users', 'user_clients', 'user_permissions', 'school_permissions', 'clients', 'school_modules', 'content_versions', 'content_sections', 'kb_articles', 'section_completions', 'review_attempts', 'time_spent', 'bookmarks'] satisfies CachedTable[]);

export function isCachedTable(table: string): table is CachedTable {
  return CACHED_TABLES.has(table);
}

/** The newest change among `dependencies`: it differs from an earlier one exactly when one of them changed. */
export function generationOf(dependencies: readonly Dependency[]): number {
  let newest = wholeTable.get('') ?? 0;
  for (const dependency of dependencies) {
    const table = typeof dependency === 'string' ? dependency : dependency[0];
    const whole = wholeTable.get(table) ?? 0;
    const part = typeof dependency === 'string' ? (someKey.get(table) ?? 0) : (keyed.get(keyOf(table, dependency[1])) ?? 0);
    newest = Math.max(newest, whole, part);
  }
  return newest;
}

/** Lets db/writeGuard.ts see each announcement (tests only). */
export function listenToAnnouncements(listener: ((table: string) => void) | undefined): void {
  announcementListener = listener;
}

/**
 * Commits by other connections to one SQLite file, seen through `PRAGMA data_version`. A stamp
 * of some dependencies is the newest of their announced changes and of this connection's last
 * "another connection committed"; it differs from an earlier stamp exactly when one of them changed.
 */
export class ChangeTracker {
  #otherConnections = 0;
  #dataVersion: number;
  #lookedThisTurn = false;
  readonly #nextTurn = (): void => {
    this.#lookedThisTurn = false;
  };

  constructor(private readonly readDataVersion: () => number) {
    this.#dataVersion = readDataVersion();
  }

  /** Anything done to the connection outside statements (e.g. `exec`): every table counts as changed. */
  noteUnknownChange(): void {
    clock += 1;
    this.#otherConnections = clock;
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
      clock += 1;
      this.#otherConnections = clock;
    }
  }

  /** The current stamp of `dependencies`. */
  stamp(dependencies: readonly Dependency[]): number {
    if (!this.#lookedThisTurn) this.lookForOtherConnections();
    return Math.max(this.#otherConnections, generationOf(dependencies));
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
