/** Worksheet formulas and schemas as tables, against worked examples computed by hand. */
import {
  DEBT_PAYOFF_MESSAGES,
  PAYCHECK_MESSAGES,
  WORKSHEET_KINDS,
  YEARS_MESSAGES,
  compoundInterest,
  debtPayoffPlan,
  emptyWorksheet,
  formatMills,
  apyMonthlyRate,
  missingInputs,
  EMPTY_WORKSHEET_HINTS,
  monthlyInterest,
  monthlySavingsInterest,
  netWorth,
  parseQuantity,
  parseYears,
  paycheckBreakdown,
  savingsGoalTimeline,
  thousandthsToInput,
  unitPrices,
  worksheetCreateSchema,
  worksheetUpdateSchema,
  type DebtPayoffData,
  type WorksheetData,
  type WorksheetKind,
} from '../../../src/common/worksheets';

describe('net worth', () => {
  it('is assets minus liabilities, and may be negative', () => {
    expect(
      netWorth({
        assets: [
          { name: 'Checking', amountCents: 125_050 },
          { name: 'Car', amountCents: 400_000 },
          { name: 'unfinished', amountCents: null },
        ],
        liabilities: [{ name: 'Car loan', amountCents: 650_000 }],
      }),
    ).toEqual({ assetsCents: 525_050, liabilitiesCents: 650_000, netWorthCents: -124_950 });
  });
});

describe('monthly interest: balance × APR / 12, rounded to the cent', () => {
  it.each([
    [100_000, 1200, 1000], // $1,000 at 12% → $10.00
    [102_010, 1200, 1020], // 1020.10 → 10.20
    [50_000, 1999, 833], // 500 × 19.99% / 12 = 8.329…
    [12_345, 0, 0],
  ])('%p cents at %p bp → %p cents', (balance, apr, interest) => {
    expect(monthlyInterest(balance, apr)).toBe(interest);
  });
});

