/** The lesson calculators' maths as tables, against values worked out by hand (the arithmetic is in each row's note). */
import {
  CARD_PAYOFF_MESSAGES,
  aprToApy,
  apyToApr,
  cardPayoff,
  compoundGrowth,
  federalWithholdingEstimate,
  formatRate,
  loanPayment,
  paycheckEstimate,
  type Compounding,
} from '../../../src/common/calculators';
import { savingsGoalTimeline } from '../../../src/common/worksheets';

describe('compoundGrowth', () => {
  it.each<[string, number, number, number, Compounding, number, number]>([
    // note, principal, monthly, rate bp, compounding, years, final balance
    ['$10,000 at 6% monthly for 5 years: 10000 × 1.005^60 = 13,488.50', 1_000_000, 0, 600, 'monthly', 5, 1_348_850],
    ['$10,000 at 6% yearly for 5 years: 10000 × 1.06^5 = 13,382.26', 1_000_000, 0, 600, 'annually', 5, 1_338_226],
    ['$100 a month at 12% monthly for 1 year: 100 × (1.01^12 − 1) / 0.01 = 1,268.25', 0, 10_000, 1200, 'monthly', 1, 126_825],
    ['no interest: $500 + 24 × $50 = $1,700', 50_000, 5000, 0, 'monthly', 2, 170_000],
  ])('%s', (_note, principalCents, monthlyCents, rateBasisPoints, compounding, years, final) => {
    const growth = compoundGrowth({ principalCents, monthlyCents, rateBasisPoints, compounding, years });
    expect(growth.finalBalanceCents).toBe(final);
    expect(growth.years).toHaveLength(years);
    expect(growth.totalContributionsCents).toBe(principalCents + monthlyCents * 12 * years);
    expect(growth.totalGrowthCents).toBe(final - growth.totalContributionsCents);
  });

  it('reports each year: contributions plus growth is the balance', () => {
    const growth = compoundGrowth({ principalCents: 0, monthlyCents: 10_000, rateBasisPoints: 700, compounding: 'monthly', years: 30 });
    expect(growth.years[0]!.contributionsCents).toBe(120_000);
    for (const y of growth.years) expect(y.contributionsCents + y.growthCents).toBe(y.balanceCents);
    // growth overtakes contributions within 30 years at 7%
    expect(growth.years[29]!.growthCents).toBeGreaterThan(growth.years[29]!.contributionsCents);
  });
});

describe('APR and APY', () => {
  it.each<[string, number, Compounding, string]>([
    ['5% compounded monthly: 1.0041667^12 − 1 = 5.116%', 500, 'monthly', '5.116%'],
    ['5% compounded daily: (1 + 0.05/365)^365 − 1 = 5.127%', 500, 'daily', '5.127%'],
    ['5% compounded once a year is 5%', 500, 'annually', '5.000%'],
    ['19.99% card APR monthly: (1 + 0.1999/12)^12 − 1 = 21.927%', 1999, 'monthly', '21.927%'],
  ])('APR → APY: %s', (_note, apr, compounding, expected) => {
    expect(formatRate(aprToApy(apr, compounding))).toBe(expected);
  });

  it.each<[string, number, Compounding, string]>([
    ['5% APY monthly: 12 × (1.05^(1/12) − 1) = 4.889%', 500, 'monthly', '4.889%'],
    ['5% APY yearly is 5%', 500, 'annually', '5.000%'],
  ])('APY → APR: %s', (_note, apy, compounding, expected) => {
    expect(formatRate(apyToApr(apy, compounding))).toBe(expected);
  });
});

