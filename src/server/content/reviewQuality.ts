/**
 * Whether the review banks measure knowledge rather than test-taking tricks (docs/content-review.md
 * "Review banks"). A student who reads nothing can still score by picking the longest choice, every
 * choice but the shortest in a multiple select, and "true": these figures say how far each trick gets,
 * and `npm run content:check` fails when the course is beyond REVIEW_BOUNDS. Pure: the catalog is read
 * by the caller.
 */
import type { CatalogModule, CatalogQuestion } from './catalog';

/** The targets the course is held to; shares are fractions of the questions of that type. */
export const REVIEW_BOUNDS = {
  /** single choice: the right answer is strictly the longest choice (chance with four choices is 25 %) */
  longestRightMax: 0.35,
  /** multiple select: every choice is right but one */
  allButOneMax: 0.4,
  /** true/false: the answer is true */
  trueShareMin: 0.42,
  trueShareMax: 0.58,
  /** the median over the banks of what the test-taking tricks alone score */
  trickMedianMax: 0.3,
} as const;

export interface BankQuality {
  /** "<module>/<material>" */
  key: string;
  questions: number;
  singleChoice: number;
  longestRight: number;
  multipleSelect: number;
  allButOne: number;
  trueFalse: number;
  answeredTrue: number;
  /** share of the bank the tricks answer right (numeric questions: never) */
  trickScore: number;
  /** pairs of questions with the same prompt or the same worked numbers ("3 and 9: same numbers 12, 600") */
  duplicates: string[];
  /** numeric questions that count time rather than money ("question 4: minutes") */
  outsideFinance: string[];
}

export interface CourseQuality {
  banks: BankQuality[];
  longestRightShare: number;
  allButOneShare: number;
  trueShare: number;
  trickMedian: number;
  /** each figure beyond its bound, in words; empty when the course meets them all */
  beyondBounds: string[];
}

const lengthOf = (s: string): number => s.trim().length;

/** The right choice is longer than every other (a tie gives nothing away). */
export function rightIsLongest(q: CatalogQuestion): boolean {
  if (q.type !== 'multiple-choice' || !q.choices || typeof q.answer !== 'number') return false;
  const right = lengthOf(q.choices[q.answer]!);
  return q.choices.every((c, i) => i === q.answer || lengthOf(c) < right);
}

export const allButOne = (q: CatalogQuestion): boolean =>
  q.type === 'multiple-select' && q.choices !== null && Array.isArray(q.answer) && q.answer.length === q.choices.length - 1;

const firstIndexOf = (choices: string[], pick: (a: number, b: number) => boolean): number =>
  choices.reduce((best, c, i) => (pick(lengthOf(c), lengthOf(choices[best]!)) ? i : best), 0);

/**
 * What a student who reads nothing answers: the longest choice (the first of equals), every choice
 * but the shortest, "true"; a typed number cannot be guessed.
 */
export function trickAnswers(q: CatalogQuestion): boolean {
  if (q.type === 'true-false') return q.answer === true;
  if (q.type === 'multiple-choice' && q.choices) return firstIndexOf(q.choices, (a, b) => a > b) === q.answer;
  if (q.type === 'multiple-select' && q.choices && Array.isArray(q.answer)) {
    const shortest = firstIndexOf(q.choices, (a, b) => a < b);
    const picked = q.choices.map((_c, i) => i).filter((i) => i !== shortest);
    return picked.length === q.answer.length && picked.every((i) => (q.answer as number[]).includes(i));
  }
  return false;
}

/** The prompt reduced to its words, so punctuation and case do not hide a repeat. */
const promptWords = (prompt: string): string => prompt.toLowerCase().replace(/[^a-z0-9$%]+/g, ' ').trim();

/** The numbers a prompt works with, in order of size ("$1,200 at 4.5%" → 4.5, 1200). */
export function workedNumbers(prompt: string): number[] {
  return [...prompt.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(',', ''))).sort((a, b) => a - b);
}

