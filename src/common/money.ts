/**
 * Money is integer cents end to end: typed text is parsed straight into cents (no floating point on
 * the way), stored and sent as integers, and only formatted back into dollars for display.
 *
 * Rounding rule (used by every formula in budget.ts and worksheets.ts): a quotient of integer cents
 * is rounded ONCE, half away from zero, to the nearest cent (`roundDiv`). Totals are sums of
 * already-rounded lines, so a list of lines always adds up to its total to the cent.
 */

/** The largest amount any field accepts: $10,000,000.00. */
export const MAX_CENTS = 1_000_000_000;

export const MONEY_MESSAGES = {
  required: 'Enter an amount.',
  invalid: 'Enter an amount in dollars and cents, like 1,234.50.',
  tooManyDecimals: 'Use at most two digits after the decimal point.',
  negative: 'The amount cannot be negative.',
  tooLarge: 'The amount must be $10,000,000.00 or less.',
} as const;

export type MoneyParse = { ok: true; cents: number } | { ok: false; error: string };

export interface ParseMoneyOptions {
  /** Default false: a minus sign is refused with a clear message. */
  allowNegative?: boolean;
  /** Default MAX_CENTS (the absolute value may not exceed it). */
  maxCents?: number;
}

// optional sign, optional $, optional sign after the $, digits (plain or grouped by commas), optional decimals
const MONEY_PATTERN = /^([-−])?\s*\$?\s*([-−])?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Parses what a learner typed into cents: "1,234.50" → 123450, "$12" → 1200, "12.5" → 1250,
 * ".75" → 75. Refuses empty text, letters, badly grouped commas, more than two decimals,
 * negatives (unless allowed) and amounts over the limit, each with its own message.
 */