describe('debt payoff: snowball vs avalanche, month by month', () => {
  it('0% APR: snowball clears the small debt first and rolls its minimum over', () => {
    // A $300 min $50, B $100 min $50, extra $100 → budget $200 a month.
    // Month 1: minimums 50 + 50, extra 100 → B (focus) gets 50 more and is paid off, the last 50 goes to A → A 200.
    // Month 2: A gets the whole 200 → 0.
    const data: DebtPayoffData = {
      debts: [
        { name: 'A', balanceCents: 30_000, aprBasisPoints: 0, minimumCents: 5_000 },
        { name: 'B', balanceCents: 10_000, aprBasisPoints: 0, minimumCents: 5_000 },
      ],
      extraCents: 10_000,
    };
    const plan = debtPayoffPlan(data, 'snowball');
    expect(plan.order).toEqual([1, 0]);
    expect(plan.months).toEqual([
      { month: 1, interestCents: [0, 0], paymentCents: [10_000, 10_000], balanceCents: [20_000, 0] },
      { month: 2, interestCents: [0, 0], paymentCents: [20_000, 0], balanceCents: [0, 0] },
    ]);
    expect(plan).toMatchObject({ totalInterestCents: 0, totalPaidCents: 40_000, paidOff: true });
  });

  const twoCards: DebtPayoffData = {
    debts: [
      { name: 'Store card', balanceCents: 100_000, aprBasisPoints: 2400, minimumCents: 2_500 },
      { name: 'Bank card', balanceCents: 50_000, aprBasisPoints: 1200, minimumCents: 2_500 },
    ],
    extraCents: 5_000,
  };

  it.each([
    // interest: 1000 × 2% = 20.00 and 500 × 1% = 5.00; budget 25 + 25 + 50 = 100
    ['avalanche', [0, 1], [7_500, 2_500], [94_500, 48_000]],
    ['snowball', [1, 0], [2_500, 7_500], [99_500, 43_000]],
  ] as const)('%s month 1: order %p, payments %p, balances %p', (method, order, payments, balances) => {
    const plan = debtPayoffPlan(twoCards, method);
    expect(plan.order).toEqual(order);
    expect(plan.months[0]).toEqual({ month: 1, interestCents: [2_000, 500], paymentCents: payments, balanceCents: balances });
  });

  it.each(['snowball', 'avalanche'] as const)('%s: every month spends at most the budget and the books balance', (method) => {
    const plan = debtPayoffPlan(twoCards, method);
    expect(plan.paidOff).toBe(true);
    for (const month of plan.months) expect(month.paymentCents.reduce((t, p) => t + p, 0)).toBeLessThanOrEqual(10_000);
    expect(plan.totalPaidCents).toBe(150_000 + plan.totalInterestCents);
    expect(plan.months.at(-1)?.balanceCents).toEqual([0, 0]);
  });

  it('avalanche pays less interest than snowball here', () => {
    const avalanche = debtPayoffPlan(twoCards, 'avalanche');
    const snowball = debtPayoffPlan(twoCards, 'snowball');
    expect(avalanche.totalInterestCents).toBeLessThan(snowball.totalInterestCents);
  });

  it('says so when the payments never outrun the interest, with no figures (not 50 years of growing interest)', () => {
    // $1,000 at 24%: $20.00 interest a month against a $10.00 payment
    const plan = debtPayoffPlan({ debts: [{ name: 'Card', balanceCents: 100_000, aprBasisPoints: 2400, minimumCents: 1_000 }], extraCents: 0 }, 'avalanche');
    expect(plan).toMatchObject({ paidOff: false, problem: DEBT_PAYOFF_MESSAGES.interestOutruns, months: [], totalInterestCents: 0, totalPaidCents: 0 });
  });

  const card = (balanceCents: number, aprBasisPoints: number, minimumCents: number) => ({ name: 'Card', balanceCents, aprBasisPoints, minimumCents });
  it.each<[string, DebtPayoffData, string | null]>([
    ['payment below the interest ($8,000 at 36%: $240 interest, $200 paid)', { debts: [card(800_000, 3600, 20_000)], extraCents: 0 }, DEBT_PAYOFF_MESSAGES.interestOutruns],
    ['payment equal to the interest ($1,200 at 10%: $10 interest, $10 paid)', { debts: [card(120_000, 1000, 1_000)], extraCents: 0 }, DEBT_PAYOFF_MESSAGES.interestOutruns],
    ['nothing paid on a 0% debt', { debts: [card(50_000, 0, 0)], extraCents: null }, DEBT_PAYOFF_MESSAGES.interestOutruns],
    ['the extra lifts the payment over the interest', { debts: [card(800_000, 3600, 20_000)], extraCents: 10_000 }, null],
    [
      'a high-rate debt that outgrows its minimum while a 0% one is paid (the interest catches up later)',
      { debts: [{ name: 'A', balanceCents: 1_000_000, aprBasisPoints: 0, minimumCents: 10_000 }, { name: 'B', balanceCents: 1_000_000, aprBasisPoints: 2400, minimumCents: 15_000 }], extraCents: 0 },
      DEBT_PAYOFF_MESSAGES.interestOutruns,
    ],
    ['one cent over the interest: more than 50 years', { debts: [card(10_000_000, 2400, 200_001)], extraCents: 0 }, DEBT_PAYOFF_MESSAGES.tooLong],
  ])('%s → %p', (_label, data, problem) => {
    for (const method of ['snowball', 'avalanche'] as const) {
      const plan = debtPayoffPlan(data, method);
      expect(plan.problem).toBe(problem);
      expect(plan.paidOff).toBe(problem === null);
      if (plan.paidOff) expect(plan.totalPaidCents).toBe(data.debts.reduce((total, d) => total + (d.balanceCents ?? 0), 0) + plan.totalInterestCents);
    }
  });

  it('has nothing to do without debts', () => {
    expect(debtPayoffPlan({ debts: [], extraCents: 100 }, 'snowball')).toMatchObject({ months: [], paidOff: true, totalPaidCents: 0 });
  });
});

