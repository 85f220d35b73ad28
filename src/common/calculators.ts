/**
 * The maths of the calculators inside the lessons (and the diagrams drawn from it). Amounts are
 * integer cents and rates basis points, as in the worksheets; what the worksheets already compute
 * (a savings timeline, a paycheck, a month's interest on a debt) is reused from ./worksheets, so a
 * lesson and a worksheet given the same figures show the same answer.
 */
import { type Frequency, toMonthlyCents } from './budget';
import { FIGURES } from './figures';
import { roundDiv } from './money';
import { MAX_MONTHS, monthlyInterest, paycheckBreakdown, type PaycheckBreakdown } from './worksheets';

/** How often interest is added to the balance in a year. */
export const COMPOUNDING = { annually: 1, quarterly: 4, monthly: 12, daily: 365 } as const;
export type Compounding = keyof typeof COMPOUNDING;
export const COMPOUNDING_LABELS: Record<Compounding, string> = { annually: 'Once a year', quarterly: 'Every quarter', monthly: 'Every month', daily: 'Every day' };

// --- Compound growth ---------------------------------------------------------------------------------

export interface GrowthInput {
  principalCents: number;
  /** added at the end of each month, after that month's interest */
  monthlyCents: number;
  /** the yearly (nominal) rate, compounded `compounding` */
  rateBasisPoints: number;
  compounding: Compounding;
  years: number;
}

export interface GrowthYear {
  year: number;
  /** everything put in so far: the starting amount and the deposits */
  contributionsCents: number;
  /** interest earned so far */
  growthCents: number;
  balanceCents: number;
}

export interface Growth {
  years: GrowthYear[];
  finalBalanceCents: number;
  totalContributionsCents: number;
  totalGrowthCents: number;
}

/**
 * The balance year by year. Interest compounds `compounding` times a year; with monthly deposits the
 * balance grows each month at the equivalent monthly rate, (1 + r/n)^(n/12) − 1 (exactly r/12 when
 * compounded monthly). Kept unrounded inside and rounded once to the cent per reported figure, so
 * $10,000 at 6% compounded monthly for 5 years is $13,488.50 as the textbook formula gives.
 */
export function compoundGrowth(input: GrowthInput): Growth {
  const n = COMPOUNDING[input.compounding];
  const monthlyRate = Math.pow(1 + input.rateBasisPoints / 10_000 / n, n / 12) - 1;
  let balance = input.principalCents;
  const years: GrowthYear[] = [];
  let contributions = input.principalCents;
  for (let year = 1; year <= input.years; year += 1) {
    for (let month = 0; month < 12; month += 1) balance = balance * (1 + monthlyRate) + input.monthlyCents;
    contributions += input.monthlyCents * 12;
    const balanceCents = Math.round(balance);
    years.push({ year, contributionsCents: contributions, growthCents: balanceCents - contributions, balanceCents });
  }
  const finalBalanceCents = Math.round(balance);
  return { years, finalBalanceCents, totalContributionsCents: contributions, totalGrowthCents: finalBalanceCents - contributions };
}

// --- APR and APY ------------------------------------------------------------------------------------------

/** The APY (a fraction: 0.05116…) of a yearly rate compounded n times a year: (1 + APR/n)^n − 1. */
export const aprToApy = (aprBasisPoints: number, compounding: Compounding): number => {
  const n = COMPOUNDING[compounding];
  return Math.pow(1 + aprBasisPoints / 10_000 / n, n) - 1;
};

/** The APR (a fraction) that compounded n times a year gives this APY: n × ((1 + APY)^(1/n) − 1). */
export const apyToApr = (apyBasisPoints: number, compounding: Compounding): number => {
  const n = COMPOUNDING[compounding];
  return n * (Math.pow(1 + apyBasisPoints / 10_000, 1 / n) - 1);
};

/** A fraction as a percentage with three decimals: 0.0511619 → "5.116%". */
export const formatRate = (fraction: number): string => `${(Math.round(fraction * 100_000) / 1000).toFixed(3)}%`;

// --- Loans -------------------------------------------------------------------------------------------------

export interface LoanResult {
  paymentCents: number;
  totalPaidCents: number;
  totalInterestCents: number;
}

/**
 * A fixed monthly payment that pays off a loan (a car loan, a student loan) in `months`:
 * P × r / (1 − (1 + r)^−n) with r = APR / 12, rounded to the cent. Total paid is the payment times
 * the months (a lender adjusts the last payment by the cents of rounding).
 * $20,000 at 7% for 60 months is $396.02 a month.
 */
export function loanPayment(principalCents: number, aprBasisPoints: number, months: number): LoanResult {
  if (principalCents <= 0 || months <= 0) return { paymentCents: 0, totalPaidCents: 0, totalInterestCents: 0 };
  const r = aprBasisPoints / 10_000 / 12;
  const paymentCents = r === 0 ? roundDiv(principalCents, months) : Math.round((principalCents * r) / (1 - Math.pow(1 + r, -months)));
  const totalPaidCents = paymentCents * months;
  return { paymentCents, totalPaidCents, totalInterestCents: totalPaidCents - principalCents };
}

