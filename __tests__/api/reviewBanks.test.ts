/**
 * The REAL course's review banks (content/catalog/**\/review.md): reviews that measure. Each review
 * draws at least 8 questions from a bank at least twice that size, mixes every kind of question,
 * writes out the arithmetic of each numeric answer, and the right answers of single-choice
 * questions are spread evenly over the positions.
 *
 * Why positions matter although the server shuffles choices per serving: the stored order is what
 * a teacher previews, what a printed copy shows and what a test fixture or an export sees, and a
 * writer's habit (the right answer "usually second") is a pattern students learn to game wherever
 * shuffling is off. "Evenly" is checked where there is enough data for it to mean something: over
 * the whole course, each position of the 4-choice questions holds the right answer within ±20% of
 * a quarter of them; within one review no position holds more than half; and the right choices of
 * multiple-select questions are not bunched at the top (no position holds more than 40% of them).
 */
import path from 'node:path';
import { readCatalog, type CatalogQuestion } from '../../src/server/content/catalog';

const CONTENT = path.resolve(__dirname, '../../content');
const modules = readCatalog(CONTENT);
const reviews = modules.flatMap((m) => m.materials.map((mat) => ({ where: `${m.slug}/${mat.slug}`, review: mat.review })));
const KINDS: CatalogQuestion['type'][] = ['multiple-choice', 'multiple-select', 'numeric', 'true-false'];

/** How many right answers sit at each position. */
function tally(positions: number[], size: number): number[] {
  const counts = Array.from({ length: size }, () => 0);
  for (const p of positions) counts[p]! += 1;
  return counts;
}

it('[content] every review draws at least 8 questions from a bank at least twice that size', () => {
  const problems = reviews
    .map(({ where, review }) => ({ where, draw: review.draw, bank: review.questions.length }))
    .filter(({ draw, bank }) => draw === null || draw < 8 || bank < 2 * draw)
    .map(({ where, draw, bank }) => `${where}: draws ${String(draw)} from ${bank}`);
  expect(problems).toEqual([]);
  expect(reviews).toHaveLength(53);
});

it('[content] every review mixes single choice, multiple select, numeric and true/false questions', () => {
  const problems = reviews.flatMap(({ where, review }) => {
    const kinds = new Set(review.questions.map((q) => q.type));
    return KINDS.filter((k) => !kinds.has(k)).map((k) => `${where}: no ${k} question`);
  });
  expect(problems).toEqual([]);
});

it('[content] every question explains its answer, and a numeric answer is worked out in its explanation', () => {
  const shown = (n: number) => [String(n), n.toLocaleString('en-US'), n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })];
  const problems = reviews.flatMap(({ where, review }) =>
    review.questions
      .filter((q) => q.explanation.trim().length < 20 || (q.type === 'numeric' && !shown(q.answer as number).some((s) => q.explanation.includes(s))))
      .map((q) => `${where}: "${q.prompt.slice(0, 60)}"`),
  );
  expect(problems).toEqual([]);
});

it('[content] no two questions of a bank are the same prompt', () => {
  const problems = reviews.filter(({ review }) => new Set(review.questions.map((q) => q.prompt)).size !== review.questions.length).map(({ where }) => where);
  expect(problems).toEqual([]);
});

it('[content] the right answers of single-choice questions are spread evenly over the positions', () => {
  const fourChoice = reviews.flatMap(({ review }) => review.questions.filter((q) => q.type === 'multiple-choice' && q.choices!.length === 4).map((q) => q.answer as number));
  const counts = tally(fourChoice, 4);
  const uniform = fourChoice.length / 4;
  expect(fourChoice.length).toBeGreaterThanOrEqual(80);
  for (const count of counts) {
    expect(count).toBeGreaterThanOrEqual(Math.floor(uniform * 0.8));
    expect(count).toBeLessThanOrEqual(Math.ceil(uniform * 1.2));
  }
  // within one review: no position holds more than half of its single-choice answers
  const bunched = reviews.filter(({ review }) => {
    const answers = review.questions.filter((q) => q.type === 'multiple-choice').map((q) => q.answer as number);
    return Math.max(...tally(answers, 5)) > answers.length / 2;
  });
  expect(bunched.map(({ where }) => where)).toEqual([]);
});

it('[content] the right choices of multiple-select questions are not bunched at the top', () => {
  const positions = reviews.flatMap(({ review }) => review.questions.filter((q) => q.type === 'multiple-select').flatMap((q) => q.answer as number[]));
  const counts = tally(positions, 5);
  expect(Math.max(...counts)).toBeLessThanOrEqual(positions.length * 0.4);
});
