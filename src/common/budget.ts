/**
 * The budget: its shape, the yup schemas the wizard and the server share, and the pure formulas
 * (monthly normalisation, totals, 50/30/20, guidance, CSV). Amounts are integer cents (money.ts).
 *
 * Monthly normalisation (each income line is converted on its own, rounded once to the cent with
 * `roundDiv`, then the lines are summed — so the CSV's lines add up to the review's totals):
 *   weekly × 52 / 12, biweekly × 26 / 12, semimonthly × 2, monthly × 1, annual / 12.
 *
 * 50/30/20: the monthly income split 50 : 30 : 20 by largest remainder (money.ts splitCents), so
 * each target is its exact share rounded up or down AND the three add up to the income exactly
 * (20% of $732.75 is $146.55, not a $146.54 left over by the others). Goal contributions and debt
 * payments both count toward the 20%.
 */
import * as yup from 'yup';
import { MAX_CENTS, centsToPlain, roundDiv, splitCents, sumCents } from './money';
import { startsLikeFormula } from './spreadsheet';

export const FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month',
  monthly: 'Monthly',
  annual: 'Yearly',
};

export const BUDGET_STATUSES = ['draft', 'complete'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

export const EXPENSE_KINDS = ['need', 'want'] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
export const EXPENSE_VARIABILITY = ['fixed', 'variable'] as const;
export type ExpenseVariability = (typeof EXPENSE_VARIABILITY)[number];

/** Suggested categories for the expenses step (a learner may type any other). */
export const SUGGESTED_EXPENSES: ReadonlyArray<{ category: string; kind: ExpenseKind; variability: ExpenseVariability }> = [
  { category: 'Rent or housing', kind: 'need', variability: 'fixed' },
  { category: 'Utilities', kind: 'need', variability: 'variable' },
  { category: 'Groceries', kind: 'need', variability: 'variable' },
  { category: 'Transportation', kind: 'need', variability: 'variable' },
  { category: 'Phone', kind: 'need', variability: 'fixed' },
  { category: 'Insurance', kind: 'need', variability: 'fixed' },
  { category: 'Eating out', kind: 'want', variability: 'variable' },
  { category: 'Entertainment', kind: 'want', variability: 'variable' },
  { category: 'Streaming subscriptions', kind: 'want', variability: 'fixed' },
  { category: 'Clothing', kind: 'want', variability: 'variable' },
];

export const BUDGET_LIMITS = { nameMax: 80, textMax: 80, linesMax: 40 } as const;

/** Amounts are null while a line is still being filled in (a draft may hold them; a finished budget may not). */
export interface IncomeLine {
  source: string;
  amountCents: number | null;
  frequency: Frequency;
}
export interface ExpenseLine {
  category: string;
  kind: ExpenseKind;
  variability: ExpenseVariability;
  /** per month */
  amountCents: number | null;
}
export interface GoalLine {
  name: string;
  targetCents: number | null;
  savedCents: number | null;
  /** per month */
  monthlyCents: number | null;
}
export interface DebtLine {
  name: string;
  balanceCents: number | null;
  /** per month */
  paymentCents: number | null;
}
export interface BudgetData {
  name: string;
  /** 'YYYY-MM' or '' while not chosen */
  month: string;
  payFrequency: Frequency;
  incomes: IncomeLine[];
  expenses: ExpenseLine[];
  goals: GoalLine[];
  debts: DebtLine[];
}

export const emptyBudget = (): BudgetData => ({
  name: '',
  month: '',
  payFrequency: 'biweekly',
  incomes: [],
  expenses: [],
  goals: [],
  debts: [],
});

// --- Schemas ---------------------------------------------------------------------------------------
export const BUDGET_MESSAGES = {
  nameRequired: 'Give your budget a name.',
  nameMax: `Use at most ${BUDGET_LIMITS.nameMax} characters.`,
  monthRequired: 'Choose the month this budget is for.',
  monthInvalid: 'Choose a month like 2026-09.',
  textRequired: 'Enter a name for this line.',
  textMax: `Use at most ${BUDGET_LIMITS.textMax} characters.`,
  amountRequired: 'Enter an amount.',
  amountWhole: 'Amounts are whole cents.',
  amountNegative: 'The amount cannot be negative.',
  amountMax: 'The amount must be $10,000,000.00 or less.',
  tooManyLines: `Use at most ${BUDGET_LIMITS.linesMax} lines.`,
  incomeRequired: 'Add at least one source of income.',
  conflict: 'This budget was changed in another tab or window since you opened it. Choose which version to keep.',
  notFound: 'Budget not found.',
} as const;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Cents: an integer from 0 to MAX_CENTS; null allowed in drafts, refused when `required`. */
function cents(required: boolean) {
  const base = yup
    .number()
    .typeError(BUDGET_MESSAGES.amountRequired)
    .integer(BUDGET_MESSAGES.amountWhole)
    .min(0, BUDGET_MESSAGES.amountNegative)
    .max(MAX_CENTS, BUDGET_MESSAGES.amountMax);
  return required ? base.required(BUDGET_MESSAGES.amountRequired) : base.nullable().defined();
}

/** Not blank (the schemas are strict, so nothing is trimmed on the way: drafts keep what was typed). */
const filled = (value: string | undefined): boolean => (value ?? '').trim() !== '';

function lineText(required: boolean) {
  const base = yup.string().max(BUDGET_LIMITS.textMax, BUDGET_MESSAGES.textMax).defined();
  return required ? base.test('filled', BUDGET_MESSAGES.textRequired, filled) : base;
}

function budgetDataSchemaFor(required: boolean) {
  const lines = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) =>
    yup.array(item).defined().max(BUDGET_LIMITS.linesMax, BUDGET_MESSAGES.tooManyLines);
  const name = yup.string().max(BUDGET_LIMITS.nameMax, BUDGET_MESSAGES.nameMax).defined();
  const month = yup
    .string()
    .defined()
    .test('month', BUDGET_MESSAGES.monthInvalid, (v) => v === '' || MONTH_PATTERN.test(v ?? ''));
  return yup
    .object({
      name: required ? name.test('filled', BUDGET_MESSAGES.nameRequired, filled) : name,
      month: required ? month.test('filled', BUDGET_MESSAGES.monthRequired, filled) : month,
      payFrequency: yup.mixed<Frequency>().oneOf(FREQUENCIES).required(),
      incomes: lines(
        yup.object({
          source: lineText(required),
          amountCents: cents(required),
          frequency: yup.mixed<Frequency>().oneOf(FREQUENCIES).required(),
        }),
      ).test('income', BUDGET_MESSAGES.incomeRequired, (v) => !required || (v?.length ?? 0) > 0),
      expenses: lines(
        yup.object({
          category: lineText(required),
          kind: yup.mixed<ExpenseKind>().oneOf(EXPENSE_KINDS).required(),
          variability: yup.mixed<ExpenseVariability>().oneOf(EXPENSE_VARIABILITY).required(),
          amountCents: cents(required),
        }),
      ),
      goals: lines(
        yup.object({
          name: lineText(required),
          targetCents: cents(required),
          savedCents: cents(required),
          monthlyCents: cents(required),
        }),
      ),
      debts: lines(
        yup.object({
          name: lineText(required),
          balanceCents: cents(required),
          paymentCents: cents(required),
        }),
      ),
    })
    .noUnknown('Unknown field: ${unknown}')
    .strict();
}

