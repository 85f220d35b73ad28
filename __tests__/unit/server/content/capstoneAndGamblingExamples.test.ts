/**
 * The worked examples of Gambling, Betting and Trading Apps and of the capstone Your First Year on
 * Your Own, recomputed from the numbers they state and, where a law sets one, from the figures ledger
 * (docs/content-review.md, item 2); and the numeric review answers that reuse them. A changed number
 * in the text fails the row that states it.
 */
import path from 'node:path';
import { budgetTotals, fiftyThirtyTwenty, type BudgetData, type ExpenseLine } from '../../../../src/common/budget';
import { compoundGrowth, federalWithholdingEstimate, loanPayment, paycheckEstimate } from '../../../../src/common/calculators';
import { formatCents, formatPercentFixed } from '../../../../src/common/money';
import { monthlyInterest, netWorth, savingsGoalTimeline } from '../../../../src/common/worksheets';
import { readCatalog } from '../../../../src/server/content/catalog';
import { readFigures } from '../../../../src/server/content/figures';

const CONTENT = path.resolve(__dirname, '../../../../content');
const modules = readCatalog(CONTENT);
const figures = readFigures(CONTENT);
const value = (id: string): number => figures.get(id)!.value;

function material(moduleSlug: string, materialSlug: string) {
  const found = modules.find((m) => m.slug === moduleSlug)?.materials.find((mat) => mat.slug === materialSlug);
  if (!found) throw new Error(`no material ${moduleSlug}/${materialSlug}`);
  return found;
}
function body(mat: ReturnType<typeof material>, sectionSlug: string): string {
  const found = mat.sections.find((s) => s.slug === sectionSlug);
  if (!found) throw new Error(`no section ${sectionSlug}`);
  return found.body;
}
/** The answer of the one numeric review question whose prompt starts so. */
function numericAnswer(mat: ReturnType<typeof material>, start: string): number {
  const found = mat.review.questions.filter((q) => q.type === 'numeric' && q.prompt.startsWith(start));
  expect(found).toHaveLength(1);
  return found[0]!.answer as number;
}

