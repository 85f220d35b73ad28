/**
 * The wizard's form values (what the learner typed, as strings) ⇄ the budget document (integer
 * cents), and the per-step validation that decides whether "Next" may move on.
 */
import {
  BUDGET_MESSAGES,
  budgetCompleteSchema,
  type BudgetData,
  type ExpenseKind,
  type ExpenseVariability,
  type Frequency,
} from '../../../common/budget';
import { centsToInput } from '../../../common/money';
import { numberError, toNumber } from '../../ui/fields/fieldRules';

export interface IncomeValues {
  source: string;
  amount: string;
  frequency: Frequency;
}
export interface ExpenseValues {
  category: string;
  kind: ExpenseKind;
  variability: ExpenseVariability;
  amount: string;
}
export interface GoalValues {
  name: string;
  target: string;
  saved: string;
  monthly: string;
}
export interface DebtValues {
  name: string;
  balance: string;
  payment: string;
}
export interface BudgetFormValues {
  name: string;
  month: string;
  payFrequency: Frequency;
  incomes: IncomeValues[];
  expenses: ExpenseValues[];
  goals: GoalValues[];
  debts: DebtValues[];
}

export const STEPS = ['Basics', 'Income', 'Expenses', 'Savings & debts', 'Review'] as const;
export const REVIEW_STEP = STEPS.length - 1;

export const blankIncome = (frequency: Frequency): IncomeValues => ({ source: '', amount: '', frequency });
export const blankExpense = (category = '', kind: ExpenseKind = 'need', variability: ExpenseVariability = 'fixed'): ExpenseValues => ({ category, kind, variability, amount: '' });
export const blankGoal = (): GoalValues => ({ name: '', target: '', saved: '0', monthly: '' });
export const blankDebt = (): DebtValues => ({ name: '', balance: '', payment: '' });

export function toFormValues(data: BudgetData): BudgetFormValues {
  return {
    name: data.name,
    month: data.month,
    payFrequency: data.payFrequency,
    incomes: data.incomes.map((line) => ({ source: line.source, amount: centsToInput(line.amountCents), frequency: line.frequency })),
    expenses: data.expenses.map((line) => ({ category: line.category, kind: line.kind, variability: line.variability, amount: centsToInput(line.amountCents) })),
    goals: data.goals.map((goal) => ({ name: goal.name, target: centsToInput(goal.targetCents), saved: centsToInput(goal.savedCents), monthly: centsToInput(goal.monthlyCents) })),
    debts: data.debts.map((debt) => ({ name: debt.name, balance: centsToInput(debt.balanceCents), payment: centsToInput(debt.paymentCents) })),
  };
}

const money = (text: string) => toNumber('money', text);

/** What is saved: amounts that parse become cents; empty or not-yet-valid ones are null. */
export function toBudgetData(values: BudgetFormValues): BudgetData {
  return {
    name: values.name,
    month: values.month,
    payFrequency: values.payFrequency,
    incomes: values.incomes.map((line) => ({ source: line.source, amountCents: money(line.amount), frequency: line.frequency })),
    expenses: values.expenses.map((line) => ({ category: line.category, kind: line.kind, variability: line.variability, amountCents: money(line.amount) })),
    goals: values.goals.map((goal) => ({ name: goal.name, targetCents: money(goal.target), savedCents: money(goal.saved), monthlyCents: money(goal.monthly) })),
    debts: values.debts.map((debt) => ({ name: debt.name, balanceCents: money(debt.balance), paymentCents: money(debt.payment) })),
  };
}

export const isComplete = (values: BudgetFormValues): boolean => budgetCompleteSchema.isValidSync(toBudgetData(values));

type LineErrors<T> = Array<Partial<Record<keyof T, string>> | undefined>;
export interface BudgetFormErrors {
  name?: string;
  month?: string;
  incomes?: string | LineErrors<IncomeValues>;
  expenses?: LineErrors<ExpenseValues>;
  goals?: LineErrors<GoalValues>;
  debts?: LineErrors<DebtValues>;
}

const blank = (text: string) => text.trim() === '';

function lineErrors<T extends object>(lines: T[], check: (line: T) => Partial<Record<keyof T, string>>): LineErrors<T> | undefined {
  const errors = lines.map((line) => {
    const found = Object.fromEntries(Object.entries(check(line)).filter(([, message]) => message !== undefined)) as Partial<Record<keyof T, string>>;
    return Object.keys(found).length ? found : undefined;
  });
  return errors.some(Boolean) ? errors : undefined;
}

