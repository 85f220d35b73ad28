/** Money is integer cents: parsing typed text, formatting, and the one rounding rule. */
import { MONEY_MESSAGES, centsToInput, formatBasisPoints, formatCents, formatPercentFixed, parseMoney, parsePercent, percentOf, roundDiv, splitCents } from '../../../src/common/money';

describe('parseMoney: typed text → cents', () => {
  it.each([
    ['1,234.50', 123450],
    ['$12', 1200],
    ['12.5', 1250],
    ['.75', 75],
    ['0', 0],
    ['12.', 1200],
    [' $1,000,000 ', 100_000_000],
    ['1,234,567.89', 123_456_789],
    ['$ 45.09', 4509],
    ['10000000', 1_000_000_000],
    ['10,000,000.00', 1_000_000_000],
    ['007.10', 710],
  ])('%p → %p cents', (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', MONEY_MESSAGES.required],
    ['   ', MONEY_MESSAGES.required],
    ['abc', MONEY_MESSAGES.invalid],
    ['12abc', MONEY_MESSAGES.invalid],
    ['1,23', MONEY_MESSAGES.invalid],
    ['1,2345', MONEY_MESSAGES.invalid],
    ['.', MONEY_MESSAGES.invalid],
    ['$', MONEY_MESSAGES.invalid],
    ['1.2.3', MONEY_MESSAGES.invalid],
    ['--5', MONEY_MESSAGES.invalid],
    ['12.345', MONEY_MESSAGES.tooManyDecimals],
    ['-5', MONEY_MESSAGES.negative],
    ['$-5.00', MONEY_MESSAGES.negative],
    ['-$5', MONEY_MESSAGES.negative],
    ['10000000.01', MONEY_MESSAGES.tooLarge],
    ['99999999999', MONEY_MESSAGES.tooLarge],
    ['123456789012345678901234567890', MONEY_MESSAGES.tooLarge],
  ])('%p is refused: %p', (input, error) => {
    expect(parseMoney(input)).toEqual({ ok: false, error });
  });

  it('accepts a negative only where allowed, and "-0" is zero', () => {
    expect(parseMoney('-$5.25', { allowNegative: true })).toEqual({ ok: true, cents: -525 });
    expect(parseMoney('-0')).toEqual({ ok: true, cents: 0 });
    expect(parseMoney('100', { maxCents: 10_000 })).toEqual({ ok: true, cents: 10_000 });
    expect(parseMoney('100.01', { maxCents: 10_000 })).toEqual({ ok: false, error: 'The amount must be $100.00 or less.' });
  });
});

describe('formatting', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [100_000_000, '$1,000,000.00'],
    [-123456789, '-$1,234,567.89'],
  ])('formatCents(%p) = %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [123450, '1234.50'],
    [7, '0.07'],
    [-250, '-2.50'],
    [null, ''],
  ])('centsToInput(%p) = %p, which parses back', (cents, text) => {
    expect(centsToInput(cents)).toBe(text);
    if (cents !== null && cents >= 0) expect(parseMoney(text)).toEqual({ ok: true, cents });
  });

  it.each([
    [765, '7.65%'],
    [1200, '12%'],
    [550, '5.5%'],
    [0, '0%'],
  ])('formatBasisPoints(%p) = %p', (bp, text) => {
    expect(formatBasisPoints(bp)).toBe(text);
  });

  it.each([
    [2320, 1, '23.2%'],
    [1296, 1, '13.0%'],
    [1294, 1, '12.9%'],
    [1295, 1, '13.0%'], // halves away from zero
    [0, 1, '0.0%'],
    [10_000, 1, '100.0%'],
    [1296, 2, '12.96%'],
    [1200, 2, '12.00%'],
    [1250, 0, '13%'],
    [1249, 0, '12%'],
    [-1296, 1, '-13.0%'],
  ] as const)('formatPercentFixed(%p, %p) = %p: one precision, every digit shown', (bp, decimals, text) => {
    expect(formatPercentFixed(bp, decimals)).toBe(text);
  });
});