/**
 * Units that count time, not money: a numeric question in one of them that works with two numbers or
 * more and no amount or rate is arithmetic, not finance ("leave how many minutes before 4:00?"); one
 * that asks for a single fact ("how many days to investigate a dispute?") is knowledge.
 */
const TIME_UNITS = new Set(['second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks']);

export function bankQuality(key: string, questions: readonly CatalogQuestion[]): BankQuality {
  const duplicates: string[] = [];
  for (let i = 0; i < questions.length; i += 1)
    for (let j = i + 1; j < questions.length; j += 1) {
      const [a, b] = [questions[i]!, questions[j]!];
      if (promptWords(a.prompt) === promptWords(b.prompt)) duplicates.push(`${i + 1} and ${j + 1}: the same prompt`);
      else {
        const [na, nb] = [workedNumbers(a.prompt), workedNumbers(b.prompt)];
        // one shared number is a coincidence ("a $1,000 goal"); two or more are the same worked example
        if (na.length >= 2 && na.join() === nb.join()) duplicates.push(`${i + 1} and ${j + 1}: the same numbers ${na.join(', ')}`);
      }
    }
  const outsideFinance = questions.flatMap((q, i) =>
    q.type === 'numeric' && q.unit && TIME_UNITS.has(q.unit.toLowerCase()) && !/[$%]/.test(q.prompt) && workedNumbers(q.prompt).length >= 2 ? [`question ${i + 1}: counts ${q.unit}`] : [],
  );
  const count = (test: (q: CatalogQuestion) => boolean): number => questions.filter(test).length;
  return {
    key,
    questions: questions.length,
    singleChoice: count((q) => q.type === 'multiple-choice'),
    longestRight: count(rightIsLongest),
    multipleSelect: count((q) => q.type === 'multiple-select'),
    allButOne: count(allButOne),
    trueFalse: count((q) => q.type === 'true-false'),
    answeredTrue: count((q) => q.type === 'true-false' && q.answer === true),
    trickScore: questions.length === 0 ? 0 : count(trickAnswers) / questions.length,
    duplicates,
    outsideFinance,
  };
}

const share = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const percent = (fraction: number): string => `${(fraction * 100).toFixed(0)} %`;

export function courseQuality(modules: readonly CatalogModule[]): CourseQuality {
  const banks = modules.flatMap((m) => m.materials.map((mat) => bankQuality(`${m.slug}/${mat.slug}`, mat.review.questions)));
  const sum = (field: keyof BankQuality): number => banks.reduce((n, b) => n + (b[field] as number), 0);
  const longestRightShare = share(sum('longestRight'), sum('singleChoice'));
  const allButOneShare = share(sum('allButOne'), sum('multipleSelect'));
  const trueShare = share(sum('answeredTrue'), sum('trueFalse'));
  const trickMedian = median(banks.map((b) => b.trickScore));
  const B = REVIEW_BOUNDS;
  const beyondBounds = [
    longestRightShare > B.longestRightMax && `the right answer is the longest choice in ${percent(longestRightShare)} of single-choice questions (at most ${percent(B.longestRightMax)})`,
    allButOneShare > B.allButOneMax && `${percent(allButOneShare)} of multiple-select questions have every choice right but one (at most ${percent(B.allButOneMax)})`,
    (trueShare < B.trueShareMin || trueShare > B.trueShareMax) && `${percent(trueShare)} of true/false answers are true (${percent(B.trueShareMin)}–${percent(B.trueShareMax)})`,
    trickMedian > B.trickMedianMax && `test-taking tricks alone score a median ${percent(trickMedian)} on a bank (at most ${percent(B.trickMedianMax)})`,
    ...banks.flatMap((b) => [...b.duplicates.map((d) => `${b.key}: questions ${d}`), ...b.outsideFinance.map((o) => `${b.key}: ${o}, arithmetic outside finance`)]),
  ].filter((line): line is string => typeof line === 'string');
  return { banks, longestRightShare, allButOneShare, trueShare, trickMedian, beyondBounds };
}