/**
 * What an empty required field of a line says, naming the field as its label reads and the line by
 * what the student called it ("Enter a monthly amount for Rent."), or by its kind while unnamed.
 */
export const LINE_REQUIRED = {
  source: () => 'Enter a source for this income.',
  category: () => 'Enter a category for this expense.',
  goalName: () => 'Enter a name for this goal.',
  debtName: () => 'Enter a name for this debt.',
  incomeAmount: (line: string) => `Enter an amount for ${line || 'this income'}.`,
  expenseAmount: (line: string) => `Enter a monthly amount for ${line || 'this expense'}.`,
  goalTarget: (line: string) => `Enter a target for ${line || 'this goal'}.`,
  goalSaved: (line: string) => `Enter what you have saved so far for ${line || 'this goal'} (0 if nothing yet).`,
  goalMonthly: (line: string) => `Enter a monthly contribution for ${line || 'this goal'}.`,
  debtBalance: (line: string) => `Enter the balance owed on ${line || 'this debt'}.`,
  debtPayment: (line: string) => `Enter a monthly payment for ${line || 'this debt'}.`,
} as const;

/** Every error a finished budget must not have, per field (formik's nested shape). */
export function validateBudgetForm(values: BudgetFormValues): BudgetFormErrors {
  const errors: BudgetFormErrors = {};
  if (blank(values.name)) errors.name = BUDGET_MESSAGES.nameRequired;
  else if (values.name.length > 80) errors.name = BUDGET_MESSAGES.nameMax;
  if (blank(values.month)) errors.month = BUDGET_MESSAGES.monthRequired;
  else if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) errors.month = BUDGET_MESSAGES.monthInvalid;
  const text = (value: string, message: string) => (blank(value) ? message : undefined);
  const amount = (value: string, message: string) => numberError('money', value, message);
  if (values.incomes.length === 0) errors.incomes = BUDGET_MESSAGES.incomeRequired;
  else {
    const found = lineErrors(values.incomes, (line) => {
      const named = line.source.trim();
      return { source: text(line.source, LINE_REQUIRED.source()), amount: amount(line.amount, LINE_REQUIRED.incomeAmount(named)) };
    });
    if (found) errors.incomes = found;
  }
  const expenses = lineErrors(values.expenses, (line) => {
    const named = line.category.trim();
    return { category: text(line.category, LINE_REQUIRED.category()), amount: amount(line.amount, LINE_REQUIRED.expenseAmount(named)) };
  });
  if (expenses) errors.expenses = expenses;
  const goals = lineErrors(values.goals, (goal) => {
    const named = goal.name.trim();
    return {
      name: text(goal.name, LINE_REQUIRED.goalName()),
      target: amount(goal.target, LINE_REQUIRED.goalTarget(named)),
      saved: amount(goal.saved, LINE_REQUIRED.goalSaved(named)),
      monthly: amount(goal.monthly, LINE_REQUIRED.goalMonthly(named)),
    };
  });
  if (goals) errors.goals = goals;
  const debts = lineErrors(values.debts, (debt) => {
    const named = debt.name.trim();
    return {
      name: text(debt.name, LINE_REQUIRED.debtName()),
      balance: amount(debt.balance, LINE_REQUIRED.debtBalance(named)),
      payment: amount(debt.payment, LINE_REQUIRED.debtPayment(named)),
    };
  });
  if (debts) errors.debts = debts;
  return errors;
}

/** The form fields each step owns (for "Next": only the current step's errors hold the learner back). */
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof BudgetFormErrors>> = [['name', 'month'], ['incomes'], ['expenses'], ['goals', 'debts'], []];

export function stepErrors(errors: BudgetFormErrors, step: number): BudgetFormErrors {
  const picked: BudgetFormErrors = {};
  for (const key of STEP_FIELDS[step] ?? []) if (errors[key] !== undefined) (picked as Record<string, unknown>)[key] = errors[key];
  return picked;
}

/** The first step (before `upTo`) that still has errors, or null. */
export function firstStepWithErrors(errors: BudgetFormErrors, upTo = REVIEW_STEP): number | null {
  for (let step = 0; step < upTo; step += 1) if (Object.keys(stepErrors(errors, step)).length) return step;
  return null;
}