describe('splitCents: parts that are their shares rounded, adding up to the total (largest remainder)', () => {
  it.each([
    // the 50/30/20 split of $732.75: 366.375 / 219.825 / 146.55 → the left-over cent to the first .5
    [73_275, [50, 30, 20], [36_638, 21_982, 14_655]],
    [281_667, [50, 30, 20], [140_834, 84_500, 56_333]],
    [100_001, [50, 30, 20], [50_001, 30_000, 20_000]],
    [1, [50, 30, 20], [1, 0, 0]],
    [2, [50, 30, 20], [1, 1, 0]], // 1.0 / 0.6 / 0.4: the .6 gets the cent
    [0, [50, 30, 20], [0, 0, 0]],
    [100, [1, 1, 1], [34, 33, 33]],
    [10, [0, 0], [0, 0]],
    [999, [3, 0, 1], [749, 0, 250]], // 749.25 / 0 / 249.75
  ])('%p split %p → %p', (total, weights, parts) => {
    const split = splitCents(total, weights);
    expect(split).toEqual(parts);
    if (weights.some((w) => w > 0)) expect(split.reduce((t, p) => t + p, 0)).toBe(total);
  });

  it('every part is its exact share rounded down or up, never further', () => {
    for (let total = 0; total <= 5_000; total += 7) {
      const weights = [50, 30, 20];
      splitCents(total, weights).forEach((part, i) => {
        const exact = (total * weights[i]!) / 100;
        expect(part === Math.floor(exact) || part === Math.ceil(exact)).toBe(true);
      });
    }
  });

  it('refuses what it cannot split', () => {
    expect(() => splitCents(-1, [1])).toThrow(RangeError);
    expect(() => splitCents(1.5, [1])).toThrow(RangeError);
    expect(() => splitCents(10, [-1, 2])).toThrow(RangeError);
  });
});

describe('rounding: once, to the cent, halves away from zero', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [7, 3, 2],
    [8, 3, 3],
    [0, 5, 0],
    [1, 3, 0],
    [100_000 * 52, 12, 433_333],
  ])('roundDiv(%p, %p) = %p', (num, den, expected) => {
    expect(roundDiv(num, den)).toBe(expected);
  });

  it('refuses non-integers and a zero divisor', () => {
    expect(() => roundDiv(1.5, 2)).toThrow(RangeError);
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
  });

  it.each([
    [200_000, 765, 15_300],
    [123_457, 620, 7654],
    [123_457, 145, 1790],
    [1, 5000, 1],
  ])('percentOf(%p, %p bp) = %p', (cents, bp, expected) => {
    expect(percentOf(cents, bp)).toBe(expected);
  });
});

describe('parsePercent: rates as basis points', () => {
  it.each([
    ['7.65', 765],
    ['12', 1200],
    ['5%', 500],
    ['0.5', 50],
    ['100', 10_000],
  ])('%p → %p bp', (input, basisPoints) => {
    expect(parsePercent(input)).toEqual({ ok: true, basisPoints });
  });
  it.each(['', 'abc', '12.345', '101', '-3', '123456'])('%p is refused', (input) => {
    expect(parsePercent(input).ok).toBe(false);
  });
  it.each<[string, string]>([
    ['-1', 'The rate cannot be negative.'],
    ['-7.5', 'The rate cannot be negative.'],
    ['- 3%', 'The rate cannot be negative.'],
    ['-.5', 'The rate cannot be negative.'],
    ['abc', 'Enter a rate as a number, like 7.5.'],
    ['7,5', 'Enter a rate as a number, like 7.5.'],
    ['', 'Enter a rate.'],
    ['101', 'The rate must be 100% or less.'],
    ['12.345', 'Use at most two digits after the decimal point.'],
  ])('%p says %p', (input, error) => {
    expect(parsePercent(input)).toEqual({ ok: false, error });
  });
});