describe('an empty worksheet says what to enter instead of results', () => {
  it.each([
    ['debt-payoff', emptyWorksheet('debt-payoff'), EMPTY_WORKSHEET_HINTS.debts],
    ['debt-payoff', { debts: [{ name: 'Card', balanceCents: 0, aprBasisPoints: 1999, minimumCents: 2_500 }], extraCents: null }, EMPTY_WORKSHEET_HINTS.debts],
    ['debt-payoff', { debts: [{ name: 'Card', balanceCents: 50_000, aprBasisPoints: 1999, minimumCents: null }], extraCents: null }, EMPTY_WORKSHEET_HINTS.debtPayments],
    ['debt-payoff', { debts: [{ name: 'Card', balanceCents: 50_000, aprBasisPoints: 1999, minimumCents: null }], extraCents: 5_000 }, null],
    ['savings-goal', emptyWorksheet('savings-goal'), EMPTY_WORKSHEET_HINTS.savingsGoal],
    ['savings-goal', { goalName: '', targetCents: 10_000, currentCents: null, monthlyCents: null, aprBasisPoints: null }, null],
    ['compound-interest', emptyWorksheet('compound-interest'), EMPTY_WORKSHEET_HINTS.compoundAmounts],
    ['compound-interest', { principalCents: 100_000, monthlyCents: null, aprBasisPoints: 500, years: null }, EMPTY_WORKSHEET_HINTS.compoundYears],
    ['compound-interest', { principalCents: null, monthlyCents: 5_000, aprBasisPoints: null, years: 3 }, null],
    ['paycheck', emptyWorksheet('paycheck'), EMPTY_WORKSHEET_HINTS.paycheck],
    ['net-worth', emptyWorksheet('net-worth'), null],
    ['unit-price', emptyWorksheet('unit-price'), null],
  ] as Array<[WorksheetKind, WorksheetData, string | null]>)('%s %p → %p', (kind, data, hint) => {
    expect(missingInputs(kind, data)).toBe(hint);
  });
});

describe('savings goal timeline', () => {
  it.each([
    // $1,000 goal, $100 a month, no interest → 10 months
    [{ goalName: 'Bike', targetCents: 100_000, currentCents: 0, monthlyCents: 10_000, aprBasisPoints: 0 }, 10, 100_000, 0],
    // $300 goal from $100 at 12% APY (0.948879…% a month): 100 + 0.95 + 100 = 200.95;
    // 200.95 + 1.91 (1.9068…) + 100 = 302.86 → 2 months
    [{ goalName: 'Phone', targetCents: 30_000, currentCents: 10_000, monthlyCents: 10_000, aprBasisPoints: 1200 }, 2, 30_286, 286],
    [{ goalName: 'Done', targetCents: 5_000, currentCents: 5_000, monthlyCents: 0, aprBasisPoints: 0 }, 0, 5_000, 0],
    [{ goalName: 'Never', targetCents: 5_000, currentCents: 0, monthlyCents: 0, aprBasisPoints: 500 }, null, 0, 0],
  ])('%p → %p months, final %p, interest %p', (data, months, final, interest) => {
    expect(savingsGoalTimeline(data)).toMatchObject({ months, finalBalanceCents: final, totalInterestCents: interest });
  });
});

