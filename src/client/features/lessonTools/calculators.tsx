/**
 * The calculators a section embeds ({{calculator:KIND}}). Each is a small formik form whose result is
 * worked out as the student types (no submit) by the shared maths in src/common/calculators.ts, and
 * shown in a polite live region. Fields are the worksheets' own (ui/fields): labelled, the error
 * under the field once it was changed, a native select for choices.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Formik, useFormikContext } from 'formik';
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from '../../../common/budget';
import {
  COMPOUNDING,
  COMPOUNDING_LABELS,
  MINIMUM_PAYMENT_RULE,
  aprToApy,
  apyToApr,
  cardPayoff,
  compoundGrowth,
  formatRate,
  loanPayment,
  paycheckEstimate,
  type Compounding,
} from '../../../common/calculators';
import { CALCULATOR_TITLES, type CalculatorKind } from '../../../common/lessonTools';
import { formatBasisPoints, formatCents } from '../../../common/money';
import { FICA, savingsGoalTimeline } from '../../../common/worksheets';
import { NumberField, SelectInput } from '../../ui/fields/Fields';
import { numberError, toNumber, type NumberKind } from '../../ui/fields/fieldRules';

type Values = Record<string, string>;

interface Field {
  name: string;
  label: string;
  kind: NumberKind | 'select';
  options?: ReadonlyArray<{ value: string; label: string }>;
  helperText?: string;
}

/** A result: a sentence that answers the question, and the figures behind it. */
interface Result {
  summary: string;
  lines?: Array<[string, string]>;
  note?: string;
}

interface CalculatorSpec {
  intro: string;
  fields: Field[];
  /** starting values a teen would recognise (a first car, a phone, a part-time job) */
  initial: Values;
  compute(n: (name: string) => number, v: Values): Result;
}

const COMPOUNDING_OPTIONS = (Object.keys(COMPOUNDING) as Compounding[]).map((value) => ({ value, label: COMPOUNDING_LABELS[value] }));
const PAY_OPTIONS = FREQUENCIES.filter((f) => f !== 'annual').map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
const TERM_OPTIONS = [24, 36, 48, 60, 72].map((months) => ({ value: String(months), label: `${months} months (${months / 12} years)` }));

/** 17 → "1 year 5 months"; 12 → "1 year"; 5 → "5 months". */
export function monthsInWords(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = years === 0 ? '' : `${years} year${years === 1 ? '' : 's'}`;
  const m = rest === 0 ? '' : `${rest} month${rest === 1 ? '' : 's'}`;
  return [y, m].filter(Boolean).join(' ') || '0 months';
}

