/**
 * The wizard's validation names the field a student left empty, and the line by what they called
 * it (or its kind while unnamed); the budget's own name and month keep their messages.
 */
import { BUDGET_MESSAGES } from '../../../../../src/common/budget';
import { blankDebt, blankExpense, blankGoal, validateBudgetForm, type BudgetFormValues } from '../../../../../src/client/features/budgetWizard/form';

const base: BudgetFormValues = {
  name: 'September',
  month: '2026-09',
  payFrequency: 'monthly',
  incomes: [{ source: 'Paycheck', amount: '1200', frequency: 'monthly' }],
  expenses: [],
  goals: [],
  debts: [],
};

it.each<[string, Partial<BudgetFormValues>, string, string]>([
  ['an unnamed budget', { name: ' ' }, 'name', BUDGET_MESSAGES.nameRequired],
  ['no month', { month: '' }, 'month', BUDGET_MESSAGES.monthRequired],
  ['no income at all', { incomes: [] }, 'incomes', BUDGET_MESSAGES.incomeRequired],
  ['an income without its source', { incomes: [{ source: '', amount: '5', frequency: 'monthly' }] }, 'incomes.0.source', 'Enter a source for this income.'],
  ['an income without its amount', { incomes: [{ source: 'Paycheck', amount: '', frequency: 'monthly' }] }, 'incomes.0.amount', 'Enter an amount for Paycheck.'],
  ['an unnamed income without its amount', { incomes: [{ source: '', amount: '', frequency: 'monthly' }] }, 'incomes.0.amount', 'Enter an amount for this income.'],
  ['an expense without its amount', { expenses: [blankExpense('Rent')] }, 'expenses.0.amount', 'Enter a monthly amount for Rent.'],
  ['an expense without its category', { expenses: [{ ...blankExpense(), amount: '5' }] }, 'expenses.0.category', 'Enter a category for this expense.'],
  ['an unnamed goal', { goals: [{ ...blankGoal(), target: '1', monthly: '1' }] }, 'goals.0.name', 'Enter a name for this goal.'],
  ['a goal without its target', { goals: [{ ...blankGoal(), name: 'Car', monthly: '1' }] }, 'goals.0.target', 'Enter a target for Car.'],
  ['a goal without what is saved', { goals: [{ name: 'Car', target: '1', saved: '', monthly: '1' }] }, 'goals.0.saved', 'Enter what you have saved so far for Car (0 if nothing yet).'],
  ['a goal without its contribution', { goals: [{ name: 'Car', target: '1', saved: '0', monthly: '' }] }, 'goals.0.monthly', 'Enter a monthly contribution for Car.'],
  ['an unnamed debt', { debts: [{ ...blankDebt(), balance: '1', payment: '1' }] }, 'debts.0.name', 'Enter a name for this debt.'],
  ['a debt without its balance', { debts: [{ name: 'Card', balance: '', payment: '1' }] }, 'debts.0.balance', 'Enter the balance owed on Card.'],
  ['a debt without its payment', { debts: [{ name: 'Card', balance: '1', payment: ' ' }] }, 'debts.0.payment', 'Enter a monthly payment for Card.'],
  ['a bad amount keeps its own message', { expenses: [{ ...blankExpense('Rent'), amount: '-5' }] }, 'expenses.0.amount', 'The amount cannot be negative.'],
])('%s', (_name, change, path, message) => {
  const errors = validateBudgetForm({ ...base, ...change });
  const found = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
  expect(found).toBe(message);
});

it('a complete budget has no errors', () => {
  expect(validateBudgetForm(base)).toEqual({});
});
