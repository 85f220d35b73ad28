/**
 * Review questions' pure rules, shared by the server (judging) and the browser (checking what a
 * student typed before it is sent): how a typed number is read, and when an answer is right.
 *
 * Kinds: single choice ('multiple-choice'), 'multiple-select' (all or nothing: exactly the right
 * choices, no more, no fewer), 'numeric' (a typed number within the question's tolerance) and
 * 'true-false'.
 */

export const QUESTION_TYPES = ['multiple-choice', 'multiple-select', 'numeric', 'true-false'] as const;
export type QuestionKind = (typeof QUESTION_TYPES)[number];

/** What a student may type for a numeric answer: "1234.5", "1,234.50", "$1,234.50", "-3", "4.5%", ".5". */
const NUMBER_TEXT = /^(-)?\s*\$?\s*(-)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)\s*%?$/;

export const NUMERIC_FORMAT_HINT = 'Type a number, like 1234.50 or $1,234.50.';

/**
 * The number a student typed, or null when it is not one. A dollar sign, thousands commas (in
 * groups of three) and a trailing percent sign are allowed, so "$1,234.50" reads as 1234.5 and
 * "4.5%" as 4.5; "1,23" or "12abc" are not numbers.
 */
export function parseNumberAnswer(text: string): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const match = NUMBER_TEXT.exec(text.trim());
  if (!match) return null;
  if (match[1] && match[2]) return null;
  const value = Number(match[3]!.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return match[1] || match[2] ? -value : value;
}

/** Within the tolerance, either side (a hair of slack for binary fractions: 0.1 + 0.2). */
export function withinTolerance(given: number, answer: number, tolerance: number): boolean {
  return Math.abs(given - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer));
}

/** A question's stored right answer, by kind (choice indexes are in the content's own order). */
export type StoredAnswer =
  | { type: 'multiple-choice'; answer: number }
  | { type: 'multiple-select'; answer: number[] }
  | { type: 'numeric'; answer: number; tolerance: number }
  | { type: 'true-false'; answer: boolean };

/**
 * Is `given` right? `given` is in the content's own terms (choice indexes, not positions shown):
 * a number for single choice, a list of indexes for multiple select, the typed number for numeric.
 */
export function isRightAnswer(stored: StoredAnswer, given: number | number[] | boolean): boolean {
  switch (stored.type) {
    case 'multiple-choice':
      return given === stored.answer;
    case 'true-false':
      return given === stored.answer;
    case 'numeric':
      return typeof given === 'number' && withinTolerance(given, stored.answer, stored.tolerance);
    case 'multiple-select': {
      if (!Array.isArray(given)) return false;
      const want = new Set(stored.answer);
      const got = new Set(given);
      return got.size === want.size && [...got].every((i) => want.has(i));
    }
  }
}