/** A draft: every field has its type and limits, but lines may be unfinished (null amounts, empty names). */
export const budgetDraftSchema = budgetDataSchemaFor(false);
/** A finished budget: everything filled in, at least one income. */
export const budgetCompleteSchema = budgetDataSchemaFor(true);

export const budgetCreateSchema = yup
  .object({
    status: yup.mixed<BudgetStatus>().oneOf(BUDGET_STATUSES).required(),
    data: budgetDraftSchema.required(),
  })
  .noUnknown('Unknown field: ${unknown}')
  .strict()
  .required('A payload is required.');

export const budgetUpdateSchema = yup
  .object({
    version: yup.number().strict().integer().min(1).required('version is required.'),
    status: yup.mixed<BudgetStatus>().oneOf(BUDGET_STATUSES).required(),
    data: budgetDraftSchema.required(),
  })
  .noUnknown('Unknown field: ${unknown}')
  .strict()
  .required('A payload is required.');

/** A saved budget as the API returns it. */
export interface BudgetRecord {
  id: number;
  status: BudgetStatus;
  version: number;
  createdAt: number;
  updatedAt: number;
  data: BudgetData;
}
export interface BudgetSummary {
  id: number;
  name: string;
  month: string;
  status: BudgetStatus;
  version: number;
  updatedAt: number;
  totals: Pick<BudgetTotals, 'incomeCents' | 'spendingCents' | 'balanceCents'>;
}

// --- Formulas -----------------------------------------------------------------------------------------
/** One amount at `frequency` as a monthly amount, rounded to the cent (see the header). */
export function toMonthlyCents(amountCents: number, frequency: Frequency): number {
  switch (frequency) {
    case 'weekly':
      return roundDiv(amountCents * 52, 12);
    case 'biweekly':
      return roundDiv(amountCents * 26, 12);
    case 'semimonthly':
      return amountCents * 2;
    case 'monthly':
      return amountCents;
    case 'annual':
      return roundDiv(amountCents, 12);
  }
}

