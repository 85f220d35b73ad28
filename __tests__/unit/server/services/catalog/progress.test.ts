/** Progress maths over a catalog tree: module progress, Continue, dates, the summary and the transcript. */
import { catalogPaths } from '../../../../../src/common/catalog';
import {
  continueInModule,
  materialSummary,
  moduleDates,
  moduleTime,
  progressOf,
  progressSummary,
  transcriptRows,
} from '../../../../../src/server/services/catalog/progress';
import { BUDGETING, TREE, progressOf as made, type Made } from './fixtures';

const ALL_READ: Made['done'] = [
  ['budgeting/first/a', 10],
  ['budgeting/first/b', 20],
  ['budgeting/second/c', 30],
];

describe('progressOf (a module of 3 sections and 2 reviews: 5 steps)', () => {
  it.each<[string, Made, number, string]>([
    ['nothing done', {}, 0, 'not-started'],
    ['only time spent', { time: [['budgeting/first/a', 60, 1, 2]] }, 0, 'in-progress'],
    ['a failed attempt only', { attempts: [['budgeting/first', 40, false, 5]] }, 0, 'in-progress'],
    ['one section read', { done: [['budgeting/first/a', 1]] }, 20, 'in-progress'],
    ['every section read, no review passed', { done: ALL_READ }, 60, 'in-progress'],
    ['every section read, one review passed', { done: ALL_READ, attempts: [['budgeting/first', 80, true, 40]] }, 80, 'in-progress'],
    ['both reviews passed, a section unread', { done: ALL_READ!.slice(1), attempts: [['budgeting/first', 80, true, 40], ['budgeting/second', 90, true, 50]] }, 80, 'in-progress'],
    ['every step done', { done: ALL_READ, attempts: [['budgeting/first', 80, true, 40], ['budgeting/second', 90, true, 50]] }, 100, 'completed'],
    ['another module’s progress does not count', { done: [['saving/only/d', 1]] }, 0, 'not-started'],
  ])('%s → %i%% %s', (_name, progress, percent, status) => {
    const result = progressOf(BUDGETING, made(progress));
    expect(result.percent).toBe(percent);
    expect(result.status).toBe(status);
  });
});

describe('continueInModule', () => {
  it.each<[string, Made, string, string]>([
    ['nothing done: the first section', {}, catalogPaths.section('budgeting', 'first', 'a'), 'Section a'],
    ['the first section read: the next one', { done: [['budgeting/first/a', 1]] }, catalogPaths.section('budgeting', 'first', 'b'), 'Section b'],
    ['a material read, its review not passed: the review', { done: ALL_READ!.slice(0, 2) }, catalogPaths.review('budgeting', 'first'), 'Review 1'],
    ['a failed review does not count as passed', { done: ALL_READ!.slice(0, 2), attempts: [['budgeting/first', 10, false, 1]] }, catalogPaths.review('budgeting', 'first'), 'Review 1'],
    ['the first material done: the second material', { done: ALL_READ!.slice(0, 2), attempts: [['budgeting/first', 80, true, 1]] }, catalogPaths.section('budgeting', 'second', 'c'), 'Section c'],
    ['an unread earlier section comes first', { done: ALL_READ!.slice(1), attempts: [['budgeting/first', 80, true, 1]] }, catalogPaths.section('budgeting', 'first', 'a'), 'Section a'],
    ['everything done: the module page', { done: ALL_READ, attempts: [['budgeting/first', 80, true, 1], ['budgeting/second', 80, true, 2]] }, catalogPaths.module('budgeting'), 'Budgeting'],
  ])('%s', (_name, progress, path, label) => {
    expect(continueInModule(BUDGETING, made(progress))).toEqual({ path, label });
  });
});

describe('moduleTime and moduleDates', () => {
  const progress = made({
    done: ALL_READ,
    attempts: [['budgeting/first', 50, false, 15], ['budgeting/first', 80, true, 25], ['budgeting/second', 90, true, 35]],
    time: [['budgeting/first/a', 120, 5, 12], ['budgeting/second/c', 30, 28, 31], ['saving/only/d', 999, 1, 2]],
  });

  it('adds the seconds of the module’s own sections and keeps the first of them', () => {
    expect(moduleTime(BUDGETING, progress)).toEqual({ seconds: 150, firstAt: 5 });
    expect(moduleTime(BUDGETING, made())).toEqual({ seconds: 0, firstAt: null });
  });

  it.each<[string, boolean, { startedAt: number | null; completedAt: number | null }]>([
    ['complete: started at the first activity, completed at the last required step', true, { startedAt: 5, completedAt: 35 }],
    ['not complete: no completion date', false, { startedAt: 5, completedAt: null }],
  ])('%s', (_name, complete, dates) => {
    expect(moduleDates(BUDGETING, progress, complete)).toEqual(dates);
  });

  it('has no dates before any activity', () => {
    expect(moduleDates(BUDGETING, made(), false)).toEqual({ startedAt: null, completedAt: null });
  });
});

