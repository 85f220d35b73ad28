/**
 * The worksheets: their kinds, shapes, shared yup schemas and pure formulas. Amounts are integer
 * cents, rates are basis points (1 bp = 0.01%; an APR of 19.99% is 1999), quantities are
 * thousandths (12.5 oz is 12500). Debts charge an APR (a nominal rate: APR / 12 a month); savings
 * earn an APY (an effective annual rate, compounding included, as banks quote savings and the course
 * teaches it: the monthly rate is (1 + APY)^(1/12) − 1, so a year of it is exactly the APY). Every division is rounded once to the cent (`roundDiv`, halves
 * away from zero), month by month where a schedule is built, so each month's figures are what a
 * bank statement would show.
 */
import * as yup from 'yup';
import { FREQUENCIES, type Frequency, toMonthlyCents } from './budget';
import { FIGURES } from './figures';
import { MAX_CENTS, RATE_MESSAGES, roundDiv, sumCents } from './money';

export const WORKSHEET_KINDS = ['net-worth', 'debt-payoff', 'savings-goal', 'paycheck', 'compound-interest', 'unit-price'] as const;
export type WorksheetKind = (typeof WORKSHEET_KINDS)[number];

export const WORKSHEET_INFO: Record<WorksheetKind, { title: string; summary: string }> = {
  'net-worth': { title: 'Net Worth', summary: 'What you own minus what you owe.' },
  'debt-payoff': { title: 'Debt Payoff', summary: 'Snowball or avalanche: compare the two plans month by month.' },
  'savings-goal': { title: 'Savings Goal Timeline', summary: 'How many months until you reach a savings goal.' },
  paycheck: { title: 'Paycheck Breakdown', summary: 'From gross pay to take-home pay, with simplified withholding.' },
  'compound-interest': { title: 'Compound Interest', summary: 'How savings grow when interest earns interest.' },
  'unit-price': { title: 'Comparison Shopping', summary: 'Compare unit prices to find the better buy.' },
};

export const isWorksheetKind = (value: string): value is WorksheetKind => (WORKSHEET_KINDS as readonly string[]).includes(value);

/**
 * FICA, simplified: Social Security + Medicare (6.2% + 1.45% = 7.65% of gross in 2025) with no wage
 * cap and no additional Medicare tax. The rates come from the course's figures ledger
 * (content/figures.yaml, generated into ./figures), so the lessons and the worksheet agree.
 */
const basisPoints = (percent: number): number => Math.round(percent * 100);
export const FICA = {
  socialSecurityBasisPoints: basisPoints(FIGURES['social-security-rate'].value),
  medicareBasisPoints: basisPoints(FIGURES['medicare-rate'].value),
} as const;
/** Schedules stop here: 50 years of months. */
export const MAX_MONTHS = 600;
export const MAX_RATE_BASIS_POINTS = 10_000;
export const MAX_QUANTITY_THOUSANDTHS = 1_000_000_000;

// --- Shapes -----------------------------------------------------------------------------------------
type Cents = number | null;
export interface NamedAmount {
  name: string;
  amountCents: Cents;
}
export interface NetWorthData {
  assets: NamedAmount[];
  liabilities: NamedAmount[];
}
export interface PayoffDebt {
  name: string;
  balanceCents: Cents;
  aprBasisPoints: number | null;
  minimumCents: Cents;
}
export interface DebtPayoffData {
  debts: PayoffDebt[];
  extraCents: Cents;
}
export interface SavingsGoalData {
  goalName: string;
  targetCents: Cents;
  currentCents: Cents;
  monthlyCents: Cents;
  /** the APY (effective annual rate): the stored name is older than the label, kept so saved worksheets still open */
  aprBasisPoints: number | null;
}
export interface PaycheckData {
  grossCents: Cents;
  frequency: Frequency;
  preTaxCents: Cents;
  federalBasisPoints: number | null;
  stateBasisPoints: number | null;
}
export interface CompoundInterestData {
  principalCents: Cents;
  monthlyCents: Cents;
  /** the APY (effective annual rate), as in SavingsGoalData */
  aprBasisPoints: number | null;
  years: number | null;
}
export interface UnitPriceItem {
  name: string;
  priceCents: Cents;
  quantityThousandths: number | null;
  unit: string;
}
export interface UnitPriceData {
  items: UnitPriceItem[];
}
export interface WorksheetDataByKind {
  'net-worth': NetWorthData;
  'debt-payoff': DebtPayoffData;
  'savings-goal': SavingsGoalData;
  paycheck: PaycheckData;
  'compound-interest': CompoundInterestData;
  'unit-price': UnitPriceData;
}
export type WorksheetData = WorksheetDataByKind[WorksheetKind];

