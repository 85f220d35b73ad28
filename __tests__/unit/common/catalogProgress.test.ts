/** Progress rules as tables: percentages, scores, passing, module status. */
import { isKnownArticleKey, isPassing, materialPercent, moduleProgress, overallPercent, percentOf, scorePercent, type ModuleProgress } from '../../../src/common/catalog';

describe('percentOf (rounded down; 0 when there is nothing)', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 0],
    [0, 4, 0],
    [1, 3, 33],
    [2, 3, 66],
    [3, 3, 100],
    [5, 3, 100],
    [-1, 3, 0],
    [Number.NaN, 3, 0],
  ])('%d of %d → %d %%', (done, total, expected) => {
    expect(percentOf(done, total)).toBe(expected);
  });
});

describe('review score and pass (≥ passing score)', () => {
  it.each([
    [5, 5, 100, 70, true],
    [4, 5, 80, 70, true],
    [7, 10, 70, 70, true],
    [3, 5, 60, 70, false],
    [2, 3, 67, 70, false],
    [0, 5, 0, 70, false],
    [4, 5, 80, 90, false],
    [0, 0, 0, 70, false],
  ])('%d of %d → %d %% (passing %d: %s)', (correct, total, score, passing, passed) => {
    expect(scorePercent(correct, total)).toBe(score);
    expect(isPassing(score, passing)).toBe(passed);
  });
});

describe('moduleProgress: complete when every section is complete and every review passed', () => {
  const mat = (sectionsTotal: number, sectionsCompleted: number, reviewPassed: boolean, reviewAttempted = false) => ({ sectionsTotal, sectionsCompleted, reviewPassed, reviewAttempted });
  it.each<[string, ReturnType<typeof mat>[], number, number, ModuleProgress['status']]>([
    ['nothing done', [mat(3, 0, false), mat(3, 0, false)], 0, 0, 'not-started'],
    ['time spent only', [mat(3, 0, false)], 30, 0, 'in-progress'],
    ['a failed attempt only', [mat(3, 0, false, true)], 0, 0, 'in-progress'],
    ['one section of two materials', [mat(3, 1, false), mat(3, 0, false)], 0, 12, 'in-progress'],
    ['all sections, no review passed', [mat(3, 3, false), mat(3, 3, false)], 0, 75, 'in-progress'],
    ['all but one review', [mat(3, 3, true), mat(3, 3, false)], 0, 87, 'in-progress'],
    ['reviews passed but a section missing', [mat(3, 2, true), mat(3, 3, true)], 0, 87, 'in-progress'],
    ['everything', [mat(3, 3, true), mat(4, 4, true)], 0, 100, 'completed'],
    ['999 of 1000 steps stays under 100', [mat(999, 999, false)], 0, 99, 'in-progress'],
    ['no materials', [], 0, 0, 'not-started'],
  ])('%s → %d %% %s', (_name, materials, time, percent, status) => {
    expect(moduleProgress(materials, time)).toMatchObject({ percent, status });
  });

  it('counts sections and reviews', () => {
    expect(moduleProgress([mat(3, 2, true), mat(4, 5, false)])).toEqual({
      sectionsTotal: 7,
      sectionsCompleted: 6,
      reviewsTotal: 2,
      reviewsPassed: 1,
      percent: 77,
      status: 'in-progress',
    });
  });

  it.each([
    [mat(3, 0, false), 0],
    [mat(3, 3, false), 75],
    [mat(3, 3, true), 100],
  ])('materialPercent(%j) = %d', (m, expected) => {
    expect(materialPercent(m)).toBe(expected);
  });
});

describe('overallPercent', () => {
  const p = (done: number, steps: number, status: ModuleProgress['status']): ModuleProgress => ({
    sectionsTotal: steps - 1,
    sectionsCompleted: Math.min(done, steps - 1),
    reviewsTotal: 1,
    reviewsPassed: done === steps ? 1 : 0,
    percent: 0,
    status,
  });
  it.each<[string, ModuleProgress[], number]>([
    ['no modules', [], 0],
    ['nothing done', [p(0, 4, 'not-started'), p(0, 4, 'not-started')], 0],
    ['one of two complete', [p(4, 4, 'completed'), p(0, 4, 'not-started')], 50],
    ['all complete', [p(4, 4, 'completed'), p(4, 4, 'completed')], 100],
    ['partly done', [p(3, 4, 'in-progress'), p(0, 4, 'not-started')], 37],
  ])('%s → %d %%', (_name, modules, expected) => {
    expect(overallPercent(modules)).toBe(expected);
  });
});

describe('isKnownArticleKey (docs/content-format.md list)', () => {
  it.each([
    ['credit-and-debt/apr', true],
    ['budgeting-and-spending/50-30-20-rule', true],
    ['credit-and-debt', false],
    ['credit-and-debt/apr/x', false],
    ['credit-and-debt/nope', false],
    ['nope/apr', false],
    ['', false],
  ])('%s → %s', (key, expected) => {
    expect(isKnownArticleKey(key)).toBe(expected);
  });
});
