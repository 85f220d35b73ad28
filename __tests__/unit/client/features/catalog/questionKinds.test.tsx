/**
 * The review's new question kinds in the browser: a multiple select is a labelled group of
 * checkboxes with its hint, a numeric question a labelled box that says when what was typed is not
 * a number; both work from the keyboard, and their results are marked in words.
 */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuestionField, SELECT_ALL_HINT, isAnswered } from '../../../../../src/client/features/catalog/components/QuestionField';
import { QuestionOutcome, RESULT_MARKS, SELECT_ALL_OUTCOME } from '../../../../../src/client/features/catalog/components/ReviewResults';
import type { ReviewAnswer, ReviewQuestionView } from '../../../../../src/common/catalog';
import { NUMERIC_FORMAT_HINT } from '../../../../../src/common/reviewQuestions';

const SELECT: ReviewQuestionView = { id: 7, type: 'multiple-select', prompt: 'Which of these are fixed expenses?', choices: ['A phone plan', 'Groceries', 'A car insurance premium'] };
const NUMERIC: ReviewQuestionView = { id: 8, type: 'numeric', prompt: 'How many dollars a week go into the prom fund?', choices: null, unit: 'dollars' };

/** The field with its own state, reporting every answer it gives. */
function Harness({ q, onAnswer }: { q: ReviewQuestionView; onAnswer: (v: ReviewAnswer) => void }) {
  const [value, setValue] = useState<ReviewAnswer | undefined>(undefined);
  return (
    <QuestionField
      q={q}
      index={0}
      value={value}
      onChange={(v) => {
        setValue(v);
        onAnswer(v);
      }}
    />
  );
}

it('a multiple select is a group named by its prompt, with its hint, answered from the keyboard', async () => {
  const user = userEvent.setup();
  const given: ReviewAnswer[] = [];
  render(<Harness q={SELECT} onAnswer={(v) => given.push(v)} />);
  const group = screen.getByRole('group', { name: '1. Which of these are fixed expenses?' });
  expect(within(group).getByText(SELECT_ALL_HINT)).toBeInTheDocument();
  expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'A phone plan' })).toHaveFocus();
  await user.keyboard(' ');
  await user.tab();
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'A car insurance premium' })).toHaveFocus();
  await user.keyboard(' ');
  expect(given.at(-1)).toEqual([0, 2]);
  await user.keyboard(' ');
  expect(given.at(-1)).toEqual([0]);
});

it('a numeric question is a labelled box that says when what was typed is not a number', async () => {
  const user = userEvent.setup();
  const given: ReviewAnswer[] = [];
  render(<Harness q={NUMERIC} onAnswer={(v) => given.push(v)} />);
  expect(screen.getByRole('group', { name: '1. How many dollars a week go into the prom fund?' })).toBeInTheDocument();
  const box = screen.getByRole('textbox', { name: 'Your answer (dollars)' });
  await user.type(box, '12abc');
  await user.tab();
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription(NUMERIC_FORMAT_HINT);
  await user.clear(box);
  await user.type(box, '$1,234.50');
  expect(box).toHaveAttribute('aria-invalid', 'false');
  expect(given.at(-1)).toBe('$1,234.50');
});

it.each<[ReviewQuestionView, ReviewAnswer | undefined, boolean]>([
  [NUMERIC, '$30', true],
  [NUMERIC, '30 dollars', false],
  [NUMERIC, '', false],
  [NUMERIC, undefined, false],
  [SELECT, [1], true],
  [SELECT, [], false],
  [{ ...SELECT, type: 'multiple-choice' }, 0, true],
  [{ ...SELECT, type: 'true-false', choices: null }, false, true],
])('isAnswered(%#): %p', (q, value, expected) => {
  expect(isAnswered(q, value)).toBe(expected);
});

it('marks a multiple select choice by choice once the answer is shown, and the whole question in words', () => {
  render(<QuestionOutcome question={SELECT} index={0} result={{ id: 7, correct: false, given: [0, 1], correctAnswer: [0, 2], explanation: 'A phone plan and a premium are fixed.' }} />);
  const items = screen.getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(RESULT_MARKS.right);
  expect(items[1]).toHaveTextContent(RESULT_MARKS.wrong);
  expect(items[2]).toHaveTextContent(RESULT_MARKS.answer);
  expect(screen.getByText(SELECT_ALL_OUTCOME.wrong)).toBeInTheDocument();
  expect(screen.getByText('A phone plan and a premium are fixed.')).toBeInTheDocument();
});

it('before the answers are shown, a failed multiple select does not say which choice was wrong', () => {
  render(<QuestionOutcome question={SELECT} index={0} result={{ id: 7, correct: false, given: [0, 1], correctAnswer: null, explanation: null }} />);
  for (const item of screen.getAllByRole('listitem')) expect(item).not.toHaveTextContent(/Your answer: |The correct answer/);
  expect(screen.getByText(SELECT_ALL_OUTCOME.wrong)).toBeInTheDocument();
});

it('shows the number read from a numeric answer, and the right one when known', () => {
  render(<QuestionOutcome question={NUMERIC} index={0} result={{ id: 8, correct: false, given: 1234.5, correctAnswer: 30, explanation: '$420 / 14 = $30 a week.' }} />);
  expect(screen.getByText(/You answered 1,234\.5 dollars/)).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(RESULT_MARKS.wrong);
  expect(screen.getAllByRole('listitem')[1]).toHaveTextContent(`${RESULT_MARKS.answer}:30 dollars`);
});

describe('a numeric answer’s unit agrees with its number ("1 dollar", never "1 dollars")', () => {
  it.each([
    ['dollars', 1, 2, 'You answered 1 dollar', '2 dollars'],
    ['dollars', 2, 1, 'You answered 2 dollars', '1 dollar'],
    ['dollars', 1.5, 1, 'You answered 1.5 dollars', '1 dollar'],
    ['dollars per hour', 1, 15, 'You answered 1 dollar per hour', '15 dollars per hour'],
    ['percent', 1, 4, 'You answered 1 percent', '4 percent'],
    ['months', 1, 12, 'You answered 1 month', '12 months'],
    ['years', 30, 1, 'You answered 30 years', '1 year'],
  ])('in %p: answered %p, right %p', (unit, given, right, answered, answer) => {
    render(<QuestionOutcome question={{ ...NUMERIC, unit }} index={0} result={{ id: 8, correct: false, given, correctAnswer: right, explanation: 'Why.' }} />);
    const [mine, correct] = screen.getAllByRole('listitem');
    expect(mine).toHaveTextContent(new RegExp(`^${answered}${RESULT_MARKS.wrong}$`));
    expect(correct).toHaveTextContent(`${RESULT_MARKS.answer}:${answer}`);
    expect(correct).not.toHaveTextContent(new RegExp(`${answer}s`));
  });
});
