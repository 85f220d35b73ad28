/** The wizard's input steps: basics, income, expenses, savings goals and debt payments. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FieldArray, useFormikContext } from 'formik';
import { BUDGET_MESSAGES, SUGGESTED_EXPENSES, toMonthlyCents } from '../../../../common/budget';
import { formatCents } from '../../../../common/money';
import { FREQUENCY_OPTIONS, LineFieldset, type LineFieldsetProps } from '../../documents';
import { NumberField, SelectInput, TextInput } from '../../../ui/fields/Fields';
import { toNumber } from '../../../ui/fields/fieldRules';
import { blankDebt, blankExpense, blankGoal, blankIncome, type BudgetFormValues } from '../form';

const KIND_OPTIONS = [
  { value: 'need', label: 'Need' },
  { value: 'want', label: 'Want' },
];
const VARIABILITY_OPTIONS = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'variable', label: 'Variable' },
];

/** A budget line: as many columns as fit. */
const Line = (props: Omit<LineFieldsetProps, 'layout'>) => <LineFieldset {...props} layout="fit" />;

export function BasicsStep() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <TextInput name="name" label="Budget name" required helperText="For example: My September budget" />
      <TextInput name="month" label="Month" type="month" required helperText="The month this budget plans" />
      <SelectInput name="payFrequency" label="How often are you paid?" options={FREQUENCY_OPTIONS} />
    </Stack>
  );
}

export function IncomeStep() {
  const { values } = useFormikContext<BudgetFormValues>();
  return (
    <FieldArray name="incomes">
      {(helpers) => (
        <Box>
          <Typography sx={{ mb: 2 }}>List every source of income. Amounts are converted to a monthly figure.</Typography>
          {values.incomes.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {BUDGET_MESSAGES.incomeRequired}
            </Alert>
          )}
          {values.incomes.map((line, i) => {
            const cents = toNumber('money', line.amount);
            return (
              <Line key={i} title={`Income ${i + 1}`} onRemove={() => helpers.remove(i)}>
                <TextInput name={`incomes.${i}.source`} label="Source" required />
                <NumberField kind="money" name={`incomes.${i}.amount`} label="Amount" required />
                <SelectInput name={`incomes.${i}.frequency`} label="How often" options={FREQUENCY_OPTIONS} />
                <Typography variant="body2" sx={{ alignSelf: 'center' }}>
                  Monthly: <strong>{cents === null ? '—' : formatCents(toMonthlyCents(cents, line.frequency))}</strong>
                </Typography>
              </Line>
            );
          })}
          <Button variant="outlined" onClick={() => helpers.push(blankIncome(values.payFrequency))} data-no-print>
            Add income
          </Button>
        </Box>
      )}
    </FieldArray>
  );
}

export function ExpensesStep() {
  const { values } = useFormikContext<BudgetFormValues>();
  const used = new Set(values.expenses.map((line) => line.category.trim().toLowerCase()));
  return (
    <FieldArray name="expenses">
      {(helpers) => (
        <Box>
          <Typography sx={{ mb: 1 }}>
            Add your monthly expenses. A <strong>need</strong> is something you must pay for; a <strong>want</strong> is something you could live
            without. <strong>Fixed</strong> costs stay the same each month; <strong>variable</strong> ones change.
          </Typography>
          <Box component="section" aria-labelledby="suggested-heading" sx={{ mb: 2 }} data-no-print>
            <Typography id="suggested-heading" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Suggested categories
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {SUGGESTED_EXPENSES.filter((s) => !used.has(s.category.toLowerCase())).map((s) => (
                <Chip key={s.category} label={`Add ${s.category}`} onClick={() => helpers.push(blankExpense(s.category, s.kind, s.variability))} variant="outlined" />
              ))}
            </Box>
          </Box>
          {values.expenses.map((line, i) => (
            <Line key={i} title={`Expense ${i + 1}`} onRemove={() => helpers.remove(i)}>
              <TextInput name={`expenses.${i}.category`} label="Category" required />
              <SelectInput name={`expenses.${i}.kind`} label="Need or want" options={KIND_OPTIONS} />
              <SelectInput name={`expenses.${i}.variability`} label="Fixed or variable" options={VARIABILITY_OPTIONS} />
              <NumberField kind="money" name={`expenses.${i}.amount`} label="Monthly amount" required />
            </Line>
          ))}
          <Button variant="outlined" onClick={() => helpers.push(blankExpense())} data-no-print>
            Add expense
          </Button>
        </Box>
      )}
    </FieldArray>
  );
}

export function SavingsStep() {
  const { values } = useFormikContext<BudgetFormValues>();
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Savings goals
      </Typography>
      <FieldArray name="goals">
        {(helpers) => (
          <Box sx={{ mb: 3 }}>
            {values.goals.map((_, i) => (
              <Line key={i} title={`Goal ${i + 1}`} onRemove={() => helpers.remove(i)}>
                <TextInput name={`goals.${i}.name`} label="Goal" required />
                <NumberField kind="money" name={`goals.${i}.target`} label="Target" required />
                <NumberField kind="money" name={`goals.${i}.saved`} label="Saved so far" required />
                <NumberField kind="money" name={`goals.${i}.monthly`} label="Monthly contribution" required />
              </Line>
            ))}
            <Button variant="outlined" onClick={() => helpers.push(blankGoal())} data-no-print>
              Add savings goal
            </Button>
          </Box>
        )}
      </FieldArray>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Debt payments
      </Typography>
      <FieldArray name="debts">
        {(helpers) => (
          <Box>
            {values.debts.map((_, i) => (
              <Line key={i} title={`Debt ${i + 1}`} onRemove={() => helpers.remove(i)}>
                <TextInput name={`debts.${i}.name`} label="Debt" required />
                <NumberField kind="money" name={`debts.${i}.balance`} label="Balance owed" required />
                <NumberField kind="money" name={`debts.${i}.payment`} label="Monthly payment" required />
              </Line>
            ))}
            <Button variant="outlined" onClick={() => helpers.push(blankDebt())} data-no-print>
              Add debt payment
            </Button>
          </Box>
        )}
      </FieldArray>
    </Box>
  );
}
