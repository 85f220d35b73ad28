/**
 * Lesson tools and the glossary in rendered Markdown: the `{{calculator:KIND}}` / `{{diagram:KIND}}`
 * directives (refused when unknown or not a paragraph of their own, naming file and line; rendered as
 * a placeholder of reserved height), and the glossary marking rules as a table.
 */
import path from 'node:path';
import { CALCULATOR_KINDS, DIAGRAM_KINDS } from '../../../../src/common/lessonTools';
import type { GlossaryEntry } from '../../../../src/common/knowledgeBase';
import { expandFigures } from '../../../../src/server/content/figures';
import { readCatalog } from '../../../../src/server/content/catalog';
import { ContentError } from '../../../../src/server/content/frontMatter';
import { buildGlossary, termForms } from '../../../../src/server/content/glossary';
import { readKnowledgeBase, type KbTopic } from '../../../../src/server/content/knowledgeBase';
import { checkMarkdown, renderMarkdown } from '../../../../src/server/content/markdown';

const NO_FIGURES = new Map();

function problemOf(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('lesson tool directives at import', () => {
  it.each([...CALCULATOR_KINDS.map((k) => `calculator:${k}`), ...DIAGRAM_KINDS.map((k) => `diagram:${k}`)])('{{%s}} on a line of its own is kept for the renderer', (directive) => {
    const text = `Intro.\n\n{{${directive}}}\n\nMore.`;
    expect(expandFigures(text, NO_FIGURES, 'a.md')).toBe(text);
  });

  it.each([
    ['an unknown calculator', 'One.\n\n{{calculator:mortgage}}\n', /^line 3: unknown calculator "mortgage" in \{\{calculator:mortgage\}\} \(the calculators are compound-interest, savings-goal, loan-payment, credit-card-payoff, apr-apy, paycheck\)/],
    ['an unknown diagram', '{{diagram:pie}}', /^line 1: unknown diagram "pie" in \{\{diagram:pie\}\} \(the diagrams are pay-stub, compound-growth, credit-score-factors\)/],
    ['a directive inside a sentence', 'x\nTry the {{calculator:apr-apy}} now.', /^line 2: \{\{calculator:apr-apy\}\} must be a paragraph on its own/],
  ])('refuses %s, naming the file and the line', (_what, text, problem) => {
    const error = problemOf(() => expandFigures(text, NO_FIGURES, 'catalog/m/mat/s.md'));
    expect(error.file).toBe('catalog/m/mat/s.md');
    expect(error.problem).toMatch(problem);
  });

  it('refuses a directive line that is part of a paragraph (no blank line before it)', () => {
    expect(checkMarkdown('Try this:\n{{calculator:apr-apy}}\n')).toMatch(/must be a paragraph on its own/);
    expect(checkMarkdown('Try this:\n\n{{calculator:apr-apy}}\n')).toBeNull();
  });

  it('renders a placeholder that reserves the height and names the tool', () => {
    const html = renderMarkdown('Before.\n\n{{calculator:loan-payment}}\n\n{{diagram:pay-stub}}\n');
    expect(html).toContain('<div class="lesson-tool" data-tool="calculator" data-kind="loan-payment" style="min-height:520px"><p class="lesson-tool-loading">Loan and car payment calculator: loading…</p></div>');
    expect(html).toContain('data-tool="diagram" data-kind="pay-stub"');
    expect(html).not.toContain('{{');
  });
});

const entry = (term: string, article = 'saving-and-investing/compound-interest'): GlossaryEntry => ({
  term,
  definition: `What ${term} means.`,
  article,
  articleTitle: 'An article',
  path: `/app/resources/knowledge-base/${article}`,
});
const GLOSSARY = [entry('Interest'), entry('Compound interest'), entry('Budget', 'budgeting-and-spending/what-is-a-budget'), entry('Annual percentage rate (APR)', 'credit-and-debt/apr'), entry('Net pay', 'income-and-taxes/gross-vs-net-pay')];
const marked = (markdown: string): string[] =>
  [...renderMarkdown(markdown, { glossary: GLOSSARY }).matchAll(/<a href="[^"]*" class="glossary-term" data-term="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[1]}=${m[2]}`);

describe('glossary marking in a section', () => {
  it.each<[string, string, string[]]>([
    ['a whole word, any case', 'Make a BUDGET today.', ['Budget=BUDGET']],
    ['a plural -s', 'Budgets help.', ['Budget=Budgets']],
    ['not part of a longer word', 'Budgeting and interesting ideas.', []],
    ['the first occurrence only', 'A budget. Another budget.', ['Budget=budget']],
    ['the longest term first where terms overlap', 'Compound interest grows; interest is paid.', ['Compound interest=Compound interest', 'Interest=interest']],
    ['within one line of the source (a term broken over two lines is not one term)', 'Compound\ninterest', ['Interest=interest']],
    ['not inside a link', 'See [your budget](/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget), then a budget.', ['Budget=budget']],
    ['not in a heading', '## Your budget\n\nA budget.', ['Budget=budget']],
    ['not in code', 'Type `budget` then budget.', ['Budget=budget']],
    ['the words before a bracket and the short form in it', 'The APR and the annual percentage rate.', ['Annual percentage rate (APR)=APR']],
    ['words in bold', 'Your **net pay** is smaller.', ['Net pay=net pay']],
  ])('%s', (_rule, markdown, expected) => {
    expect(marked(markdown)).toEqual(expected);
  });

  it('links the term to its article with the definition, escaped', () => {
    const html = renderMarkdown('A budget.', { glossary: [{ ...entry('Budget'), definition: 'A plan for "your" money <b>' }] });
    expect(html).toContain('<a href="/app/resources/knowledge-base/saving-and-investing/compound-interest" class="glossary-term" data-term="Budget" data-definition="A plan for &quot;your&quot; money &lt;b&gt;">budget</a>');
  });

  it('marks nothing without a glossary', () => {
    expect(renderMarkdown('A budget.')).toBe('<p>A budget.</p>\n');
  });
});

describe('buildGlossary', () => {
  const topic = (slug: string, articles: [string, string[]][]): KbTopic => ({
    slug,
    title: slug,
    order: 1,
    summary: '',
    articles: articles.map(([a, terms]) => ({ slug: a, title: `Title ${a}`, summary: '', related: [], updated: '2026-01-01', body: '', keyTerms: terms.map((term) => ({ term, definition: `${term} in ${a}` })) })),
  });

  it('lists every key term A–Z; a duplicate keeps the first in topic/article order and is reported', () => {
    const { entries, duplicates } = buildGlossary([topic('banking', [['checking', ['Overdraft', 'debit card']], ['overdraft', ['overdraft']]]), topic('credit', [['apr', ['APR']]])]);
    expect(entries.map((e) => e.term)).toEqual(['APR', 'debit card', 'Overdraft']);
    expect(entries.find((e) => e.term === 'Overdraft')).toMatchObject({ definition: 'Overdraft in checking', article: 'banking/checking', path: '/app/resources/knowledge-base/banking/checking' });
    expect(duplicates).toEqual([{ term: 'overdraft', kept: 'banking/checking', dropped: 'banking/overdraft' }]);
  });

  it.each([
    ['Annual percentage rate (APR)', ['Annual percentage rate (APR)', 'Annual percentage rate', 'APR']],
    ['Net pay', ['Net pay']],
    ['Individual retirement account (IRA)', ['Individual retirement account (IRA)', 'Individual retirement account', 'IRA']],
    ['Paying yourself first (a habit)', ['Paying yourself first (a habit)', 'Paying yourself first']],
  ])('termForms(%s)', (term, forms) => {
    expect(termForms(term)).toEqual(forms);
  });
});

describe('[content] the course’s lesson tools and glossary', () => {
  const CONTENT = path.resolve(__dirname, '../../../../content');
  // readCatalog refuses an unknown kind or a misplaced directive, so reading is the first check
  const bodies = readCatalog(CONTENT).flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s) => ({ key: `${m.slug}/${mat.slug}/${s.slug}`, body: s.body }))));

  it('every calculator and diagram is placed in some section, each directive a known kind', () => {
    const used = new Map<string, string[]>();
    for (const { key, body } of bodies) {
      for (const match of body.matchAll(/\{\{\s*(calculator|diagram):([a-z0-9-]+)\s*\}\}/g)) {
        used.set(`${match[1]}:${match[2]}`, [...(used.get(`${match[1]}:${match[2]}`) ?? []), key]);
      }
    }
    expect([...used.keys()].sort()).toEqual([...CALCULATOR_KINDS.map((k) => `calculator:${k}`), ...DIAGRAM_KINDS.map((k) => `diagram:${k}`)].sort());
    expect(used.get('calculator:paycheck')!.some((key) => key.startsWith('earning-income/'))).toBe(true);
    expect(used.get('diagram:credit-score-factors')!.some((key) => key.startsWith('credit-and-debt/'))).toBe(true);
  });

  it('the glossary holds every article’s key terms and marks terms in the sections', () => {
    const topics = readKnowledgeBase(CONTENT);
    const { entries, duplicates } = buildGlossary(topics);
    const keyTerms = topics.flatMap((t) => t.articles.flatMap((a) => a.keyTerms));
    expect(entries.length + duplicates.length).toBe(keyTerms.length);
    const markedSections = bodies.filter(({ body }) => renderMarkdown(body, { glossary: entries }).includes('class="glossary-term"'));
    expect(markedSections.length).toBeGreaterThan(bodies.length / 2);
  });
});
