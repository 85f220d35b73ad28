/**
 * The Spanish twins (docs/content-format.md "Spanish twins"): the parity rules as table tests, and
 * the reader on the bilingual fixture (__tests__/api/support/spanishContent.ts) — optional twins, a
 * partial tree, problems naming the file and the difference.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { ContentError } from '../../../../src/server/content/frontMatter';
import { readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';
import { bodyParity, digitNumbers, frontMatterParity } from '../../../../src/server/content/parity';
import { readTranslation, readTranslations, SECTION_WORDS_MAX_TRANSLATED } from '../../../../src/server/content/translation';
import { bilingualContentDir } from '../../../api/support/spanishContent';

describe('digit numbers', () => {
  it.each([
    ['$1,420.00 and 4.7%', ['1,420.00', '4.7']],
    ['the 50/30/20 rule, the W-4 and a 401(k)', ['20', '30', '4', '401', '50']],
    ['dos semanas', []],
    // a comma after a number is punctuation: the date reads the same in both languages
    ['due April 15, 2026, or later', ['15', '2026']],
    ['vence el 15 de abril de 2026', ['15', '2026']],
    ['1,2345', ['1', '2345']],
  ])('%s', (text, numbers) => expect(digitNumbers(text)).toEqual(numbers));
});

describe('front matter parity', () => {
  const en = { title: 'Needs and Wants', order: 2, estimatedMinutes: 6, kbArticles: ['a/b'], standards: ['SP.12.1'] };
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a translation of the words only', { ...en, title: 'Necesidades y deseos' }, []],
    ['a changed order', { ...en, title: 'x', order: 3 }, ['front matter order: must stay 2 as in English (is 3)']],
    ['a translated slug list', { ...en, title: 'x', kbArticles: ['a/c'] }, ['front matter kbArticles[1]: must stay "a/b" as in English (is "a/c")']],
    ['a missing key', { title: 'x', order: 2, estimatedMinutes: 6, kbArticles: ['a/b'] }, [
      'front matter: fields differ: English [title, order, estimatedMinutes, kbArticles, standards], Spanish [title, order, estimatedMinutes, kbArticles]',
      'front matter standards: must have 1 items like the English (has none)',
    ]],
    ['keys in another order', { order: 2, title: 'x', estimatedMinutes: 6, kbArticles: ['a/b'], standards: ['SP.12.1'] }, [
      'front matter: fields differ: English [title, order, estimatedMinutes, kbArticles, standards], Spanish [order, title, estimatedMinutes, kbArticles, standards]',
    ]],
    ['an empty translation', { ...en, title: '' }, ['front matter title: must be translated text']],
  ])('%s', (_what, es, problems) => expect(frontMatterParity(en, es)).toEqual(problems));

  const review = {
    title: 'Review: X',
    questions: [
      { type: 'multiple-choice', section: 's', prompt: 'Jordan spent $12 and $8.', choices: ['$20', '$4'], answer: 0, explanation: '12 + 8 = 20' },
      { type: 'numeric', section: 's', prompt: 'How much?', answer: 30, tolerance: 0.5, unit: 'dollars', explanation: '$420 / 14 = $30' },
    ],
  };
  const translated = JSON.parse(JSON.stringify(review)) as typeof review;
  translated.title = 'Repaso: X';
  translated.questions[0]!.prompt = 'Jordan gastó $12 y $8.';
  it.each<[string, (q: typeof review) => void, string[]]>([
    ['a faithful review', () => undefined, []],
    ['a moved answer', (q) => (q.questions[0]!.answer = 1), ['front matter questions[1].answer: must stay 0 as in English (is 1)']],
    ['a dropped choice', (q) => q.questions[0]!.choices!.pop(), ['front matter questions[1].choices: must have 2 items like the English (has 1)']],
    ['a dropped question', (q) => q.questions.pop(), ['front matter questions: must have 2 items like the English (has 1)']],
    ['a translated unit', (q) => ((q.questions[1] as { unit?: string }).unit = 'dólares'), ['front matter questions[2].unit: must stay "dollars" as in English (is "dólares")']],
    ['a changed number in a prompt', (q) => (q.questions[0]!.prompt = 'Jordan gastó $12 y $9.'), ['front matter questions[1].prompt: numbers differ: English [12 8], Spanish [12 9]']],
    ['a number written the Spanish way', (q) => (q.questions[1]!.explanation = '$420 / 14 = $30,00'), ['front matter questions[2].explanation: numbers differ: English [14 30 420], Spanish [00 14 30 420]']],
  ])('%s', (_what, change, problems) => {
    const es = JSON.parse(JSON.stringify(translated)) as typeof review;
    change(es);
    expect(frontMatterParity(review, es)).toEqual(problems);
  });
});

describe('body parity', () => {
  const en = '## Needs\n\nRent is $900.\n\n- one\n- two\n\n> **Tip:** wait a week.\n\n{{calculator:loan-payment}}\n\nSee [APR](/app/resources/knowledge-base/credit-and-debt/apr).';
  const es = '## Necesidades\n\nEl alquiler es $900.\n\n- uno\n- dos\n\n> **Consejo:** espera una semana.\n\n{{calculator:loan-payment}}\n\nMira la [APR](/app/resources/knowledge-base/credit-and-debt/apr).';
  it.each<[string, string, string[]]>([
    ['the same shape, words translated', es, []],
    ['a heading level changed', es.replace('## Necesidades', '### Necesidades'), ['body headings (levels in order) differ: English [##], Spanish [###]']],
    ['a list item added', es.replace('- dos', '- dos\n- tres'), ['body list items differ: English 2, Spanish 3']],
    ['a blockquote dropped', es.replace('> **Consejo:** espera una semana.', 'Espera una semana.'), ['body blockquotes differ: English 1, Spanish 0']],
    ['a placeholder translated', es.replace('loan-payment', 'prestamo'), ['body placeholders differ: English [{{calculator:loan-payment}}], Spanish [{{calculator:prestamo}}]']],
    ['a link target changed', es.replace('credit-and-debt/apr', 'credit-and-debt/credit-score'), ['body link targets differ: English [/app/resources/knowledge-base/credit-and-debt/apr], Spanish [/app/resources/knowledge-base/credit-and-debt/credit-score]']],
    ['a number changed', es.replace('$900', '$950'), ['body: numbers differ: English [900], Spanish [950]']],
  ])('%s', (_what, twin, problems) => expect(bodyParity(en, twin)).toEqual(problems));
});

describe('reading the twins', () => {
  let dir: string;
  const english = () => ({ modules: readCatalog(dir), knowledgeBase: readKnowledgeBase(dir) });
  const file = (rel: string) => path.join(dir, rel);
  const edit = (rel: string, change: (text: string) => string) => writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));
  const problemOf = () => {
    try {
      readTranslation(dir, 'es', english());
    } catch (error) {
      if (error instanceof ContentError) return error.message;
      throw error;
    }
    return null;
  };

  beforeEach(() => (dir = bilingualContentDir()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a partial tree: what has a twin, and the coverage per module', () => {
    const t = readTranslation(dir, 'es', english());
    expect(t.modules.get('budgeting')?.title).toBe('Presupuesto básico');
    expect([...t.sections.keys()]).toEqual(['budgeting/first-budget/needs-and-wants']);
    expect(t.reviews.get('budgeting/first-budget')?.questions[2]).toEqual({ prompt: 'Jordan gastó $12, $8 y $25 en una semana. ¿Cuánto es en total?', choices: ['$35', '$45', '$55'], explanation: '12 + 8 + 25 = 45 dólares.' });
    expect(t.coverage).toEqual([{ module: 'budgeting', translated: 4, total: 6 }]);
    expect(t.articles.size).toBe(4);
    expect(t.synonyms[0]).toEqual(['puntaje de crédito', 'FICO', 'calificación crediticia']);
  });

  it('no content/es at all: nothing to read, and the English imports as before', () => {
    rmSync(file('es'), { recursive: true });
    expect(readTranslations(dir, english())).toEqual([]);
  });

  it.each<[string, () => void, string]>([
    ['a moved answer', () => edit('es/catalog/budgeting/first-budget/review.md', (x) => x.replace('answer: 0', 'answer: 2')), 'es/catalog/budgeting/first-budget/review.md: differs from catalog/budgeting/first-budget/review.md: front matter questions[1].answer: must stay 0 as in English (is 2)'],
    ['a heading dropped', () => edit('es/catalog/budgeting/first-budget/needs-and-wants.md', (x) => x.replace('## Los deseos también están bien\n', '')), 'es/catalog/budgeting/first-budget/needs-and-wants.md: differs from catalog/budgeting/first-budget/needs-and-wants.md: body headings (levels in order) differ: English [## ##], Spanish [##]'],
    ['a twin without an English file', () => writeFileSync(file('es/catalog/budgeting/first-budget/extra.md'), '---\ntitle: x\n---\n'), 'es/catalog/budgeting/first-budget/extra.md: is not expected here: there is no catalog/budgeting/first-budget/extra.md to translate'],
    ['a translated folder name', () => { mkdirSync(file('es/catalog/presupuesto')); writeFileSync(file('es/catalog/presupuesto/module.md'), ''); }, 'es/catalog/presupuesto: is not expected here'],
    ['raw HTML', () => edit('es/catalog/budgeting/first-budget/needs-and-wants.md', (x) => x.replace('Sin un plan', '<b>Sin</b> un plan')), 'es/catalog/budgeting/first-budget/needs-and-wants.md: raw HTML is not allowed in Markdown'],
    ['an unknown field', () => edit('es/catalog/budgeting/first-budget/material.md', (x) => x.replace('order: 1', 'order: 1\nautor: "Ana"')), 'es/catalog/budgeting/first-budget/material.md: differs from catalog/budgeting/first-budget/material.md: front matter: fields differ'],
    ['a reading too long even for Spanish', () => edit('es/catalog/budgeting/first-budget/needs-and-wants.md', (x) => x.replace('Sin un plan', `${'palabra '.repeat(400)}Sin un plan`)), `words; a translated section needs 250–${SECTION_WORDS_MAX_TRANSLATED}`],
    ['an unknown figure', () => edit('es/knowledge-base/credit-and-debt/apr.md', (x) => x.replace('## Qué es', '## Qué es\n\n{{figure:no-such-figure}}')), 'es/knowledge-base/credit-and-debt/apr.md: differs from knowledge-base/credit-and-debt/apr.md: body placeholders differ'],
    ['a bad synonyms file', () => writeFileSync(file('es/knowledge-base/synonyms.yaml'), '- [sola]\n'), 'es/knowledge-base/synonyms.yaml: group 1 must list at least 2 spellings'],
  ])('%s stops the import, naming the file and the difference', (_what, change, message) => {
    change();
    expect(problemOf()).toContain(message);
  });

  it('a Spanish reading may run 20 % longer than an English one (up to 720 words)', () => {
    expect(SECTION_WORDS_MAX_TRANSLATED).toBe(720);
    edit('es/catalog/budgeting/first-budget/needs-and-wants.md', (x) => x.replace('Sin un plan', `${'palabra '.repeat(250)}Sin un plan`));
    expect(problemOf()).toBeNull();
  });

  it('a translated text may run 20 % longer than its English limit (a title 96 characters, a summary 360)', () => {
    const long = (n: number) => `"${'a'.repeat(n - 1)}z"`;
    edit('es/catalog/budgeting/first-budget/material.md', (x) => x.replace('title: "Tu primer presupuesto"', `title: ${long(96)}`));
    edit('es/knowledge-base/credit-and-debt/apr.md', (x) => x.replace(/^summary: .*$/m, `summary: ${long(360)}`));
    expect(problemOf()).toBeNull();
    const t = readTranslation(dir, 'es', english());
    expect(t.materials.get('budgeting/first-budget')?.title).toHaveLength(96);
    expect(t.articles.get('credit-and-debt/apr')?.summary).toHaveLength(360);
    edit('es/catalog/budgeting/first-budget/material.md', (x) => x.replace(/^title: .*$/m, `title: ${long(97)}`));
    expect(problemOf()).toBe('es/catalog/budgeting/first-budget/material.md: title must be at most 96 characters in translation (80 in English)');
  });

  it('for the content check, every problem is collected and the twins without one are still read', () => {
    edit('es/catalog/budgeting/first-budget/review.md', (x) => x.replace('answer: 0', 'answer: 2'));
    edit('es/catalog/budgeting/module.md', (x) => x.replace('estimatedMinutes: 20', 'estimatedMinutes: 25'));
    const problems: string[] = [];
    const t = readTranslation(dir, 'es', english(), (p) => problems.push(p.file));
    expect(problems).toEqual(['es/catalog/budgeting/module.md', 'es/catalog/budgeting/first-budget/review.md']);
    expect(t.materials.has('budgeting/first-budget')).toBe(true);
    expect(t.coverage).toEqual([{ module: 'budgeting', translated: 2, total: 6 }]);
  });
});
