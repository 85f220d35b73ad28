/** Worksheet forms ⇄ documents, and the budget form ⇄ budget, as tables. */
import { toBudgetData, toFormValues, validateBudgetForm, firstStepWithErrors, blankIncome } from '../../../../../src/client/features/budgetWizard/form';
import { WORKSHEET_SPECS, toWorksheetData, toWorksheetForm } from '../../../../../src/client/features/worksheets/specs';
import { emptyBudget, type BudgetData } from '../../../../../src/common/budget';
import { WORKSHEET_KINDS, emptyWorksheet, worksheetDataSchemas, type WorksheetData, type WorksheetKind } from '../../../../../src/common/worksheets';

const FILLED: Record<WorksheetKind, WorksheetData> = {
  'net-worth': { assets: [{ name: 'Checking', amountCents: 125_050 }], liabilities: [{ name: 'Card', amountCents: 30_000 }] },
  'debt-payoff': { debts: [{ name: 'Card', balanceCents: 100_000, aprBasisPoints: 1999, minimumCents: 2_500 }], extraCents: 5_000 },
  'savings-goal': { goalName: 'Bike', targetCents: 50_000, currentCents: 0, monthlyCents: 5_000, aprBasisPoints: 450 },
  paycheck: { grossCents: 200_000, frequency: 'biweekly', preTaxCents: 10_000, federalBasisPoints: 1000, stateBasisPoints: 550 },
  'compound-interest': { principalCents: 100_000, monthlyCents: 0, aprBasisPoints: 1200, years: 10 },
  'unit-price': { items: [{ name: 'Small', priceCents: 399, quantityThousandths: 12_500, unit: 'oz' }] },
};

describe('worksheet forms', () => {
  it.each(WORKSHEET_KINDS)('%s: a filled worksheet survives form → document unchanged and is a valid draft', (kind) => {
    const spec = WORKSHEET_SPECS[kind];
    const data = toWorksheetData(spec, toWorksheetForm(spec, FILLED[kind]));
    expect(data).toEqual(FILLED[kind]);
    expect(worksheetDataSchemas[kind].isValidSync(data)).toBe(true);
    expect(spec.results(data).length).toBeGreaterThan(0);
  });

  it.each(WORKSHEET_KINDS)('%s: a new worksheet converts to a valid draft and its results do not throw', (kind) => {
    const spec = WORKSHEET_SPECS[kind];
    const data = toWorksheetData(spec, toWorksheetForm(spec, emptyWorksheet(kind)));
    expect(worksheetDataSchemas[kind].isValidSync(data)).toBe(true);
    expect(() => spec.results(data)).not.toThrow();
  });

  it('text that is not a number yet saves as null, never as a wrong number', () => {
    const spec = WORKSHEET_SPECS.paycheck;
    const form = { ...toWorksheetForm(spec, FILLED.paycheck), grossCents: '12.345', federalBasisPoints: 'ten' };
    expect(toWorksheetData(spec, form)).toMatchObject({ grossCents: null, federalBasisPoints: null });
  });
});

