/** The read caches' change tracker (db/changes.ts): what it reads from a statement's SQL text, and its stamps. */
import { ChangeTracker, statementEffect } from '../../../../src/server/db/changes';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('statementEffect', () => {
  it.each([
    // reads and transaction boundaries change nothing
    ['select "id" from "sessions" where "id" = ?', { kind: 'none' }],
    ['  SELECT 1', { kind: 'none' }],
    ['explain query plan select * from "users"', { kind: 'none' }],
    ['begin', { kind: 'none' }],
    ['commit', { kind: 'none' }],
    ['savepoint "sp1"', { kind: 'none' }],
    ['release "sp1"', { kind: 'none' }],
    // inserts and updates change their own table (Kysely's spelling, and by hand)
    ['insert into "sessions" ("id", "user_id") values (?, ?)', { kind: 'write', table: 'sessions' }],
    ['insert into "time_spent" ("user_id") values (?) on conflict ("user_id") do update set "seconds" = "time_spent"."seconds" + ?', { kind: 'write', table: 'time_spent' }],
    ['INSERT OR IGNORE INTO Bookmarks (kind) VALUES (?)', { kind: 'write', table: 'bookmarks' }],
    ['update "sessions" set "revoked_at" = ? where "id" = ?', { kind: 'write', table: 'sessions' }],
    ['UPDATE OR ABORT users SET first_name = ?', { kind: 'write', table: 'users' }],
    // a delete may cascade, a replace deletes, a rollback restores, DDL and raw SQL may do anything
    ['delete from "bookmarks" where "id" = ?', { kind: 'unknown' }],
    ['insert or replace into "users" ("id") values (?)', { kind: 'unknown' }],
    ['replace into "users" ("id") values (?)', { kind: 'unknown' }],
    ['update or replace "users" set "id" = ?', { kind: 'unknown' }],
    ['rollback', { kind: 'unknown' }],
    ['rollback to "sp1"', { kind: 'unknown' }],
    ['create table "x" ("id" integer)', { kind: 'unknown' }],
    ['alter table "users" add column "x" text', { kind: 'unknown' }],
    ['with gone as (select 1) delete from "users"', { kind: 'unknown' }],
    ['PRAGMA foreign_keys = OFF', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('%s', (sql, effect) => {
    expect(statementEffect(sql)).toEqual(effect);
  });
});

describe('ChangeTracker', () => {
  it('moves the stamp of a table written, not of the others', () => {
    const tracker = new ChangeTracker(() => 1);
    const sessions = tracker.stamp(['sessions', 'users']);
    const progress = tracker.stamp(['time_spent']);
    tracker.noteStatement('select * from "sessions"');
    expect(tracker.stamp(['sessions', 'users'])).toBe(sessions);
    tracker.noteStatement('update "users" set "first_name" = ?');
    expect(tracker.stamp(['sessions', 'users'])).not.toBe(sessions);
    expect(tracker.stamp(['time_spent'])).toBe(progress);
  });

  it('moves every stamp on a statement it cannot read, and on a change outside statements', () => {
    const tracker = new ChangeTracker(() => 1);
    const before = tracker.stamp(['time_spent']);
    tracker.noteStatement('delete from "users" where "id" = ?');
    const afterDelete = tracker.stamp(['time_spent']);
    expect(afterDelete).not.toBe(before);
    tracker.noteUnknownChange();
    expect(tracker.stamp(['time_spent'])).not.toBe(afterDelete);
  });

  /** A tracker over a data_version the test moves, counting how often it is read. */
  function watched() {
    const state = { version: 1, looks: 0 };
    const tracker = new ChangeTracker(() => {
      state.looks += 1;
      return state.version;
    });
    state.looks = 0;
    return { tracker, state };
  }

  it('looks for other connections\' commits once per turn of the event loop, and moves every stamp when there was one', async () => {
    const { tracker, state } = watched();
    const first = tracker.stamp(['clients']);
    tracker.stamp(['sessions']);
    expect(state.looks).toBe(1);
    state.version = 2; // another connection commits
    await nextTurn();
    expect(tracker.stamp(['clients'])).not.toBe(first);
    expect(state.looks).toBe(2);
    const second = tracker.stamp(['clients']);
    await nextTurn();
    expect(tracker.stamp(['clients'])).toBe(second);
    expect(state.looks).toBe(3);
  });

  it('looks at once when a request starts, even in a turn that already looked', () => {
    const { tracker, state } = watched();
    const first = tracker.stamp(['sessions']);
    state.version = 2; // the admin CLI revokes a session; the student's next request arrives
    tracker.lookForOtherConnections();
    expect(state.looks).toBe(2);
    expect(tracker.stamp(['sessions'])).not.toBe(first);
    expect(state.looks).toBe(2);
  });
});
