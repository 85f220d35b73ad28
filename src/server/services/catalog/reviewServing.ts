/**
 * Serving and judging review questions (material reviews and module pre-/post-tests alike).
 *
 * A serving is one opening: the questions drawn from the bank in the order shown, and every
 * question's choices in an order drawn for it. The browser answers by positions in that order (or,
 * for a numeric question, with what was typed); the server translates back to the content's own
 * choice indexes and judges with common/reviewQuestions.ts.
 */
import { randomInt } from 'node:crypto';
import type { QuestionResult, ReviewAnswer, ReviewQuestionView } from '../../../common/catalog';
import { isRightAnswer, parseNumberAnswer, type QuestionKind, type StoredAnswer } from '../../../common/reviewQuestions';
import { HttpError } from '../../http/errors';

export const SERVING_MESSAGES = {
  badAnswer: (id: number) => `The answer to question ${id} is not one of its choices.`,
  noneSelected: (id: number) => `Question ${id} asks you to select every right choice: select at least one.`,
  notANumber: (id: number) => `The answer to question ${id} is not a number: type it like 1234.50 or $1,234.50.`,
  wrongKind: (id: number) =>
    `The answer to question ${id} is of the wrong kind: it takes a choice number or true/false, a list of choice numbers, or a typed number, as the question asks.`,
} as const;

export interface StoredQuestion {
  id: number;
  review_id: number;
  type: string;
  prompt: string;
  choices: string | null;
  answer: string;
  explanation: string;
  unit: string | null;
}

/** `ids` in that order (a question the content no longer holds is left out). */
export function pickQuestions(bank: readonly StoredQuestion[], ids: readonly number[]): StoredQuestion[] {
  const byId = new Map(bank.map((q) => [q.id, q]));
  return ids.map((id) => byId.get(id)).filter((q): q is StoredQuestion => q !== undefined);
}

/** { [question id]: the stored choice index shown at each position } (questions with choices). */
export type ChoiceOrders = Record<string, number[]>;

export function storedChoices(q: Pick<StoredQuestion, 'choices'>): string[] {
  return q.choices ? (JSON.parse(q.choices) as string[]) : [];
}

/** A uniformly random order of 0..n-1 (Fisher–Yates over a CSPRNG). */
export function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * A fresh order for every question with choices. A retake never shows exactly the order of the
 * previous attempt: when the draw repeats it, the first question with choices is rotated by one, so
 * "the second one again" is never a way through a review.
 */
export function drawChoiceOrders(questions: readonly { id: number; choiceCount: number }[], previous: ChoiceOrders | null): ChoiceOrders {
  const orders: ChoiceOrders = {};
  for (const q of questions) if (q.choiceCount > 0) orders[String(q.id)] = shuffled(q.choiceCount);
  const movable = questions.find((q) => q.choiceCount > 1);
  const same = previous !== null && Object.entries(orders).every(([id, order]) => JSON.stringify(previous[id]) === JSON.stringify(order));
  if (movable && same) {
    const order = orders[String(movable.id)]!;
    orders[String(movable.id)] = [...order.slice(1), order[0]!];
  }
  return orders;
}

/**
 * `count` question ids drawn at random from `bank`, in a random order. When the bank is larger than
 * the draw, a retake never gets the same questions as `previous` (the last attempt's): if the draw
 * repeats them, one is swapped for a question it did not show. `count` ≥ the bank: all of it,
 * shuffled. `count` null (a review that does not draw): the whole bank in the content's order.
 */
export function drawQuestionIds(bank: readonly number[], count: number | null, previous: readonly number[] | null): number[] {
  if (count === null) return [...bank];
  const order = shuffled(bank.length).map((i) => bank[i]!);
  if (count >= bank.length) {
    // the whole bank: a retake still sees another order
    if (previous && bank.length > 1 && JSON.stringify(previous) === JSON.stringify(order)) return [...order.slice(1), order[0]!];
    return order;
  }
  const drawn = order.slice(0, count);
  if (previous) {
    const before = new Set(previous);
    if (drawn.length === before.size && drawn.every((id) => before.has(id))) {
      const other = order.slice(count).find((id) => !before.has(id));
      if (other !== undefined) drawn[randomInt(drawn.length)] = other;
    }
  }
  return drawn;
}