export function emptyWorksheet<K extends WorksheetKind>(kind: K): WorksheetDataByKind[K] {
  const blank: WorksheetDataByKind = {
    'net-worth': { assets: [{ name: 'Checking account', amountCents: null }], liabilities: [{ name: 'Credit card', amountCents: null }] },
    'debt-payoff': { debts: [{ name: '', balanceCents: null, aprBasisPoints: null, minimumCents: null }], extraCents: null },
    'savings-goal': { goalName: '', targetCents: null, currentCents: null, monthlyCents: null, aprBasisPoints: null },
    paycheck: { grossCents: null, frequency: 'biweekly', preTaxCents: null, federalBasisPoints: 1000, stateBasisPoints: null },
    'compound-interest': { principalCents: null, monthlyCents: null, aprBasisPoints: null, years: null },
    'unit-price': {
      items: [
        { name: 'Option A', priceCents: null, quantityThousandths: null, unit: 'oz' },
        { name: 'Option B', priceCents: null, quantityThousandths: null, unit: 'oz' },
      ],
    },
  };
  return blank[kind];
}

// --- Years (compound interest) ---------------------------------------------------------------------------
export const YEARS_MIN = 1;
export const YEARS_MAX = 50;
export const YEARS_MESSAGES = {
  invalid: 'Enter a whole number of years, like 10.',
  range: `Use ${YEARS_MIN} to ${YEARS_MAX} years.`,
} as const;

/** Years typed as text: a whole number from 1 to 50. A number outside that range says the range. */
export function parseYears(input: string): { ok: true; value: number } | { ok: false; error: string } {
  const text = input.trim();
  if (!/^[-+]?\d+$/.test(text)) return { ok: false, error: YEARS_MESSAGES.invalid };
  const value = Number(text);
  if (value < YEARS_MIN || value > YEARS_MAX) return { ok: false, error: YEARS_MESSAGES.range };
  return { ok: true, value };
}

// --- Paycheck: figures that do not fit together -----------------------------------------------------------
export const PAYCHECK_MESSAGES = {
  preTaxOverGross: 'Pre-tax deductions cannot be more than the gross pay.',
  withheldOverGross: 'These taxes and deductions add up to more than the gross pay. Check the tax rates.',
} as const;

/** Per field, what is wrong with a paycheck's figures taken together (the schema and the form show it). */
export function paycheckProblems(data: Pick<PaycheckData, 'grossCents' | 'preTaxCents'>): { preTaxCents?: string } {
  return data.grossCents !== null && data.preTaxCents !== null && data.preTaxCents > data.grossCents ? { preTaxCents: PAYCHECK_MESSAGES.preTaxOverGross } : {};
}

// --- Schemas (drafts: null amounts allowed, types and limits enforced) ---------------------------------
const LINES_MAX = 30;
const text = () => yup.string().max(80, 'Use at most 80 characters.').defined();
const cents = () =>
  yup.number().integer('Amounts are whole cents.').min(0, 'The amount cannot be negative.').max(MAX_CENTS, 'The amount must be $10,000,000.00 or less.').nullable().defined();
const rate = () => yup.number().integer().min(0, RATE_MESSAGES.negative).max(MAX_RATE_BASIS_POINTS, 'The rate must be 100% or less.').nullable().defined();
const lines = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) => yup.array(item).defined().max(LINES_MAX, `Use at most ${LINES_MAX} lines.`);
const strictObject = <T extends yup.ObjectShape>(shape: T) => yup.object(shape).noUnknown('Unknown field: ${unknown}').strict();

