/** Where a student stands on one assignment: the rules of the dashboard, the gradebook and "Assigned to you". */
import { assignmentCell, cellAt, DUE_SOON_MS, STUCK_RECENT_MS, STUCK_SECONDS, workCell, type AssignmentFacts, type StudentWork } from '../../../../../src/server/services/classroom/status';
import type { LearnerProgress, TreeModule } from '../../../../../src/server/services/catalog/repository';

const section = (slug: string) => ({ slug, title: slug, order: 1, estimatedMinutes: 5 });
const TREE: TreeModule[] = [
  {
    id: 1,
    slug: 'budgeting',
    title: 'Budgeting',
    order: 1,
    summary: '',
    estimatedMinutes: 30,
    materials: [
      { id: 1, slug: 'first', title: 'First', order: 1, summary: '', sections: [section('a'), section('b')], review: { id: 1, title: 'Review', passingScore: 70, questionCount: 5, bankSize: 5, drawCount: null } },
      { id: 2, slug: 'reading', title: 'Reading', order: 2, summary: '', sections: [section('c')], review: null },
    ],
  },
];
const NOW = 1_000_000;
const base = { dueAt: null, createdAt: 0 } as const;
const material: AssignmentFacts = { id: 1, kind: 'material', moduleSlug: 'budgeting', materialSlug: 'first', worksheetKind: null, ...base };
const reading: AssignmentFacts = { id: 2, kind: 'material', moduleSlug: 'budgeting', materialSlug: 'reading', worksheetKind: null, ...base };
const review: AssignmentFacts = { id: 3, kind: 'review', moduleSlug: 'budgeting', materialSlug: 'first', worksheetKind: null, ...base };
const wholeModule: AssignmentFacts = { id: 4, kind: 'module', moduleSlug: 'budgeting', materialSlug: null, worksheetKind: null, ...base };
const worksheet: AssignmentFacts = { id: 5, kind: 'worksheet', moduleSlug: null, materialSlug: null, worksheetKind: 'paycheck', dueAt: null, createdAt: 500 };
const gone: AssignmentFacts = { id: 6, kind: 'module', moduleSlug: 'retired', materialSlug: null, worksheetKind: null, dueAt: 10, createdAt: 0 };

function work(p: { done?: string[]; attempts?: [string, number, boolean][]; time?: [string, number][]; turnIns?: StudentWork['turnIns']; worksheets?: StudentWork['worksheets'] } = {}): StudentWork {
  const progress: LearnerProgress = { completions: new Map(), attempts: new Map(), time: new Map() };
  for (const key of p.done ?? []) progress.completions.set(key, 1);
  for (const [key, score, passed] of p.attempts ?? []) {
    const prev = progress.attempts.get(key);
    progress.attempts.set(key, { best: Math.max(prev?.best ?? 0, score), count: (prev?.count ?? 0) + 1, firstAt: 1, lastAt: 2, firstPassedAt: prev?.firstPassedAt ?? (passed ? 2 : null) });
  }
  for (const [key, seconds] of p.time ?? []) progress.time.set(key, { seconds, firstAt: 1, updatedAt: 2 });
  return { progress, turnIns: p.turnIns ?? [], worksheets: p.worksheets ?? [] };
}
const pastDue = (a: AssignmentFacts): AssignmentFacts => ({ ...a, dueAt: NOW - 1 });

