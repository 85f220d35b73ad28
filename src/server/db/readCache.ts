/**
 * Answers of hot reads kept in memory until one of the tables they come from changes (
 * db/changes.ts says how a change is seen, also one made by another process).
 *
 * `readCache(tables)` makes a cache for one read; `cache.read(db, key, read)` returns the kept answer
 * when none of `tables` changed since it was read, else runs `read` and keeps its answer. The stamp
 * is taken before `read` runs, so a write that lands while the read is under way makes the answer
 * stale at once. Answers are shared between requests: callers must not change them (they are
 * frozen one level deep to make a slip fail loudly). A kept answer is the same object until it is
 * read again, so what is computed from it can be kept per object (a WeakMap), with no
 * invalidation of its own (services/catalog/routes.ts `getCatalog`).
 *
 * Only SQLite handles made by createDatabase are cached; on PostgreSQL (several instances, no
 * connection-level change signal) and inside a transaction every call runs `read`.
 */
import { changeTrackerOf } from './changes';
import type { Db } from './index';

interface Entry<V> {
  stamp: number;
  value: V;
}

export interface ReadCache<K, V> {
  read(db: Db, key: K, read: () => Promise<V>): Promise<V>;
}

/** Entries per cache and database (oldest first out): a few MB at most. */
export const READ_CACHE_ENTRIES = 10_000;

export function readCache<K, V>(tables: readonly string[], limit = READ_CACHE_ENTRIES): ReadCache<K, V> {
  const perDb = new WeakMap<Db, Map<K, Entry<V>>>();
  return {
    async read(db, key, read) {
      const tracker = changeTrackerOf(db);
      if (!tracker) return read();
      let entries = perDb.get(db);
      if (!entries) {
        entries = new Map();
        perDb.set(db, entries);
      }
      const stamp = tracker.stamp(tables);
      const kept = entries.get(key);
      if (kept && kept.stamp === stamp) return kept.value;
      const value = await read();
      if (typeof value === 'object' && value !== null) Object.freeze(value);
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as K);
      entries.set(key, { stamp, value });
      return value;
    },
  };
}

/** Freezes a JSON-like value and everything in it (answers kept and shared between requests). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
