/** Budget formulas and schemas as tables, against worked examples computed by hand. */
import {
  budgetCompleteSchema,
  budgetCreateSchema,
  budgetCsv,
  budgetCsvRows,
  budgetLines,
  budgetDraftSchema,
  budgetGuidance,
  budgetTotals,
  budgetUpdateSchema,
  csvField,
  emptyBudget,
  fiftyThirtyTwenty,
  fileSlug,
  goalProgressBasisPoints,
  toMonthlyCents,
  type BudgetData,
  type Frequency,
} from '../../../src/common/budget';

/** The worked example used throughout (see the comments for the hand arithmetic). */
export const EXAMPLE: BudgetData = {
  name: 'September plan',
  month: '2026-09',
  payFrequency: 'biweekly',
  incomes: [
    { source: 'Paycheck', amountCents: 120_000, frequency: 'biweekly' }, // 1200 × 26 / 12 = 2600.00
    { source: 'Dog walking', amountCents: 5_000, frequency: 'weekly' }, // 50 × 52 / 12 = 216.666… → 216.67
  ],
  expenses: [
    { category: 'Rent, shared', kind: 'need', variability: 'fixed', amountCents: 90_000 },
    { category: 'Groceries', kind: 'need', variability: 'variable', amountCents: 30_000 },
    { category: 'Eating out', kind: 'want', variability: 'variable', amountCents: 12_000 },
    { category: 'Streaming "plus"', kind: 'want', variability: 'fixed', amountCents: 1_599 },
  ],
  goals: [{ name: 'Emergency fund', targetCents: 100_000, savedCents: 25_000, monthlyCents: 20_000 }],
  debts: [{ name: 'Credit card', balanceCents: 40_000, paymentCents: 5_000 }],
};

describe('monthly normalisation (rounded once per line, halves up)', () => {
  it.each<[number, Frequency, number]>([
    [10_000, 'weekly', 43_333], // 100 × 52 / 12 = 433.333…
    [25_000, 'weekly', 108_333], // 250 × 52 / 12 = 1083.333…
    [150_000, 'biweekly', 325_000], // 1500 × 26 / 12 = 3250
    [123_456, 'biweekly', 267_488], // 1234.56 × 26 / 12 = 2674.88 exactly
    [3, 'biweekly', 7], // 0.065 → 0.07 (a half rounds up)
    [80_000, 'semimonthly', 160_000],
    [99_999, 'monthly', 99_999],
    [5_200_000, 'annual', 433_333], // 52,000 / 12 = 4333.333…
    [18, 'annual', 2], // 0.015 → 0.02
    [0, 'weekly', 0],
  ])('%p cents %s → %p cents a month', (cents, frequency, monthly) => {
    expect(toMonthlyCents(cents, frequency)).toBe(monthly);
  });
});

describe('budget totals and 50/30/20', () => {
  it('adds the worked example up', () => {
    expect(budgetTotals(EXAMPLE)).toEqual({
      incomeMonthly: [260_000, 21_667],
      incomeCents: 281_667,
      needsCents: 120_000,
      wantsCents: 13_599,
      fixedCents: 91_599,
      variableCents: 42_000,
      expensesCents: 133_599,
      goalsCents: 20_000,
      debtPaymentsCents: 5_000,
      savingsAndDebtCents: 25_000,
      spendingCents: 158_599,
      balanceCents: 123_068,
    });
  });

  it('splits 50/30/20 so the targets add up to the income exactly', () => {
    const rows = fiftyThirtyTwenty(budgetTotals(EXAMPLE));
    expect(rows.map((r) => [r.key, r.targetCents, r.actualCents, r.actualBasisPoints])).toEqual([
      ['needs', 140_834, 120_000, 4260], // 2816.67 × 50% = 1408.335 → 1408.34; 1200 / 2816.67 = 42.60%
      ['wants', 84_500, 13_599, 483], // 845.001 → 845.00
      ['savings', 56_333, 25_000, 888], // the rest: 563.33
    ]);
    expect(rows.reduce((t, r) => t + r.targetCents, 0)).toBe(281_667);
  });

  it.each([
    [0, [0, 0, 0]],
    [1, [1, 0, 0]],
    [100_001, [50_001, 30_000, 20_000]],
    // 20% of $732.75 is $146.55: the parts are their own shares rounded, and still add up to the income
    [73_275, [36_638, 21_982, 14_655]],
  ])('targets for an income of %p cents: %p', (income, targets) => {
    const rows = fiftyThirtyTwenty({ incomeCents: income, needsCents: 0, wantsCents: 0, savingsAndDebtCents: 0 });
    expect(rows.map((r) => r.targetCents)).toEqual(targets);
  });

  it('counts unfinished lines (null amounts) as zero', () => {
    const draft: BudgetData = { ...emptyBudget(), incomes: [{ source: '', amountCents: null, frequency: 'weekly' }] };
    expect(budgetTotals(draft)).toMatchObject({ incomeCents: 0, spendingCents: 0, balanceCents: 0 });
  });

  it.each([
    [{ targetCents: 100_000, savedCents: 25_000 }, 2500],
    [{ targetCents: 100_000, savedCents: 150_000 }, 10_000],
    [{ targetCents: 0, savedCents: 5 }, 0],
    [{ targetCents: 300, savedCents: 100 }, 3333],
  ])('goal progress %p → %p bp', (goal, bp) => {
    expect(goalProgressBasisPoints(goal)).toBe(bp);
  });
});