describe('worksheet results: wording', () => {
  const rowsOf = (kind: WorksheetKind, data: WorksheetData) => WORKSHEET_SPECS[kind].results(data).flatMap((section) => [[section.heading, ''], ...section.rows]);
  const text = (kind: WorksheetKind, data: WorksheetData) => rowsOf(kind, data).flat().join(' | ');

  it.each([
    // $1,000 at 0% paying $60 a month: 17 payments (16 × 60 + 40)
    [{ debts: [{ name: 'Card', balanceCents: 100_000, aprBasisPoints: 0, minimumCents: 6_000 }], extraCents: null }, 'Snowball: debt-free in 1 year, 5 months', '17 months (1 year, 5 months)'],
    [{ debts: [{ name: 'Card', balanceCents: 100_000, aprBasisPoints: 0, minimumCents: 100_000 }], extraCents: null }, 'Snowball: debt-free in 1 month', '1 month'],
    [{ debts: [{ name: 'Card', balanceCents: 120_000, aprBasisPoints: 0, minimumCents: 10_000 }], extraCents: null }, 'Avalanche: debt-free in 1 year', '12 months (1 year)'],
  ] as Array<[WorksheetData, string, string]>)('debt payoff %#: "%s" and "%s", never "1 years" or "1 months"', (data, heading, cell) => {
    const all = text('debt-payoff', data);
    expect(all).toContain(heading);
    expect(rowsOf('debt-payoff', data)).toContainEqual(['Snowball: debt-free in', cell]);
    expect(all).not.toMatch(/\b1 (years|months)\b/);
  });

  it.each(['debt-payoff', 'savings-goal', 'compound-interest', 'paycheck'] as const)('an empty %s says what to enter, with no figures', (kind) => {
    const sections = WORKSHEET_SPECS[kind].results(emptyWorksheet(kind));
    expect(sections).toHaveLength(1);
    expect(sections[0]?.heading).toBe('What to enter');
    expect(sections[0]?.rows[0]?.[1]).toMatch(/^Enter /);
    expect(text(kind, emptyWorksheet(kind))).not.toMatch(/\$0\.00|0 months/);
  });

  it('a savings goal already reached says so, not "0 months"', () => {
    const rows = rowsOf('savings-goal', { goalName: 'Bike', targetCents: 5_000, currentCents: 6_000, monthlyCents: null, aprBasisPoints: null });
    expect(rows).toContainEqual(['Time to reach the goal', 'Reached already: you have saved enough']);
  });

  it.each(['savings-goal', 'compound-interest'] as const)('%s asks for the APY, not an APR', (kind) => {
    const labels = WORKSHEET_SPECS[kind].fields.map((field) => field.label);
    expect(labels).toContain('Interest rate (APY)');
    expect(labels.join(' ')).not.toContain('APR');
  });
});

describe('budget form', () => {
  const data: BudgetData = {
    ...emptyBudget(),
    name: 'Plan',
    month: '2026-09',
    incomes: [{ source: 'Job', amountCents: 120_050, frequency: 'biweekly' }],
    goals: [{ name: 'Fund', targetCents: 100_000, savedCents: 0, monthlyCents: 5_000 }],
  };
  it('round-trips a budget through the form values', () => {
    expect(toBudgetData(toFormValues(data))).toEqual(data);
  });
  it.each<[string, Partial<ReturnType<typeof toFormValues>>, number | null]>([
    ['a complete budget', {}, null],
    ['no name', { name: '' }, 0],
    ['no income', { incomes: [] }, 1],
    ['a bad income amount', { incomes: [{ ...blankIncome('weekly'), source: 'Job', amount: '12.345' }] }, 1],
    ['an unnamed goal', { goals: [{ name: '', target: '1', saved: '0', monthly: '1' }] }, 3],
  ])('%s → first step with errors %p', (_label, patch, expected) => {
    expect(firstStepWithErrors(validateBudgetForm({ ...toFormValues(data), ...patch }))).toBe(expected);
  });
});

describe('worksheet results that cannot be worked out say why instead of showing figures', () => {
  it.each<[WorksheetKind, WorksheetData, string]>([
    ['paycheck', { grossCents: 80_000, frequency: 'biweekly', preTaxCents: 90_000, federalBasisPoints: 1000, stateBasisPoints: null }, 'Pre-tax deductions cannot be more than the gross pay.'],
    ['debt-payoff', { debts: [{ name: 'Card', balanceCents: 800_000, aprBasisPoints: 3600, minimumCents: 20_000 }], extraCents: null }, 'These payments never pay the debts off'],
  ])('%s', (kind, data, message) => {
    const sections = WORKSHEET_SPECS[kind].results(data);
    const text = sections.flatMap((section) => [section.heading, ...section.rows.flat()]).join('\n');
    expect(text).toContain(message);
    expect(text).not.toMatch(/-\$|\$2,855|Total paid/);
  });
});