export const worksheetDataSchemas: Record<WorksheetKind, yup.AnyObjectSchema> = {
  'net-worth': strictObject({
    assets: lines(strictObject({ name: text(), amountCents: cents() })),
    liabilities: lines(strictObject({ name: text(), amountCents: cents() })),
  }),
  'debt-payoff': strictObject({
    debts: lines(strictObject({ name: text(), balanceCents: cents(), aprBasisPoints: rate(), minimumCents: cents() })),
    extraCents: cents(),
  }),
  'savings-goal': strictObject({
    goalName: text(),
    targetCents: cents(),
    currentCents: cents(),
    monthlyCents: cents(),
    aprBasisPoints: rate(),
  }),
  paycheck: strictObject({
    grossCents: cents(),
    frequency: yup.mixed<Frequency>().oneOf(FREQUENCIES).required(),
    preTaxCents: cents(),
    federalBasisPoints: rate(),
    stateBasisPoints: rate(),
    // pre-tax over the gross pay is not refused here: a worksheet is saved as the learner typed it
    // (nothing typed is lost); the field and the results say what is wrong (paycheckProblems)
  }),
  'compound-interest': strictObject({
    principalCents: cents(),
    monthlyCents: cents(),
    aprBasisPoints: rate(),
    years: yup.number().integer(YEARS_MESSAGES.invalid).min(YEARS_MIN, YEARS_MESSAGES.range).max(YEARS_MAX, YEARS_MESSAGES.range).nullable().defined(),
  }),
  'unit-price': strictObject({
    items: lines(
      strictObject({
        name: text(),
        priceCents: cents(),
        quantityThousandths: yup.number().integer().min(1, 'The quantity must be more than 0.').max(MAX_QUANTITY_THOUSANDTHS, 'The quantity is too large.').nullable().defined(),
        unit: yup.string().max(20, 'Use at most 20 characters.').defined(),
      }),
    ),
  }),
};

const titleSchema = yup.string().max(80, 'Use at most 80 characters.').defined();
const kindSchema = yup.mixed<WorksheetKind>().oneOf(WORKSHEET_KINDS, 'Unknown worksheet kind.').required();
const dataFor = yup.mixed().test('data', function check(value) {
  const kind = (this.parent as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !isWorksheetKind(kind)) return true; // the kind's own message wins
  try {
    worksheetDataSchemas[kind].validateSync(value, { abortEarly: true });
    return true;
  } catch (error) {
    return this.createError({ message: error instanceof yup.ValidationError ? `data: ${error.message}` : 'data is not valid.' });
  }
});

export const worksheetCreateSchema = strictObject({ kind: kindSchema, title: titleSchema, data: dataFor.required('data is required.') }).required('A payload is required.');
export const worksheetUpdateSchema = strictObject({
  kind: kindSchema,
  version: yup.number().integer().min(1).required('version is required.'),
  title: titleSchema,
  data: dataFor.required('data is required.'),
}).required('A payload is required.');

export const WORKSHEET_MESSAGES = {
  conflict: 'This worksheet was changed in another tab or window since you opened it. Choose which version to keep.',
  notFound: 'Worksheet not found.',
  kindChanged: 'A worksheet cannot change its kind.',
} as const;

export interface WorksheetRecord<K extends WorksheetKind = WorksheetKind> {
  id: number;
  kind: K;
  title: string;
  version: number;
  createdAt: number;
  updatedAt: number;
  data: WorksheetDataByKind[K];
}
export type WorksheetSummary = Omit<WorksheetRecord, 'data'>;

// --- Formulas -------------------------------------------------------------------------------------------
const v = (value: number | null): number => value ?? 0;

/** One month's interest on a balance at an APR: balance × APR / 12, rounded to the cent. */
export const monthlyInterest = (balanceCents: number, aprBasisPoints: number): number => roundDiv(balanceCents * aprBasisPoints, 120_000);

/** The monthly rate that compounds to an APY over twelve months: (1 + APY)^(1/12) − 1 (5% APY → 0.4074% a month). */
export const apyMonthlyRate = (apyBasisPoints: number): number => Math.pow(1 + apyBasisPoints / 10_000, 1 / 12) - 1;

/**
 * One month's interest on savings at an APY, rounded to the cent as a statement shows it. Twelve
 * months of it on a balance left alone come to the APY (to within a cent or two of rounding):
 * $1,000 at 12% APY is $1,120.00 after a year, where 12% / 12 a month would give $1,126.84.
 */
export function monthlySavingsInterest(balanceCents: number, apyBasisPoints: number): number {
  if (balanceCents <= 0 || apyBasisPoints <= 0) return 0;
  return Math.round(balanceCents * apyMonthlyRate(apyBasisPoints));
}

export function netWorth(data: NetWorthData): { assetsCents: number; liabilitiesCents: number; netWorthCents: number } {
  const assetsCents = sumCents(data.assets.map((line) => v(line.amountCents)));
  const liabilitiesCents = sumCents(data.liabilities.map((line) => v(line.amountCents)));
  return { assetsCents, liabilitiesCents, netWorthCents: assetsCents - liabilitiesCents };
}

