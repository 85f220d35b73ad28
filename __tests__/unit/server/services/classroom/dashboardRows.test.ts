/** The rows a dashboard keeps between polls: which are kept, which are dropped, and the memory cap. */
import { RowCache, type WorkRow } from '../../../../../src/server/services/classroom/dashboardRows';
import type { TreeModule } from '../../../../../src/server/services/catalog/repository';

const TREE: TreeModule[] = [];
const cell = { cell: { status: 'not-started' as const, state: 'not-started' as const, help: null, due: null, sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null }, canBeLate: true, stuckAt: null };
/** `students` rows of `cells` cells each, at row version `version` */
function rows(students: number, cells: number, version = 1): Map<number, WorkRow> {
  return new Map(Array.from({ length: students }, (_, i): [number, WorkRow] => [i + 1, { version, cells: Array.from({ length: cells }, () => cell), timeSpentSeconds: 0, lastWorkAt: 0 }]));
}
/** Polls class `id`: takes its entry and keeps `kept` as its rows. */
function poll(cache: RowCache, id: number, kept: Map<number, WorkRow>, factsKey = '[]', tree = TREE) {
  const entry = cache.entry(id, tree, factsKey);
  cache.keep(id, entry, kept);
  return entry;
}

describe('RowCache', () => {
  it('keeps a class’s rows for its next poll, with the same assignments and tree', () => {
    const cache = new RowCache(1_000);
    poll(cache, 1, rows(2, 3));
    expect(cache.entry(1, TREE, '[]').rows.get(2)?.version).toBe(1);
    expect(cache.keptCells).toBe(6);
  });

  it.each<[string, string, TreeModule[]]>([
    ['other assignments', '[{"id":1}]', TREE],
    ['another catalog tree (a new content import)', '[]', []],
  ])('drops every row of a class polled with %s', (_what, factsKey, tree) => {
    const cache = new RowCache(1_000);
    poll(cache, 1, rows(2, 3));
    expect(cache.entry(1, tree, factsKey).rows.size).toBe(0);
    expect(cache.keptCells).toBe(0);
  });

  it.each<[string, number[], number[]]>([
    // a cap of 3 classes of 2 × 5 cells
    ['polled in turn: the oldest goes', [1, 2, 3, 4], [2, 3, 4]],
    ['a class polled again is the newest', [1, 2, 3, 1, 4], [3, 1, 4]],
    ['under the cap nothing goes', [1, 2, 1, 2], [1, 2]],
  ])('%s', (_what, polls, kept) => {
    const cache = new RowCache(30);
    for (const id of polls) poll(cache, id, rows(2, 5));
    expect(cache.keptClasses).toEqual(kept);
    expect(cache.keptCells).toBe(kept.length * 10);
  });

  it('keeps the class just polled even when it alone is over the cap', () => {
    const cache = new RowCache(30);
    poll(cache, 1, rows(2, 5));
    poll(cache, 2, rows(10, 5));
    expect({ classes: cache.keptClasses, cells: cache.keptCells }).toEqual({ classes: [2], cells: 50 });
  });

  it('a poll whose entry was replaced meanwhile keeps nothing', () => {
    const cache = new RowCache(1_000);
    const stale = cache.entry(1, TREE, '[]');
    poll(cache, 1, rows(1, 1), '[{"id":2}]');
    cache.keep(1, stale, rows(4, 4));
    expect({ rows: cache.entry(1, TREE, '[{"id":2}]').rows.size, cells: cache.keptCells }).toEqual({ rows: 1, cells: 1 });
  });
});
