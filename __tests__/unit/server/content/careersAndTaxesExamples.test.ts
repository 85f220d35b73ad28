/**
 * The worked examples of Careers and Income Planning and Taxes: Your First Return that use a
 * ledger figure, recomputed from content/figures.yaml (docs/content-review.md, item 2). When a
 * figure changes for a new tax year, the test names the example whose text must be redone.
 */
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { readFigures } from '../../../../src/server/content/figures';
import { readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';

const CONTENT = path.resolve(__dirname, '../../../../content');
const modules = readCatalog(CONTENT);
const figures = readFigures(CONTENT);
const value = (id: string): number => figures.get(id)!.value;
const rate = (id: string): number => value(id) / 100;
const articles = new Map(readKnowledgeBase(CONTENT).flatMap((t) => t.articles.map((a): [string, string] => [`${t.slug}/${a.slug}`, a.body])));

function section(key: string): string {
  const [moduleSlug, materialSlug, sectionSlug] = key.split('/');
  const found = modules
    .find((m) => m.slug === moduleSlug)
    ?.materials.find((mat) => mat.slug === materialSlug)
    ?.sections.find((s) => s.slug === sectionSlug);
  if (!found) throw new Error(`no section ${key}`);
  return found.body;
}
const article = (key: string): string => articles.get(key)!;
const cents = (n: number): number => Math.round(n * 100) / 100;
/** "$1,192.50"; whole dollars may drop the cents ("$8,250") where the text writes them so */
const usd = (n: number, wholeDollars = false): string =>
  `$${n.toLocaleString('en-US', wholeDollars && Number.isInteger(n) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Federal income tax of a single filer whose taxable income stays inside the 12% bracket. */
function taxSingle(taxable: number): { ten: number; twelve: number; total: number } {
  expect(taxable).toBeLessThanOrEqual(value('tax-bracket-12-top-single'));
  const tenTop = value('tax-bracket-10-top-single');
  const ten = cents(Math.min(taxable, tenTop) * 0.1);
  const twelve = cents(Math.max(taxable - tenTop, 0) * 0.12);
  return { ten, twelve, total: cents(ten + twelve) };
}

describe('[content] careers and taxes: worked examples recomputed from the ledger', () => {
  it('Jordan’s first return: $24,000 of wages, $1,100 withheld', () => {
    const taxable = 24_000 - value('standard-deduction-single');
    const { total } = taxSingle(taxable);
    expect(taxable).toBeLessThanOrEqual(value('tax-bracket-10-top-single')); // "all of it is inside the 10% slice"
    expect(section('taxes/filing-your-first-return/finding-taxable-income')).toContain(
      `Taxable income: $24,000 - ${usd(value('standard-deduction-single'), true)} = ${usd(taxable, true)}`,
    );
    expect(section('taxes/filing-your-first-return/brackets-and-credits')).toContain(`${usd(taxable, true)} x 0.10 = ${usd(total)}`);
    const refund = 1_100 - total;
    expect(section('taxes/filing-your-first-return/refund-or-owe-and-free-filing')).toContain(
      `$1,100 - ${usd(total, true)} = ${usd(refund, true)} more than he owed, so he gets a ${usd(refund, true)} refund`,
    );
  });

  it.each([
    ['section', 'taxes/filing-your-first-return/brackets-and-credits'],
    ['article', 'income-and-taxes/marginal-tax-rate'],
  ])('Taylor’s tax on $35,750 of wages in the %s %s', (kind, key) => {
    const body = kind === 'section' ? section(key) : article(key);
    const taxable = 35_750 - value('standard-deduction-single');
    const { ten, twelve, total } = taxSingle(taxable);
    expect(body).toContain(usd(ten));
    expect(body).toContain(usd(twelve));
    expect(body).toContain(usd(total));
    expect(body).toContain(`${usd(total)} / $35,750 = about ${Math.round((total / 35_750) * 100)}%`);
  });

  it('Filing status: $30,000 of pay, single and head of household', () => {
    const body = article('income-and-taxes/filing-status');
    expect(body).toContain(`= ${usd(30_000 - value('standard-deduction-single'), true)}. Marcus`);
    expect(body).toContain(`= ${usd(30_000 - value('standard-deduction-head-of-household'), true)}. The same pay`);
  });

  it('Ana’s W-2 and Chloe’s paycheck: FICA at the ledger rates', () => {
    const w2 = section('taxes/reading-your-tax-forms/the-w-2');
    expect(w2).toContain(`= ${usd(cents(9_200 * rate('social-security-rate')))}`);
    expect(w2).toContain(`= ${usd(cents(9_200 * rate('medicare-rate')))}`);
    // a dependent's standard deduction: earned income plus a set amount, capped at the regular one
    const dependentDeduction = Math.min(Math.max(9_200 + value('dependent-standard-deduction-earned-income-addition'), value('dependent-standard-deduction-minimum')), value('standard-deduction-single'));
    expect(w2).toContain(`$9,200 + ${usd(value('dependent-standard-deduction-earned-income-addition'), true)} = ${usd(dependentDeduction, true)}`);
    expect(dependentDeduction).toBeGreaterThanOrEqual(9_200);
    const fica = section('taxes/state-and-payroll-taxes/fica-up-close');
    const ss = cents(500 * rate('social-security-rate'));
    const medicare = cents(500 * rate('medicare-rate'));
    expect(fica).toContain(`${usd(ss)} + ${usd(medicare)} = ${usd(ss + medicare)}`);
    expect(fica).toContain(`= ${usd(cents(6_500 * rate('fica-rate')))}, is not refunded`);
  });

  it('Leila’s self-employment tax on $3,600 of profit, and what is left of her 25%', () => {
    const body = section('careers-and-income/gig-and-self-employment/setting-aside-for-taxes');
    const base = cents(3_600 * 0.9235);
    const tax = cents(base * rate('self-employment-tax-rate'));
    expect(body).toContain(`$3,600 x 0.9235 = ${usd(base)}`);
    expect(body).toContain(`= ${usd(tax)}`);
    expect(body).toContain(`$900 - ${usd(tax)} = ${usd(cents(900 - tax))}`);
  });

  it('Kai’s late penalties on $400: a return more than 60 days late, or only a late payment', () => {
    const body = section('taxes/tax-mistakes-and-scams/penalties-and-fixing-mistakes');
    // IRC 6651(a): past 60 days the filing penalty is at least the smaller of the minimum or the tax due
    const minimum = value('failure-to-file-minimum-penalty');
    const lateReturn = Math.max(400 * rate('failure-to-file-penalty-rate') * 3, Math.min(minimum, 400));
    expect(lateReturn).toBe(400);
    expect(body).toContain(`the smaller of ${usd(minimum, true)} and his $400 of tax is ${usd(lateReturn, true)}`);
    expect(body).toContain(`So his filing penalty is ${usd(lateReturn, true)}, as much as the tax itself`);
    const unpaid = 400 * rate('failure-to-pay-penalty-rate') * 2;
    expect(body).toContain(`x 2 = ${usd(unpaid, true)}, plus interest`);
    expect(body).toContain(`about ${usd(lateReturn, true)} - ${usd(unpaid, true)} = ${usd(lateReturn - unpaid, true)}`);
  });

  it('Marcus’s overtime: 46 hours at $15', () => {
    const body = section('careers-and-income/understanding-your-pay/overtime-pay');
    const overtimeRate = 15 * value('overtime-multiplier');
    expect(body).toContain(`= ${usd(overtimeRate)} an hour`);
    expect(body).toContain(`6 hours x ${usd(overtimeRate)} = ${usd(6 * overtimeRate, true)}`);
    expect(body).toContain(`$600 + ${usd(6 * overtimeRate, true)} = ${usd(600 + 6 * overtimeRate, true)}`);
  });

  it('Nia’s first paycheck: 22 hours at $11.50, and Jamal’s refund of 26 withholdings of $9', () => {
    const body = section('careers-and-income/your-first-job/first-day-paperwork');
    expect(body).toContain(`22 x $11.50 = ${usd(22 * 11.5)}`);
    // the review's Jamal question rests on the refund the section teaches
    expect(body).toContain('comes back to you as a **refund**');
    expect(26 * 9).toBe(234);
  });

  it('Marcus’s overtime premium: only the extra half is deductible from federal income tax', () => {
    const body = section('careers-and-income/understanding-your-pay/overtime-pay');
    const premiumRate = 15 * (value('overtime-multiplier') - 1);
    expect(body).toContain(`6 hours x ${usd(premiumRate)} = ${usd(6 * premiumRate, true)}`);
    expect(body).toContain(`The other ${usd(6 * 15, true)} of his overtime pay (6 hours x $15)`);
    expect(6 * premiumRate).toBeLessThan(value('overtime-deduction-cap'));
  });
});