describe('paycheck: gross → net with simplified withholding', () => {
  it('works the $2,000 biweekly example', () => {
    // taxable 2000 − 100 = 1900; federal 10% = 190.00; state 5% = 95.00;
    // Social Security 6.2% of 2000 = 124.00; Medicare 1.45% = 29.00; net = 1462.00; monthly 1462 × 26 / 12 = 3167.666… → 3167.67
    expect(paycheckBreakdown({ grossCents: 200_000, frequency: 'biweekly', preTaxCents: 10_000, federalBasisPoints: 1000, stateBasisPoints: 500 })).toEqual({
      grossCents: 200_000,
      preTaxCents: 10_000,
      taxableCents: 190_000,
      federalCents: 19_000,
      socialSecurityCents: 12_400,
      medicareCents: 2_900,
      stateCents: 9_500,
      netCents: 146_200,
      netMonthlyCents: 316_767,
      problem: null,
    });
  });

  it.each([
    // 1234.57: SS 76.54334 → 76.54; Medicare 17.901… → 17.90; federal 12% = 148.1484 → 148.15; no state
    [{ grossCents: 123_457, frequency: 'weekly' as const, preTaxCents: null, federalBasisPoints: 1200, stateBasisPoints: null }, 7_654, 1_790, 14_815, 0, 99_198],
  ])('%p → SS %p, Medicare %p, federal %p, state %p, net %p', (data, ss, medicare, federal, state, net) => {
    expect(paycheckBreakdown(data)).toMatchObject({ socialSecurityCents: ss, medicareCents: medicare, federalCents: federal, stateCents: state, netCents: net });
  });
});

describe('paycheck: taxes and deductions over the gross pay are a problem, not a negative take-home', () => {
  it.each<[federalBasisPoints: number, stateBasisPoints: number | null, problem: string | null]>([
    [10_000, null, PAYCHECK_MESSAGES.withheldOverGross], // 100 % federal + FICA
    [9_000, 500, PAYCHECK_MESSAGES.withheldOverGross],
    [9_235, null, null], // 92.35 % + 7.65 % = exactly the pay: take-home 0
    [1_000, 500, null],
  ])('federal %p bp, state %p bp → %p', (federalBasisPoints, stateBasisPoints, problem) => {
    const result = paycheckBreakdown({ grossCents: 80_000, frequency: 'biweekly', preTaxCents: null, federalBasisPoints, stateBasisPoints });
    expect(result.problem).toBe(problem);
    if (problem === null) expect(result.netCents).toBeGreaterThanOrEqual(0);
  });
});

describe('paycheck: pre-tax deductions larger than the gross pay are a problem the page shows, and still saved', () => {
  it.each<[grossCents: number | null, preTaxCents: number | null, problem: string | null]>([
    [80_000, 90_000, PAYCHECK_MESSAGES.preTaxOverGross],
    [80_000, 80_001, PAYCHECK_MESSAGES.preTaxOverGross],
    [80_000, 80_000, PAYCHECK_MESSAGES.withheldOverGross], // allowed, but FICA on the gross then takes more than is left
    [80_000, 10_000, null],
    [80_000, null, null],
    [null, 90_000, null], // the gross is not entered yet (a draft)
  ])('gross %p, pre-tax %p → %p', (grossCents, preTaxCents, problem) => {
    const data = { grossCents, frequency: 'biweekly' as const, preTaxCents, federalBasisPoints: 1000, stateBasisPoints: null };
    expect(paycheckBreakdown(data).problem).toBe(problem);
    // saved as typed either way: an auto-save the server refused would be lost when the page is left
    expect(worksheetCreateSchema.isValidSync({ kind: 'paycheck', title: '', data })).toBe(true);
  });
});