/** A question as a serving shows it: its choices in that serving's order (no answer, no explanation). */
export function servedQuestion(q: StoredQuestion, orders: ChoiceOrders): ReviewQuestionView {
  const choices = storedChoices(q);
  const order = orders[String(q.id)];
  const view: ReviewQuestionView = {
    id: q.id,
    type: q.type as QuestionKind,
    prompt: q.prompt,
    choices: q.choices ? (order ?? choices.map((_, i) => i)).map((i) => choices[i]!) : null,
  };
  if (q.type === 'numeric') view.unit = q.unit;
  return view;
}

export function storedAnswerOf(q: StoredQuestion): StoredAnswer {
  const raw = JSON.parse(q.answer) as unknown;
  if (q.type === 'numeric') {
    const { value, tolerance } = raw as { value: number; tolerance: number };
    return { type: 'numeric', answer: value, tolerance };
  }
  return { type: q.type, answer: raw } as StoredAnswer;
}

export interface Judged {
  q: StoredQuestion;
  correct: boolean;
  /** the answer as the student gave it, in the serving's terms (positions; the number read) */
  shown: ReviewAnswer;
  /** the answer in the content's terms (choice indexes), as stored with the attempt */
  stored: ReviewAnswer;
  /** the right answer in the serving's terms */
  shownRight: ReviewAnswer;
}

const isPosition = (a: unknown, count: number): a is number => typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < count;

/** One answer judged, or a 400 naming the question when the answer does not fit it. */
export function judgeAnswer(q: StoredQuestion, answer: ReviewAnswer, orders: ChoiceOrders): Judged {
  const stored = storedAnswerOf(q);
  const order = orders[String(q.id)] ?? storedChoices(q).map((_, i) => i);
  switch (stored.type) {
    case 'true-false':
      if (typeof answer === 'boolean') return { q, correct: isRightAnswer(stored, answer), shown: answer, stored: answer, shownRight: stored.answer };
      if (typeof answer === 'number') throw new HttpError(400, SERVING_MESSAGES.badAnswer(q.id));
      throw new HttpError(400, SERVING_MESSAGES.wrongKind(q.id));
    case 'multiple-choice':
      if (isPosition(answer, order.length)) {
        const index = order[answer]!;
        return { q, correct: isRightAnswer(stored, index), shown: answer, stored: index, shownRight: order.indexOf(stored.answer) };
      }
      if (typeof answer === 'number' || typeof answer === 'boolean') throw new HttpError(400, SERVING_MESSAGES.badAnswer(q.id));
      throw new HttpError(400, SERVING_MESSAGES.wrongKind(q.id));
    case 'multiple-select': {
      if (!Array.isArray(answer)) throw new HttpError(400, SERVING_MESSAGES.wrongKind(q.id));
      if (answer.length === 0) throw new HttpError(400, SERVING_MESSAGES.noneSelected(q.id));
      if (!answer.every((a) => isPosition(a, order.length)) || new Set(answer).size !== answer.length) throw new HttpError(400, SERVING_MESSAGES.badAnswer(q.id));
      const shown = [...answer].sort((a, b) => a - b);
      const indexes = shown.map((p) => order[p]!).sort((a, b) => a - b);
      const shownRight = stored.answer.map((i) => order.indexOf(i)).sort((a, b) => a - b);
      return { q, correct: isRightAnswer(stored, indexes), shown, stored: indexes, shownRight };
    }
    case 'numeric': {
      const value = typeof answer === 'number' ? (Number.isFinite(answer) ? answer : null) : typeof answer === 'string' ? parseNumberAnswer(answer) : undefined;
      if (value === undefined) throw new HttpError(400, SERVING_MESSAGES.wrongKind(q.id));
      if (value === null) throw new HttpError(400, SERVING_MESSAGES.notANumber(q.id));
      return { q, correct: isRightAnswer(stored, value), shown: value, stored: value, shownRight: stored.answer };
    }
  }
}

/** The results a student sees: the right answers and explanations only when `reveal`. */
export function resultsOf(judged: readonly Judged[], reveal: boolean): QuestionResult[] {
  return judged.map((j) => ({
    id: j.q.id,
    correct: j.correct,
    given: j.shown,
    correctAnswer: reveal ? j.shownRight : null,
    explanation: reveal ? j.q.explanation : null,
  }));
}

/** Yup test of an answers map's values: what any kind of question could take (the handler checks the kind). */
export function answerValuesFit(value: unknown): boolean {
  return Object.values(value ?? {}).every(
    (a) =>
      (typeof a === 'number' && Number.isFinite(a)) ||
      typeof a === 'boolean' ||
      (typeof a === 'string' && a.length <= 40) ||
      (Array.isArray(a) && a.length <= 10 && a.every((i) => typeof i === 'number' && Number.isInteger(i))),
  );
}
