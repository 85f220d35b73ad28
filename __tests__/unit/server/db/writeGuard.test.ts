/** The tests' guard over cache announcements (db/writeGuard.ts): what a statement requires, and what it reports. */
import { generationOf } from '../../../../src/server/db/changes';
import { cachedTablesWritten, madeByTest, statementEffect, WriteGuard, type MissedAnnouncement } from '../../../../src/server/db/writeGuard';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('statementEffect', () => {
  it.each([
    // reads and transaction boundaries change nothing
    ['select "id" from "sessions" where "id" = ?', { kind: 'none' }],
    ['  SELECT 1', { kind: 'none' }],
    ['explain query plan select * from "users"', { kind: 'none' }],
    ['begin', { kind: 'none' }],
    ['commit', { kind: 'none' }],
    ['rollback', { kind: 'none' }],
    ['savepoint "sp1"', { kind: 'none' }],
    ['release "sp1"', { kind: 'none' }],
    // inserts, updates and deletes name their table (Kysely's spelling, and by hand)
    ['insert into "sessions" ("id", "user_id") values (?, ?)', { kind: 'write', op: 'insert', table: 'sessions' }],
    ['insert into "time_spent" ("user_id") values (?) on conflict ("user_id") do update set "seconds" = "time_spent"."seconds" + ?', { kind: 'write', op: 'insert', table: 'time_spent' }],
    ['INSERT OR IGNORE INTO Bookmarks (kind) VALUES (?)', { kind: 'write', op: 'insert', table: 'bookmarks' }],
    ['update "sessions" set "revoked_at" = ? where "id" = ?', { kind: 'write', op: 'update', table: 'sessions' }],
    ['UPDATE OR ABORT users SET first_name = ?', { kind: 'write', op: 'update', table: 'users' }],
    ['delete from "bookmarks" where "id" = ?', { kind: 'write', op: 'delete', table: 'bookmarks' }],
    // a replace deletes the conflicting rows
    ['insert or replace into "users" ("id") values (?)', { kind: 'write', op: 'delete', table: 'users' }],
    ['replace into "users" ("id") values (?)', { kind: 'write', op: 'delete', table: 'users' }],
    ['update or replace "users" set "id" = ?', { kind: 'write', op: 'delete', table: 'users' }],
    // DDL and raw SQL: not attributed
    ['create table "x" ("id" integer)', { kind: 'unknown' }],
    ['with gone as (select 1) delete from "users"', { kind: 'unknown' }],
    ['PRAGMA foreign_keys = OFF', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('%s', (sql, effect) => {
    expect(statementEffect(sql)).toEqual(effect);
  });
});

describe('cachedTablesWritten', () => {
  it.each([
    ['select * from "users"', []],
    ['update "users" set "first_name" = ?', ['users']],
    ['insert into "outbox" ("to") values (?)', []],
    ['delete from "outbox"', []],
    ['delete from "sessions" where "revoked_at" < ?', ['sessions']],
    ['delete from "users" where "id" = ?', ['users', 'sessions', 'user_clients', 'user_permissions', 'school_permissions', 'section_completions', 'review_attempts', 'time_spent', 'bookmarks']],
    ['delete from "clients" where "id" = ?', ['clients', 'user_clients', 'school_permissions', 'school_modules']],
    ['delete from "content_modules"', ['content_sections']],
    ['update "clients" set "name" = ?', ['clients']],
  ])('%s', (sql, tables) => {
    expect(cachedTablesWritten(sql)).toEqual(tables);
  });
});

describe('WriteGuard', () => {
  function guarded(isFixture = false) {
    const missed: MissedAnnouncement[] = [];
    const guard = new WriteGuard(
      () => isFixture,
      (m) => missed.push(...m),
    );
    return { guard, missed };
  }

  it('accepts a write announced in the same turn of the event loop', async () => {
    const { guard, missed } = guarded();
    guard.noteStatement('update "users" set "email" = ? where "id" = ?');
    guard.announced('users');
    await nextTurn();
    expect(missed).toEqual([]);
  });

  it('reports a write to a cached table still unannounced a turn later, with its statement', async () => {
    const { guard, missed } = guarded();
    guard.noteStatement('insert into "section_completions" ("user_id") values (?)');
    guard.noteStatement('insert into "outbox" ("to") values (?)');
    await nextTurn();
    expect(missed.map((m) => [m.table, m.sql])).toEqual([['section_completions', 'insert into "section_completions" ("user_id") values (?)']]);
    expect(missed[0]!.stack).toContain('writeGuard.test.ts');
  });

  it('requires each table a delete cascades into', async () => {
    const { guard, missed } = guarded();
    guard.noteStatement('delete from "users" where "id" = ?');
    for (const table of ['users', 'sessions', 'user_clients', 'user_permissions', 'school_permissions', 'section_completions', 'review_attempts']) guard.announced(table);
    await nextTurn();
    expect(missed.map((m) => m.table)).toEqual(['time_spent', 'bookmarks']);
  });

  it("counts a test's own write as a change of its tables, needing no announcement", async () => {
    const { guard, missed } = guarded(true);
    const before = generationOf(['kb_articles']);
    guard.noteStatement('delete from "kb_articles"');
    expect(generationOf(['kb_articles'])).not.toBe(before);
    await nextTurn();
    expect(missed).toEqual([]);
  });
});

describe('madeByTest', () => {
  const frame = (file: string) => `    at fn (${file}:1:1)`;
  it.each([
    ['a test file writing itself', [frame('/app/src/server/db/writeGuard.ts'), frame('/app/src/server/db/index.ts'), frame('/app/node_modules/kysely/dist/x.js'), frame('/app/__tests__/api/hotPath.test.ts')], true],
    ['product code called by a test', [frame('/app/node_modules/kysely/dist/x.js'), frame('/app/src/server/services/accounts/repository.ts'), frame('/app/__tests__/api/profile.test.ts')], false],
    ['the demo seed (src/server/db/seed.ts) called by a test', [frame('/app/src/server/db/index.ts'), frame('/app/src/server/db/seed.ts'), frame('/app/__tests__/api/support/testApp.ts')], false],
    ['node internals only', ['    at processTicksAndRejections (node:internal/process/task_queues:95:5)'], false],
  ])('%s', (_name, frames, expected) => {
    expect(madeByTest(['Error: statement', ...frames].join('\n'))).toBe(expected);
  });
});
