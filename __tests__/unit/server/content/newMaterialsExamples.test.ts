/**
 * The worked examples of Inflation and Purchasing Power, Health Insurance and Net Worth, recomputed
 * from the numbers they state and, where a section uses one, from content/figures.yaml
 * (docs/content-review.md, item 2); the numeric review answers that reuse them too. A changed
 * number in the text, or a new figure value that an example no longer fits, fails the row naming it.
 */
import path from 'node:path';
import { netWorth } from '../../../../src/common/worksheets';
import { readCatalog } from '../../../../src/server/content/catalog';
import { sectionKey } from '../../../../src/server/content/contentReport';
import { readFigures } from '../../../../src/server/content/figures';

const CONTENT = path.resolve(__dirname, '../../../../content');
const modules = readCatalog(CONTENT);
const figures = readFigures(CONTENT);
const value = (id: string): number => figures.get(id)!.value;
const bodies = new Map(modules.flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s): [string, string] => [sectionKey(m, mat, s), s.body]))));
const questions = modules.flatMap((m) => m.materials.flatMap((mat) => mat.review.questions.map((q) => ({ where: `${m.slug}/${mat.slug}`, ...q }))));

const cents = (n: number): number => Math.round(n * 100) / 100;
/** "$1,800", or with cents ("$970.87") when `withCents` or the amount has them */
const usd = (n: number, withCents = false): string =>
  `$${n.toLocaleString('en-US', withCents || !Number.isInteger(cents(n)) ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 })}`;
/** the exact real return: (1 + nominal) / (1 + inflation) - 1 */
const realReturn = (nominal: number, inflation: number): number => (1 + nominal) / (1 + inflation) - 1;

const MEASURES = 'saving-and-investing/inflation-and-purchasing-power/what-inflation-measures';
const CASH = 'saving-and-investing/inflation-and-purchasing-power/why-cash-loses-value';
const REAL = 'saving-and-investing/inflation-and-purchasing-power/real-and-nominal-returns';
const PLANS = 'protecting-yourself/health-insurance/choosing-a-health-plan';
const PAY = 'protecting-yourself/health-insurance/what-you-pay';
const HSA = 'protecting-yourself/health-insurance/health-savings-accounts';
const BILLS = 'protecting-yourself/health-insurance/questioning-a-medical-bill';
const ASSETS = 'budgeting/net-worth/assets-and-liabilities';
const FIGURING = 'budgeting/net-worth/figuring-your-net-worth';
const TRACKING = 'budgeting/net-worth/tracking-your-net-worth';

// Marcus: 4% APY while prices rise 3%; Jada: 0.5% while prices rise 3%; an investment at 7%
const marcus = realReturn(0.04, 0.03);
const jada = realReturn(0.005, 0.03);
const investing = realReturn(0.07, 0.03);

// Rosa: $1,000 deductible, 20% coinsurance, $2,500 out-of-pocket maximum; a $3,000 bill, then $6,000
const DEDUCTIBLE = 1_000;
const COINSURANCE = 0.2;
const MAX = 2_500;
function share(bill: number, paidSoFar: number, deductibleLeft: number): number {
  const deductible = Math.min(bill, deductibleLeft);
  return Math.min(deductible + (bill - deductible) * COINSURANCE, MAX - paidSoFar);
}
const march = share(3_000, 0, DEDUCTIBLE);
const august = share(6_000, march, 0);

// Devon: an HDHP at $90 a month with a $2,000 deductible, a PPO at $150 with $500 and 20%
const hdhpYear = 90 * 12;
const ppoYear = 150 * 12;
const ppoCoinsurance = cents((2_000 - 500) * 0.2);

