/** A budget as a CSV download and as a PDF (the same lines and totals as the review step). */
import { FREQUENCY_LABELS, budgetCsv, budgetTotals, fiftyThirtyTwenty, fileSlug, type BudgetData, type BudgetTotals } from '../../../common/budget';
import { formatCents } from '../../../common/money';
import { downloadPdf, downloadText, type PdfSection } from '../documents';

export function monthLabel(month: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return 'No month chosen';
  const [year, mm] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mm - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The monthly totals, label and cents in order: the review step's table and the PDF's "Totals (monthly)". */
export function budgetTotalRows(totals: BudgetTotals): Array<[label: string, cents: number]> {
  return [
    ['Income', totals.incomeCents],
    ['Needs', totals.needsCents],
    ['Wants', totals.wantsCents],
    ['Savings goals', totals.goalsCents],
    ['Debt payments', totals.debtPaymentsCents],
    ['Planned spending and saving', totals.spendingCents],
    [totals.balanceCents < 0 ? 'Shortfall' : 'Surplus', totals.balanceCents],
  ];
}

export function downloadBudgetCsv(data: BudgetData): void {
  downloadText(`${fileSlug(data.name)}.csv`, budgetCsv(data));
}

export function budgetPdfSections(data: BudgetData): PdfSection[] {
  const totals = budgetTotals(data);
  const amount = (cents: number | null) => formatCents(cents ?? 0);
  return [
    { heading: 'Income (monthly)', rows: data.incomes.map((line, i) => [`${line.source} (${FREQUENCY_LABELS[line.frequency]}, ${amount(line.amountCents)})`, formatCents(totals.incomeMonthly[i] ?? 0)]) },
    { heading: 'Expenses (monthly)', rows: data.expenses.map((line) => [`${line.category} (${line.kind}, ${line.variability})`, amount(line.amountCents)]) },
    { heading: 'Savings goals (monthly)', rows: data.goals.map((goal) => [`${goal.name}: ${amount(goal.savedCents)} of ${amount(goal.targetCents)}`, amount(goal.monthlyCents)]) },
    { heading: 'Debt payments (monthly)', rows: data.debts.map((debt) => [`${debt.name} (balance ${amount(debt.balanceCents)})`, amount(debt.paymentCents)]) },
    { heading: 'Totals (monthly)', rows: budgetTotalRows(totals).map(([label, cents]) => [label, formatCents(cents)]) },
    { heading: '50/30/20 comparison', rows: fiftyThirtyTwenty(totals).map((row) => [`${row.label}: target ${formatCents(row.targetCents)}`, formatCents(row.actualCents)]) },
  ];
}

export function downloadBudgetPdf(data: BudgetData): Promise<void> {
  return downloadPdf(`${fileSlug(data.name)}.pdf`, data.name || 'Budget', monthLabel(data.month), budgetPdfSections(data));
}
