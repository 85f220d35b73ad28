/**
 * Answers of hot reads kept in memory until what they depend on changes (db/changes.ts says how a
 * change is announced at its write site, and how one made by another process is seen).
 *
 * `readCache(dependsOn)` makes a cache for one read: `dependsOn` lists the tables it comes from, or
 * (a function of the key) the tables and the keys of their rows it reads — e.g. one learner's
 * progress depends on that learner's rows only, so another learner's completion leaves it kept.
 * `cache.read(db, key, read)` returns the kept answer when none of them changed since it was read,
 * else runs `read` and keeps its answer. The stamp is taken before `read` runs, so a write
 * announced while the read is under way makes the answer stale at once. Answers are shared between
 * requests: callers must not change them (they are frozen one level deep to make a slip fail
 * loudly). A kept answer is the same object until it is read again, so what is computed from it can
 * be kept per object (a WeakMap), with no invalidation of its own (services/catalog/routes.ts
 * `getCatalog`).
 *
 * Only SQLite handles made by createDatabase are cached; on PostgreSQL (several instances, no
 * connection-level change signal) and inside a transaction every call runs `read`.
 */
import { changeTrackerOf, type CachedTable, type Dependency } from './changes';
import type { Db } from './index';

export { changed, removed, type CachedTable } from './changes';

interface Entry<V> {
  stamp: number;
  value: V;
}

export interface ReadCache<K, V> {
  read(db: Db, key: K, read: () => Promise<V>): Promise<V>;
}

/** Entries per cache and database (oldest first out): a few MB at most. */
export const READ_CACHE_ENTRIES = 10_000;

export function readCache<K, V>(dependsOn: readonly CachedTable[] | ((key: K) => readonly Dependency[]), limit = READ_CACHE_ENTRIES): ReadCache<K, V> {
  const perDb = new WeakMap<Db, Map<K, Entry<V>>>();
  const dependencies = typeof dependsOn === 'function' ? dependsOn : () => dependsOn;
  return {
    async read(db, key, read) {
      const tracker = changeTrackerOf(db);
      if (!tracker) return read();
      let entries = perDb.get(db);
      if (!entries) {
        entries = new Map();
        perDb.set(db, entries);
      }
      const stamp = tracker.stamp(dependencies(key));
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