describe('materialSummary', () => {
  it.each<[string, Made, { percent: number; bestScore: number | null; passed: boolean; attempts: number }]>([
    ['untouched', {}, { percent: 0, bestScore: null, passed: false, attempts: 0 }],
    ['read, failed once then passed', { done: ALL_READ, attempts: [['budgeting/first', 40, false, 1], ['budgeting/first', 90, true, 2]] }, { percent: 100, bestScore: 90, passed: true, attempts: 2 }],
  ])('%s', (_name, progress, expected) => {
    const summary = materialSummary(BUDGETING, BUDGETING.materials[0]!, made(progress), 70);
    expect({ percent: summary.percent, bestScore: summary.review.bestScore, passed: summary.review.passed, attempts: summary.review.attempts }).toEqual(expected);
    // a review without its own passing score uses the default given
    expect(summary.review.passingScore).toBe(70);
  });
});

describe('progressSummary', () => {
  it.each<[string, Made, { overallPercent: number; modulesCompleted: number; continueAt: string | null; started: boolean }]>([
    ['nothing done: the first module, not started', {}, { overallPercent: 0, modulesCompleted: 0, continueAt: catalogPaths.module('budgeting'), started: false }],
    [
      'the most recently touched unfinished module',
      { done: [['budgeting/first/a', 10], ['saving/only/d', 20]] },
      { overallPercent: 28, modulesCompleted: 0, continueAt: catalogPaths.review('saving', 'only'), started: true },
    ],
    [
      'a finished module is skipped',
      { done: [['saving/only/d', 20]], attempts: [['saving/only', 100, true, 21]] },
      { overallPercent: 28, modulesCompleted: 1, continueAt: catalogPaths.module('budgeting'), started: true },
    ],
    [
      'everything done: 100% and nowhere to continue',
      { done: [...ALL_READ!, ['saving/only/d', 40]], attempts: [['budgeting/first', 80, true, 1], ['budgeting/second', 80, true, 2], ['saving/only', 100, true, 3]] },
      { overallPercent: 100, modulesCompleted: 2, continueAt: null, started: true },
    ],
  ])('%s', (_name, progress, expected) => {
    const summary = progressSummary(TREE, made(progress));
    expect(summary.modulesTotal).toBe(2);
    expect({ overallPercent: summary.overallPercent, modulesCompleted: summary.modulesCompleted, continueAt: summary.continueAt?.path ?? null, started: summary.started }).toEqual(expected);
  });
});

describe('transcriptRows', () => {
  it('lists every module with its best scores, their rounded average, test scores and time', () => {
    const progress = made({
      done: ALL_READ,
      attempts: [['budgeting/first', 60, false, 1], ['budgeting/first', 85, true, 2], ['budgeting/second', 90, true, 3]],
      time: [['budgeting/first/a', 100, 1, 2]],
    });
    const [budgeting, saving] = transcriptRows(TREE, progress, [
      { module_slug: 'budgeting', kind: 'pre-test', score: 50 },
      { module_slug: 'budgeting', kind: 'post-test', score: 83 },
    ]);
    expect(budgeting).toEqual({
      moduleSlug: 'budgeting',
      moduleTitle: 'Budgeting',
      order: 1,
      status: 'completed',
      percent: 100,
      startedAt: 1,
      completedAt: 30,
      bestScores: [
        { materialTitle: 'First', bestScore: 85 },
        { materialTitle: 'Second', bestScore: 90 },
      ],
      averageBestScore: 88,
      preTestScore: 50,
      postTestScore: 83,
      timeSpentSeconds: 100,
    });
    expect(saving).toMatchObject({ status: 'not-started', percent: 0, bestScores: [{ materialTitle: 'Only', bestScore: null }], averageBestScore: null, preTestScore: null, postTestScore: null });
  });
});
