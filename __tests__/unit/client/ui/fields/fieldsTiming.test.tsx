/**
 * When a budget field shows its error (ui/fields/Fields.tsx, as the wizard's Expenses step renders
 * it): tabbing past an empty field says nothing; a changed field says what is wrong; a "Next" shows
 * the errors of the step it tried to leave, each naming its field — and not those of other steps.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, useFormikContext } from 'formik';
import { ExpensesStep } from '../../../../../src/client/features/budgetWizard/components/BudgetSteps';
import { blankExpense, blankGoal, validateBudgetForm, type BudgetFormValues } from '../../../../../src/client/features/budgetWizard/form';
import { markAttempted } from '../../../../../src/client/ui/formikField';
import { TextInput } from '../../../../../src/client/ui/fields/Fields';

const initialValues: BudgetFormValues = {
  name: 'September',
  month: '2026-09',
  payFrequency: 'monthly',
  incomes: [{ source: 'Paycheck', amount: '1200', frequency: 'monthly' }],
  expenses: [blankExpense('Rent'), blankExpense()],
  goals: [blankGoal()],
  debts: [],
};

/** "Next" as the wizard does it: validate, then mark the step's fields as tried. */
function Next({ fields }: { fields: string[] }) {
  const formik = useFormikContext<BudgetFormValues>();
  return (
    <button
      type="button"
      onClick={() => {
        void formik.validateForm().then(() => markAttempted(formik, fields));
      }}
    >
      Next
    </button>
  );
}

function Expenses() {
  return (
    <Formik initialValues={initialValues} validate={validateBudgetForm} onSubmit={() => undefined}>
      <form noValidate aria-label="Budget">
        <ExpensesStep />
        {/* a field of a later step, to show that Next leaves it alone */}
        <TextInput name="goals.0.name" label="Goal" required />
        <Next fields={['expenses']} />
      </form>
    </Formik>
  );
}

const rentAmount = () => screen.getAllByRole('textbox', { name: /Monthly amount/ })[0] as HTMLElement;

it('tabbing past an empty required field shows no error', async () => {
  const user = userEvent.setup();
  render(<Expenses />);
  await user.click(rentAmount());
  await user.tab();
  await user.tab();
  expect(rentAmount()).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(/Enter a/)).not.toBeInTheDocument();
});

it('a changed field shows its error, naming the field: at once when emptied, otherwise once left', async () => {
  const user = userEvent.setup();
  render(<Expenses />);
  await user.type(rentAmount(), '-5');
  expect(screen.queryByText('The amount cannot be negative.')).not.toBeInTheDocument();
  await user.tab();
  expect(rentAmount()).toHaveAccessibleDescription('The amount cannot be negative.');
  await user.clear(rentAmount());
  expect(rentAmount()).toHaveAccessibleDescription('Enter a monthly amount for Rent.');
  expect(rentAmount()).toHaveAttribute('aria-invalid', 'true');
});

it('Next shows every error of the step it tried to leave, each naming its field, and none of another step', async () => {
  const user = userEvent.setup();
  render(<Expenses />);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Enter a monthly amount for Rent.')).toBeInTheDocument();
  expect(screen.getByText('Enter a category for this expense.')).toBeInTheDocument();
  expect(screen.getByText('Enter a monthly amount for this expense.')).toBeInTheDocument();
  expect(rentAmount()).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: /^Goal/ })).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Enter a name for this goal.')).not.toBeInTheDocument();
  // and the error follows the typing from then on
  await user.type(rentAmount(), '900');
  expect(screen.queryByText('Enter a monthly amount for Rent.')).not.toBeInTheDocument();
});
