/**
 * The budget's monthly totals as the review step's table and the PDF list them (budgetWizard/exports.ts
 * `budgetTotalRows`): the same labels, in order, the last one a surplus or a shortfall.
 */
import type { BudgetTotals } from '../../../../../src/common/budget';
import { budgetPdfSections, budgetTotalRows } from '../../../../../src/client/features/budgetWizard/exports';

const totals = (balanceCents: number): BudgetTotals =>
  ({ incomeCents: 300_000, needsCents: 150_000, wantsCents: 60_000, goalsCents: 40_000, debtPaymentsCents: 20_000, spendingCents: 270_000, balanceCents }) as BudgetTotals;

it.each<[string, number, string]>([
  ['money left over', 30_000, 'Surplus'],
  ['nothing left over', 0, 'Surplus'],
  ['more planned than earned', -5_000, 'Shortfall'],
])('%s: the last row is %p → %s', (_what, balance, last) => {
  expect(budgetTotalRows(totals(balance))).toEqual([
    ['Income', 300_000],
    ['Needs', 150_000],
    ['Wants', 60_000],
    ['Savings goals', 40_000],
    ['Debt payments', 20_000],
    ['Planned spending and saving', 270_000],
    [last, balance],
  ]);
});

it('the PDF’s "Totals (monthly)" are those rows, in dollars', () => {
  const data = {
    name: 'March',
    month: '2026-03',
    payFrequency: 'monthly' as const,
    incomes: [{ source: 'Job', amountCents: 200_000, frequency: 'monthly' as const }],
    expenses: [{ category: 'Rent', kind: 'need' as const, variability: 'fixed' as const, amountCents: 250_000 }],
    goals: [],
    debts: [],
  };
  const section = budgetPdfSections(data).find((s) => s.heading === 'Totals (monthly)');
  expect(section?.rows).toEqual([
    ['Income', '$2,000.00'],
    ['Needs', '$2,500.00'],
    ['Wants', '$0.00'],
    ['Savings goals', '$0.00'],
    ['Debt payments', '$0.00'],
    ['Planned spending and saving', '$2,500.00'],
    ['Shortfall', '-$500.00'],
  ]);
});
