/** A module's pre-test and post-test: when each opens, how many questions, which ones. */
import { MODULE_TEST_PER_MATERIAL, drawModuleTest, moduleTestStatuses, testLock, testQuestionCount } from '../../../../../src/server/services/catalog/moduleTests';
import { CATALOG_MESSAGES } from '../../../../../src/server/services/catalog/messages';
import { BUDGETING, TREE, progressOf } from './fixtures';

const ALL_READ = progressOf({ done: [['budgeting/first/a', 1], ['budgeting/first/b', 2], ['budgeting/second/c', 3]] });
const SOME_READ = progressOf({ done: [['budgeting/first/a', 1]] });

describe('testLock', () => {
  it.each<[string, 'pre-test' | 'post-test', typeof ALL_READ, boolean, string | null]>([
    ['the pre-test is open before anything is read', 'pre-test', progressOf(), false, null],
    ['the pre-test is open after reading, before the post-test', 'pre-test', ALL_READ, false, null],
    ['the pre-test is closed once the post-test is taken', 'pre-test', ALL_READ, true, CATALOG_MESSAGES.preTestAfterPostTest],
    ['the post-test is closed until every section is read', 'post-test', SOME_READ, false, CATALOG_MESSAGES.postTestLocked],
    ['the post-test opens once every section is read', 'post-test', ALL_READ, false, null],
  ])('%s', (_name, kind, progress, postTaken, lock) => {
    expect(testLock(kind, BUDGETING, progress, postTaken)).toBe(lock);
  });
});

describe('testQuestionCount', () => {
  it.each([
    ['two questions from each of two reviews', TREE[0]!, 2 * MODULE_TEST_PER_MATERIAL],
    ['a review bank smaller than the draw gives what it has', TREE[1]!, 1],
  ])('%s', (_name, m, count) => {
    expect(testQuestionCount(m)).toBe(count);
  });
});

describe('moduleTestStatuses', () => {
  it('shows a taken test’s score and date, and locks an untaken one by the rules', () => {
    const statuses = moduleTestStatuses(BUDGETING, SOME_READ, [{ kind: 'pre-test', score: 50, answers: '{}', created_at: 7 }]);
    expect(statuses).toEqual([
      { kind: 'pre-test', questionCount: 4, score: 50, takenAt: 7, locked: null },
      { kind: 'post-test', questionCount: 4, score: null, takenAt: null, locked: CATALOG_MESSAGES.postTestLocked },
    ]);
  });
});

describe('drawModuleTest', () => {
  const bank = [1, 2, 3, 4].map((id) => ({ id, review_id: 1 })).concat([5, 6].map((id) => ({ id, review_id: 2 })));

  it('draws MODULE_TEST_PER_MATERIAL questions from each review', () => {
    const ids = drawModuleTest('pre-test', [1, 2], bank, []);
    expect(ids).toHaveLength(2 * MODULE_TEST_PER_MATERIAL);
    expect(ids.filter((id) => id <= 4)).toHaveLength(MODULE_TEST_PER_MATERIAL);
    expect(ids.filter((id) => id >= 5).sort()).toEqual([5, 6]);
  });

  it('leaves out the pre-test’s questions from the post-test where the bank has enough others', () => {
    const pre = { kind: 'pre-test', score: 50, answers: JSON.stringify({ 1: 0, 2: 0, 5: 0, 6: 0 }), created_at: 1 };
    const ids = drawModuleTest('post-test', [1, 2], bank, [pre]);
    // review 1 has two fresh questions (3, 4); review 2 has none, so it asks its own again
    expect(ids.filter((id) => id <= 4).sort()).toEqual([3, 4]);
    expect(ids.filter((id) => id >= 5).sort()).toEqual([5, 6]);
  });
});