describe('loanPayment', () => {
  it.each<[string, number, number, number, number, number]>([
    // note, principal, APR bp, months, payment, total interest
    ['$20,000 at 7% for 60 months: 20000 × 0.0058333 / (1 − 1.0058333^−60)', 2_000_000, 700, 60, 39_602, 39_602 * 60 - 2_000_000],
    ['$12,000 at 0% for 48 months: 12000 / 48', 1_200_000, 0, 48, 25_000, 0],
    ['nothing borrowed', 0, 700, 60, 0, 0],
  ])('%s', (_note, principal, apr, months, payment, interest) => {
    const loan = loanPayment(principal, apr, months);
    expect(loan.paymentCents).toBe(payment);
    expect(loan.totalInterestCents).toBe(interest);
    expect(loan.totalPaidCents).toBe(payment * months);
  });
});

describe('cardPayoff', () => {
  it('a fixed payment: $300 at 12% paying $100 (interest 3.00, 2.03, 1.05, 0.06; last payment 6.14)', () => {
    expect(cardPayoff(30_000, 1200, { kind: 'fixed', cents: 10_000 })).toEqual({
      months: 4,
      totalInterestCents: 614,
      totalPaidCents: 30_614,
      firstPaymentCents: 10_000,
      problem: null,
    });
  });

  it('the minimum at 0%: 1% of $1,000 is under the $25 floor, so $25 for 40 months', () => {
    expect(cardPayoff(100_000, 0, { kind: 'minimum' })).toMatchObject({ months: 40, totalInterestCents: 0, totalPaidCents: 100_000, firstPaymentCents: 2500 });
  });

  it('the minimum at 24% on $5,000: interest $100 + 1% $50 = $150 first, and takes far longer and costs more than a fixed $200', () => {
    const minimum = cardPayoff(500_000, 2400, { kind: 'minimum' });
    const fixed = cardPayoff(500_000, 2400, { kind: 'fixed', cents: 20_000 });
    expect(minimum.firstPaymentCents).toBe(15_000);
    expect(minimum.months).toBeGreaterThan(fixed.months!);
    expect(minimum.totalInterestCents).toBeGreaterThan(fixed.totalInterestCents);
    expect(minimum.totalPaidCents - minimum.totalInterestCents).toBe(500_000);
  });

  it('a payment that does not cover the interest never pays off: $1,000 at 24% is $20 of interest a month', () => {
    expect(cardPayoff(100_000, 2400, { kind: 'fixed', cents: 2000 })).toMatchObject({ months: null, problem: CARD_PAYOFF_MESSAGES.tooSmall });
  });
});

describe('paycheck estimate', () => {
  it.each<[string, number, Parameters<typeof federalWithholdingEstimate>[1], number]>([
    ['$600 every two weeks: $15,600 a year is under the $16,100 standard deduction', 60_000, 'biweekly', 0],
    ['$1,200 every two weeks: (10% × 12,400 + 12% × 2,700) / 26 = 1,564 / 26', 120_000, 'biweekly', 6015],
    ['$6,000 a month: (1,240 + 12% × 38,000 + 22% × 5,500) / 12 = 7,010 / 12', 600_000, 'monthly', 58_417],
  ])('federal withholding estimate: %s', (_note, gross, frequency, expected) => {
    expect(federalWithholdingEstimate(gross, frequency)).toBe(expected);
  });

  it('gross to net: $1,200 − Social Security 74.40 − Medicare 17.40 − federal 60.15 − state 3% 36.00 = 1,012.05', () => {
    expect(paycheckEstimate(120_000, 'biweekly', 300)).toMatchObject({
      grossCents: 120_000,
      federalCents: 6015,
      socialSecurityCents: 7440,
      medicareCents: 1740,
      stateCents: 3600,
      netCents: 101_205,
    });
  });
});

describe('savings goal (the worksheets’ timeline, which the calculator uses)', () => {
  it('$1,200 goal, $200 saved, $100 a month, no interest: 10 months', () => {
    expect(savingsGoalTimeline({ goalName: '', targetCents: 120_000, currentCents: 20_000, monthlyCents: 10_000, aprBasisPoints: 0 }).months).toBe(10);
  });
});