export const CALCULATORS: Record<CalculatorKind, CalculatorSpec> = {
  'compound-interest': {
    intro: 'See how a starting amount and a monthly deposit grow when interest earns interest.',
    fields: [
      { name: 'principal', label: 'Starting amount', kind: 'money' },
      { name: 'monthly', label: 'Deposit each month', kind: 'money' },
      { name: 'rate', label: 'Yearly interest rate', kind: 'percent' },
      { name: 'compounding', label: 'Interest is added', kind: 'select', options: COMPOUNDING_OPTIONS },
      { name: 'years', label: 'Years', kind: 'years', helperText: 'From 1 to 50' },
    ],
    initial: { principal: '500', monthly: '50', rate: '5', compounding: 'monthly', years: '10' },
    compute: (n, v) => {
      const g = compoundGrowth({ principalCents: n('principal'), monthlyCents: n('monthly'), rateBasisPoints: n('rate'), compounding: v.compounding as Compounding, years: n('years') });
      return {
        summary: `After ${n('years')} year${n('years') === 1 ? '' : 's'} you would have ${formatCents(g.finalBalanceCents)}: ${formatCents(g.totalContributionsCents)} you put in and ${formatCents(g.totalGrowthCents)} of interest.`,
        lines: [
          ['You put in', formatCents(g.totalContributionsCents)],
          ['Interest earned', formatCents(g.totalGrowthCents)],
          ['Balance at the end', formatCents(g.finalBalanceCents)],
        ],
      };
    },
  },
  'savings-goal': {
    intro: 'Find out how many months it takes to reach a savings goal.',
    fields: [
      { name: 'target', label: 'Savings goal', kind: 'money' },
      { name: 'current', label: 'Saved so far', kind: 'money' },
      { name: 'monthly', label: 'Deposit each month', kind: 'money' },
      { name: 'apy', label: 'Savings account APY', kind: 'percent' },
    ],
    initial: { target: '1200', current: '150', monthly: '100', apy: '4' },
    compute: (n) => {
      const t = savingsGoalTimeline({ goalName: '', targetCents: n('target'), currentCents: n('current'), monthlyCents: n('monthly'), aprBasisPoints: n('apy') });
      if (t.months === null) return { summary: 'At this deposit you do not reach the goal within 50 years. Try a larger monthly deposit.' };
      if (t.months === 0) return { summary: 'You have already reached this goal.' };
      return {
        summary: `You reach ${formatCents(n('target'))} in ${monthsInWords(t.months)} (${t.months} deposits).`,
        lines: [
          ['Months', String(t.months)],
          ['Your deposits', formatCents(t.totalDepositsCents)],
          ['Interest earned', formatCents(t.totalInterestCents)],
          ['Balance then', formatCents(t.finalBalanceCents)],
        ],
      };
    },
  },
  'loan-payment': {
    intro: 'Work out the monthly payment on a loan, such as a car loan, and what the loan costs in interest.',
    fields: [
      { name: 'principal', label: 'Amount borrowed', kind: 'money' },
      { name: 'apr', label: 'APR', kind: 'percent' },
      { name: 'months', label: 'Loan length', kind: 'select', options: TERM_OPTIONS },
    ],
    initial: { principal: '12000', apr: '7', months: '60' },
    compute: (n, v) => {
      const months = Number(v.months);
      const loan = loanPayment(n('principal'), n('apr'), months);
      return {
        summary: `You pay ${formatCents(loan.paymentCents)} a month for ${months} months: ${formatCents(loan.totalPaidCents)} in all, ${formatCents(loan.totalInterestCents)} of it interest.`,
        lines: [
          ['Monthly payment', formatCents(loan.paymentCents)],
          ['Total paid', formatCents(loan.totalPaidCents)],
          ['Total interest', formatCents(loan.totalInterestCents)],
        ],
      };
    },
  },
  'credit-card-payoff': {
    intro: 'Compare paying only the minimum on a credit card with paying a fixed amount each month (no new purchases).',
    fields: [
      { name: 'balance', label: 'Card balance', kind: 'money' },
      { name: 'apr', label: 'APR', kind: 'percent' },
      { name: 'fixed', label: 'Fixed monthly payment', kind: 'money' },
    ],
    initial: { balance: '1500', apr: '22', fixed: '100' },
    compute: (n) => {
      const minimum = cardPayoff(n('balance'), n('apr'), { kind: 'minimum' });
      const fixed = cardPayoff(n('balance'), n('apr'), { kind: 'fixed', cents: n('fixed') });
      const describe = (p: typeof minimum) => (p.months === null ? (p.problem ?? '') : `${monthsInWords(p.months)}, ${formatCents(p.totalInterestCents)} interest`);
      const saved = minimum.months !== null && fixed.months !== null ? minimum.totalInterestCents - fixed.totalInterestCents : null;
      return {
        summary:
          fixed.months === null
            ? `Paying ${formatCents(n('fixed'))} a month: ${fixed.problem}`
            : `Paying ${formatCents(n('fixed'))} a month clears the card in ${monthsInWords(fixed.months)} with ${formatCents(fixed.totalInterestCents)} of interest. Paying only the minimum: ${describe(minimum)}.`,
        lines: [
          [`Minimum payment (first month ${formatCents(minimum.firstPaymentCents)})`, describe(minimum)],
          [`Fixed payment of ${formatCents(n('fixed'))}`, describe(fixed)],
          ...(saved !== null && saved > 0 ? [['Interest you save with the fixed payment', formatCents(saved)] as [string, string]] : []),
        ],
        note: `The minimum here is the month’s interest plus ${formatBasisPoints(MINIMUM_PAYMENT_RULE.percentBasisPoints)} of the balance, at least ${formatCents(MINIMUM_PAYMENT_RULE.floorCents)}, as many cards set it; yours is on your statement.`,
      };
    },
  },
  'apr-apy': {
    intro: 'Turn an APR into the APY it really earns or costs in a year, or the other way round.',
    fields: [
      {
        name: 'direction',
        label: 'Convert',
        kind: 'select',
        options: [
          { value: 'apr', label: 'APR to APY' },
          { value: 'apy', label: 'APY to APR' },
        ],
      },
      { name: 'rate', label: 'Rate', kind: 'percent' },
      { name: 'compounding', label: 'Interest is added', kind: 'select', options: COMPOUNDING_OPTIONS },
    ],
    initial: { direction: 'apr', rate: '5', compounding: 'monthly' },
    compute: (n, v) => {
      const how = COMPOUNDING_LABELS[v.compounding as Compounding].toLowerCase();
      const given = formatBasisPoints(n('rate'));
      if (v.direction === 'apy') {
        const apr = formatRate(apyToApr(n('rate'), v.compounding as Compounding));
        return { summary: `An APY of ${given} with interest added ${how} is an APR of ${apr}.`, lines: [['APR', apr]] };
      }
      const apy = formatRate(aprToApy(n('rate'), v.compounding as Compounding));
      return { summary: `An APR of ${given} with interest added ${how} is an APY of ${apy}.`, lines: [['APY', apy]] };
    },
  },
  paycheck: {
    intro: 'Go from gross pay to take-home pay: what comes out of a paycheck and why.',
    fields: [
      { name: 'gross', label: 'Gross pay per paycheck', kind: 'money' },
      { name: 'frequency', label: 'Paid', kind: 'select', options: PAY_OPTIONS },
      { name: 'state', label: 'State income tax rate', kind: 'percent', helperText: 'Some states have none: enter 0' },
    ],
    initial: { gross: '600', frequency: 'biweekly', state: '3' },
    compute: (n, v) => {
      const p = paycheckEstimate(n('gross'), v.frequency as Frequency, n('state'));
      if (p.netCents < 0) return { summary: 'The taxes entered take more than the pay. Check the state tax rate.' };
      return {
        summary: `From ${formatCents(p.grossCents)} gross you take home about ${formatCents(p.netCents)}.`,
        lines: [
          ['Gross pay', formatCents(p.grossCents)],
          ['Federal income tax (estimate)', `−${formatCents(p.federalCents)}`],
          [`Social Security (${formatBasisPoints(FICA.socialSecurityBasisPoints)})`, `−${formatCents(p.socialSecurityCents)}`],
          [`Medicare (${formatBasisPoints(FICA.medicareBasisPoints)})`, `−${formatCents(p.medicareCents)}`],
          [`State income tax (${formatBasisPoints(n('state'))})`, `−${formatCents(p.stateCents)}`],
          ['Net pay (take-home)', formatCents(p.netCents)],
        ],
        note: 'The federal figure is a simple estimate for a single filer with one job and no other income (standard deduction, then the 10%, 12% and 22% brackets). Real withholding follows your W-4.',
      };
    },
  },
};