describe('years (compound interest): the message says what is wrong', () => {
  it.each<[string, ReturnType<typeof parseYears>]>([
    ['10', { ok: true, value: 10 }],
    [' 50 ', { ok: true, value: 50 }],
    ['1', { ok: true, value: 1 }],
    ['1000', { ok: false, error: YEARS_MESSAGES.range }],
    ['51', { ok: false, error: YEARS_MESSAGES.range }],
    ['0', { ok: false, error: YEARS_MESSAGES.range }],
    ['-5', { ok: false, error: YEARS_MESSAGES.range }],
    ['2.5', { ok: false, error: YEARS_MESSAGES.invalid }],
    ['ten', { ok: false, error: YEARS_MESSAGES.invalid }],
    ['', { ok: false, error: YEARS_MESSAGES.invalid }],
  ])('parseYears(%p) → %p', (input, expected) => {
    expect(parseYears(input)).toEqual(expected);
  });

  it('the schema says the same', () => {
    const withYears = (years: number) => ({ kind: 'compound-interest', title: '', data: { ...emptyWorksheet('compound-interest'), years } });
    expect(YEARS_MESSAGES.range).toBe('Use 1 to 50 years.');
    expect(() => worksheetCreateSchema.validateSync(withYears(1000))).toThrow(YEARS_MESSAGES.range);
    expect(() => worksheetCreateSchema.validateSync(withYears(0))).toThrow(YEARS_MESSAGES.range);
    expect(() => worksheetCreateSchema.validateSync(withYears(2.5))).toThrow(YEARS_MESSAGES.invalid);
  });
});

describe('APY → monthly rate: (1 + APY)^(1/12) − 1, so twelve months compound to the APY', () => {
  it.each([
    [0, 0],
    [500, 0.004074124],
    [1200, 0.009488793],
    [10_000, 0.059463094],
  ])('%p bp APY → %p a month', (apy, rate) => {
    expect(apyMonthlyRate(apy)).toBeCloseTo(rate, 9);
    expect((1 + apyMonthlyRate(apy)) ** 12).toBeCloseTo(1 + apy / 10_000, 12);
  });

  it.each([
    // balance, APY bp, one month's interest (rounded to the cent)
    [100_000, 1200, 949], // 1000 × 0.0094888 = 9.4888
    [100_000, 500, 407],
    [100_000, 0, 0],
    [0, 500, 0],
    [-5_000, 500, 0], // an overdrawn balance earns nothing
  ])('%p cents at %p bp APY earn %p cents a month', (balance, apy, interest) => {
    expect(monthlySavingsInterest(balance, apy)).toBe(interest);
  });
});

describe('compound interest (monthly at the APY’s monthly rate, rounded to the cent each month)', () => {
  it('$1,000 at 12% APY for a year → $1,120.00, the APY (12% / 12 a month, an APR, would give $1,126.84)', () => {
    const result = compoundInterest({ principalCents: 100_000, monthlyCents: 0, aprBasisPoints: 1200, years: 1 });
    expect(result.years).toEqual([{ year: 1, depositsCents: 0, interestCents: 12_000, balanceCents: 112_000 }]);
    expect(result).toMatchObject({ finalBalanceCents: 112_000, totalDepositsCents: 100_000, totalInterestCents: 12_000 });
  });

  it.each([
    [100_000, 500],
    [100_000, 450],
    [123_456, 399],
    [1_000_000, 10_000],
    [2_500_000, 125],
  ])('a year of %p cents left alone at %p bp APY comes to the APY, within the monthly roundings', (principal, apy) => {
    const result = compoundInterest({ principalCents: principal, monthlyCents: 0, aprBasisPoints: apy, years: 1 });
    // twelve roundings of half a cent at most, each compounding a little: never more than 12 cents away
    expect(Math.abs(result.finalBalanceCents - principal * (1 + apy / 10_000))).toBeLessThanOrEqual(12);
  });

  it('$100 a month at 0% for 2 years is $2,400', () => {
    const result = compoundInterest({ principalCents: null, monthlyCents: 10_000, aprBasisPoints: 0, years: 2 });
    expect(result.years.map((y) => y.balanceCents)).toEqual([120_000, 240_000]);
    expect(result.totalDepositsCents).toBe(240_000);
  });

  it('the balance is always deposits plus interest', () => {
    const result = compoundInterest({ principalCents: 50_000, monthlyCents: 2_500, aprBasisPoints: 700, years: 10 });
    expect(result.finalBalanceCents).toBe(result.totalDepositsCents + result.totalInterestCents);
  });
});

