/**
 * The student's side of a review a teacher limits, and of passing: "Attempt N of M" before the first
 * question; with none left, a notice naming the teacher in place of the questions (nothing to answer
 * only to be refused on Submit); a passed review says so and offers the next step; a module not
 * started offers its pre-test before "Start the module".
 */
import { screen, within } from '@testing-library/react';
import { NO_ATTEMPTS_LEFT, attemptLine } from '../../../../../src/client/features/catalog/components/ReviewAttempts';
import { contentLoaded, reviewScored } from '../../../../../src/client/features/catalog/slice';
import { catalogState } from './fixtures';
import { attemptsUsedMessage, type MaterialSummary, type ModuleDetail, type ReviewResult, type ReviewView } from '../../../../../src/common/catalog';
import { failedAttempt, reviewView } from './fixtures';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { renderApp, signedIn } from '../../app/renderApp';

registerArea(catalogArea);

beforeEach(() => {
  // jsdom has no scrollTo; the app scrolls to the top on every page (ScrollToTop)
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const REVIEW_READ = { kind: 'review', args: ['budgeting', 'first-budget'] } as const;
const MODULE = { kind: 'module', args: ['budgeting'] } as const;
const PAGE = '/app/catalog/budgeting/material/first-budget/review';
const LIMIT = { allowed: 2, className: 'Personal Finance — Period 2', teacher: 'James Whitaker' };
const REVIEW = reviewView({ attemptLimit: LIMIT });

/** The module with its first material: `read` of its three sections read, its review passed or not. */
function moduleWith(read: number, passed: boolean, status: ModuleDetail['progress']['status'] = 'in-progress'): ModuleDetail {
  const material = (slug: string, title: string, order: number, r: number, p: boolean): MaterialSummary => ({
    slug,
    title,
    order,
    summary: '',
    sections: [1, 2, 3].map((n) => ({ slug: `${slug}-s${n}`, title: `${title}, part ${n}`, order: n, estimatedMinutes: 5, completed: n <= r })),
    review: { title: `Review: ${title}`, questionCount: 5, passingScore: 70, bestScore: p ? 100 : null, passed: p, attempts: p ? 1 : 0 },
    percent: 0,
  });
  return {
    slug: 'budgeting',
    title: 'Budgeting Basics',
    order: 1,
    summary: '',
    objectives: ['Tell needs from wants'],
    estimatedMinutes: 60,
    overviewHtml: '<p>Money in, money out.</p>',
    materials: [material('first-budget', 'Making Your First Budget', 1, read, passed), material('needs-wants', 'Needs and Wants', 2, 0, false)],
    progress: { sectionsTotal: 6, sectionsCompleted: read, reviewsTotal: 2, reviewsPassed: passed ? 1 : 0, percent: 0, status },
    continuePath: '/app/catalog/budgeting/material/first-budget',
    tests: [
      { kind: 'pre-test', questionCount: 8, score: null, takenAt: null, locked: null },
      { kind: 'post-test', questionCount: 8, score: null, takenAt: null, locked: 'The post-test opens once you have read every section of this module.' },
    ],
  };
}

function open(review: ReviewView, { module, result }: { module?: ModuleDetail; result?: ReviewResult } = {}) {
  return renderApp(PAGE, {
    preloadedState: {
      ...signedIn(),
      catalog: catalogState(
        contentLoaded(REVIEW_READ, review),
        ...(module ? [contentLoaded(MODULE, module)] : []),
        ...(result ? [reviewScored({ slug: 'budgeting', mslug: 'first-budget', result })] : []),
      ),
    },
  });
}

describe('attemptLine', () => {
  it.each([
    [null, 0, null],
    [{ ...LIMIT, allowed: 3 }, 0, 'Attempt 1 of 3'],
    [{ ...LIMIT, allowed: 3 }, 1, 'Attempt 2 of 3'],
    [{ ...LIMIT, allowed: 3 }, 2, 'Attempt 3 of 3: your last attempt.'],
    [{ ...LIMIT, allowed: 1 }, 0, 'Attempt 1 of 1: you have one try at this review.'],
    [{ ...LIMIT, allowed: 3 }, 3, null],
  ])('limit %p, %p made → %p', (limit, made, expected) => {
    expect(attemptLine(limit, made)).toBe(expected);
  });
});

it('a limited review says which attempt this is before the first question', async () => {
  open({ ...REVIEW, attempts: 1, bestScore: 50 });
  const line = await screen.findByText('Attempt 2 of 2: your last attempt.', {}, { timeout: 20_000 });
  const firstQuestion = screen.getByRole('group', { name: /Which of these is a need/ });
  expect(line.compareDocumentPosition(firstQuestion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Submit answers' })).toBeInTheDocument();
});

it('a review without a limit shows no attempt line', async () => {
  open({ ...REVIEW, attemptLimit: null });
  await screen.findByRole('group', { name: /Which of these is a need/ }, { timeout: 20_000 });
  expect(screen.queryByText(/^Attempt \d/)).toBeNull();
});

it('out of attempts: the notice names the teacher and the class, and there is nothing to answer', async () => {
  open({ ...REVIEW, serving: null, questions: [], attempts: 2, bestScore: 40 });
  const notice = await screen.findByRole('heading', { name: NO_ATTEMPTS_LEFT }, { timeout: 20_000 });
  const alert = notice.closest('[role="alert"]') as HTMLElement;
  expect(alert).toHaveTextContent(
    'You have used all 2 attempts your teacher set for this review (Personal Finance — Period 2). Ask James Whitaker for another attempt.',
  );
  expect(within(alert).getByRole('link', { name: 'Read the material again' })).toHaveAttribute('href', '/app/catalog/budgeting/material/first-budget');
  expect(screen.queryByRole('form', { name: 'Review questions' })).toBeNull();
  expect(screen.queryAllByRole('radio')).toHaveLength(0);
  expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
  expect(screen.queryByText(/questions\./)).toBeNull();
  expect(screen.getByText(/Your best score so far: 40%/)).toBeInTheDocument();
});

it('the last attempt failed: the result offers no retake and says who can grant another', async () => {
  open({ ...REVIEW, attempts: 2, bestScore: 50 }, { result: failedAttempt({ attempts: 2 }) });
  expect(await screen.findByText(attemptsUsedMessage(LIMIT), {}, { timeout: 20_000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retake the review' })).toBeNull();
});

it('a passed review with sections unread says so and offers the first unread section', async () => {
  open({ ...REVIEW, attemptLimit: null, attempts: 1, bestScore: 100 }, { module: moduleWith(1, true) });
  const passed = await screen.findByRole('heading', { name: 'You passed this review.' }, { timeout: 20_000 });
  const status = passed.closest('[role="status"]') as HTMLElement;
  expect(status).toHaveTextContent('2 sections of Making Your First Budget are still unread');
  expect(within(status).getByRole('link', { name: 'Next: Making Your First Budget, part 2' })).toHaveAttribute(
    'href',
    '/app/catalog/budgeting/material/first-budget/section/first-budget-s2',
  );
});

it('a passed review whose material is read offers the next material', async () => {
  open({ ...REVIEW, attemptLimit: null, attempts: 1, bestScore: 100 }, { module: moduleWith(3, true) });
  expect(await screen.findByRole('link', { name: 'Next: Needs and Wants' }, { timeout: 20_000 })).toHaveAttribute('href', '/app/catalog/budgeting/material/needs-wants');
  expect(screen.getByText('You finished Making Your First Budget.')).toBeInTheDocument();
});

it('passed and out of attempts: the next step, no request for more attempts', async () => {
  open({ ...REVIEW, serving: null, questions: [], attempts: 2, bestScore: 100 }, { module: moduleWith(3, true) });
  expect(await screen.findByRole('link', { name: 'Next: Needs and Wants' }, { timeout: 20_000 })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: NO_ATTEMPTS_LEFT })).toBeNull();
  expect(screen.queryByText(/Ask James Whitaker/)).toBeNull();
});

it('a module not started offers its pre-test before "Start the module"', async () => {
  renderApp('/app/catalog/budgeting', {
    preloadedState: { ...signedIn(), catalog: catalogState(contentLoaded(MODULE, moduleWith(0, false, 'not-started'))) },
  });
  const start = await screen.findByRole('link', { name: 'Start the module' }, { timeout: 20_000 });
  const preTest = screen.getByRole('link', { name: 'Take the pre-test' });
  expect(preTest.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
