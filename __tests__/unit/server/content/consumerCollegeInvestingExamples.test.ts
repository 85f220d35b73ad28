/**
 * The worked examples of Consumer Skills, Paying for College and Investing Beyond the Basics that
 * the review rewrite touched, recomputed from the numbers they state (docs/content-review.md,
 * item 2), and the numeric review answers written for it. A changed number in the text fails the
 * row that states it.
 */
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { sectionKey } from '../../../../src/server/content/contentReport';
import { readFigures } from '../../../../src/server/content/figures';
import { readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';

const CONTENT = path.resolve(__dirname, '../../../../content');
const modules = readCatalog(CONTENT);
const figures = readFigures(CONTENT);
const bodies = new Map(modules.flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s): [string, string] => [sectionKey(m, mat, s), s.body]))));
const articles = new Map(readKnowledgeBase(CONTENT).flatMap((t) => t.articles.map((a): [string, string] => [`${t.slug}/${a.slug}`, a.body])));
const questions = modules.flatMap((m) => m.materials.flatMap((mat) => mat.review.questions));

const cents = (n: number): number => Math.round(n * 100) / 100;
const usd = (n: number): string => `$${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

const DISPUTE = 'consumer-skills/returns-warranties-and-complaints/disputing-a-charge';
const LOANS = 'paying-for-college/student-loans-wisely/federal-vs-private-loans';
const WAIT = 'consumer-skills/behavioural-finance-and-scams/anchoring-and-sunk-cost';

// Jordan's first year: a $22,500 net price, $12,000 from family, $3,000 saved
const gap = 22_500 - 12_000 - 3_000;

describe('[content] consumer skills, paying for college, investing: worked examples recomputed', () => {
  it.each<[string, string, string]>([
    ['Priya pays for the jacket by credit card, the card that gives the billing-error right', DISPUTE, 'Priya pays for a $64 jacket with her credit card'],
    ['a debit card gives no right to a refund for an authorized purchase', DISPUTE, 'Regulation E gives you **no right** to a refund for a purchase you authorized'],
    ['Jordan’s gap after family and savings', LOANS, `$22,500 - $12,000 - $3,000 = ${usd(gap)}`],
    ['Jordan’s campus job covers the rest', LOANS, `8 x $15 x 17 = ${usd(8 * 15 * 17)}`],
    ['a fifth year at Jordan’s net price', LOANS, 'a fifth year would cost another $22,500'],
    ['the team’s waiting rule', WAIT, 'wait 24 hours before an unplanned purchase over $50'],
  ])('%s', (_name, key, line) => {
    expect(bodies.get(key)).toContain(line);
  });

  it('Priya writes on May 12, inside the billing-error window counted from her May 5 statement', () => {
    const days = figures.get('billing-error-notice-days')!.value;
    const closes = new Date(Date.UTC(2026, 4, 5 + days));
    // the article names no closing date, so a new ledger value cannot leave a stale one behind
    expect(articles.get('consumer-skills/disputing-a-charge')).toContain(`sent on May 5, so she has ${days} days from that date to write`);
    expect(articles.get('consumer-skills/disputing-a-charge')).not.toMatch(/\b(June|July|August) \d/);
    expect(Date.UTC(2026, 4, 12)).toBeLessThan(closes.getTime());
  });

  it.each<[string, number]>([
    ['A yearly plan costs $119.99 and the monthly plan is $12.99.', Math.round((119.99 / 12.99) * 10) / 10],
    ['You cancel a $4.99 app and a $9.99 app.', cents((4.99 + 9.99) * 12)],
    ['You borrow $3,500 unsubsidized at 5% APR.', 3_500 * 0.05],
    ['Sam’s index fund charges 0.04% on his $15,000.', cents(15_000 * 0.0004)],
    ['Ben’s fund charges 0.80% on $20,000', cents(20_000 * 0.008 - 20_000 * 0.0005)],
  ])('the review question starting “%s” has the recomputed answer', (start, answer) => {
    const found = questions.filter((q) => q.type === 'numeric' && q.prompt.replaceAll("'", '’').startsWith(start));
    expect(found).toHaveLength(1);
    expect(found[0]!.answer).toBe(answer);
  });

  it('a music service at $9.99 a month costs $119.88 over a year, the answer its review question marks', () => {
    const q = questions.find((x) => x.prompt.startsWith('A music service costs $9.99 a month'))!;
    expect(q.choices![q.answer as number]).toBe(`$${cents(12 * 9.99).toFixed(2)}`);
  });
});
