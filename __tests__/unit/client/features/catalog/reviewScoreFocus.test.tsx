/**
 * After "Submit answers" the score message takes the focus and scrolls into view (the Submit button
 * it replaces was at the bottom of the page); a score already there when the page opens does not
 * steal the focus.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentLoaded, reviewScored, reviewSubmitted } from '../../../../../src/client/features/catalog/slice';
import { registerArea } from '../../../../../src/client/app/areas';
import { catalogArea } from '../../../../../src/client/features/catalog/area';
import { renderApp, signedIn } from '../../app/renderApp';
import { catalogState, failedAttempt, reviewView } from './fixtures';

// the catalog's slice is in the store from the start, so a test can preload it
registerArea(catalogArea);

const REVIEW_OF = { slug: 'budgeting', mslug: 'first-budget' };
const REVIEW = reviewView({
  serving: 'serving-1',
  questions: [
    { id: 1, type: 'multiple-choice', prompt: 'What is a budget?', choices: ['A plan for your money', 'A bank account'] },
    { id: 2, type: 'true-false', prompt: 'Wants come before needs.', choices: null },
  ],
});
const RESULT = failedAttempt({
  questions: REVIEW.questions,
  results: [
    { id: 1, correct: true, given: 0, correctAnswer: null, explanation: null },
    { id: 2, correct: false, given: true, correctAnswer: null, explanation: null },
  ],
});

let scrollIntoView: jest.Mock;
beforeEach(() => {
  scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

function open({ scored }: { scored?: boolean } = {}) {
  const loaded = contentLoaded({ kind: 'review', args: ['budgeting', 'first-budget'] }, REVIEW);
  return renderApp(`/app/catalog/budgeting/material/first-budget/review`, {
    preloadedState: { ...signedIn(), catalog: scored ? catalogState(loaded, reviewScored({ ...REVIEW_OF, result: RESULT })) : catalogState(loaded) },
  });
}

it('moves the focus to the score message and scrolls it into view once the answers are scored', async () => {
  const { store, dispatch } = open();
  await userEvent.click(await screen.findByRole('radio', { name: 'A plan for your money' }));
  await userEvent.click(screen.getByRole('radio', { name: 'True' }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
  expect(dispatch).toHaveBeenCalledWith(reviewSubmitted({ ...REVIEW_OF, serving: 'serving-1', answers: { 1: 0, 2: true } }));
  act(() => {
    store.dispatch(reviewScored({ ...REVIEW_OF, result: RESULT }));
  });
  const message = screen.getByText(/Your score: 50% \(1 of 2 correct\)/).closest('[role="status"]');
  expect(message).toHaveFocus();
  expect(message).toHaveAttribute('tabindex', '-1');
  // (StrictMode runs the effect twice in development)
  expect(scrollIntoView).toHaveBeenCalled();
  expect(new Set(scrollIntoView.mock.contexts)).toEqual(new Set([message]));
  expect(scrollIntoView).toHaveBeenLastCalledWith(expect.objectContaining({ block: 'start' }));
});

it('leaves the focus alone when the page opens on a score already there', async () => {
  open({ scored: true });
  const message = (await screen.findByText(/Your score: 50%/, undefined)).closest('[role="status"]');
  expect(message).not.toHaveFocus();
  expect(scrollIntoView).not.toHaveBeenCalled();
});