export type PayoffMethod = 'snowball' | 'avalanche';

export interface PayoffMonth {
  month: number;
  /** per debt, in input order */
  interestCents: number[];
  paymentCents: number[];
  balanceCents: number[];
}
export interface PayoffPlan {
  method: PayoffMethod;
  /** the order extra money goes to (indices into the input) */
  order: number[];
  months: PayoffMonth[];
  totalInterestCents: number;
  totalPaidCents: number;
  /** false when the payments never clear the debts (see `problem`) */
  paidOff: boolean;
  /** why the debts are not paid off, for the learner; null when they are */
  problem: string | null;
}

export const DEBT_PAYOFF_MESSAGES = {
  interestOutruns:
    'These payments never pay the debts off: each month they are no more than the interest added. Pay more than the monthly interest (raise a minimum payment or the extra).',
  tooLong: `These payments would take more than ${MAX_MONTHS / 12} years to pay the debts off. Pay more each month.`,
} as const;

/**
 * Pays the debts month by month with one fixed monthly budget: the sum of every minimum payment plus
 * the extra. Each month interest is added to each balance (monthlyInterest), each debt gets its
 * minimum (or what is left of it), and everything else goes to the focus debt, then the next one.
 * A paid-off debt's minimum rolls into the budget for the rest. Snowball: smallest starting balance
 * first; avalanche: highest APR first (ties: the input order).
 */
export function debtPayoffPlan(data: DebtPayoffData, method: PayoffMethod): PayoffPlan {
  const debts = data.debts.map((debt) => ({ balance: v(debt.balanceCents), apr: v(debt.aprBasisPoints), minimum: v(debt.minimumCents) }));
  const order = debts
    .map((_, i) => i)
    .sort((a, b) => {
      const da = debts[a]!;
      const db = debts[b]!;
      const key = method === 'snowball' ? da.balance - db.balance : db.apr - da.apr;
      return key !== 0 ? key : a - b;
    });
  const budget = sumCents(debts.map((debt) => debt.minimum)) + v(data.extraCents);
  const balances = debts.map((debt) => debt.balance);
  const months: PayoffMonth[] = [];
  let totalInterestCents = 0;
  let totalPaidCents = 0;
  while (balances.some((b) => b > 0) && months.length < MAX_MONTHS) {
    const interestCents = balances.map((balance, i) => (balance > 0 ? monthlyInterest(balance, debts[i]!.apr) : 0));
    interestCents.forEach((interest, i) => {
      balances[i]! += interest;
    });
    const paymentCents = balances.map(() => 0);
    let left = budget;
    balances.forEach((balance, i) => {
      const pay = Math.min(balance, debts[i]!.minimum, left);
      paymentCents[i] = pay;
      left -= pay;
    });
    for (const i of order) {
      if (left <= 0) break;
      const pay = Math.min(balances[i]! - paymentCents[i]!, left);
      paymentCents[i]! += pay;
      left -= pay;
    }
    // a month that pays no more than the interest it added leaves the total owed as high as before:
    // with the same payments every later month does too, so the debts are never paid off
    if (sumCents(paymentCents) <= sumCents(interestCents)) {
      return { method, order, months: [], totalInterestCents: 0, totalPaidCents: 0, paidOff: false, problem: DEBT_PAYOFF_MESSAGES.interestOutruns };
    }
    paymentCents.forEach((pay, i) => {
      balances[i]! -= pay;
    });
    totalInterestCents += sumCents(interestCents);
    totalPaidCents += sumCents(paymentCents);
    months.push({ month: months.length + 1, interestCents, paymentCents, balanceCents: [...balances] });
  }
  const paidOff = balances.every((b) => b <= 0);
  return { method, order, months, totalInterestCents, totalPaidCents, paidOff, problem: paidOff ? null : DEBT_PAYOFF_MESSAGES.tooLong };
}

export interface SavingsTimeline {
  /** months until the balance reaches the target; null when it never does within MAX_MONTHS */
  months: number | null;
  finalBalanceCents: number;
  totalDepositsCents: number;
  totalInterestCents: number;
  /** balance at the end of each month */
  balances: number[];
}

/**
 * Month by month: interest on the balance at the APY (monthlySavingsInterest), then the deposit.
 * Stops the month the balance reaches the target.
 */
