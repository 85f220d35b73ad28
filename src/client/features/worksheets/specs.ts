/**
 * Each worksheet kind as data: its fields and lists (how the form shows and converts them) and its
 * results (computed live by the pure formulas in src/common/worksheets.ts, shown on screen, printed
 * and put in the PDF from the same sections).
 */
import { centsToInput, formatBasisPoints, formatCents } from '../../../common/money';
import { countOf, yearsAndMonths } from '../../../common/plural';
import {
  FICA,
  compoundInterest,
  missingInputs,
  debtPayoffPlan,
  formatMills,
  netWorth,
  paycheckBreakdown,
  paycheckProblems,
  savingsGoalTimeline,
  thousandthsToInput,
  unitPrices,
  type CompoundInterestData,
  type DebtPayoffData,
  type NetWorthData,
  type PaycheckData,
  type PayoffPlan,
  type SavingsGoalData,
  type UnitPriceData,
  type WorksheetData,
  type WorksheetKind,
} from '../../../common/worksheets';
import type { PdfSection } from '../documents';
import { toNumber } from '../../ui/fields/fieldRules';

export type FieldType = 'money' | 'percent' | 'quantity' | 'years' | 'text' | 'frequency';
export interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  helperText?: string;
  /**
   * A rule between this field and others, over the editor's Formik values ({ title, fields }): the
   * message to show under this field, or undefined (NumberField's `check`).
   */
  check?: (values: unknown) => string | undefined;
}
export interface ListSpec {
  key: string;
  label: string;
  item: string;
  columns: FieldSpec[];
}
export interface KindSpec {
  intro: string;
  fields: FieldSpec[];
  lists: ListSpec[];
  results: (data: WorksheetData) => PdfSection[];
}

export type FormRecord = Record<string, string | Array<Record<string, string>>>;
type Raw = Record<string, unknown>;

function fieldToText(type: FieldType, value: unknown): string {
  if (type === 'text' || type === 'frequency') return typeof value === 'string' ? value : '';
  if (typeof value !== 'number') return '';
  if (type === 'money') return centsToInput(value);
  if (type === 'percent') return formatBasisPoints(value).replace('%', '');
  if (type === 'quantity') return thousandthsToInput(value);
  return String(value);
}

function textToField(type: FieldType, text: string): unknown {
  if (type === 'text' || type === 'frequency') return text;
  return toNumber(type, text);
}

export function toWorksheetForm(spec: KindSpec, data: WorksheetData): FormRecord {
  const raw = data as unknown as Raw;
  const form: FormRecord = {};
  for (const field of spec.fields) form[field.key] = fieldToText(field.type, raw[field.key]);
  for (const list of spec.lists) {
    const items = Array.isArray(raw[list.key]) ? (raw[list.key] as Raw[]) : [];
    form[list.key] = items.map((item) => Object.fromEntries(list.columns.map((column) => [column.key, fieldToText(column.type, item[column.key])])));
  }
  return form;
}

export function toWorksheetData(spec: KindSpec, form: FormRecord): WorksheetData {
  const data: Raw = {};
  for (const field of spec.fields) data[field.key] = textToField(field.type, String(form[field.key] ?? ''));
  for (const list of spec.lists) {
    const items = (form[list.key] ?? []) as Array<Record<string, string>>;
    data[list.key] = items.map((item) => Object.fromEntries(list.columns.map((column) => [column.key, textToField(column.type, item[column.key] ?? '')])));
  }
  return data as unknown as WorksheetData;
}

export function blankItem(list: ListSpec): Record<string, string> {
  return Object.fromEntries(list.columns.map((column) => [column.key, column.type === 'frequency' ? 'monthly' : '']));
}

const money = (cents: number | null | undefined) => formatCents(cents ?? 0);

/** A number of months for a results table: "17 months (1 year, 5 months)"; under a year just "5 months". */
const monthsSaid = (months: number) => (months >= 12 ? `${countOf(months, 'month')} (${yearsAndMonths(months)})` : countOf(months, 'month'));

/** Results that mean something only once the inputs they need are there: until then, what to enter. */
function unlessEmpty(kind: WorksheetKind, results: (data: WorksheetData) => PdfSection[]): (data: WorksheetData) => PdfSection[] {
  return (data) => {
    const missing = missingInputs(kind, data);
    return missing ? [{ heading: 'What to enter', rows: [['Results', missing]] }] : results(data);
  };
}