describe('assignmentCell', () => {
  it.each<[string, AssignmentFacts, StudentWork, string, number | null]>([
    ['nothing done', material, work(), 'not-started', null],
    ['time on a section starts a material', material, work({ time: [['budgeting/first/a', 30]] }), 'in-progress', null],
    ['S: a material does not copy its review: a failed attempt neither starts it nor scores it', material, work({ attempts: [['budgeting/first', 40, false]] }), 'not-started', null],
    ['S: a passed review with 1 of 2 sections read leaves the material in progress', material, work({ done: ['budgeting/first/a'], attempts: [['budgeting/first', 90, true]] }), 'in-progress', null],
    ['S: a material is completed when its sections are read, its review not yet passed', material, work({ done: ['budgeting/first/a', 'budgeting/first/b'] }), 'completed', null],
    ['a material without a review completes with its sections', reading, work({ done: ['budgeting/reading/c'] }), 'completed', null],
    ['a review: time alone does not start it', review, work({ time: [['budgeting/first/a', 30]] }), 'not-started', null],
    ['a review with a failed attempt is in progress, with its score', review, work({ attempts: [['budgeting/first', 40, false]] }), 'in-progress', 40],
    ['a review passed', review, work({ attempts: [['budgeting/first', 80, true]] }), 'passed', 80],
    ['a module with one material done is in progress', wholeModule, work({ done: ['budgeting/reading/c'] }), 'in-progress', null],
    ['a module with every material done is completed; score the mean of its reviews', wholeModule, work({ done: ['budgeting/first/a', 'budgeting/first/b', 'budgeting/reading/c'], attempts: [['budgeting/first', 85, true]] }), 'completed', 85],
    ['a passed review without every section does not complete the module', wholeModule, work({ done: ['budgeting/reading/c'], attempts: [['budgeting/first', 85, true]] }), 'in-progress', 85],
    ['a worksheet saved before it was assigned does not count', worksheet, work({ worksheets: [{ kind: 'paycheck', updatedAt: 100 }] }), 'not-started', null],
    ['a worksheet saved since is in progress', worksheet, work({ worksheets: [{ kind: 'paycheck', updatedAt: 600 }] }), 'in-progress', null],
    ['another kind of worksheet does not count', worksheet, work({ worksheets: [{ kind: 'net-worth', updatedAt: 600 }] }), 'not-started', null],
    ['a worksheet turned in is completed', worksheet, work({ turnIns: [{ id: 9, assignmentId: 5, worksheetKind: 'paycheck' }] }), 'completed', null],
    ['…also turned in without naming the assignment', worksheet, work({ turnIns: [{ id: 9, assignmentId: null, worksheetKind: 'paycheck' }] }), 'completed', null],
    ['unfinished past the due instant is overdue', pastDue(material), work({ time: [['budgeting/first/a', 30]] }), 'overdue', null],
    ['passed late is passed, not overdue', pastDue(review), work({ attempts: [['budgeting/first', 80, true]] }), 'passed', 80],
    ['a worksheet not turned in by its due instant is overdue', pastDue(worksheet), work(), 'overdue', null],
    ['content the school no longer offers is never overdue', gone, work(), 'not-started', null],
  ])('%s', (_what, assignment, studentWork, status, bestScore) => {
    expect(assignmentCell(assignment, TREE, studentWork, NOW)).toMatchObject({ status, bestScore });
  });

  it('counts attempts and the seconds spent on the assigned content only', () => {
    const cell = assignmentCell(material, TREE, work({ attempts: [['budgeting/first', 40, false], ['budgeting/first', 50, false]], time: [['budgeting/first/a', 30], ['budgeting/first/b', 20], ['budgeting/reading/c', 99]] }), NOW);
    expect(cell).toEqual({ status: 'in-progress', state: 'in-progress', help: null, due: null, sections: { read: 0, total: 2 }, bestScore: null, attempts: 0, timeSpentSeconds: 50, turnInId: null });
    expect(assignmentCell(review, TREE, work({ attempts: [['budgeting/first', 40, false], ['budgeting/first', 50, false]] }), NOW)).toMatchObject({ bestScore: 50, attempts: 2 });
    expect(assignmentCell(worksheet, TREE, work({ turnIns: [{ id: 9, assignmentId: 5, worksheetKind: 'paycheck' }] }), NOW).turnInId).toBe(9);
  });
});

describe('workCell and cellAt: a cell kept before the clock, applied at each poll', () => {
  const cases: [string, AssignmentFacts, StudentWork][] = [
    ['in progress', material, work({ time: [['budgeting/first/a', 30]] })],
    ['passed', review, work({ attempts: [['budgeting/first', 80, true]] })],
    ['failed', { ...review, maxAttempts: 1 }, work({ attempts: [['budgeting/first', 40, false]] })],
    ['completed module', wholeModule, work({ done: ['budgeting/first/a', 'budgeting/first/b', 'budgeting/reading/c'], attempts: [['budgeting/first', 85, true]] })],
    ['worksheet not started', worksheet, work()],
    ['worksheet turned in', worksheet, work({ turnIns: [{ id: 9, assignmentId: 5, worksheetKind: 'paycheck' }] })],
    ['content no longer offered', gone, work()],
  ];
  // before, at and after the due instant: the kept cell gives what a fresh compute gives at that time
  it.each(cases.flatMap(([what, a, w]) => [-1, 0, 1].map((offset): [string, number, AssignmentFacts, StudentWork] => [what, offset, { ...a, dueAt: NOW }, w])))(
    '%s, %i ms from the due instant',
    (_what, offset, assignment, studentWork) => {
      const kept = workCell(assignment, TREE, studentWork);
      expect(cellAt(kept, assignment.dueAt, NOW + offset)).toEqual(assignmentCell(assignment, TREE, studentWork, NOW + offset));
    },
  );

  it.each<[string, AssignmentFacts, StudentWork, boolean, string]>([
    ['unfinished work can be late', material, work(), true, 'overdue'],
    ['a completed reading is not late', material, work({ done: ['budgeting/first/a', 'budgeting/first/b'] }), true, 'completed'],
    ['passed work is not late', review, work({ attempts: [['budgeting/first', 80, true]] }), true, 'passed'],
    ['content no longer offered is never late', gone, work(), false, 'not-started'],
  ])('%s', (_what, assignment, studentWork, canBeLate, lateStatus) => {
    const kept = workCell(assignment, TREE, studentWork);
    expect(kept.canBeLate).toBe(canBeLate);
    expect(cellAt(kept, NOW - 1, NOW).status).toBe(lateStatus);
    // no due instant: never overdue
    expect(cellAt(kept, null, NOW).status).toBe(kept.cell.status);
  });
});