export function savingsGoalTimeline(data: SavingsGoalData): SavingsTimeline {
  const target = v(data.targetCents);
  let balance = v(data.currentCents);
  const deposit = v(data.monthlyCents);
  const apy = v(data.aprBasisPoints);
  const balances: number[] = [];
  let totalDepositsCents = 0;
  let totalInterestCents = 0;
  if (balance >= target) return { months: 0, finalBalanceCents: balance, totalDepositsCents, totalInterestCents, balances };
  while (balance < target && balances.length < MAX_MONTHS) {
    const interest = monthlySavingsInterest(balance, apy);
    balance += interest + deposit;
    totalInterestCents += interest;
    totalDepositsCents += deposit;
    balances.push(balance);
    if (deposit === 0 && interest === 0) break;
  }
  return { months: balance >= target ? balances.length : null, finalBalanceCents: balance, totalDepositsCents, totalInterestCents, balances };
}

export interface PaycheckBreakdown {
  grossCents: number;
  preTaxCents: number;
  taxableCents: number;
  federalCents: number;
  socialSecurityCents: number;
  medicareCents: number;
  stateCents: number;
  netCents: number;
  /** net pay per month (monthly normalisation of the net paycheck) */
  netMonthlyCents: number;
  /** what is wrong with the figures entered (PAYCHECK_MESSAGES), for the learner; null when nothing */
  problem: string | null;
}

/**
 * Gross to net for one paycheck, SIMPLIFIED for teaching: pre-tax deductions (retirement, health
 * plan) come off first; federal income tax is a flat estimated rate of the taxable pay (real
 * withholding uses brackets and the W-4); state tax is a flat rate the learner enters; FICA is
 * Social Security 6.2% + Medicare 1.45% of gross (no wage cap; in reality some pre-tax deductions
 * are FICA-exempt). Each line is rounded to the cent.
 */
export function paycheckBreakdown(data: PaycheckData): PaycheckBreakdown {
  const grossCents = v(data.grossCents);
  const preTaxCents = Math.min(v(data.preTaxCents), grossCents);
  const taxableCents = grossCents - preTaxCents;
  const federalCents = roundDiv(taxableCents * v(data.federalBasisPoints), 10_000);
  const stateCents = roundDiv(taxableCents * v(data.stateBasisPoints), 10_000);
  const socialSecurityCents = roundDiv(grossCents * FICA.socialSecurityBasisPoints, 10_000);
  const medicareCents = roundDiv(grossCents * FICA.medicareBasisPoints, 10_000);
  const netCents = grossCents - preTaxCents - federalCents - stateCents - socialSecurityCents - medicareCents;
  return {
    grossCents,
    preTaxCents,
    taxableCents,
    federalCents,
    socialSecurityCents,
    medicareCents,
    stateCents,
    netCents,
    netMonthlyCents: toMonthlyCents(netCents, data.frequency),
    // the figures typed first; then taxes and deductions that together take more than the pay (a
    // federal rate near 100 %): no negative take-home pay is shown as if it were one
    problem: paycheckProblems(data).preTaxCents ?? (netCents < 0 ? PAYCHECK_MESSAGES.withheldOverGross : null),
  };
}

export interface CompoundYear {
  year: number;
  depositsCents: number;
  interestCents: number;
  balanceCents: number;
}

/**
 * Monthly compounding at the APY's monthly rate: each month interest on the balance
 * (monthlySavingsInterest), then the monthly deposit. One row per year with that year's deposits and interest and the closing balance.
 */
export function compoundInterest(data: CompoundInterestData): { years: CompoundYear[]; finalBalanceCents: number; totalDepositsCents: number; totalInterestCents: number } {
  let balance = v(data.principalCents);
  const deposit = v(data.monthlyCents);
  const apy = v(data.aprBasisPoints);
  const years: CompoundYear[] = [];
  let totalDepositsCents = balance;
  let totalInterestCents = 0;
  for (let year = 1; year <= Math.min(v(data.years), 50); year += 1) {
    let depositsCents = 0;
    let interestCents = 0;
    for (let month = 0; month < 12; month += 1) {
      const interest = monthlySavingsInterest(balance, apy);
      balance += interest + deposit;
      interestCents += interest;
      depositsCents += deposit;
    }
    totalDepositsCents += depositsCents;
    totalInterestCents += interestCents;
    years.push({ year, depositsCents, interestCents, balanceCents: balance });
  }
  return { years, finalBalanceCents: balance, totalDepositsCents, totalInterestCents };
}

