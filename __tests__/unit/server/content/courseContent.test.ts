/**
 * The real course in content/ against its ledgers (docs/content-review.md): every figure comes from
 * content/figures.yaml and the worked examples that use one are recomputed from it; the generated
 * files are up to date; every grade-12 benchmark is taught or named as a known gap; every section's
 * reading grade is reported, and lies in 8–10 or carries a note saying why not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIGURES } from '../../../../src/common/figures';
import { FICA } from '../../../../src/common/worksheets';
import { readCatalog, type CatalogSection } from '../../../../src/server/content/catalog';
import { figuresModule, figureUses, GENERATED_FIGURES_FILE, sectionKey, STANDARDS_DOC, standardsDoc } from '../../../../src/server/content/contentReport';
import { readFigures, staleFigures } from '../../../../src/server/content/figures';
import { readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';
import { coverage, readStandards } from '../../../../src/server/content/standards';
import { GRADE_MAX, GRADE_MIN, inBand, readingGrade } from '../../../../scripts/content/readability';

const ROOT = path.resolve(__dirname, '../../../..');
const CONTENT = path.join(ROOT, 'content');
const modules = readCatalog(CONTENT);
const figures = readFigures(CONTENT);
const standards = readStandards(CONTENT)!;
const sections = modules.flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s) => ({ key: sectionKey(m, mat, s), section: s }))));
const section = (key: string): CatalogSection => sections.find((s) => s.key === key)!.section;
const value = (id: string): number => figures.get(id)!.value;
const articles = new Map<string, string>(readKnowledgeBase(CONTENT).flatMap((t) => t.articles.map((a): [string, string] => [`${t.slug}/${a.slug}`, a.body])));
const article = (key: string): string => articles.get(key)!;
const usd = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (n: number): number => Math.round(n * 100) / 100;

describe('[content] figures: one ledger, with sources', () => {
  it('the ledger holds the dated figures the course states, each with a year and a named source', () => {
    for (const id of ['standard-deduction-single', 'social-security-rate', 'medicare-rate', 'social-security-wage-base', 'ira-contribution-limit', '401k-elective-deferral-limit', 'fdic-insurance-limit', 'federal-minimum-wage', 'credit-score-min', 'credit-score-max']) {
      expect(figures.get(id)).toEqual(expect.objectContaining({ source: expect.stringMatching(/\w+.*\w+/), year: expect.any(Number) }));
    }
  });

  it('every figure is used by some content file, and every placeholder in the catalog and knowledge base is known', () => {
    // readCatalog and readKnowledgeBase above refuse an unknown placeholder
    expect(articles.size).toBeGreaterThan(0);
    const unused = [...figureUses(CONTENT, figures)].filter(([, files]) => files.length === 0).map(([id]) => id);
    expect(unused).toEqual([]);
  });

  it('lists the figures older than the current tax year (a reminder, not a failure); none is dated in a future year', () => {
    const today = new Date(); // the real date: the list is what to update now
    const stale = staleFigures(figures, today);
    if (stale.length > 0) {
      console.warn(`Figures to check for tax year ${today.getUTCFullYear()} (content/figures.yaml):\n${stale.map((f) => `  ${f.id}: ${f.value} for ${f.year} (${f.source})`).join('\n')}`);
    }
    // next year's limits are published in the autumn, so a figure may hold for next year, not later
    expect([...figures.values()].filter((f) => f.year > today.getUTCFullYear() + 1).map((f) => `${f.id}: ${f.year}`)).toEqual([]);
  });

  it('FICA is Social Security plus Medicare, and the worksheets use the same rates', () => {
    expect(cents(value('social-security-rate') + value('medicare-rate'))).toBe(value('fica-rate'));
    expect(FICA.socialSecurityBasisPoints / 100).toBe(value('social-security-rate'));
    expect(FICA.medicareBasisPoints / 100).toBe(value('medicare-rate'));
  });

  it(`${GENERATED_FIGURES_FILE} is what npm run content:generate makes from the ledger`, () => {
    expect(readFileSync(path.join(ROOT, GENERATED_FIGURES_FILE), 'utf8')).toBe(figuresModule(figures));
    expect(Object.keys(FIGURES).sort()).toEqual([...figures.keys()].sort());
  });
});

describe('[content] worked examples recomputed from the ledger', () => {
  it('How Income Tax Works: Jess’s tax on $30,000', () => {
    const taxable = 30_000 - value('standard-deduction-single');
    const tenTop = value('tax-bracket-10-top-single');
    expect(taxable).toBeLessThan(value('tax-bracket-12-top-single'));
    const ten = cents(tenTop * 0.1);
    const twelve = cents((taxable - tenTop) * 0.12);
    const body = section('earning-income/how-taxes-work/how-income-tax-works').body;
    expect(body).toContain(`taxable income is $30,000 - ${usd(value('standard-deduction-single')).replace('.00', '')} = ${usd(taxable).replace('.00', '')}`);
    expect(body).toContain(`= ${usd(ten)}`);
    expect(body).toContain(`12% on the next ${usd(taxable - tenTop).replace('.00', '')} = ${usd(twelve)}`);
    expect(body).toContain(`Total federal income tax: ${usd(ten)} + ${usd(twelve)} = ${usd(ten + twelve)}`);
    expect(body).toContain(`about ${(Math.round(((ten + twelve) / 30_000) * 1000) / 10).toFixed(1)}% of her total earnings`);
  });

  it('Social Security and Medicare: Ravi’s FICA on 26 paychecks of $600 (and his W-2 shows the same)', () => {
    const wages = 26 * 600;
    const ss = cents(wages * (value('social-security-rate') / 100));
    const medicare = cents(wages * (value('medicare-rate') / 100));
    const body = section('earning-income/how-taxes-work/social-security-and-medicare').body;
    expect(body).toContain(`26 x $600 = ${usd(wages).replace('.00', '')}`);
    expect(body).toContain(`= ${usd(ss)}, and his Medicare tax is`);
    expect(body).toContain(`${usd(ss)} + ${usd(medicare)} = ${usd(ss + medicare)}`);
    expect(body).toContain(`so ${usd(2 * (ss + medicare))} goes into the system`);
    const w2 = section('earning-income/tax-season-and-side-income/the-w-2-and-tax-season').body;
    expect(w2).toContain(`26 x $600 = ${usd(wages).replace('.00', '')} in Box 1 and 26 x $10 = $260 in Box 2`);
    expect(w2).toContain(`${usd(ss)} of Social Security tax`);
    expect(w2).toContain(`${usd(medicare)} of Medicare tax`);
    // the pay stub's per-paycheck lines add up to the W-2's year
    expect(cents(26 * cents(600 * (value('social-security-rate') / 100)))).toBe(ss);
    expect(cents(26 * cents(600 * (value('medicare-rate') / 100)))).toBe(medicare);
  });

  it('Social Security and Medicare: four credits take four times one credit’s earnings; Ravi’s year earns all four', () => {
    const credit = value('social-security-credit-earnings');
    const body = section('earning-income/how-taxes-work/social-security-and-medicare').body;
    expect(body).toContain(`4 x ${usd(credit).replace('.00', '')} = ${usd(4 * credit).replace('.00', '')}`);
    expect(3_000).toBeLessThan(2 * credit); // the ten-week summer job: 1 credit
    expect(3_000).toBeGreaterThanOrEqual(credit);
    expect(26 * 600).toBeGreaterThanOrEqual(4 * credit);
  });

  it('The W-4 and Withholding and Roth IRAs for Teens: Ravi’s $15,600 year (refund, Roth IRA limit)', () => {
    const wages = 26 * 600;
    expect(wages).toBeLessThan(value('standard-deduction-single')); // he owes no income tax: the $260 withheld comes back
    expect(section('earning-income/how-taxes-work/the-w-4-and-withholding').body).toContain(`26 x $600 = $15,600 were below the ${usd(value('standard-deduction-single')).replace('.00', '')} standard deduction`);
    expect(wages).toBeGreaterThan(value('ira-contribution-limit')); // so his Roth IRA is capped at the limit
    expect(section('saving-and-investing/saving-for-the-long-term/roth-iras-for-teens').body).toContain(`Ravi earns $15,600 at the theater this year, more than the limit, so he is capped at the IRS limit of ${usd(value('ira-contribution-limit')).replace('.00', '')}`);
  });

  it('Side Gigs and 1099 Income: Mia’s self-employment tax on $1,200 (and Jaden’s on $2,600 in the article)', () => {
    const tax = cents(1_200 * 0.9235 * (value('self-employment-tax-rate') / 100));
    expect(section('earning-income/tax-season-and-side-income/side-gigs-and-1099-income').body).toContain(`which is about ${usd(tax)}`);
    const base = cents(2_600 * 0.9235);
    expect(article('income-and-taxes/side-gigs-and-1099')).toContain(`${usd(base)} × ${value('self-employment-tax-rate') / 100} ≈ **${usd(cents(base * (value('self-employment-tax-rate') / 100)))}**`);
  });

  it('Side Gigs and 1099 Income: the 25% set-aside is self-employment tax (about 14%) plus the 10% or 12% bracket', () => {
    const selfEmployment = value('self-employment-tax-rate') * 0.9235;
    expect(Math.round(selfEmployment)).toBe(14);
    for (const bracket of [10, 12]) expect(Math.abs(selfEmployment + bracket - 25)).toBeLessThanOrEqual(1.5);
    const tip = 'of 92.35% of net earnings, about 14%. Federal income tax at the 10% or 12% bracket adds about 10% to 12%. That is about 25% in all.';
    expect(section('earning-income/tax-season-and-side-income/side-gigs-and-1099-income').body).toContain(tip);
    expect(article('income-and-taxes/side-gigs-and-1099')).toContain('of 92.35% of profit (about 14%)');
  });

  it.each([
    ['section', 'earning-income/your-first-paycheck/reading-your-pay-stub', 600, ['social-security-rate', 'medicare-rate']],
    ['section', 'earning-income/your-first-paycheck/gross-pay-and-net-pay', 600, ['fica-rate']],
    ['article', 'income-and-taxes/gross-vs-net-pay', 300, ['social-security-rate', 'medicare-rate']],
    ['article', 'income-and-taxes/w-2-form', 5_200, ['social-security-rate', 'medicare-rate']],
  ])('payroll taxes in the %s %s: the rates of the ledger on $%i', (kind, key, gross, ids) => {
    const body = kind === 'section' ? section(key).body : article(key);
    for (const id of ids) expect(body).toContain(usd(cents(gross * (value(id) / 100))));
  });
});

describe('[content] worked examples recomputed from the numbers they state', () => {
  it('Renting vs. Buying: Tessa’s monthly cost of owning with 10% down includes PMI', () => {
    const body = section('housing/buying-a-home-someday/renting-vs-buying').body;
    const loan = 240_000 * 0.9;
    const r = 0.065 / 12;
    const principalAndInterest = cents((loan * r) / (1 - (1 + r) ** -360));
    // PMI applies below 20% down; 0.5% a year sits inside the approximate range the section states
    const pmi = cents((loan * 0.005) / 12);
    const rows = [principalAndInterest, 2_880 / 12, 1_500 / 12, pmi, 2_400 / 12];
    const total = cents(rows.reduce((a, b) => a + b, 0));
    expect(body).toContain(`$${loan.toLocaleString('en-US')} x 0.005 = $1,080 a year, or ${usd(pmi).replace('.00', '')} a month`);
    for (const row of rows) expect(body).toContain(`| ${usd(row)} |`);
    expect(body).toContain(`| **Total** | **${usd(total)}** |`);
    expect(body).toContain(`$1,365.27 + $240 + $125 + $90 + $200 = ${usd(total)}`);
    expect(body).toContain(`${usd(total)} - $1,500 = ${usd(cents(total - 1_500))} more each month`);
  });
});

describe('[content] national standards', () => {
  it('every section names at least one grade-12 benchmark', () => {
    expect(sections.filter((s) => s.section.standards.length === 0).map((s) => s.key)).toEqual([]);
  });

  it('every benchmark is taught by a section, except the known gaps named in content/standards.yaml', () => {
    const covered = coverage(standards, sections.map((s) => ({ key: s.key, standards: s.section.standards })));
    const uncovered = [...covered].filter(([, keys]) => keys.length === 0).map(([id]) => id);
    if (standards.knownGaps.length > 0) console.warn(`Benchmarks no section teaches yet: ${standards.knownGaps.join(', ')}`);
    expect(uncovered).toEqual(standards.knownGaps);
  });

  it(`${STANDARDS_DOC} is what npm run content:generate makes from the content`, () => {
    expect(readFileSync(path.join(ROOT, STANDARDS_DOC), 'utf8')).toBe(standardsDoc(standards, modules));
  });
});

describe('[content] readability', () => {
  it(`reports every section's reading grade; each is ${GRADE_MIN}–${GRADE_MAX} or has a readability-note`, () => {
    const rows = sections.map((s) => ({ key: s.key, grade: readingGrade(s.section.body), note: s.section.readabilityNote }));
    console.log(`Reading grade per section (Flesch–Kincaid, prose):\n${rows.map((r) => `  ${r.grade.toFixed(1).padStart(5)}  ${r.key}${r.note ? '  (note)' : ''}`).join('\n')}`);
    expect(rows.filter((r) => !inBand(r.grade) && !r.note).map((r) => `${r.key}: grade ${r.grade}`)).toEqual([]);
  });

  it('the grade is computed from prose: easy text scores low and dense text high', () => {
    expect(readingGrade('The cat sat on the mat. It was a sunny day.')).toBeLessThan(GRADE_MIN);
    expect(
      readingGrade(
        'Comprehensive diversification across international equity and fixed-income securities substantially mitigates idiosyncratic volatility, notwithstanding correlation dynamics during systemic liquidity crises.',
      ),
    ).toBeGreaterThan(GRADE_MAX);
  });
});