describe('comparison shopping: unit price', () => {
  it('finds the better buy in tenths of a cent per unit', () => {
    // $3.99 / 12 oz = 33.25¢ → 33.3¢; $5.49 / 18 oz = 30.5¢
    const result = unitPrices({
      items: [
        { name: 'Small', priceCents: 399, quantityThousandths: 12_000, unit: 'oz' },
        { name: 'Large', priceCents: 549, quantityThousandths: 18_000, unit: 'oz' },
        { name: 'Unpriced', priceCents: null, quantityThousandths: 1_000, unit: 'oz' },
      ],
    });
    expect(result).toEqual({ unitPriceMills: [333, 305, null], best: [1] });
    expect(formatMills(333)).toBe('$0.333');
  });
  it('does not compare different units, and reports ties', () => {
    expect(unitPrices({ items: [{ name: 'a', priceCents: 100, quantityThousandths: 1000, unit: 'oz' }, { name: 'b', priceCents: 100, quantityThousandths: 1000, unit: 'lb' }] }).best).toEqual([]);
    expect(unitPrices({ items: [{ name: 'a', priceCents: 100, quantityThousandths: 1000, unit: 'oz' }, { name: 'b', priceCents: 200, quantityThousandths: 2000, unit: 'OZ' }] }).best).toEqual([0, 1]);
  });
  it.each([
    ['12.5', 12_500],
    ['1', 1_000],
    ['0.125', 125],
  ])('parseQuantity(%p) = %p thousandths, and back', (text, thousandths) => {
    expect(parseQuantity(text)).toEqual({ ok: true, thousandths });
    expect(thousandthsToInput(thousandths)).toBe(text);
  });
  it.each(['', '0', 'abc', '1.2345', '-3', '123456789'])('parseQuantity(%p) is refused', (text) => {
    expect(parseQuantity(text).ok).toBe(false);
  });
});

describe('worksheet schemas', () => {
  it.each(WORKSHEET_KINDS)('a new %s worksheet is a valid draft', (kind) => {
    expect(worksheetCreateSchema.isValidSync({ kind, title: 'Mine', data: emptyWorksheet(kind) })).toBe(true);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown kind', { kind: 'lottery', title: '', data: {} }, /Unknown worksheet kind/],
    ['data of another kind', { kind: 'paycheck', title: '', data: emptyWorksheet('net-worth') }, /data:/],
    ['a negative amount', { kind: 'net-worth', title: '', data: { assets: [{ name: 'x', amountCents: -5 }], liabilities: [] } }, /cannot be negative/],
    ['a rate over 100%', { kind: 'savings-goal', title: '', data: { ...emptyWorksheet('savings-goal'), aprBasisPoints: 10_001 } }, /100% or less/],
    ['a zero quantity', { kind: 'unit-price', title: '', data: { items: [{ name: 'a', priceCents: 1, quantityThousandths: 0, unit: 'oz' }] } }, /more than 0/],
    ['51 years', { kind: 'compound-interest', title: '', data: { ...emptyWorksheet('compound-interest'), years: 51 } }, /Use 1 to 50 years/],
    ['a negative rate', { kind: 'compound-interest', title: '', data: { ...emptyWorksheet('compound-interest'), aprBasisPoints: -100 } }, /The rate cannot be negative/],
    ['no data', { kind: 'paycheck', title: '' }, /data is required/],
    ['an extra field', { kind: 'paycheck', title: '', data: emptyWorksheet('paycheck'), userId: 1 }, /Unknown field/],
  ])('refuses %s', (_label, payload, message) => {
    expect(() => worksheetCreateSchema.validateSync(payload)).toThrow(message);
  });

  it('an update needs a version', () => {
    expect(worksheetUpdateSchema.isValidSync({ kind: 'paycheck', title: '', data: emptyWorksheet('paycheck') })).toBe(false);
    expect(worksheetUpdateSchema.isValidSync({ kind: 'paycheck', version: 2, title: '', data: emptyWorksheet('paycheck') })).toBe(true);
  });
});