/** The triage state apart from the due mark: red means "act", whatever the due day. */
describe('triage state and due mark', () => {
  const limited: AssignmentFacts = { ...review, maxAttempts: 2 };
  it.each<[string, AssignmentFacts, StudentWork, string, string | null, number | null]>([
    ['nothing done', material, work(), 'not-started', null, null],
    ['a section read', material, work({ done: ['budgeting/first/a'] }), 'in-progress', null, null],
    ['sections read: done', material, work({ done: ['budgeting/first/a', 'budgeting/first/b'] }), 'done', null, null],
    ['a review reading only, no attempt', review, work({ time: [['budgeting/first/a', 30]] }), 'not-started', null, null],
    ['a review whose last attempt failed needs help', review, work({ attempts: [['budgeting/first', 40, false]] }), 'needs-help', 'failed', 40],
    ['…failed under a limit with attempts left', limited, work({ attempts: [['budgeting/first', 40, false]] }), 'needs-help', 'failed', 40],
    ['…out of attempts (2 of 2 at 40 %)', limited, work({ attempts: [['budgeting/first', 40, false], ['budgeting/first', 40, false]] }), 'needs-help', 'out-of-attempts', 40],
    ['a review passed after a failure is done, best score', limited, work({ attempts: [['budgeting/first', 40, false], ['budgeting/first', 90, true]] }), 'done', null, 90],
    ['a module with a failing review needs help', wholeModule, work({ done: ['budgeting/reading/c'], attempts: [['budgeting/first', 40, false]] }), 'needs-help', 'failed', 40],
    ['a module done', wholeModule, work({ done: ['budgeting/first/a', 'budgeting/first/b', 'budgeting/reading/c'], attempts: [['budgeting/first', 85, true]] }), 'done', null, 85],
    ['a worksheet turned in is done', worksheet, work({ turnIns: [{ id: 9, assignmentId: 5, worksheetKind: 'paycheck' }] }), 'done', null, null],
  ])('%s', (_what, assignment, studentWork, state, help, bestScore) => {
    expect(assignmentCell(assignment, TREE, studentWork, NOW)).toMatchObject({ state, help, bestScore, due: null });
  });

  it.each<[string, number | null, string, string | null, string]>([
    ['no due day', null, 'not-started', null, 'not-started'],
    ['due in three days', NOW + 3 * 24 * 3600_000, 'not-started', null, 'not-started'],
    ['due within two days', NOW + DUE_SOON_MS, 'not-started', 'due-soon', 'not-started'],
    ['past due: overdue is a mark, the state stays', NOW - 1, 'not-started', 'overdue', 'overdue'],
  ])('%s', (_what, dueAt, state, due, status) => {
    expect(cellAt(workCell(material, TREE, work()), dueAt, NOW)).toMatchObject({ state, due, status });
  });

  it('a failed review past due needs help and is marked overdue; done work carries no due mark', () => {
    const failed = workCell({ ...review, maxAttempts: 2 }, TREE, work({ attempts: [['budgeting/first', 40, false], ['budgeting/first', 40, false]] }));
    expect(cellAt(failed, NOW - 1, NOW)).toMatchObject({ state: 'needs-help', help: 'out-of-attempts', due: 'overdue' });
    const passed = workCell(review, TREE, work({ attempts: [['budgeting/first', 80, true]] }));
    expect(cellAt(passed, NOW - 1, NOW)).toMatchObject({ state: 'done', due: null });
  });

  describe(`stuck: signed in, the section touched last unread after ${STUCK_SECONDS / 60} minutes, touched within ${STUCK_RECENT_MS / 60_000}`, () => {
    const stuckWork = (seconds: number, updatedAt: number, done: string[] = []) => {
      const w = work({ done });
      w.progress.time.set('budgeting/first/a', { seconds: 60, firstAt: 1, updatedAt: updatedAt - 1000 });
      w.progress.time.set('budgeting/first/b', { seconds, firstAt: 1, updatedAt });
      return w;
    };
    it.each<[string, AssignmentFacts, StudentWork, boolean, string]>([
      ['signed in, long on an unread section, just now', material, stuckWork(STUCK_SECONDS, NOW - 1000), true, 'needs-help'],
      ['…the whole module\'s cell too', wholeModule, stuckWork(STUCK_SECONDS, NOW - 1000), true, 'needs-help'],
      ['not signed in', material, stuckWork(STUCK_SECONDS, NOW - 1000), false, 'in-progress'],
      ['not long enough', material, stuckWork(STUCK_SECONDS - 1, NOW - 1000), true, 'in-progress'],
      ['long ago', material, stuckWork(STUCK_SECONDS, NOW - STUCK_RECENT_MS - 1), true, 'in-progress'],
      ['the section is read', material, stuckWork(STUCK_SECONDS, NOW - 1000, ['budgeting/first/b']), true, 'in-progress'],
    ])('%s', (_what, assignment, studentWork, signedIn, state) => {
      const cell = cellAt(workCell(assignment, TREE, studentWork), null, NOW, signedIn);
      expect(cell.state).toBe(state);
      expect(cell.help).toBe(state === 'needs-help' ? 'stuck' : null);
    });
  });
});