// --- Credit card payoff --------------------------------------------------------------------------------------

/** A card's minimum payment, as many issuers set it: the month's interest plus 1% of the balance, at least $25. */
export const MINIMUM_PAYMENT_RULE = { percentBasisPoints: 100, floorCents: 2500 } as const;

export const CARD_PAYOFF_MESSAGES = {
  tooSmall: 'This payment does not cover the interest, so the balance never goes down. Try a larger payment.',
  tooLong: `Paying this much takes more than ${MAX_MONTHS / 12} years. Try a larger payment.`,
} as const;

export interface CardPayoff {
  /** months to pay the balance to zero; null when it never is (see `problem`) */
  months: number | null;
  totalInterestCents: number;
  totalPaidCents: number;
  /** the first month's payment (a minimum payment shrinks as the balance does) */
  firstPaymentCents: number;
  problem: string | null;
}

/**
 * Month by month on a card with no new purchases: interest at APR / 12 (the worksheets'
 * monthlyInterest), then the payment: a fixed amount, or the minimum (MINIMUM_PAYMENT_RULE).
 * The last payment is what is left.
 */
export function cardPayoff(balanceCents: number, aprBasisPoints: number, payment: { kind: 'minimum' } | { kind: 'fixed'; cents: number }): CardPayoff {
  let balance = balanceCents;
  let months = 0;
  let totalInterestCents = 0;
  let totalPaidCents = 0;
  let firstPaymentCents = 0;
  while (balance > 0) {
    if (months >= MAX_MONTHS) return { months: null, totalInterestCents, totalPaidCents, firstPaymentCents, problem: CARD_PAYOFF_MESSAGES.tooLong };
    const interest = monthlyInterest(balance, aprBasisPoints);
    const due =
      payment.kind === 'fixed'
        ? payment.cents
        : Math.max(interest + roundDiv(balance * MINIMUM_PAYMENT_RULE.percentBasisPoints, 10_000), MINIMUM_PAYMENT_RULE.floorCents);
    if (due <= interest) return { months: null, totalInterestCents: 0, totalPaidCents: 0, firstPaymentCents: due, problem: CARD_PAYOFF_MESSAGES.tooSmall };
    const paid = Math.min(due, balance + interest);
    if (months === 0) firstPaymentCents = paid;
    balance = balance + interest - paid;
    totalInterestCents += interest;
    totalPaidCents += paid;
    months += 1;
  }
  return { months, totalInterestCents, totalPaidCents, firstPaymentCents, problem: null };
}

// --- Paycheck ---------------------------------------------------------------------------------------------------

export const PAY_PERIODS: Record<Frequency, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12, annual: 1 };

/** The 22% bracket is the highest the estimate uses (see federalWithholdingEstimate). */
const BRACKETS = [
  { topCents: FIGURES['tax-bracket-10-top-single'].value * 100, basisPoints: 1000 },
  { topCents: FIGURES['tax-bracket-12-top-single'].value * 100, basisPoints: 1200 },
  { topCents: Number.POSITIVE_INFINITY, basisPoints: 2200 },
] as const;

/**
 * A simple ESTIMATE of federal income tax withheld from one paycheck, for a single filer with one job
 * and no other income: the pay times the paychecks in a year, less the standard deduction, taxed at
 * 10%, 12% and 22% (the brackets a teen's pay reaches), spread evenly over the paychecks. Real
 * withholding follows the W-4 and IRS Publication 15-T and differs by a few dollars.
 */
export function federalWithholdingEstimate(grossCents: number, frequency: Frequency): number {
  const periods = PAY_PERIODS[frequency];
  let taxable = Math.max(0, grossCents * periods - FIGURES['standard-deduction-single'].value * 100);
  let bottom = 0;
  let tax = 0;
  for (const bracket of BRACKETS) {
    const inBracket = Math.min(taxable, bracket.topCents - bottom);
    tax += inBracket * bracket.basisPoints;
    taxable -= inBracket;
    bottom = bracket.topCents;
    if (taxable <= 0) break;
  }
  return roundDiv(Math.round(tax), 10_000 * periods);
}

/** Gross to net with the federal estimate: the worksheets' paycheckBreakdown (FICA from the figures ledger, a flat state rate). */
export function paycheckEstimate(grossCents: number, frequency: Frequency, stateBasisPoints: number): PaycheckBreakdown {
  const federalCents = federalWithholdingEstimate(grossCents, frequency);
  const base = paycheckBreakdown({ grossCents, frequency, preTaxCents: 0, federalBasisPoints: 0, stateBasisPoints });
  const netCents = base.netCents - federalCents;
  return { ...base, federalCents, netCents, netMonthlyCents: toMonthlyCents(netCents, frequency) };
}