function payoffSections(plan: PayoffPlan, data: DebtPayoffData, title: string): PdfSection[] {
  // never paid off: the reason instead of totals that would mean nothing
  if (!plan.paidOff) return [{ heading: `${title}: never paid off`, rows: [['Why', plan.problem ?? '']] }];
  const names = data.debts.map((debt, i) => debt.name || `Debt ${i + 1}`);
  const summary: PdfSection = {
    heading: `${title}: debt-free in ${yearsAndMonths(plan.months.length)}`,
    rows: [
      ['Order extra money goes to', plan.order.map((i) => names[i]).join(', ') || '—'],
      ['Total interest', money(plan.totalInterestCents)],
      ['Total paid', money(plan.totalPaidCents)],
    ],
  };
  const shown = plan.months.slice(0, 120);
  const schedule: PdfSection = {
    heading: `${title}: month by month`,
    rows: shown.map((month) => [
      `Month ${month.month}`,
      month.paymentCents.map((paid, i) => `${names[i]} paid ${money(paid)}, left ${money(month.balanceCents[i])}`).join('; '),
    ]),
  };
  if (plan.months.length > shown.length) schedule.rows.push([`… ${countOf(plan.months.length - shown.length, 'more month', 'more months')}`, '']);
  return [summary, schedule];
}

const APY_HELP = 'The annual percentage yield your bank quotes, like 4.5';