describe('guidance', () => {
  it('speaks of the surplus and the missing savings share for the worked example', () => {
    const tips = budgetGuidance(EXAMPLE);
    expect(tips[0]).toMatch(/money left over/);
    expect(tips.some((t) => t.includes('less than 20%'))).toBe(true);
  });
  it('speaks of a shortfall first', () => {
    const over: BudgetData = { ...EXAMPLE, expenses: [{ category: 'Car', kind: 'want', variability: 'fixed', amountCents: 500_000 }] };
    expect(budgetGuidance(over)[0]).toMatch(/spends more than you earn/);
    expect(budgetGuidance(over)).toContain('Your wants are above 30% of your income. Small cuts here add up quickly.');
  });
  it('asks for income first when there is none', () => {
    expect(budgetGuidance(emptyBudget())).toEqual(['Add your income first: every plan starts with what comes in.']);
  });
});

describe('CSV (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['Rent, shared', '"Rent, shared"'],
    ['Streaming "plus"', '"Streaming ""plus"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['-5', "'-5"],
    [1234, '1234'],
  ])('csvField(%p) = %p', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  /** A small RFC 4180 reader, to check the file the way a spreadsheet reads it. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i += 1;
      } else field += c;
    }
    return rows;
  }

  it('has a row per line and the totals, and each section adds up to its total to the cent', () => {
    const csv = budgetCsv(EXAMPLE);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows).toEqual(budgetCsvRows(EXAMPLE));
    expect(rows[0]).toEqual(['Section', 'Item', 'Type', 'Frequency', 'Amount', 'Monthly amount']);
    expect(rows[1]).toEqual(['Income', 'Paycheck', '', 'Every two weeks', '1200.00', '2600.00']);
    expect(rows[2]).toEqual(['Income', 'Dog walking', '', 'Weekly', '50.00', '216.67']);
    expect(rows[3]).toEqual(['Expense', 'Rent, shared', 'Need, fixed', 'Monthly', '900.00', '900.00']);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const sum = (section: string) => rows.filter((r) => r[0] === section).reduce((t, r) => t + cents(r[5] ?? ''), 0);
    const total = (label: string) => cents(rows.find((r) => r[0] === 'Total' && r[1] === label)?.[5] ?? 'NaN');
    const totals = budgetTotals(EXAMPLE);
    expect(sum('Income')).toBe(total('Income'));
    expect(total('Income')).toBe(totals.incomeCents);
    expect(sum('Expense')).toBe(total('Needs') + total('Wants'));
    expect(sum('Savings goal')).toBe(total('Savings goals'));
    expect(sum('Debt payment')).toBe(total('Debt payments'));
    expect(sum('Expense') + sum('Savings goal') + sum('Debt payment')).toBe(total('Planned spending and saving'));
    expect(total('Income') - total('Planned spending and saving')).toBe(total('Surplus'));
    expect(total('Surplus')).toBe(123_068);
  });

  it('labels a negative balance a shortfall', () => {
    const over: BudgetData = { ...EXAMPLE, expenses: [{ category: 'Car', kind: 'want', variability: 'fixed', amountCents: 500_000 }] };
    expect(budgetCsvRows(over).at(-1)).toEqual(['Total', 'Shortfall', '', 'Monthly', '', '-2433.33']);
  });

  it.each([
    ['My Sept. budget!', 'my-sept-budget'],
    ['', 'budget'],
    ['***', 'budget'],
    ['Ahorro día x bó', 'ahorro-dia-x-bo'],
    ['Crème brûlée fund', 'creme-brulee-fund'],
    ['💸 Spending 💸', 'spending'],
    ['💸', 'budget'],
  ])('fileSlug(%p) = %p', (name, slug) => {
    expect(fileSlug(name)).toBe(slug);
  });
});

describe('schemas (shared by the wizard and the server)', () => {
  const withData = (patch: Partial<BudgetData>) => ({ ...EXAMPLE, ...patch });
  it.each<[string, unknown]>([
    ['an empty draft', emptyBudget()],
    ['the worked example', EXAMPLE],
    ['unfinished lines', withData({ incomes: [{ source: '', amountCents: null, frequency: 'weekly' }] })],
    ['the largest amount', withData({ goals: [{ name: 'House', targetCents: 1_000_000_000, savedCents: 0, monthlyCents: 0 }] })],
  ])('a draft accepts %s', (_label, data) => {
    expect(budgetDraftSchema.isValidSync(data)).toBe(true);
  });

  it.each<[string, unknown, RegExp]>([
    ['a negative amount', withData({ debts: [{ name: 'Card', balanceCents: -1, paymentCents: 0 }] }), /cannot be negative/],
    ['a fraction of a cent', withData({ debts: [{ name: 'Card', balanceCents: 1.5, paymentCents: 0 }] }), /whole cents/],
    ['an amount over the limit', withData({ debts: [{ name: 'Card', balanceCents: 1_000_000_001, paymentCents: 0 }] }), /10,000,000.00 or less/],
    ['an amount as text', withData({ debts: [{ name: 'Card', balanceCents: '12', paymentCents: 0 }] as never }), /./],
    ['a bad month', withData({ month: '2026-13' }), /month like/],
    ['an unknown frequency', withData({ payFrequency: 'daily' as never }), /payFrequency/],
    ['a long name', withData({ name: 'x'.repeat(81) }), /at most 80/],
    ['an unknown field', { ...EXAMPLE, secret: 1 }, /Unknown field: secret/],
    ['too many lines', withData({ goals: Array.from({ length: 41 }, () => ({ name: 'g', targetCents: 1, savedCents: 0, monthlyCents: 0 })) }), /at most 40 lines/],
    ['a missing list', { ...EXAMPLE, debts: undefined }, /debts/],
  ])('a draft refuses %s', (_label, data, message) => {
    expect(() => budgetDraftSchema.validateSync(data)).toThrow(message);
  });

  it.each<[string, unknown, RegExp]>([
    ['no name', withData({ name: ' ' }), /Give your budget a name/],
    ['no month', withData({ month: '' }), /Choose the month/],
    ['no income', withData({ incomes: [] }), /at least one source of income/],
    ['an unfinished amount', withData({ expenses: [{ category: 'Food', kind: 'need', variability: 'fixed', amountCents: null }] }), /Enter an amount/],
    ['an unnamed line', withData({ goals: [{ name: '', targetCents: 1, savedCents: 0, monthlyCents: 0 }] }), /Enter a name for this line/],
  ])('a finished budget refuses %s', (_label, data, message) => {
    expect(() => budgetCompleteSchema.validateSync(data)).toThrow(message);
  });

  it('a finished budget accepts the worked example', () => {
    expect(budgetCompleteSchema.isValidSync(EXAMPLE)).toBe(true);
  });

  it.each<[string, unknown, boolean]>([
    ['create', { status: 'draft', data: EXAMPLE }, true],
    ['create with a bad status', { status: 'done', data: EXAMPLE }, false],
    ['create without data', { status: 'draft' }, false],
    ['create with an id', { status: 'draft', data: EXAMPLE, userId: 2 }, false],
  ])('%s → valid %p', (_label, payload, valid) => {
    expect(budgetCreateSchema.isValidSync(payload)).toBe(valid);
  });

  it.each<[string, unknown, boolean]>([
    ['update', { version: 3, status: 'complete', data: EXAMPLE }, true],
    ['update without a version', { status: 'draft', data: EXAMPLE }, false],
    ['update with version 0', { version: 0, status: 'draft', data: EXAMPLE }, false],
    ['update with a text version', { version: '3', status: 'draft', data: EXAMPLE }, false],
  ])('%s → valid %p', (_label, payload, valid) => {
    expect(budgetUpdateSchema.isValidSync(payload)).toBe(valid);
  });
});

describe('budgetLines: every line as the review lists it', () => {
  it('lists income, expenses, goals and debts with their own and monthly amounts', () => {
    expect(budgetLines(EXAMPLE).map((l) => [l.section, l.item, l.frequency, l.amountCents, l.monthlyCents])).toEqual([
      ['Income', 'Paycheck', 'Every two weeks', 120_000, 260_000],
      ['Income', 'Dog walking', 'Weekly', 5_000, 21_667],
      ['Expense', 'Rent, shared', 'Monthly', 90_000, 90_000],
      ['Expense', 'Groceries', 'Monthly', 30_000, 30_000],
      ['Expense', 'Eating out', 'Monthly', 12_000, 12_000],
      ['Expense', 'Streaming "plus"', 'Monthly', 1_599, 1_599],
      ['Savings goal', 'Emergency fund', 'Monthly', 20_000, 20_000],
      ['Debt payment', 'Credit card', 'Monthly', 5_000, 5_000],
    ]);
    expect(budgetLines(EXAMPLE)[2]).toMatchObject({ type: 'Need, fixed' });
    expect(budgetLines(EXAMPLE)[6]).toMatchObject({ savedCents: 25_000, targetCents: 100_000 });
    expect(budgetLines(EXAMPLE)[7]).toMatchObject({ balanceCents: 40_000 });
  });

  it('each section adds up to its total, to the cent', () => {
    const totals = budgetTotals(EXAMPLE);
    const sum = (section: string) => budgetLines(EXAMPLE).filter((l) => l.section === section).reduce((a, l) => a + l.monthlyCents, 0);
    expect(sum('Income')).toBe(totals.incomeCents);
    expect(sum('Expense')).toBe(totals.needsCents + totals.wantsCents);
    expect(sum('Savings goal')).toBe(totals.goalsCents);
    expect(sum('Debt payment')).toBe(totals.debtPaymentsCents);
  });
});