export interface BudgetTotals {
  /** each income line's monthly amount, in order (unfinished lines count as 0) */
  incomeMonthly: number[];
  incomeCents: number;
  needsCents: number;
  wantsCents: number;
  fixedCents: number;
  variableCents: number;
  expensesCents: number;
  goalsCents: number;
  debtPaymentsCents: number;
  /** savings & debt repayment: goals + debt payments */
  savingsAndDebtCents: number;
  /** everything planned out of income: expenses + goals + debt payments */
  spendingCents: number;
  /** income − spending: positive is a surplus, negative a shortfall */
  balanceCents: number;
}

const n = (value: number | null): number => value ?? 0;

export function budgetTotals(data: BudgetData): BudgetTotals {
  const incomeMonthly = data.incomes.map((line) => toMonthlyCents(n(line.amountCents), line.frequency));
  const incomeCents = sumCents(incomeMonthly);
  const amounts = (kind: (line: ExpenseLine) => boolean) => sumCents(data.expenses.filter(kind).map((line) => n(line.amountCents)));
  const needsCents = amounts((line) => line.kind === 'need');
  const wantsCents = amounts((line) => line.kind === 'want');
  const fixedCents = amounts((line) => line.variability === 'fixed');
  const variableCents = amounts((line) => line.variability === 'variable');
  const expensesCents = needsCents + wantsCents;
  const goalsCents = sumCents(data.goals.map((goal) => n(goal.monthlyCents)));
  const debtPaymentsCents = sumCents(data.debts.map((debt) => n(debt.paymentCents)));
  const savingsAndDebtCents = goalsCents + debtPaymentsCents;
  const spendingCents = expensesCents + savingsAndDebtCents;
  return {
    incomeMonthly,
    incomeCents,
    needsCents,
    wantsCents,
    fixedCents,
    variableCents,
    expensesCents,
    goalsCents,
    debtPaymentsCents,
    savingsAndDebtCents,
    spendingCents,
    balanceCents: incomeCents - spendingCents,
  };
}

export interface FiftyThirtyTwentyRow {
  key: 'needs' | 'wants' | 'savings';
  label: string;
  targetCents: number;
  actualCents: number;
  /** actual as basis points of income (0 when there is no income) */
  actualBasisPoints: number;
}

/** The 50/30/20 comparison: targets (adding up to the income exactly) and the plan's actual amounts. */
export function fiftyThirtyTwenty(totals: Pick<BudgetTotals, 'incomeCents' | 'needsCents' | 'wantsCents' | 'savingsAndDebtCents'>): FiftyThirtyTwentyRow[] {
  const income = totals.incomeCents;
  const [needsTarget, wantsTarget, savingsTarget] = splitCents(Math.max(0, income), [50, 30, 20]) as [number, number, number];
  const share = (cents: number) => (income > 0 ? roundDiv(cents * 10_000, income) : 0);
  return [
    { key: 'needs', label: 'Needs (50%)', targetCents: needsTarget, actualCents: totals.needsCents, actualBasisPoints: share(totals.needsCents) },
    { key: 'wants', label: 'Wants (30%)', targetCents: wantsTarget, actualCents: totals.wantsCents, actualBasisPoints: share(totals.wantsCents) },
    {
      key: 'savings',
      label: 'Savings & debt (20%)',
      targetCents: savingsTarget,
      actualCents: totals.savingsAndDebtCents,
      actualBasisPoints: share(totals.savingsAndDebtCents),
    },
  ];
}

/** Plain-language guidance for the review step, most important first. */
export function budgetGuidance(data: BudgetData, totals: BudgetTotals = budgetTotals(data)): string[] {
  const tips: string[] = [];
  if (totals.incomeCents === 0) return ['Add your income first: every plan starts with what comes in.'];
  if (totals.balanceCents < 0) {
    tips.push('Your plan spends more than you earn. Look for wants you can trim, or ways to add income, until the shortfall is gone.');
  } else if (totals.balanceCents > 0) {
    tips.push('You have money left over. Give every dollar a job: add it to a savings goal or an extra debt payment.');
  } else {
    tips.push('Every dollar has a job: your income and your plan match exactly.');
  }
  const [needs, wants, savings] = fiftyThirtyTwenty(totals) as [FiftyThirtyTwentyRow, FiftyThirtyTwentyRow, FiftyThirtyTwentyRow];
  if (needs.actualCents > needs.targetCents) {
    tips.push('Your needs take more than half of your income. Check whether a cheaper option exists for the biggest ones, such as housing or transportation.');
  }
  if (wants.actualCents > wants.targetCents) tips.push('Your wants are above 30% of your income. Small cuts here add up quickly.');
  if (savings.actualCents < savings.targetCents) {
    tips.push('You are saving less than 20% of your income. Even a small, regular amount builds the habit; pay yourself first.');
  }
  if (data.goals.length === 0) tips.push('Add a savings goal, such as an emergency fund of three months of needs.');
  return tips;
}