/** The messages of the fields as typed; empty when every field is usable. */
function problems(spec: CalculatorSpec, values: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of spec.fields) {
    if (field.kind === 'select') continue;
    const message = numberError(field.kind, values[field.name] ?? '', `${field.label} is required`);
    if (message) out[field.name] = message;
  }
  return out;
}

function Results({ spec }: { spec: CalculatorSpec }) {
  const { values } = useFormikContext<Values>();
  const bad = problems(spec, values);
  let body: ReactNode;
  if (Object.keys(bad).length > 0) {
    const names = spec.fields.filter((f) => bad[f.name]).map((f) => f.label);
    body = <Typography>Fix {names.join(', ')} to see the result.</Typography>;
  } else {
    const result = spec.compute((name) => {
      const field = spec.fields.find((f) => f.name === name)!;
      return toNumber(field.kind as NumberKind, values[name] ?? '') ?? 0;
    }, values);
    body = (
      <>
        <Typography sx={{ fontWeight: 600 }}>{result.summary}</Typography>
        {result.lines && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, my: 1 }}>
            {result.lines.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Box component="dt">{label}</Box>
                <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {value}
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {result.note && (
          <Typography variant="body2" color="text.secondary">
            {result.note}
          </Typography>
        )}
      </>
    );
  }
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={{ mt: 2, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      {body}
    </Box>
  );
}

export function Calculator({ kind }: { kind: CalculatorKind }) {
  const spec = CALCULATORS[kind];
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const headingId = `${id}-title`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, my: 2 }} data-calculator={kind}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mt: 0 }}>
        {CALCULATOR_TITLES[kind]}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {spec.intro}
      </Typography>
      <Formik initialValues={spec.initial} onSubmit={() => undefined}>
        {/* no submit: the result follows the fields; Enter in a field does nothing surprising */}
        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label={CALCULATOR_TITLES[kind]}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            {spec.fields.map((field) =>
              field.kind === 'select' ? (
                <SelectInput key={field.name} id={`${id}-${field.name}`} name={field.name} label={field.label} options={field.options ?? []} helperText={field.helperText} />
              ) : (
                <NumberField key={field.name} id={`${id}-${field.name}`} kind={field.kind} name={field.name} label={field.label} required helperText={field.helperText} />
              ),
            )}
          </Box>
          <Results spec={spec} />
        </Box>
      </Formik>
    </Paper>
  );
}