export const WORKSHEET_SPECS: Record<WorksheetKind, KindSpec> = {
  'net-worth': {
    intro: 'List what you own (assets) and what you owe (liabilities). Your net worth is the difference.',
    fields: [],
    lists: [
      { key: 'assets', label: 'Assets', item: 'Asset', columns: [{ key: 'name', label: 'What you own', type: 'text' }, { key: 'amountCents', label: 'Value', type: 'money' }] },
      { key: 'liabilities', label: 'Liabilities', item: 'Liability', columns: [{ key: 'name', label: 'What you owe', type: 'text' }, { key: 'amountCents', label: 'Amount owed', type: 'money' }] },
    ],
    results: (data) => {
      const result = netWorth(data as NetWorthData);
      return [{ heading: 'Net worth', rows: [['Total assets', money(result.assetsCents)], ['Total liabilities', money(result.liabilitiesCents)], ['Net worth', money(result.netWorthCents)]] }];
    },
  },
  'debt-payoff': {
    intro:
      'Enter each debt. Every month you pay all the minimums plus the extra amount. The snowball sends the extra to the smallest balance first; the avalanche to the highest interest rate first.',
    fields: [{ key: 'extraCents', label: 'Extra each month', type: 'money', helperText: 'On top of the minimum payments' }],
    lists: [
      {
        key: 'debts',
        label: 'Debts',
        item: 'Debt',
        columns: [
          { key: 'name', label: 'Debt', type: 'text' },
          { key: 'balanceCents', label: 'Balance', type: 'money' },
          { key: 'aprBasisPoints', label: 'Interest rate (APR)', type: 'percent' },
          { key: 'minimumCents', label: 'Minimum payment', type: 'money' },
        ],
      },
    ],
    results: unlessEmpty('debt-payoff', (data) => {
      const d = data as DebtPayoffData;
      const snowball = debtPayoffPlan(d, 'snowball');
      const avalanche = debtPayoffPlan(d, 'avalanche');
      // neither plan ever pays the debts off: say why once, with no totals that would mean nothing
      if (!snowball.paidOff && !avalanche.paidOff && snowball.problem === avalanche.problem) {
        return [{ heading: 'These debts are never paid off', rows: [['Why', snowball.problem ?? '']] }];
      }
      const interest = (plan: PayoffPlan) => (plan.paidOff ? money(plan.totalInterestCents) : '—');
      return [
        {
          heading: 'Snowball vs avalanche',
          rows: [
            ['Snowball: debt-free in', snowball.paidOff ? monthsSaid(snowball.months.length) : 'never'],
            ['Snowball: total interest', interest(snowball)],
            ['Avalanche: debt-free in', avalanche.paidOff ? monthsSaid(avalanche.months.length) : 'never'],
            ['Avalanche: total interest', interest(avalanche)],
            ['Interest saved by the avalanche', snowball.paidOff && avalanche.paidOff ? money(snowball.totalInterestCents - avalanche.totalInterestCents) : '—'],
          ],
        },
        ...payoffSections(snowball, d, 'Snowball'),
        ...payoffSections(avalanche, d, 'Avalanche'),
      ];
    }),
  },
  'savings-goal': {
    intro:
      'How long until you reach your goal? Savings accounts quote an APY (annual percentage yield): what a year of interest adds, compounding included. Interest, if any, is added monthly before each deposit.',
    fields: [
      { key: 'goalName', label: 'Goal', type: 'text' },
      { key: 'targetCents', label: 'Goal amount', type: 'money' },
      { key: 'currentCents', label: 'Saved so far', type: 'money' },
      { key: 'monthlyCents', label: 'Deposit each month', type: 'money' },
      { key: 'aprBasisPoints', label: 'Interest rate (APY)', type: 'percent', helperText: APY_HELP },
    ],
    lists: [],
    results: unlessEmpty('savings-goal', (data) => {
      const result = savingsGoalTimeline(data as SavingsGoalData);
      return [
        {
          heading: 'Timeline',
          rows: [
            [
              'Time to reach the goal',
              result.months === null ? 'Not reached: add a monthly deposit' : result.months === 0 ? 'Reached already: you have saved enough' : monthsSaid(result.months),
            ],
            ['You deposit', money(result.totalDepositsCents)],
            ['Interest earned', money(result.totalInterestCents)],
            ['Balance then', money(result.finalBalanceCents)],
          ],
        },
      ];
    }),
  },
  paycheck: {
    intro:
      `From gross pay to take-home pay. Simplified: federal income tax is a flat estimate (real withholding uses tax brackets and your W-4), FICA is ${formatBasisPoints(FICA.socialSecurityBasisPoints + FICA.medicareBasisPoints)} (Social Security ${formatBasisPoints(FICA.socialSecurityBasisPoints)} + Medicare ${formatBasisPoints(FICA.medicareBasisPoints)}), and state tax is the rate you enter.`,
    fields: [
      { key: 'grossCents', label: 'Gross pay per paycheck', type: 'money' },
      { key: 'frequency', label: 'How often you are paid', type: 'frequency' },
      {
        key: 'preTaxCents',
        label: 'Pre-tax deductions (retirement, health plan)',
        type: 'money',
        check: (values) => paycheckProblems(toWorksheetData(WORKSHEET_SPECS.paycheck, (values as { fields: FormRecord }).fields) as PaycheckData).preTaxCents,
      },
      { key: 'federalBasisPoints', label: 'Federal income tax estimate', type: 'percent' },
      { key: 'stateBasisPoints', label: 'State income tax rate', type: 'percent' },
    ],
    lists: [],
    results: unlessEmpty('paycheck', (data) => {
      const r = paycheckBreakdown(data as PaycheckData);
      if (r.problem) return [{ heading: 'Your paycheck', rows: [['Check your figures', r.problem]] }];
      return [
        {
          heading: 'Your paycheck',
          rows: [
            ['Gross pay', money(r.grossCents)],
            ['Pre-tax deductions', money(-r.preTaxCents)],
            ['Federal income tax', money(-r.federalCents)],
            ['Social Security (6.2%)', money(-r.socialSecurityCents)],
            ['Medicare (1.45%)', money(-r.medicareCents)],
            ['State income tax', money(-r.stateCents)],
            ['Net (take-home) pay', money(r.netCents)],
            ['Take-home pay per month', money(r.netMonthlyCents)],
          ],
        },
      ];
    }),
  },
  'compound-interest': {
    intro:
      'Watch savings grow when interest earns interest. The rate is the APY (annual percentage yield) your bank quotes; interest is added monthly at the rate that adds up to it over a year, and deposits are made at the end of each month.',
    fields: [
      { key: 'principalCents', label: 'Starting amount', type: 'money' },
      { key: 'monthlyCents', label: 'Deposit each month', type: 'money' },
      { key: 'aprBasisPoints', label: 'Interest rate (APY)', type: 'percent', helperText: APY_HELP },
      { key: 'years', label: 'Years', type: 'years' },
    ],
    lists: [],
    results: unlessEmpty('compound-interest', (data) => {
      const r = compoundInterest(data as CompoundInterestData);
      return [
        { heading: 'After all the years', rows: [['Total deposited', money(r.totalDepositsCents)], ['Interest earned', money(r.totalInterestCents)], ['Final balance', money(r.finalBalanceCents)]] },
        { heading: 'Year by year', rows: r.years.map((y) => [`Year ${y.year}`, `${money(y.balanceCents)} (interest ${money(y.interestCents)})`]) },
      ];
    }),
  },
  'unit-price': {
    intro: 'Compare packages by their price per unit (use the same unit for each). The lowest unit price is the better buy.',
    fields: [],
    lists: [
      {
        key: 'items',
        label: 'Items',
        item: 'Item',
        columns: [
          { key: 'name', label: 'Item', type: 'text' },
          { key: 'priceCents', label: 'Price', type: 'money' },
          { key: 'quantityThousandths', label: 'Quantity', type: 'quantity' },
          { key: 'unit', label: 'Unit (oz, lb, count…)', type: 'text' },
        ],
      },
    ],
    results: (data) => {
      const d = data as UnitPriceData;
      const r = unitPrices(d);
      return [
        {
          heading: 'Unit prices',
          rows: d.items.map((item, i) => {
            const mills = r.unitPriceMills[i];
            const name = item.name || `Item ${i + 1}`;
            return [r.best.includes(i) ? `${name} (best buy)` : name, mills === null || mills === undefined ? '—' : `${formatMills(mills)} per ${item.unit || 'unit'}`];
          }),
        },
      ];
    },
  },
};