// Leo's two snapshots and Elena's, through the Net Worth worksheet's own formula
const line = (name: string, dollars: number) => ({ name, amountCents: dollars * 100 });
const leoJanuary = netWorth({ assets: [line('Checking', 350), line('Savings', 1_200), line('Car', 4_000)], liabilities: [line('Aunt', 1_500)] });
const leoLater = netWorth({ assets: [line('Checking', 500), line('Savings', 2_100), line('Car', 3_600)], liabilities: [line('Aunt', 900)] });
const elena = netWorth({ assets: [line('Checking', 400), line('Savings', 1_600)], liabilities: [line('Student loan', 4_500), line('Credit card', 300)] });
const dollars = (c: number): number => c / 100;

describe('[content] inflation and purchasing power: worked examples recomputed', () => {
  it.each<[string, string, string]>([
    ['the grocery basket’s rise', MEASURES, `$206 - $200 = ${usd(206 - 200)}`],
    ['the basket’s inflation rate', MEASURES, `$6 / $200 = ${6 / 200}, or ${(6 / 200) * 100}%`],
    ['Nia’s prices after a year', CASH, `$1,000 x 1.03 = ${usd(1_000 * 1.03)}`],
    ['what Nia’s $1,000 buys', CASH, `$1,000 / 1.03 = about ${usd(cents(1_000 / 1.03))}`],
    ['what Nia lost', CASH, `about ${usd(Math.round(1_000 - 1_000 / 1.03))} of purchasing power`],
    ['Nia’s prices after two years', CASH, `$1,000 x 1.03 x 1.03 = ${usd(cents(1_000 * 1.03 * 1.03), true)}`],
    ['the movie ticket by the Rule of 72', CASH, `72 / 4 = ${72 / 4}, so the ticket would cost about ${usd(12 * 2)}`],
    ['Marcus’s quick estimate', REAL, `4% - 3% = ${4 - 3}%`],
    ['Marcus’s exact real return', REAL, `1.04 / 1.03 - 1 = ${marcus.toFixed(4)}, or about ${(marcus * 100).toFixed(2)}%`],
    ['Marcus’s balance', REAL, `$1,000 x 1.04 = ${usd(1_000 * 1.04)}`],
    ['Marcus’s prices', REAL, `$1,000 x 1.03 = ${usd(1_000 * 1.03)}`],
    ['Marcus’s buying power', REAL, `$1,040 / $1,030 = ${(1_040 / 1_030).toFixed(4)} times`],
    ['Jada’s quick estimate', REAL, `0.5% - 3% = ${0.5 - 3}%`],
    ['Jada’s exact real return', REAL, `1.005 / 1.03 - 1 = ${jada.toFixed(4)}, or about ${(jada * 100).toFixed(2)}%`],
    ['Jada’s balance', REAL, `by ${usd(1_000 * 0.005)}, to ${usd(1_000 * 1.005)}`],
    ['an investment’s real return', REAL, `1.07 / 1.03 - 1 = ${investing.toFixed(4)}, or about ${(investing * 100).toFixed(1)}%`],
  ])('%s', (_name, key, text) => {
    expect(bodies.get(key)).toContain(text);
  });

  it('the Rule of 72 table for prices divides 72 by each rate', () => {
    for (const rate of [2, 3, 4, 6]) expect(bodies.get(CASH)).toContain(`| ${rate}% | ${72 / rate} years |`);
  });

  it('the CPI-U change and the Fed’s goal come from the ledger', () => {
    expect(bodies.get(MEASURES)).toContain(`December ${figures.get('cpi-u-12-month-change')!.year}, the CPI-U rose ${value('cpi-u-12-month-change')}%`);
    expect(bodies.get(MEASURES)).toContain(`about ${value('fed-inflation-target')}% a year`);
  });
});