/** "$9.09", "-$0.45"; whole dollars ("$299") when `whole` */
const usd = (n: number, whole = false): string =>
  `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** 0.5238 → "52.4%" (one decimal), or whole percent with `decimals` 0 */
const pct = (fraction: number, decimals = 1): string => `${(fraction * 100).toFixed(decimals)}%`;

describe('[content] gambling, betting and trading apps: worked examples recomputed', () => {
  const gambling = material('consumer-skills', 'gambling-betting-and-trading-apps');
  const [odds, edge, apps, loot, help] = ['odds-and-expected-value', 'the-house-edge', 'how-apps-keep-you-playing', 'loot-boxes-and-trading-apps', 'age-limits-and-getting-help'].map(
    (slug) => body(gambling, slug),
  ) as [string, string, string, string, string];

  // a $10 bet at -110 on a toss-up, and the house edge of an American wheel (18 red of 38 pockets)
  const winAt110 = (stake: number): number => (stake * 100) / 110;
  const tossUpAt110 = 0.5 * winAt110(10) - 0.5 * 10;
  const wheelEdge = 2 / 38;

  it('American odds: what -110 and +150 pay, and the probabilities they imply', () => {
    expect(odds).toContain(`a $10 bet wins $10 x 100 / 110 = ${usd(winAt110(10))}`);
    expect(odds).toContain(`a $10 bet wins ${usd((10 * 150) / 100, true)}`);
    expect(odds).toContain(`At -110: 110 / (110 + 100) = ${pct(110 / 210)}`);
    expect(odds).toContain(`At +150: 100 / (150 + 100) = ${pct(100 / 250, 0)}`);
    expect(odds).toContain(`he would need to win ${pct(110 / 210)} of the time`);
  });

  it('Dre’s $10 at -110 on a toss-up loses 45 cents a bet, 4.5% of what he risks', () => {
    const halfWin = 0.5 * Number(winAt110(10).toFixed(2));
    expect(odds).toContain(`Expected value = 0.5 x ${usd(winAt110(10))} - 0.5 x $10 = $${halfWin} - $5.00 = ${usd(tossUpAt110)} per bet`);
    expect(odds).toContain(`about ${Math.round(-tossUpAt110 * 100)} cents, or ${pct(-tossUpAt110 / 10)} of the money`);
  });

  it('the carnival dice game: $5 a roll, $20 back on a 6', () => {
    const ev = (1 / 6) * 15 - (5 / 6) * 5;
    expect(odds).toContain(`a roll of 6 returns $20, which is a gain of ${usd(20 - 5, true)}`);
    expect(odds).toContain(`Expected value = 1/6 x $15 - 5/6 x $5 = ${usd(15 / 6)} - ${usd((5 * 5) / 6)} = ${usd(ev)} per roll`);
  });

  it('roulette: $10 on red and $10 on one number both lose 5.26% on average', () => {
    const onRed = (18 / 38) * 10 - (20 / 38) * 10;
    const onNumber = (1 / 38) * 350 - (37 / 38) * 10;
    expect(onNumber).toBeCloseTo(onRed, 10);
    expect(edge).toContain(`Expected value = 18/38 x $10 - 20/38 x $10 = ${usd(onRed)} per spin`);
    expect(edge).toContain(`That loss is 2/38 = ${pct(wheelEdge, 2)} of every bet`);
    expect(edge).toContain(`1/38 x $350 - 37/38 x $10, the same loss of ${usd(-onNumber)}`);
  });

  it('the app’s cut on two $110 bets at -110, and 1,000 bets of $10 on red', () => {
    const kept = 2 * 110 - (110 + winAt110(110));
    expect(edge).toContain(`the app pays out ${usd(110 + winAt110(110), true)} and keeps ${usd(kept, true)}`);
    expect(edge).toContain(`$10 / $220 = ${pct(kept / 220)} of all the money bet`);
    expect(edge).toContain(`so the expected loss is $10,000 x ${pct(wheelEdge, 2)} = ${usd(10_000 * 0.0526, true)}`);
    expect(Math.round(10_000 * wheelEdge)).toBe(Math.round(10_000 * 0.0526));
  });

  it('only part of a gambling loss can be deducted, from the ledger', () => {
    const share = value('gambling-loss-deduction-rate') / 100;
    expect(edge).toContain(`only ${value('gambling-loss-deduction-rate')}% of losses count`);
    expect(edge).toContain(`he could subtract only ${share} x $400 = ${usd(share * 400, true)} of his losses`);
  });

  it('a $50 bonus bet is worth $25; a $100 match with 10x playthrough about $55', () => {
    expect(apps).toContain(`Expected value = 0.5 x $50 = ${usd(0.5 * 50, true)}`);
    const lossPerDollar = -tossUpAt110 / 10;
    expect(apps).toContain(`each dollar bet loses about ${(lossPerDollar * 100).toFixed(1)} cents`);
    const loss = Math.round(1_000 * lossPerDollar);
    expect(apps).toContain(`about $1,000 x 0.045 = ${usd(loss, true)}, so the bonus is worth about $100 - ${usd(loss, true)} = ${usd(100 - loss, true)}`);
  });

  it('a 1% loot box at $2.99, and a call option against three shares', () => {
    expect(loot).toContain(`1 / 0.01 = ${1 / 0.01} boxes`);
    expect(loot).toContain(`100 x $2.99 = ${usd(100 * 2.99, true)}`);
    expect(loot).toContain(`1 - 0.99^100 = ${pct(1 - 0.99 ** 100, 0)}`);
    expect(loot).toContain(`$1.50 x 100 = ${usd(150, true)}`);
    expect(loot).toContain(`above $50 + $1.50 = ${usd(51.5)}`);
    expect(loot).toContain(`($54 - $50) x 100 = ${usd((54 - 50) * 100, true)}, a ${usd((54 - 50) * 100 - 150, true)} profit`);
    expect(loot).toContain(`3 x $48 = ${usd(3 * 48, true)}`);
    expect(loot).toContain(`those shares are worth ${usd(3 * 49, true)}`);
  });

  it('Dre’s betting as a share of his $2,400 take-home pay', () => {
    const monthly = (100 * 52) / 12;
    expect(help).toContain(`which is about ${pct(100 / 2_400, 0)} of his pay`);
    expect(help).toContain(`$100 x 52 / 12 = about ${usd(Math.round(monthly), true)} a month, which is about ${pct(monthly / 2_400, 0)} of his pay`);
  });

  it.each<[string, number]>([
    ['A sports bet at -110 odds wins.', winAt110(55)],
    ['Over a summer, a player bets a total of $3,000', 3_000 * 0.0526],
    ['An app gives Dre a $40 bonus bet', 0.5 * 40],
    ['A loot box costs $1.99', (1 / 0.02) * 1.99],
    ['Lena takes home $2,000 a month', Math.round(((50 * 52) / 12 / 2_000) * 1000) / 10],
  ])('the review question starting “%s” has the recomputed answer', (start, answer) => {
    expect(numericAnswer(gambling, start)).toBeCloseTo(answer, 6);
  });
});

/**
 * The capstone's numbers are what the app's own tools show (the paycheck, loan and compound interest
 * calculators, the budget wizard's review step, the Savings Goal Timeline and Net Worth worksheets),
 * computed here by the same functions, so a student who follows the text sees the same figures.
 */
describe('[content] capstone, your first year on your own: Imani’s numbers are what the app’s tools show', () => {
  const capstone = material('budgeting', 'your-first-year-on-your-own');
  const [paycheck, car, budget, savings, year] = [
    'imanis-first-paycheck',
    'choosing-a-car-loan',
    'building-imanis-budget',
    'saving-for-emergencies-and-retirement',
    'year-end-net-worth-and-turning-in',
  ].map((slug) => body(capstone, slug)) as [string, string, string, string, string];
  const $ = formatCents;
  const whole = (cents: number): string => $(cents).replace(/\.00$/, '');
  /** a ledger percent as the factor the text multiplies by ({{figure:<id>:decimal}}) */
  const factor = (id: string): string => String(Number((value(id) / 100).toPrecision(12)));

  // $18.00 an hour, 40 hours a week, every two weeks; a made-up 3% state rate
  const grossCents = 1_800 * 80;
  const estimate = paycheckEstimate(grossCents, 'biweekly', 300);
  const loans = new Map([36, 48, 60].map((months) => [months, loanPayment(800_000, 750, months)]));
  const carPayment = loans.get(36)!.paymentCents;

  it('gross pay, taxable income and the 2026 federal income tax of a single filer', () => {
    const yearly = 18 * 40 * 52;
    const deduction = value('standard-deduction-single');
    const tenTop = value('tax-bracket-10-top-single');
    const taxable = yearly - deduction;
    expect(taxable).toBeLessThanOrEqual(value('tax-bracket-12-top-single'));
    const ten = tenTop * 10; // cents: 10% of the first slice
    const twelve = (taxable - tenTop) * 12;
    expect(paycheck).toContain(`$18.00 x 40 x 52 = ${whole(yearly * 100)} a year, or $18.00 x 80 = ${whole(grossCents)} a paycheck`);
    expect(paycheck).toContain(`Taxable income: ${whole(yearly * 100)} - ${whole(deduction * 100)} = ${whole(taxable * 100)}`);
    expect(paycheck).toContain(`The first ${whole(tenTop * 100)} is taxed at 10%: ${$(ten)}`);
    expect(paycheck).toContain(`The rest, ${whole(taxable * 100)} - ${whole(tenTop * 100)} = ${whole((taxable - tenTop) * 100)}, is taxed at 12%: ${$(twelve)}`);
    expect(paycheck).toContain(`${$(ten)} + ${$(twelve)} = ${$(ten + twelve)} a year, or ${$(ten + twelve)} / 26 = ${$(estimate.federalCents)} a paycheck`);
    // the paycheck calculator's estimate is the same yearly tax spread over 26 paychecks
    expect(federalWithholdingEstimate(grossCents, 'biweekly')).toBe(Math.round((ten + twelve) / 26));
  });

  it('one paycheck: Social Security, Medicare, state tax and net pay as the paycheck calculator shows them', () => {
    expect(paycheck).toContain(`Social Security: $1,440 x ${factor('social-security-rate')} = ${$(estimate.socialSecurityCents)}`);
    expect(paycheck).toContain(`Medicare: $1,440 x ${factor('medicare-rate')} = ${$(estimate.medicareCents)}`);
    expect(paycheck).toContain(`State income tax: $1,440 x 0.03 = ${$(estimate.stateCents)}`);
    const lines = [estimate.federalCents, estimate.socialSecurityCents, estimate.medicareCents, estimate.stateCents];
    expect(paycheck).toContain(`Net pay: $1,440 - ${lines.map($).join(' - ')} = ${$(estimate.netCents)}`);
    expect(paycheck).toContain(`${$(estimate.netCents)} x 26 / 12 = about ${whole(estimate.netMonthlyCents)}`);
    const twoPaychecks = 2 * estimate.netCents;
    expect(paycheck).toContain(`Most months bring two paychecks, or ${$(twoPaychecks)}, which is about $${Math.round((estimate.netMonthlyCents - twoPaychecks) / 10_000) * 100} less`);
  });

  it('the car loan at 36, 48 and 60 months, as the loan payment calculator shows it', () => {
    expect(car).toContain(`pays $1,500 down from the $2,400 she saved from summer jobs, which leaves ${whole(950_000 - 150_000)} to borrow`);
    for (const [months, loan] of loans) {
      expect(car).toContain(`| ${months} months | ${$(loan.paymentCents)} | ${$(loan.totalPaidCents)} | ${$(loan.totalInterestCents)} |`);
    }
    const [short, long] = [loans.get(36)!, loans.get(60)!];
    expect(car).toContain(`its payment is ${$(short.paymentCents - long.paymentCents)} lower each month`);
    expect(car).toContain(`${$(long.totalInterestCents)} - ${$(short.totalInterestCents)} = ${$(long.totalInterestCents - short.totalInterestCents)} more in interest`);
    const carMonthly = carPayment + 12_000 + 11_000;
    expect(car).toContain(`${$(carPayment)} + $120 + $110 = ${$(carMonthly)}, which is ${$(carMonthly)} / ${whole(estimate.netMonthlyCents)} = about ${formatPercentFixed(Math.round((carMonthly / estimate.netMonthlyCents) * 10_000), 0)} of her take-home pay`);
  });

  it('the budget wizard’s review step for the budget in the table', () => {
    // the expenses as the section's table lists them: | Expense | Need or want | Fixed or variable | $amount |
    const expenses: ExpenseLine[] = [...budget.matchAll(/^\| ([^|]+) \| (Need|Want) \| (Fixed|Variable) \| \$([\d,]+) \|$/gm)].map((m): ExpenseLine => ({
      category: m[1]!,
      kind: m[2] === 'Need' ? 'need' : 'want',
      variability: m[3] === 'Fixed' ? 'fixed' : 'variable',
      amountCents: Number(m[4]!.replaceAll(',', '')) * 100,
    }));
    expect(expenses).toHaveLength(11);
    const data: BudgetData = {
      name: 'Imani’s first-year budget',
      month: '',
      payFrequency: 'biweekly',
      incomes: [{ source: 'Paycheck', amountCents: estimate.netCents, frequency: 'biweekly' }],
      expenses,
      goals: [
        { name: 'Emergency fund', targetCents: 400_000, savedCents: 50_000, monthlyCents: 25_000 },
        { name: 'Roth IRA', targetCents: 120_000, savedCents: 0, monthlyCents: 10_000 },
      ],
      debts: [{ name: 'Car loan', balanceCents: 800_000, paymentCents: carPayment }],
    };
    const totals = budgetTotals(data);
    const [needs, wants, saving] = fiftyThirtyTwenty(totals);
    expect(budget).toContain(`enter her paycheck of ${$(estimate.netCents)} every two weeks, and the wizard converts it to a monthly income of ${$(totals.incomeCents)}`);
    expect(budget).toContain(`- Goal: emergency fund, target $4,000, saved $500, $250 a month.`);
    expect(budget).toContain(`- Debt: car loan, balance $8,000, payment ${$(carPayment)} a month.`);
    const amounts = (kind: 'need' | 'want') => expenses.filter((e) => e.kind === kind).map((e) => whole(e.amountCents!)).join(' + ');
    expect(budget).toContain(`- Needs: ${amounts('need')} = ${$(totals.needsCents)}, which is ${formatPercentFixed(needs!.actualBasisPoints, 1)} of income.`);
    expect(budget).toContain(`- Wants: ${amounts('want')} = ${$(totals.wantsCents)}, which is ${formatPercentFixed(wants!.actualBasisPoints, 1)}.`);
    expect(budget).toContain(`- Savings and debt: $250 + $100 + ${$(carPayment)} = ${$(totals.savingsAndDebtCents)}, which is ${formatPercentFixed(saving!.actualBasisPoints, 1)}.`);
    expect(budget).toContain(
      `- Surplus each month: ${$(totals.incomeCents)} - ${$(totals.needsCents)} - ${$(totals.wantsCents)} - ${$(totals.savingsAndDebtCents)} = ${$(totals.balanceCents)}.`,
    );
    const studio = 125_000 - 87_500;
    expect(budget).toContain(`Her needs would rise by $1,250 - $875 = ${whole(studio)}`);
    expect(budget).toContain(`her ${$(totals.balanceCents)} surplus would become ${$(totals.balanceCents)} - ${whole(studio)} = ${$(totals.balanceCents - studio)}`);
  });

  // the emergency fund in the Savings Goal Timeline worksheet: $4,000 goal, $500 saved, $250 a month, 3.50% APY
  const fund = savingsGoalTimeline({ goalName: 'Imani’s emergency fund', targetCents: 400_000, currentCents: 50_000, monthlyCents: 25_000, aprBasisPoints: 350 });
  const fundAfterYear = fund.balances[11]!;

  it('the emergency fund’s timeline and the Roth IRA’s growth, as the worksheet and the calculator show them', () => {
    expect(savings).toContain(`for about $4,000 / $1,555 = ${(4_000 / 1_555).toFixed(1)} months`);
    expect(savings).toContain(`- Months to the goal: ${fund.months}, with a final balance of ${$(fund.finalBalanceCents)}.`);
    expect(savings).toContain(`- Interest earned along the way: ${$(fund.totalInterestCents)}.`);
    expect(savings).toContain(`- Balance after 12 months: ${$(fundAfterYear)}.`);
    expect(500 + 14 * 250).toBe(4_000);
    expect(savings).toContain('Without any interest, $500 + 14 x $250 = $4,000, so the goal would also take 14 months');
    const grow = (years: number) => compoundGrowth({ principalCents: 0, monthlyCents: 10_000, rateBasisPoints: 700, compounding: 'monthly', years });
    const [early, late] = [grow(46), grow(36)];
    expect(savings).toContain(`| 19 | 46 | ${whole(early.totalContributionsCents)} | ${$(early.finalBalanceCents)} |`);
    expect(savings).toContain(`| 29 | 36 | ${whole(late.totalContributionsCents)} | ${$(late.finalBalanceCents)} |`);
    expect(savings).toContain(
      `depositing ${whole(early.totalContributionsCents - late.totalContributionsCents)} less but ending with ${$(early.finalBalanceCents)} - ${$(late.finalBalanceCents)} = ${$(early.finalBalanceCents - late.finalBalanceCents)} less`,
    );
  });

  it('net worth at the start and in December, as the Net Worth worksheet shows it', () => {
    expect(year).toContain(`$400 + $500 + $9,500 - $8,000 = ${whole(40_000 + 50_000 + 950_000 - 800_000)}`);
    // the lender's statement after 12 payments: each month's interest at APR / 12, then the payment
    let loanBalance = 800_000;
    for (let month = 0; month < 12; month += 1) loanBalance += monthlyInterest(loanBalance, 750) - carPayment;
    const assets = [65_000, fundAfterYear, 123_640, 820_000];
    const result = netWorth({ assets: assets.map((amountCents) => ({ name: '', amountCents })), liabilities: [{ name: 'Car loan', amountCents: loanBalance }] });
    expect(year).toContain(`| Checking account | $650.00 | Car loan | ${$(loanBalance)} |`);
    expect(year).toContain(`| Emergency fund | ${$(fundAfterYear)} |`);
    expect(year).toContain(`after 12 payments of ${$(carPayment)}`);
    expect(year).toContain(`- Assets: ${assets.map($).join(' + ')} = ${$(result.assetsCents)}.`);
    expect(year).toContain(`- Net worth: ${$(result.assetsCents)} - ${$(loanBalance)} = ${$(result.netWorthCents)}.`);
    expect(year).toContain(`- Change over the year: ${$(result.netWorthCents)} - $2,400 = ${$(result.netWorthCents - 240_000)}.`);
    expect(year).toContain(`more than the ${whole(12 * (25_000 + 10_000))} she deposited into her two savings goals`);
  });

  it.each<[string, number]>([
    ['Yusuf earns $16.50 an hour', 16.5 * 80],
    ['A car costs $260 a month', Math.round(((260 + 135 + 90) / 2_500) * 1000) / 10],
    ['A monthly budget has $2,800 of income', 2_800 - (1_500 + 420 + 300 + 230)],
    ['An emergency fund goal is $3,000', (3_000 - 600) / 200],
    ['Jay has $1,200 in checking', 1_200 + 2_500 + 6_000 - (4_300 + 400)],
  ])('the review question starting “%s” has the recomputed answer', (start, answer) => {
    expect(numericAnswer(capstone, start)).toBeCloseTo(answer, 6);
  });

  it('the review question on the coworker’s federal income tax uses the 2026 ledger figures', () => {
    const q = capstone.review.questions.find((x) => x.prompt.startsWith('Imani\'s coworker is a single filer'))!;
    expect(q.prompt).toContain(`${figures.get('standard-deduction-single')!.year}`);
    expect(q.prompt).toContain(`the ${whole(value('standard-deduction-single') * 100)} standard deduction, 10% on the first ${whole(value('tax-bracket-10-top-single') * 100)}`);
    const taxable = 33_800 - value('standard-deduction-single');
    expect(q.answer as number).toBeCloseTo(value('tax-bracket-10-top-single') * 0.1 + (taxable - value('tax-bracket-10-top-single')) * 0.12, 6);
  });
});
