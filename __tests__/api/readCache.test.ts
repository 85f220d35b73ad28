/**
 * The read caches (db/readCache.ts, db/changes.ts) against a real SQLite file: an answer is kept
 * while what it depends on is unannounced, and read again after an announcement of one of its
 * tables or of its key's rows (made at the write sites), a delete reaching them by cascade, or a
 * commit by another connection (the admin CLI, another cluster worker).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createDatabase, migrateToLatest, SQLITE_FILE, type Db } from '../../src/server/db';
import { changed, changeTrackerOf, removed } from '../../src/server/db/changes';
import { readCache } from '../../src/server/db/readCache';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-readcache-'));
  db = createDatabase({ dataDir: dir, databaseUrl: undefined });
  await migrateToLatest(db);
  await db.insertInto('clients').values({ lsclient_id: 'LINCOLN-HS', name: 'Lincoln' }).execute();
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A cached read of the school names that counts how often it really ran. */
function schoolNames() {
  const cache = readCache<string, string[]>(['clients']);
  let reads = 0;
  const read = () =>
    cache.read(db, 'all', async () => {
      reads += 1;
      return (await db.selectFrom('clients').select('name').orderBy('id').execute()).map((r) => r.name);
    });
  return { read, reads: () => reads };
}

describe('readCache on SQLite', () => {
  it('keeps an answer while its tables are unannounced; an announcement of another table does not drop it', async () => {
    const names = schoolNames();
    expect(await names.read()).toEqual(['Lincoln']);
    expect(await names.read()).toEqual(['Lincoln']);
    changed('content_versions');
    expect(await names.read()).toEqual(['Lincoln']);
    expect(names.reads()).toBe(1);
  });

  it('reads again after an announced write of one of its tables', async () => {
    const names = schoolNames();
    await names.read();
    await db.insertInto('clients').values({ lsclient_id: 'ROOSEVELT-AC', name: 'Roosevelt' }).execute();
    changed('clients');
    expect(await names.read()).toEqual(['Lincoln', 'Roosevelt']);
    await db.updateTable('clients').set({ name: 'Lincoln High' }).where('lsclient_id', '=', 'LINCOLN-HS').execute();
    changed('clients');
    expect(await names.read()).toEqual(['Lincoln High', 'Roosevelt']);
    expect(names.reads()).toBe(3);
  });

  it('reads the restored rows after a transaction that announced its write rolled back', async () => {
    const names = schoolNames();
    await names.read();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('clients').set({ name: 'Renamed' }).execute();
        changed('clients');
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(await names.read()).toEqual(['Lincoln']);
    expect(names.reads()).toBe(2);
  });

  it("keeps one user's answer when another user's rows are announced, and reads it again after its own", async () => {
    const cache = readCache<number, number>((userId) => [['user_clients', userId]]);
    let reads = 0;
    const read = (userId: number) =>
      cache.read(db, userId, async () => {
        reads += 1;
        return userId;
      });
    await read(1);
    await read(2);
    changed('user_clients', 2);
    await read(1);
    expect(reads).toBe(2);
    await read(2);
    expect(reads).toBe(3);
    removed('users', 1); // deleting a user reaches their schools by cascade
    await read(1);
    expect(reads).toBe(4);
  });

  it('sees a commit made by another connection to the same file at the next read', async () => {
    const names = schoolNames();
    await names.read();
    const other = new SqliteDatabase(path.join(dir, SQLITE_FILE));
    try {
      other.prepare("update clients set name = 'From the CLI'").run();
    } finally {
      other.close();
    }
    // a request that comes after the commit is handled in a later turn of the event loop, where the
    // tracker looks again (db/changes.ts)
    await new Promise((resolve) => setImmediate(resolve));
    expect(await names.read()).toEqual(['From the CLI']);
    expect(names.reads()).toBe(2);
  });

  it('does not keep an answer whose tables were announced changed while it was being read', async () => {
    const cache = readCache<string, string[]>(['clients']);
    let reads = 0;
    const read = () =>
      cache.read(db, 'all', async () => {
        reads += 1;
        const rows = await db.selectFrom('clients').select('name').execute();
        // another request's write lands between this read's query and its answer
        if (reads === 1) {
          await db.updateTable('clients').set({ name: 'Changed meanwhile' }).execute();
          changed('clients');
        }
        return rows.map((r) => r.name);
      });
    expect(await read()).toEqual(['Lincoln']);
    expect(await read()).toEqual(['Changed meanwhile']);
    expect(reads).toBe(2);
  });

  it('never caches inside a transaction, which must see its own uncommitted writes', async () => {
    const cache = readCache<string, string[]>(['clients']);
    await db.transaction().execute(async (trx) => {
      expect(changeTrackerOf(trx)).toBeUndefined();
      const read = () => cache.read(trx, 'all', async () => (await trx.selectFrom('clients').select('name').execute()).map((r) => r.name));
      expect(await read()).toEqual(['Lincoln']);
      await trx.updateTable('clients').set({ name: 'Inside' }).execute();
      expect(await read()).toEqual(['Inside']);
    });
  });

  it('freezes what it keeps and drops the oldest entry beyond its limit', async () => {
    const cache = readCache<number, { n: number }>(['clients'], 2);
    let reads = 0;
    const read = (n: number) =>
      cache.read(db, n, async () => {
        reads += 1;
        return { n };
      });
    const one = await read(1);
    expect(Object.isFrozen(one)).toBe(true);
    await read(2);
    await read(3); // 1 goes
    expect(reads).toBe(3);
    await read(3);
    await read(2);
    expect(reads).toBe(3);
    await read(1);
    expect(reads).toBe(4);
  });
});

describe('changeTrackerOf', () => {
  it('tracks SQLite handles made by createDatabase only (PostgreSQL handles are never cached)', () => {
    expect(changeTrackerOf(db)).toBeDefined();
    expect(changeTrackerOf(db.withoutPlugins())).toBeUndefined();
  });
});