describe('[content] health insurance: worked examples recomputed', () => {
  it.each<[string, string, string]>([
    ['Carlos’s extra premium a month', PLANS, `$190 - $120 = ${usd(190 - 120)} more`],
    ['Carlos’s extra premium a year', PLANS, `$70 x 12 = ${usd(70 * 12)} more`],
    ['Rosa’s coinsurance in March', PAY, `$3,000 - $1,000 = $2,000, which is $2,000 x 0.20 = ${usd((3_000 - DEDUCTIBLE) * COINSURANCE)}`],
    ['Rosa’s share in March', PAY, `$1,000 + $400 = ${usd(march)}. The plan pays $3,000 - $1,400 = ${usd(3_000 - march)}`],
    ['Rosa’s room under her maximum', PAY, `$2,500 - $1,400 = ${usd(MAX - march)}`],
    ['20% of the surgery', PAY, `$6,000 x 0.20 = ${usd(6_000 * COINSURANCE)}`],
    ['Rosa’s share of the surgery, capped', PAY, `Rosa pays ${usd(august)} and the plan pays $6,000 - $1,100 = ${usd(6_000 - august)}`],
    ['Rosa’s year reaches her maximum', PAY, `$1,400 + $1,100 = ${usd(march + august)}, her full maximum`],
    ['Rosa’s bills without insurance', PAY, `the whole ${usd(3_000 + 6_000)}`],
    ['Devon’s HSA deposits', HSA, `$100 x 12 = ${usd(100 * 12)} a year`],
    ['Devon’s income tax avoided', HSA, `$1,200 x 0.12 = ${usd(1_200 * 0.12)}`],
    ['the HDHP’s yearly premium', HSA, `$90 x 12 = ${usd(hdhpYear)} a year`],
    ['the PPO’s yearly premium', HSA, `$150 x 12 = ${usd(ppoYear)} a year`],
    ['the HDHP in a healthy year', HSA, `$1,800 - $1,080 = ${usd(ppoYear - hdhpYear)} less`],
    ['the HDHP with a $2,000 bill', HSA, `$1,080 + $2,000 = ${usd(hdhpYear + 2_000)}`],
    ['the PPO with a $2,000 bill', HSA, `$1,800 + $500 + $300 = ${usd(ppoYear + 500 + ppoCoinsurance)}`],
    ['the PPO’s coinsurance', HSA, `$1,500 x 0.20 = ${usd(ppoCoinsurance)}`],
    ['Kai’s corrected bill', BILLS, `$1,380 - $180 = ${usd(1_380 - 180)}`],
    ['Kai’s financial assistance', BILLS, `$1,200 / 2 = ${usd(1_200 / 2)}`],
    ['Kai’s payment plan', BILLS, `$600 / 12 = ${usd(600 / 12)} a month`],
  ])('%s', (_name, key, text) => {
    expect(bodies.get(key)).toContain(text);
  });

  it('the examples fit the ledger: Rosa’s maximum is within the federal limit, Devon’s plan qualifies for an HSA and his deposits fit its limit', () => {
    expect(MAX).toBeLessThanOrEqual(value('aca-out-of-pocket-max-self-only'));
    expect(2_000).toBeGreaterThanOrEqual(value('hdhp-min-deductible-self-only'));
    expect(100 * 12).toBeLessThanOrEqual(value('hsa-contribution-limit-self-only'));
    expect(bodies.get(PAY)).toContain(`no more than ${usd(value('aca-out-of-pocket-max-self-only'))} for one person`);
    expect(bodies.get(HSA)).toContain(`a deductible of at least ${usd(value('hdhp-min-deductible-self-only'))}`);
    expect(bodies.get(HSA)).toContain(`up to ${usd(value('hsa-contribution-limit-self-only'))} a year`);
    expect(bodies.get(PLANS)).toContain(`until age ${value('dependent-coverage-age')}`);
    expect(bodies.get(BILLS)).toContain(`${usd(value('good-faith-estimate-dispute-amount'))} or more above that estimate`);
  });
});

