/**
 * The review-bank figures `npm run content:check` holds the course to: what test-taking tricks alone
 * score, repeated questions and arithmetic that is not finance.
 */
import path from 'node:path';
import { readCatalog, type CatalogModule, type CatalogQuestion } from '../../../../src/server/content/catalog';
import { allButOne, bankQuality, courseQuality, median, rightIsLongest, trickAnswers, workedNumbers } from '../../../../src/server/content/reviewQuality';

// each question its own prompt, so only the tests about repeats have any
let asked = 0;
const base = (): Pick<CatalogQuestion, 'prompt' | 'explanation' | 'section'> => ({ prompt: `Which is right, question ${(asked += 1)}?`, explanation: 'Because.', section: 's' });
const single = (choices: string[], answer: number): CatalogQuestion => ({ ...base(), type: 'multiple-choice', choices, answer });
const multi = (choices: string[], answer: number[]): CatalogQuestion => ({ ...base(), type: 'multiple-select', choices, answer });
const tf = (answer: boolean, prompt = base().prompt): CatalogQuestion => ({ ...base(), prompt, type: 'true-false', choices: null, answer });
const numeric = (prompt: string, unit: string): CatalogQuestion => ({ ...base(), prompt, type: 'numeric', choices: null, answer: 1, unit });

describe('[content] what a student who reads nothing gets right', () => {
  it.each([
    ['the right choice is longer than every other', single(['a', 'the long one', 'bb'], 1), true, true],
    ['the right choice ties for longest: nothing given away, the first of equals is picked', single(['same', 'same', 'x'], 1), false, false],
    ['a longer wrong choice', single(['right', 'a longer wrong one'], 0), false, false],
    ['the first of equal longest is right', single(['same', 'same', 'x'], 0), false, true],
  ])('single choice: %s', (_why, q, longest, tricked) => {
    expect(rightIsLongest(q)).toBe(longest);
    expect(trickAnswers(q)).toBe(tricked);
  });

  it.each([
    ['every choice but the shortest is the answer', multi(['one', 'two', 'three', 'x'], [0, 1, 2]), true, true],
    ['all but one, but the wrong one is not the shortest', multi(['one', 'two', 'a long wrong one', 'x'], [0, 1, 3]), true, false],
    ['two of four', multi(['one', 'two', 'three', 'x'], [0, 1]), false, false],
  ])('multiple select: %s', (_why, q, butOne, tricked) => {
    expect(allButOne(q)).toBe(butOne);
    expect(trickAnswers(q)).toBe(tricked);
  });

  it('true/false: "true" is the guess; a typed number is never guessed', () => {
    expect([trickAnswers(tf(true)), trickAnswers(tf(false)), trickAnswers(numeric('$5 + $5?', 'dollars'))]).toEqual([true, false, false]);
  });
});

describe('[content] repeated questions and arithmetic outside finance', () => {
  it.each([
    ['$1,200 at 4.5% for 2 years', [2, 4.5, 1200]],
    ['no numbers here', []],
    ['$12.99 a month or $119.99 a year', [12.99, 119.99]],
  ])('the numbers worked in "%s"', (prompt, numbers) => expect(workedNumbers(prompt)).toEqual(numbers));

  it('flags the same prompt (case and punctuation aside) and the same two or more numbers, not one shared number', () => {
    const bank = bankQuality('m/mat', [
      tf(true, 'Keisha owes $600 at 24% APR. Is that costly?'),
      tf(false, 'At 24% APR, does Keisha’s $600 balance grow?'),
      tf(true, 'keisha owes $600 at 24% apr — is that costly'),
      tf(false, 'A $600 phone: buy it now?'),
    ]);
    expect(bank.duplicates).toEqual(['1 and 2: the same numbers 24, 600', '1 and 3: the same prompt', '2 and 3: the same numbers 24, 600']);
  });

  it('a count of time worked from two numbers with no amount is arithmetic; a single fact in days is knowledge', () => {
    const bank = bankQuality('m/mat', [
      numeric('An interview is at 4:00 and the drive takes 25 minutes. How many minutes early should you leave?', 'minutes'),
      numeric('A credit bureau has how many days to investigate a dispute?', 'days'),
      numeric('At $12 an hour, how many hours pay for $96 of shoes?', 'hours'),
    ]);
    expect(bank.outsideFinance).toEqual(['question 1: counts minutes']);
  });
});

describe('[content] the course against its bounds', () => {
  const moduleOf = (banks: CatalogQuestion[][]): CatalogModule =>
    ({ slug: 'm', materials: banks.map((questions, i) => ({ slug: `mat${i}`, review: { questions } })) }) as unknown as CatalogModule;

  it.each([
    [[1, 3, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[], 0],
  ])('the median of %j is %d', (values, m) => expect(median(values)).toBe(m));

  it('names each figure beyond its bound and nothing when the banks are fair', () => {
    const tricky = courseQuality([moduleOf([[single(['x', 'the right one'], 1), multi(['a', 'b', 'c'], [1, 2]), tf(true), tf(true)]])]);
    expect(tricky.beyondBounds).toEqual([
      'the right answer is the longest choice in 100 % of single-choice questions (at most 35 %)',
      '100 % of multiple-select questions have every choice right but one (at most 40 %)',
      '100 % of true/false answers are true (42 %–58 %)',
      'test-taking tricks alone score a median 100 % on a bank (at most 30 %)',
    ]);
    const fair = courseQuality([moduleOf([[single(['the right one', 'a longer wrong one'], 0), multi(['a', 'b', 'c', 'd'], [0, 1]), tf(true), tf(false)]])]);
    expect(fair).toEqual(expect.objectContaining({ longestRightShare: 0, allButOneShare: 0, trueShare: 0.5, trickMedian: 0.25, beyondBounds: [] }));
  });
});

describe('[content] the course measures knowledge, not test-taking tricks', () => {
  it('every review bank together within the bounds; no repeated question or arithmetic outside finance in any bank', () => {
    const course = courseQuality(readCatalog(path.resolve(__dirname, '../../../../content')));
    expect(course.banks.length).toBeGreaterThan(40);
    expect(course.beyondBounds).toEqual([]);
  });
});
