/**
 * Makes a missed cache announcement fail the tests (on under NODE_ENV=test only; production never
 * reads a statement's text). The read caches are dropped only by the `changed` / `removed` calls
 * at the write sites (db/changes.ts); a write site without one would serve stale answers. Every
 * SQLite statement passes here before it runs: an insert, update or delete reaching a cached table
 * (directly or through ON DELETE CASCADE) must be announced before the event loop's next turn —
 * repository functions announce right after their statement — or the guard reports it, with the
 * statement and where it was made, failing the test that made it.
 *
 * Writes a test makes itself (fixtures, a row changed "behind the server's back") are not the
 * product's: they count as changing their tables, like another connection's commit would.
 */
import { CASCADES, changed, isCachedTable, listenToAnnouncements, type CachedTable } from './changes';

/** What a statement does to the data, read from its SQL text. */
export type StatementEffect = { kind: 'none' } | { kind: 'write'; op: 'insert' | 'update' | 'delete'; table: string } | { kind: 'unknown' };

const READ = /^\s*(?:select|explain)\b/i;
// Kysely writes `insert into "t"` (upserts too: `… on conflict do update`), `update "t"` and
// `delete from "t"`; the `or replace` forms delete conflicting rows, so they count as deletes.
const INSERT = /^\s*insert\s+(?:or\s+(ignore|abort|fail|rollback|replace)\s+)?into\s+"?(\w+)"?/i;
const REPLACE = /^\s*replace\s+into\s+"?(\w+)"?/i;
const UPDATE = /^\s*update\s+(?:or\s+(ignore|abort|fail|rollback|replace)\s+)?"?(\w+)"?/i;
const DELETE = /^\s*delete\s+from\s+"?(\w+)"?/i;
/** transaction boundaries change nothing by themselves (a rollback undoes writes already announced) */
const NO_CHANGE = /^\s*(?:begin|commit|end|savepoint|release|rollback)\b/i;

export function statementEffect(sql: string): StatementEffect {
  if (READ.test(sql) || NO_CHANGE.test(sql)) return { kind: 'none' };
  let match = INSERT.exec(sql);
  if (match) return { kind: 'write', op: match[1]?.toLowerCase() === 'replace' ? 'delete' : 'insert', table: match[2]!.toLowerCase() };
  match = REPLACE.exec(sql);
  if (match) return { kind: 'write', op: 'delete', table: match[1]!.toLowerCase() };
  match = UPDATE.exec(sql);
  if (match) return { kind: 'write', op: match[1]?.toLowerCase() === 'replace' ? 'delete' : 'update', table: match[2]!.toLowerCase() };
  match = DELETE.exec(sql);
  if (match) return { kind: 'write', op: 'delete', table: match[1]!.toLowerCase() };
  return { kind: 'unknown' };
}

/** The cached tables a statement changes, each needing an announcement. */
export function cachedTablesWritten(sql: string): CachedTable[] {
  const effect = statementEffect(sql);
  if (effect.kind !== 'write') return [];
  const tables: CachedTable[] = isCachedTable(effect.table) ? [effect.table] : [];
  if (effect.op === 'delete') tables.push(...(CASCADES[effect.table]?.tables ?? []));
  return tables;
}

export interface MissedAnnouncement {
  table: CachedTable;
  sql: string;
  /** where the statement was made */
  stack: string;
}

/**
 * Writes waiting for their announcement. `isFixture` tells a test's own write by its stack;
 * `onMissed` hears of each write still unannounced a turn of the event loop later.
 */
export class WriteGuard {
  readonly #pending = new Map<string, MissedAnnouncement>();
  #checkScheduled = false;

  constructor(
    private readonly isFixture: (stack: string) => boolean,
    private readonly onMissed: (missed: MissedAnnouncement[]) => void,
  ) {}

  noteStatement(sql: string): void {
    throwMissedAnnouncement();
    const tables = cachedTablesWritten(sql);
    if (tables.length === 0) return;
    const stack = stackHere();
    if (this.isFixture(stack)) {
      for (const table of tables) changed(table);
      return;
    }
    for (const table of tables) this.#pending.set(table, { table, sql, stack });
    if (!this.#checkScheduled) {
      this.#checkScheduled = true;
      setImmediate(() => this.check());
    }
  }

  announced(table: string): void {
    this.#pending.delete(table);
  }

  /** Reports what is still unannounced (called a turn after a write). */
  check(): void {
    this.#checkScheduled = false;
    if (this.#pending.size === 0) return;
    const missed = [...this.#pending.values()];
    this.#pending.clear();
    this.onMissed(missed);
  }
}

function stackHere(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error('statement').stack ?? '';
  Error.stackTraceLimit = limit;
  return stack;
}

/** The first frame outside Kysely, node and the statement hook is a test file's: a test's own write. */
export function madeByTest(stack: string): boolean {
  const frames = stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
  const caller = frames.find((line) => !/node_modules|node:internal|\(node:|[\\/]src[\\/]server[\\/]db[\\/](?:index|writeGuard)\.ts/.test(line));
  return caller !== undefined && /[\\/]__tests__[\\/]/.test(caller);
}

let installed: WriteGuard | undefined;
/** a miss seen in a server process started by a test, failing its next statement */
let failure: Error | undefined;

/**
 * The guard every SQLite handle of this process reports to (NODE_ENV=test). Inside Jest a miss is
 * thrown at once, failing the test that made it; in a server a test started (a child process, the
 * browser suites' server) it is logged and fails the next statement, so the next request answers 500
 * instead of the server ending under the rest of the suite.
 */
export function testWriteGuard(): WriteGuard {
  if (!installed) {
    const guard = new WriteGuard(madeByTest, (missed) => {
      const error = new Error(
        missed.map((m) => `A write to the cached table "${m.table}" was not announced (db/changes.ts changed/removed): ${m.sql}\n${m.stack}`).join('\n\n'),
      );
      if (process.env.JEST_WORKER_ID !== undefined) throw error;
      console.error(error.message);
      failure = error;
    });
    listenToAnnouncements((table) => guard.announced(table));
    installed = guard;
  }
  return installed;
}

/** Throws the miss a test's server saw since the last statement (once). */
export function throwMissedAnnouncement(): void {
  if (!failure) return;
  const error = failure;
  failure = undefined;
  throw error;
}