export const EMPTY_WORKSHEET_HINTS = {
  debts: 'Enter each debt’s balance, interest rate (APR) and minimum payment to see when you will be debt-free.',
  debtPayments: 'Enter the minimum payment of each debt (and any extra you can pay) to see when you will be debt-free.',
  savingsGoal: 'Enter your goal amount, what you have saved so far and what you will deposit each month to see when you will reach it.',
  compoundAmounts: 'Enter a starting amount or a deposit each month, the interest rate (APY) and the number of years to see your savings grow.',
  compoundYears: 'Enter the number of years to see your savings grow.',
  paycheck: 'Enter your gross pay per paycheck to see your take-home pay.',
} as const;

/**
 * What a worksheet still needs before its results mean anything, for the learner; null once they do.
 * An empty Debt Payoff says what to enter, never "debt-free in 0 months".
 */
export function missingInputs(kind: WorksheetKind, data: WorksheetData): string | null {
  const positive = (value: number | null | undefined) => (value ?? 0) > 0;
  switch (kind) {
    case 'debt-payoff': {
      const d = data as DebtPayoffData;
      if (!d.debts.some((debt) => positive(debt.balanceCents))) return EMPTY_WORKSHEET_HINTS.debts;
      const budget = sumCents(d.debts.map((debt) => v(debt.minimumCents))) + v(d.extraCents);
      return budget > 0 ? null : EMPTY_WORKSHEET_HINTS.debtPayments;
    }
    case 'savings-goal':
      return positive((data as SavingsGoalData).targetCents) ? null : EMPTY_WORKSHEET_HINTS.savingsGoal;
    case 'compound-interest': {
      const c = data as CompoundInterestData;
      if (!positive(c.principalCents) && !positive(c.monthlyCents)) return EMPTY_WORKSHEET_HINTS.compoundAmounts;
      return positive(c.years) ? null : EMPTY_WORKSHEET_HINTS.compoundYears;
    }
    case 'paycheck':
      return positive((data as PaycheckData).grossCents) ? null : EMPTY_WORKSHEET_HINTS.paycheck;
    default:
      return null;
  }
}

export interface UnitPriceResult {
  /** tenths of a cent per unit, per item (null when price or quantity is missing) */
  unitPriceMills: Array<number | null>;
  /** indices of the cheapest items per unit (several on a tie; only items sharing the first item's unit are compared) */
  best: number[];
}

/** Unit price = price / quantity, in tenths of a cent (a shelf tag's "12.5¢ per oz" is 125). */
export function unitPrices(data: UnitPriceData): UnitPriceResult {
  const unitPriceMills = data.items.map((item) =>
    item.priceCents === null || !item.quantityThousandths ? null : roundDiv(item.priceCents * 10_000, item.quantityThousandths),
  );
  const units = new Set(data.items.map((item) => item.unit.trim().toLowerCase()));
  const comparable = unitPriceMills.filter((p): p is number => p !== null);
  if (units.size > 1 || comparable.length < 2) return { unitPriceMills, best: [] };
  const lowest = Math.min(...comparable);
  return { unitPriceMills, best: unitPriceMills.flatMap((p, i) => (p === lowest ? [i] : [])) };
}

/** 125 mills → "$0.125"; 12345 → "$12.345". */
export function formatMills(mills: number): string {
  const dollars = Math.floor(mills / 1000);
  return `$${dollars.toLocaleString('en-US')}.${String(mills % 1000).padStart(3, '0')}`;
}

/** "12.5" → 12500 thousandths; up to three decimals, more than 0. */
export function parseQuantity(input: string): { ok: true; thousandths: number } | { ok: false; error: string } {
  const text = input.trim();
  const match = /^(\d+)?(?:\.(\d*))?$/.exec(text);
  if (text === '' || !match || (match[1] === undefined && !match[2])) return { ok: false, error: 'Enter a quantity, like 12.5.' };
  if ((match[2] ?? '').length > 3) return { ok: false, error: 'Use at most three digits after the decimal point.' };
  if ((match[1] ?? '').length > 7) return { ok: false, error: 'The quantity is too large.' };
  const thousandths = Number(match[1] ?? '0') * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (thousandths <= 0) return { ok: false, error: 'The quantity must be more than 0.' };
  return { ok: true, thousandths };
}

export const thousandthsToInput = (value: number | null): string =>
  value === null ? '' : `${Math.floor(value / 1000)}${value % 1000 ? `.${String(value % 1000).padStart(3, '0').replace(/0+$/, '')}` : ''}`;