/** A goal's progress in basis points (0–10000): saved / target. */
export function goalProgressBasisPoints(goal: Pick<GoalLine, 'targetCents' | 'savedCents'>): number {
  const target = n(goal.targetCents);
  if (target <= 0) return 0;
  return Math.min(10_000, roundDiv(n(goal.savedCents) * 10_000, target));
}

// --- CSV ------------------------------------------------------------------------------------------------
/** RFC 4180: a field with a comma, quote, CR or LF is quoted and its quotes doubled; lines end CRLF. */
export function csvField(value: string | number): string {
  const text = String(value);
  // a leading = + - @ would be read as a formula by spreadsheets: prefix a quote (OWASP CSV injection)
  const safe = typeof value === 'string' && startsLikeFormula(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const BUDGET_CSV_HEADER = ['Section', 'Item', 'Type', 'Frequency', 'Amount', 'Monthly amount'] as const;

/**
 * The budget as CSV rows: one row per line (its own amount and its monthly amount), then the totals
 * the review step shows. Amounts are plain decimals ("1234.50"); the monthly column of each section
 * adds up to that section's total, to the cent.
 */
/** One line of a budget as the review and the exports list it: its own amount and its monthly amount. */
export interface BudgetLine {
  section: 'Income' | 'Expense' | 'Savings goal' | 'Debt payment';
  item: string;
  frequency: string;
  amountCents: number;
  monthlyCents: number;
  /** an expense's kind and variability ("Need, fixed") */
  type?: string;
  /** a goal's progress */
  savedCents?: number;
  targetCents?: number;
  /** a debt's balance */
  balanceCents?: number;
}

/** Every line of the budget, income first; each section's monthly amounts add up to its total, to the cent. */
export function budgetLines(data: BudgetData, totals: BudgetTotals = budgetTotals(data)): BudgetLine[] {
  const monthly = (cents: number | null) => ({ frequency: 'Monthly', amountCents: n(cents), monthlyCents: n(cents) });
  return [
    ...data.incomes.map((line, i): BudgetLine => ({
      section: 'Income',
      item: line.source,
      frequency: FREQUENCY_LABELS[line.frequency],
      amountCents: n(line.amountCents),
      monthlyCents: totals.incomeMonthly[i] ?? 0,
    })),
    ...data.expenses.map((line): BudgetLine => ({ section: 'Expense', item: line.category, type: `${line.kind === 'need' ? 'Need' : 'Want'}, ${line.variability}`, ...monthly(line.amountCents) })),
    ...data.goals.map((goal): BudgetLine => ({ section: 'Savings goal', item: goal.name, savedCents: n(goal.savedCents), targetCents: n(goal.targetCents), ...monthly(goal.monthlyCents) })),
    ...data.debts.map((debt): BudgetLine => ({ section: 'Debt payment', item: debt.name, balanceCents: n(debt.balanceCents), ...monthly(debt.paymentCents) })),
  ];
}

export function budgetCsvRows(data: BudgetData): string[][] {
  const totals = budgetTotals(data);
  const rows: string[][] = [[...BUDGET_CSV_HEADER]];
  for (const line of budgetLines(data, totals)) {
    const type =
      line.type ??
      (line.targetCents !== undefined
        ? `Saved ${centsToPlain(line.savedCents ?? 0)} of ${centsToPlain(line.targetCents)}`
        : line.balanceCents !== undefined
          ? `Balance ${centsToPlain(line.balanceCents)}`
          : '');
    rows.push([line.section, line.item, type, line.frequency, centsToPlain(line.amountCents), centsToPlain(line.monthlyCents)]);
  }
  const total = (label: string, cents: number) => ['Total', label, '', 'Monthly', '', centsToPlain(cents)];
  rows.push(total('Income', totals.incomeCents));
  rows.push(total('Needs', totals.needsCents));
  rows.push(total('Wants', totals.wantsCents));
  rows.push(total('Savings goals', totals.goalsCents));
  rows.push(total('Debt payments', totals.debtPaymentsCents));
  rows.push(total('Planned spending and saving', totals.spendingCents));
  rows.push(total(totals.balanceCents < 0 ? 'Shortfall' : 'Surplus', totals.balanceCents));
  return rows;
}

export const budgetCsv = (data: BudgetData): string => toCsv(budgetCsvRows(data));

/** A safe file name from a budget's name: "My Sept. budget!" → "my-sept-budget", "Ahorro día" → "ahorro-dia". */
export function fileSlug(name: string, fallback = 'budget'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // letters keep their base: "í" → "i"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}