export function parseMoney(input: string, options: ParseMoneyOptions = {}): MoneyParse {
  const { allowNegative = false, maxCents = MAX_CENTS } = options;
  const text = input.trim();
  if (text === '') return { ok: false, error: MONEY_MESSAGES.required };
  const match = MONEY_PATTERN.exec(text);
  if (!match) return { ok: false, error: MONEY_MESSAGES.invalid };
  const [, signBefore, signAfter, wholeText, fraction] = match;
  if (signBefore && signAfter) return { ok: false, error: MONEY_MESSAGES.invalid };
  if (wholeText === undefined && (fraction === undefined || fraction === '')) return { ok: false, error: MONEY_MESSAGES.invalid };
  if (fraction !== undefined && fraction.length > 2) return { ok: false, error: MONEY_MESSAGES.tooManyDecimals };
  const whole = (wholeText ?? '0').replace(/,/g, '');
  // more than 10 integer digits is over any limit; checked on the text so no precision is lost
  if (whole.replace(/^0+/, '').length > 10) return { ok: false, error: maxCents === MAX_CENTS ? MONEY_MESSAGES.tooLarge : `The amount must be ${formatCents(maxCents)} or less.` };
  const cents = Number(whole) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  const negative = Boolean(signBefore ?? signAfter) && cents !== 0;
  if (negative && !allowNegative) return { ok: false, error: MONEY_MESSAGES.negative };
  if (cents > maxCents) return { ok: false, error: maxCents === MAX_CENTS ? MONEY_MESSAGES.tooLarge : `The amount must be ${formatCents(maxCents)} or less.` };
  return { ok: true, cents: negative ? -cents : cents };
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 123450 → "$1,234.50"; -5 → "-$0.05". */
export function formatCents(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 && abs !== 0 ? '-' : ''}$${GROUPED.format(dollars)}.${rest}`;
}

/** For a form field: 123450 → "1234.50"; null → "". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** For a CSV cell: 123450 → "1234.50" (no $ or grouping, so spreadsheets read it as a number). */
export const centsToPlain = (cents: number): string => centsToInput(cents);

/**
 * n / d rounded to the nearest integer, halves away from zero, in integer arithmetic
 * (exact while |n| stays under 2^52, far above anything MAX_CENTS allows).
 */
export function roundDiv(n: number, d: number): number {
  if (d <= 0 || !Number.isInteger(n) || !Number.isInteger(d)) throw new RangeError('roundDiv needs integers and d > 0');
  const sign = n < 0 ? -1 : 1;
  const abs = Math.abs(n);
  return sign * Math.floor((2 * abs + d) / (2 * d)) || 0;
}

/** cents × basisPoints / 10000, rounded (1 basis point = 0.01%; 765 = 7.65%). */
export const percentOf = (cents: number, basisPoints: number): number => roundDiv(cents * basisPoints, 10_000);

/** Sum of cents (integers stay exact). */
export const sumCents = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export const RATE_MESSAGES = {
  required: 'Enter a rate.',
  invalid: 'Enter a rate as a number, like 7.5.',
  negative: 'The rate cannot be negative.',
  tooManyDecimals: 'Use at most two digits after the decimal point.',
  tooLarge: (maxBasisPoints: number) => `The rate must be ${maxBasisPoints / 100}% or less.`,
} as const;

/** A percentage as basis points, for rates typed as text: "7.65" → 765. Up to two decimals, 0–100%. */
export function parsePercent(input: string, maxBasisPoints = 10_000): { ok: true; basisPoints: number } | { ok: false; error: string } {
  const text = input.trim().replace(/%$/, '').trim();
  if (text === '') return { ok: false, error: RATE_MESSAGES.required };
  // a number with a minus sign is a number: say what is wrong with it
  if (/^-\s*(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return /[1-9]/.test(text) ? { ok: false, error: RATE_MESSAGES.negative } : { ok: true, basisPoints: 0 };
  const match = /^(\d+)?(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === undefined && !match[2])) return { ok: false, error: RATE_MESSAGES.invalid };
  if ((match[2] ?? '').length > 2) return { ok: false, error: RATE_MESSAGES.tooManyDecimals };
  if ((match[1] ?? '').length > 5) return { ok: false, error: RATE_MESSAGES.tooLarge(maxBasisPoints) };
  const basisPoints = Number(match[1] ?? '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (basisPoints > maxBasisPoints) return { ok: false, error: RATE_MESSAGES.tooLarge(maxBasisPoints) };
  return { ok: true, basisPoints };
}

/** 765 → "7.65%"; 1200 → "12%". */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return `${whole}${rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}%`;
}

/**
 * A rate in basis points as a percentage with exactly `decimals` digits after the point, rounded
 * half away from zero: (2320, 1) → "23.2%", (1296, 1) → "13.0%", (1250, 0) → "13%". A table uses one
 * precision for all its percentages, so "23.2%" never sits above "12.96%".
 */
export function formatPercentFixed(basisPoints: number, decimals: 0 | 1 | 2): string {
  const scaled = roundDiv(basisPoints, 10 ** (2 - decimals));
  const sign = scaled < 0 ? '-' : '';
  const abs = Math.abs(scaled);
  if (decimals === 0) return `${sign}${abs}%`;
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}%`;
}

/**
 * Splits `totalCents` into parts proportional to `weights` so the parts add up to the total exactly
 * and each is its exact share rounded up or down (largest remainder: every part starts at its share
 * rounded down, then the cents left over go one each to the parts with the largest remainders; ties
 * to the earlier part). 20% of $732.75 is $146.55, never $146.54 to make up for its neighbours.
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('splitCents needs a whole, non-negative number of cents');
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new RangeError('splitCents needs whole, non-negative weights');
  const weightSum = sumCents(weights);
  if (weightSum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((totalCents * w) / weightSum));
  const remainders = weights.map((w, i) => ({ i, remainder: totalCents * w - parts[i]! * weightSum }));
  let left = totalCents - sumCents(parts);
  for (const { i } of remainders.sort((a, b) => b.remainder - a.remainder || a.i - b.i)) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
