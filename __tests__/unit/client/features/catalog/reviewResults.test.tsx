/**
 * The review's results page: the student's own choice is marked right or wrong on the choice, in
 * words (not colour alone); a failed attempt names no right answer; a passed one shows it and why.
 * A 409 (that opening of the review is spent) loads the review again.
 */
import { screen, within } from '@testing-library/react';
import { RESULT_MARKS, LOOK_AGAIN, sectionLinkText } from '../../../../../src/client/features/catalog/components/ReviewResults';
import { catalogReducer, contentLoaded, reviewFailed, reviewScored } from '../../../../../src/client/features/catalog/slice';
import type { ReviewResult, ReviewView } from '../../../../../src/common/catalog';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { renderApp, signedIn } from '../../app/renderApp';
import { catalogState, reviewView } from './fixtures';

registerArea(catalogArea);

beforeEach(() => {
  // jsdom has no scrollTo; the app scrolls to the top on every page (ScrollToTop)
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const READ = { kind: 'review', args: ['budgeting', 'first-budget'] } as const;
const KEY = 'budgeting/first-budget';
const QUESTIONS: ReviewView['questions'] = [
  { id: 1, type: 'multiple-choice', prompt: 'Which of these is a need?', choices: ['Concert tickets', 'Rent', 'A new phone case'] },
  { id: 2, type: 'true-false', prompt: 'A budget is only for people who earn a lot.', choices: null },
];
const REVIEW = reviewView({ serving: 'next-opening', questions: QUESTIONS, bestScore: 50, attempts: 1 });
const base = { questions: QUESTIONS, score: 50, passingScore: 70, correctCount: 1, questionCount: 2, bestScore: 50, attempts: 1 };

function open(result: ReviewResult) {
  return renderApp('/app/catalog/budgeting/material/first-budget/review', {
    preloadedState: {
      ...signedIn(),
      catalog: catalogState(contentLoaded(READ, REVIEW), reviewScored({ slug: 'budgeting', mslug: 'first-budget', result })),
    },
  });
}

const question = (prompt: string) => screen.getByRole('region', { name: new RegExp(prompt) });
const choice = (region: HTMLElement, label: string) => within(region).getByText(label).closest('li') as HTMLElement;

it('a failed attempt marks the chosen choices right or wrong in words and names no right answer', async () => {
  open({
    ...base,
    passed: false,
    answersShown: false,
    results: [
      { id: 1, correct: false, given: 0, correctAnswer: null, explanation: null },
      { id: 2, correct: true, given: false, correctAnswer: null, explanation: null },
    ],
  });
  const first = await screen.findByRole('region', { name: /Which of these is a need/ }, { timeout: 20_000 });
  expect(choice(first, 'Concert tickets')).toHaveTextContent(RESULT_MARKS.wrong);
  expect(choice(first, 'Rent')).not.toHaveTextContent(/correct/i);
  expect(within(first).queryByText(RESULT_MARKS.answer)).toBeNull();
  expect(within(first).getByText(LOOK_AGAIN)).toBeInTheDocument();
  expect(choice(question('A budget is only'), 'False')).toHaveTextContent(RESULT_MARKS.right);
  // results are text, not disabled (greyed) radios
  expect(screen.queryAllByRole('radio')).toHaveLength(0);
  expect(screen.getByRole('status')).toHaveTextContent(/marked correct or not correct below/);
});

it('a failed attempt links each missed question to the section it tests, not "read this part again"', async () => {
  const needs = { slug: 'needs-and-wants', title: 'Needs and Wants', path: '/app/catalog/budgeting/material/first-budget/section/needs-and-wants' };
  open({
    ...base,
    passed: false,
    answersShown: false,
    results: [
      { id: 1, correct: false, given: 0, correctAnswer: null, explanation: null, section: needs },
      { id: 2, correct: true, given: false, correctAnswer: null, explanation: null, section: { ...needs, slug: 'write-the-plan', title: 'Write the Plan' } },
    ],
  });
  const first = await screen.findByRole('region', { name: /Which of these is a need/ }, { timeout: 20_000 });
  expect(within(first).getByRole('link', { name: sectionLinkText('Needs and Wants') })).toHaveAttribute('href', needs.path);
  expect(within(first).queryByText(LOOK_AGAIN)).toBeNull();
  expect(within(first).queryByText(RESULT_MARKS.answer)).toBeNull();
  // a question answered right sends nobody back
  expect(within(question('A budget is only')).queryByRole('link')).toBeNull();
});

it('a passed attempt shows the right answer on its choice and the explanation', async () => {
  open({
    ...base,
    score: 100,
    correctCount: 1,
    passed: true,
    answersShown: true,
    results: [
      { id: 1, correct: false, given: 2, correctAnswer: 1, explanation: 'Housing is a need.' },
      { id: 2, correct: true, given: false, correctAnswer: false, explanation: 'A budget helps at any income.' },
    ],
  });
  const first = await screen.findByRole('region', { name: /Which of these is a need/ }, { timeout: 20_000 });
  expect(choice(first, 'A new phone case')).toHaveTextContent(RESULT_MARKS.wrong);
  expect(choice(first, 'Rent')).toHaveTextContent(RESULT_MARKS.answer);
  expect(within(first).getByText('Housing is a need.')).toBeInTheDocument();
  expect(choice(question('A budget is only'), 'False')).toHaveTextContent(RESULT_MARKS.right);
});

it('a 409 on submit (the opening is spent) marks the review to be loaded again', () => {
  const loaded = catalogState(contentLoaded(READ, REVIEW));
  const state = catalogReducer(loaded, reviewFailed({ slug: 'budgeting', mslug: 'first-budget', error: { kind: 'http', status: 409, message: 'spent' } as never }));
  expect(state.content.review[KEY]!.status).toBe('stale');
  const other = catalogReducer(loaded, reviewFailed({ slug: 'budgeting', mslug: 'first-budget', error: { kind: 'http', status: 400, message: 'x' } as never }));
  expect(other.content.review[KEY]!.status).toBe('succeeded');
});
