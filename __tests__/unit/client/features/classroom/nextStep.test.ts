/**
 * Home's one next step as tables: which open assignment leads (overdue, the longest overdue first;
 * then the soonest due; then work in progress with no due day; then the rest), how a due day reads
 * ("due Fri", "was due yesterday"), and what the button says.
 */
import type { MyAssignment } from '../../../../../src/common/classroom';
import { myAssignment } from './fixtures';
import {
  chooseNextStep,
  dueLine,
  dueSoon,
  dueWhen,
  nextStepAction,
  nextStepHeading,
} from '../../../../../src/client/features/classroom/nextStep';

/** Wednesday 12/09/26. */
const TODAY = { year: 2026, month: 12, day: 9 };

const item = myAssignment;

const overdue = (id: number, dueAt: number, over: Partial<MyAssignment> = {}) => item(id, { dueAt, dueDate: '2026-12-01', overdue: true, status: 'overdue', ...over });
const due = (id: number, dueAt: number, over: Partial<MyAssignment> = {}) => item(id, { dueAt, dueDate: '2026-12-11', ...over });
const inProgress = { progress: 'in-progress' } as const;

describe('chooseNextStep: overdue first, then soonest due, then in progress, then the rest', () => {
  it.each([
    ['nothing assigned', [], null],
    ['only finished work', [item(1, { progress: 'passed', status: 'passed' }), item(2, { progress: 'completed', status: 'completed' })], null],
    ['overdue beats due soon and in progress', [due(1, 500), item(2, inProgress), overdue(3, 100)], 3],
    ['the longest overdue first', [overdue(1, 200), overdue(2, 100), overdue(3, 300)], 2],
    ['overdue on the same day: in progress first', [overdue(1, 100), overdue(2, 100, inProgress)], 2],
    ['due: the soonest first', [due(1, 900), due(2, 400), due(3, 600)], 2],
    ['due beats in progress with no due day', [item(1, inProgress), due(2, 900)], 2],
    ['no due day: in progress beats not started', [item(1), item(2, inProgress)], 2],
    ['no due day, none started: by title', [item(1, { title: 'Saving' }), item(2, { title: 'Budgeting' })], 2],
    ['finished work is skipped even when it was due first', [due(1, 100, { progress: 'passed', status: 'passed' }), due(2, 300)], 2],
  ] as const)('%s', (_, items, expected) => {
    expect(chooseNextStep(items)?.id ?? null).toBe(expected);
  });
});

describe('dueWhen and dueLine: a due day as the student reads it', () => {
  it.each([
    ['2026-12-09', 'today'],
    ['2026-12-10', 'tomorrow'],
    ['2026-12-08', 'yesterday'],
    ['2026-12-11', 'Fri'],
    ['2026-12-15', 'Tue'],
    ['2026-12-16', '12/16/26'],
    ['2026-12-05', 'Sat'],
    ['2026-12-03', 'Thu'],
    ['2026-12-02', '12/02/26'],
    ['2027-01-01', '01/01/27'],
    ['not a day', ''],
  ])('%s reads "%s" on Wed 12/09/26', (dueDate, expected) => {
    expect(dueWhen(dueDate, TODAY)).toBe(expected);
  });

  it('without a today: always mm/dd/yy', () => {
    expect(dueWhen('2026-12-10')).toBe('12/10/26');
  });

  it.each([
    [{ dueDate: '2026-12-11', overdue: false }, 'Due Fri'],
    [{ dueDate: '2026-12-08', overdue: true }, 'Was due yesterday'],
    [{ dueDate: null, overdue: false }, 'No due day'],
  ])('%p: "%s"', (a, expected) => {
    expect(dueLine(a, TODAY)).toBe(expected);
  });
});

describe('dueSoon: today or tomorrow, not overdue, not finished', () => {
  it.each([
    ['2026-12-09', false, 'not-started', true],
    ['2026-12-10', false, 'in-progress', true],
    ['2026-12-11', false, 'not-started', false],
    ['2026-12-08', true, 'not-started', false],
    ['2026-12-09', false, 'passed', false],
    [null, false, 'not-started', false],
  ] as const)('due %p, overdue %p, %s: %p', (dueDate, isOverdue, progress, expected) => {
    expect(dueSoon({ dueDate, overdue: isOverdue, progress }, TODAY)).toBe(expected);
  });
});

describe('nextStepHeading: "Next: <what> — due <when>"', () => {
  it.each([
    [{ title: 'Review: Planning for Expenses', dueDate: '2026-12-11', overdue: false }, 'Next: Review: Planning for Expenses — due Fri'],
    [{ title: 'Review: Planning for Expenses', dueDate: '2026-12-07', overdue: true }, 'Next: Review: Planning for Expenses — was due Mon'],
    [{ title: 'Spending Wisely', dueDate: '2026-12-09', overdue: false }, 'Next: Spending Wisely — due today'],
    [{ title: 'Earning an Income', dueDate: null, overdue: false }, 'Next: Earning an Income'],
  ])('%p', (a, expected) => {
    expect(nextStepHeading(a, TODAY)).toBe(expected);
  });
});

describe('nextStepAction: the button says what opening it does', () => {
  it.each([
    ['review', 'not-started', 'Start the review'],
    ['review', 'in-progress', 'Try the review again'],
    ['material', 'not-started', 'Start reading'],
    ['material', 'in-progress', 'Keep reading'],
    ['module', 'not-started', 'Start the module'],
    ['module', 'in-progress', 'Continue the module'],
    ['worksheet', 'not-started', 'Open the worksheet'],
    ['worksheet', 'in-progress', 'Finish the worksheet'],
  ] as const)('%s, %s: "%s"', (kind, progress, expected) => {
    expect(nextStepAction({ kind, progress })).toBe(expected);
  });
});
