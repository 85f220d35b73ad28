/**
 * The worked examples of When You Cannot Pay a Debt (MC.12.7) and Life and Disability Insurance
 * (MR.12.3), recomputed from the numbers they state (docs/content-review.md, item 2), and the
 * numeric review answers that reuse them. A changed number in the text fails the row that states it.
 */
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { sectionKey } from '../../../../src/server/content/contentReport';

const CONTENT = path.resolve(__dirname, '../../../../content');
const modules = readCatalog(CONTENT);
const bodies = new Map(modules.flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s): [string, string] => [sectionKey(m, mat, s), s.body]))));
const questions = modules.flatMap((m) => m.materials.flatMap((mat) => mat.review.questions.map((q) => ({ where: `${m.slug}/${mat.slug}`, ...q }))));

const cents = (n: number): number => Math.round(n * 100) / 100;
/** "$1,800", or with cents ("$40.50") when `withCents` or the amount has them */
const usd = (n: number, withCents = false): string =>
  `$${n.toLocaleString('en-US', withCents || !Number.isInteger(n) ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 })}`;
const monthlyInterest = (balance: number, apr: number): number => cents((balance * apr) / 12);

const DEBT = 'credit-and-debt/borrowing-wisely/when-you-cannot-pay-a-debt';
const LIFE = 'protecting-yourself/insurance-basics/life-and-disability-insurance';

// Dev: $1,800 at 27% APR, two missed payments with $32 late fees, then a 9% hardship plan
const before = monthlyInterest(1_800, 0.27);
const after = monthlyInterest(1_800, 0.09);
// Maya: $3,500 a month, 60% replaced; Andre: $50,000 a year, 10 times income, $25 a month of term
const benefit = cents(3_500 * 0.6);

describe('[content] debt and insurance (MC.12.7, MR.12.3): worked examples recomputed', () => {
  it.each<[string, string, string]>([
    ['Dev’s late fees', DEBT, `2 x $32 = ${usd(2 * 32)}`],
    ['Dev’s interest at 27% APR', DEBT, `$1,800 x 0.27 / 12 = ${usd(before, true)}`],
    ['Dev’s interest on the hardship plan', DEBT, `$1,800 x 0.09 / 12 = ${usd(after, true)}`],
    ['what the hardship plan saves in a month', DEBT, `${usd(before, true)} - ${usd(after, true)} = ${usd(cents(before - after), true)}`],
    ['a working life of pay', LIFE, `earns $${(40_000 * 40) / 1_000_000} million`],
    ['Maya’s disability benefit', LIFE, `$3,500 x 0.60 = ${usd(benefit)} a month`],
    ['what Maya must cover herself', LIFE, `$3,500 - ${usd(benefit)} = ${usd(3_500 - benefit)} a month`],
    ['Andre’s coverage at 10 times income', LIFE, `10 x $50,000 = ${usd(10 * 50_000)}`],
    ['Andre’s yearly premium', LIFE, `$25 x 12 = ${usd(25 * 12)} a year`],
  ])('%s', (_name, key, line) => {
    expect(bodies.get(key)).toContain(line);
  });

  it.each<[string, number]>([
    ['Dev owes $1,800 on a card at 27% APR.', cents(before - after)],
    ['Maya earns $3,500 a month.', benefit],
    ['Andre earns $50,000 a year.', 10 * 50_000],
  ])('the review question starting “%s” has the recomputed answer', (start, answer) => {
    const found = questions.filter((q) => q.type === 'numeric' && q.prompt.startsWith(start));
    expect(found).toHaveLength(1);
    expect(found[0]!.answer).toBe(answer);
  });
});