describe('[content] net worth: worked examples recomputed with the worksheet’s formula', () => {
  it.each<[string, string, string]>([
    ['Leo’s total assets', ASSETS, `$350 + $1,200 + $4,000 = ${usd(dollars(leoJanuary.assetsCents))}`],
    ['Leo’s total liabilities', ASSETS, `Total liabilities: ${usd(dollars(leoJanuary.liabilitiesCents))}`],
    ['Leo’s net worth', FIGURING, `$5,550 - $1,500 = ${usd(dollars(leoJanuary.netWorthCents))}`],
    ['Elena’s assets', FIGURING, `$400 + $1,600 = ${usd(dollars(elena.assetsCents))}`],
    ['Elena’s liabilities', FIGURING, `$4,500 + $300 = ${usd(dollars(elena.liabilitiesCents))}`],
    ['Elena’s net worth', FIGURING, `$2,000 - $4,800 = -${usd(-dollars(elena.netWorthCents))}`],
    ['Leo’s assets six months later', TRACKING, `$500 + $2,100 + $3,600 = ${usd(dollars(leoLater.assetsCents))}`],
    ['Leo’s net worth six months later', TRACKING, `$6,200 - $900 = ${usd(dollars(leoLater.netWorthCents))}`],
    ['the change', TRACKING, `up $5,300 - $4,050 = ${usd(dollars(leoLater.netWorthCents - leoJanuary.netWorthCents))}`],
    ['his accounts', TRACKING, `$150 + $900 = ${usd(500 - 350 + (2_100 - 1_200))}`],
    ['his debt', TRACKING, `$1,500 - $900 = ${usd(1_500 - 900)}`],
    ['his car', TRACKING, `$4,000 - $3,600 = ${usd(4_000 - 3_600)}`],
    ['the parts add up to the change', TRACKING, `$1,050 + $600 - $400 = ${usd(1_050 + 600 - 400)}`],
  ])('%s', (_name, key, text) => {
    expect(bodies.get(key)).toContain(text);
  });

  it('the parts of Leo’s change add up to the change the worksheet computes', () => {
    expect((1_050 + 600 - 400) * 100).toBe(leoLater.netWorthCents - leoJanuary.netWorthCents);
  });

  it('Elena’s net worth in the tracking section is the one figured earlier', () => {
    expect(bodies.get(TRACKING)).toContain(`a net worth of -${usd(-dollars(elena.netWorthCents))} at 19`);
  });
});

describe('[content] the new materials’ numeric review answers', () => {
  it.each<[string, string, number]>([
    ['saving-and-investing/inflation-and-purchasing-power', 'A monthly bus pass cost $50', ((52 - 50) / 50) * 100],
    ['saving-and-investing/inflation-and-purchasing-power', 'Prices rise 4% over a year.', cents(500 / 1.04)],
    ['saving-and-investing/inflation-and-purchasing-power', 'A savings account pays 5% APY', cents(realReturn(0.05, 0.02) * 100)],
    ['protecting-yourself/health-insurance', "Rosa's plan has a $1,000 deductible", march],
    ['protecting-yourself/health-insurance', 'Rosa has met her deductible', august],
    ['protecting-yourself/health-insurance', 'Devon puts $150 a month', cents(150 * 12 * 0.12)],
    ['budgeting/net-worth', 'Sam has $250 in checking', 250 + 900 + 300],
    ['budgeting/net-worth', 'Elena has $2,000 in assets', -dollars(elena.netWorthCents)],
    ['budgeting/net-worth', "In January, Ava's net worth", 4_100 - 1_700 - 1_800],
  ])('%s: “%s…” has the recomputed answer', (where, start, answer) => {
    const found = questions.filter((q) => q.where === where && q.type === 'numeric' && q.prompt.startsWith(start));
    expect(found).toHaveLength(1);
    expect(found[0]!.answer).toBeCloseTo(answer, 2);
  });

  it('the single-choice answers that are amounts: a plan’s first bill and Nora’s net worth', () => {
    const answerOf = (start: string): string => {
      const q = questions.find((x) => x.type === 'multiple-choice' && x.prompt.startsWith(start))!;
      return q.choices![q.answer as number]!;
    };
    expect(answerOf('A plan has a $500 deductible and 30% coinsurance')).toBe(usd(500 + (2_500 - 500) * 0.3));
    expect(answerOf('Nora has $3,200 in assets')).toBe(usd(3_200 - 1_100));
  });
});
