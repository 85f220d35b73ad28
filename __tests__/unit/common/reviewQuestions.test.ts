import { isRightAnswer, parseNumberAnswer, withinTolerance } from '../../../src/common/reviewQuestions';

describe('parseNumberAnswer: what a student may type for a numeric answer', () => {
  it.each<[string, number | null]>([
    ['1234.5', 1234.5],
    ['1,234.50', 1234.5],
    ['$1,234.50', 1234.5],
    ['  $ 1,234.50  ', 1234.5],
    ['$30', 30],
    ['30.', 30],
    ['.5', 0.5],
    ['4.5%', 4.5],
    ['-3', -3],
    ['-$3.10', -3.1],
    ['$-3.10', -3.1],
    ['1,000,000', 1_000_000],
    ['0', 0],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['12abc', null],
    ['1,23', null],
    ['1,2345', null],
    ['12,34.5', null],
    ['$', null],
    ['%', null],
    ['--3', null],
    ['-$-3', null],
    ['1.2.3', null],
    ['1e5', null],
    ['$1234$', null],
    ['9'.repeat(41), null],
  ])('%j reads as %p', (text, expected) => {
    expect(parseNumberAnswer(text)).toBe(expected);
  });
});

describe('withinTolerance', () => {
  it.each<[number, number, number, boolean]>([
    [169.55, 169.55, 0, true],
    [170, 169.55, 0.5, true],
    [169.05, 169.55, 0.5, true],
    [169.04, 169.55, 0.5, false],
    [170.06, 169.55, 0.5, false],
    [0.1 + 0.2, 0.3, 0, true],
    [1240, 1240, 5, true],
    [1245, 1240, 5, true],
    [1246, 1240, 5, false],
    [30.01, 30, 0, false],
  ])('%p against %p ± %p: %p', (given, answer, tolerance, expected) => {
    expect(withinTolerance(given, answer, tolerance)).toBe(expected);
  });
});

describe('isRightAnswer', () => {
  it('judges a multiple select all or nothing, in any order', () => {
    const stored = { type: 'multiple-select' as const, answer: [0, 2] };
    expect(isRightAnswer(stored, [2, 0])).toBe(true);
    expect(isRightAnswer(stored, [0])).toBe(false);
    expect(isRightAnswer(stored, [0, 1, 2])).toBe(false);
    expect(isRightAnswer(stored, [0, 0])).toBe(false);
    expect(isRightAnswer(stored, 0)).toBe(false);
  });
  it('judges single choice, true/false and numeric answers', () => {
    expect(isRightAnswer({ type: 'multiple-choice', answer: 2 }, 2)).toBe(true);
    expect(isRightAnswer({ type: 'multiple-choice', answer: 2 }, 1)).toBe(false);
    expect(isRightAnswer({ type: 'true-false', answer: false }, false)).toBe(true);
    expect(isRightAnswer({ type: 'true-false', answer: false }, true)).toBe(false);
    expect(isRightAnswer({ type: 'numeric', answer: 45.9, tolerance: 0.01 }, 45.9)).toBe(true);
    expect(isRightAnswer({ type: 'numeric', answer: 45.9, tolerance: 0.01 }, 46)).toBe(false);
  });
});
