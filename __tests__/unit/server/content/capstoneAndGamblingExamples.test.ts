/**
 * The worked examples of Gambling, Betting and Trading Apps and of the capstone Your First Year on
 * Your Own, recomputed from the numbers they state and, where a law sets one, from the figures ledger
 * (docs/content-review.md, item 2); and the numeric review answers that reuse them. A changed number
 * in the text fails the row that states it.
 */
import path from 'node:path';
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
  const odds = body(gambling, 'odds-and-expected-value');
  const edge = body(gambling, 'the-house-edge');
  const apps = body(gambling, 'how-apps-keep-you-playing');
  const loot = body(gambling, 'loot-boxes-and-trading-apps');
  const help = body(gambling, 'age-limits-and-getting-help');

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
    expect(edge).toContain(`The expected loss is $10,000 x ${pct(wheelEdge, 2)} = ${usd(10_000 * 0.0526, true)}`);
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
