/**
 * The content validator (docs/content-format.md): the fixture tree is valid; each broken copy of it
 * fails with a ContentError naming the file and the problem (one row per rule).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCatalog } from '../../../../src/server/content/catalog';
import { questionsWithoutSection } from '../../../../src/server/content/contentReport';
import { ContentError, parseFrontMatter } from '../../../../src/server/content/frontMatter';

const FIXTURE = path.resolve(__dirname, '../../../fixtures/content');
const MOD = 'catalog/budgeting';
const MAT = `${MOD}/first-budget`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-content-'));
  cpSync(FIXTURE, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (rel: string) => path.join(dir, rel);
const read = (rel: string) => readFileSync(file(rel), 'utf8');
const write = (rel: string, text: string) => writeFileSync(file(rel), text);
/** replaces one line of the front matter (matched by its key) or adds it */
const setField = (rel: string, key: string, yamlValue: string | null) => {
  const text = read(rel);
  const re = new RegExp(`^${key}:.*$`, 'm');
  if (yamlValue === null) write(rel, text.replace(re, '').replace(/\n\n---/, '\n---'));
  else if (re.test(text)) write(rel, text.replace(re, `${key}: ${yamlValue}`));
  else write(rel, text.replace(/^---\n/, `---\n${key}: ${yamlValue}\n`));
};
const replaceIn = (rel: string, from: string | RegExp, to: string) => write(rel, read(rel).replace(from, to));

function problemOf(): ContentError {
  try {
    readCatalog(dir);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected the content to be refused');
}

describe('content validator', () => {
  it('accepts the fixture tree: one module, one material, three sections in order, a five-question review', () => {
    const modules = readCatalog(dir);
    expect(modules).toHaveLength(1);
    const [m] = modules;
    expect(m!.slug).toBe('budgeting');
    expect(m!.materials).toHaveLength(1);
    const mat = m!.materials[0]!;
    expect(mat.sections.map((s) => s.slug)).toEqual(['track-your-spending', 'needs-and-wants', 'write-the-plan']);
    expect(mat.review.questions).toHaveLength(5);
    expect(mat.review.questions[1]).toMatchObject({ type: 'true-false', answer: false, choices: null });
    expect(mat.review.passingScore).toBeNull();
    // every question names the section it tests, carried to the import
    expect(mat.review.questions.map((q) => q.section)).toEqual(['needs-and-wants', 'write-the-plan', 'track-your-spending', 'track-your-spending', 'write-the-plan']);
    expect(questionsWithoutSection(modules)).toEqual([]);
  });

  const S1 = `${MAT}/track-your-spending.md`;
  const REVIEW = `${MAT}/review.md`;
  const MODULE = `${MOD}/module.md`;
  const MATERIAL = `${MAT}/material.md`;

  it.each<[string, () => void, string, RegExp]>([
    ['no front matter', () => write(S1, 'Just text'), S1, /must start with YAML front matter/],
    ['unclosed front matter', () => write(S1, '---\ntitle: x\n'), S1, /not closed/],
    ['invalid YAML', () => replaceIn(S1, 'order: 1', 'order: [1'), S1, /not valid YAML/],
    ['module without a title', () => setField(MODULE, 'title', null), MODULE, /title is required/],
    ['a title over 80 characters', () => setField(MODULE, 'title', 'x'.repeat(81)), MODULE, /title must be at most 80/],
    ['a summary over 300 characters', () => setField(MATERIAL, 'summary', 'y'.repeat(301)), MATERIAL, /summary must be at most 300/],
    ['a material without a summary', () => setField(MATERIAL, 'summary', null), MATERIAL, /summary is required/],
    ['an order that is text', () => setField(MATERIAL, 'order', '"one"'), MATERIAL, /order must be a whole number/],
    ['an order that is not whole', () => setField(S1, 'order', '1.5'), S1, /order must be a whole number/],
    ['a module without order', () => setField(MODULE, 'order', null), MODULE, /order is required/],
    ['two objectives', () => replaceIn(MODULE, /objectives:\n( {2}- .*\n){3}/, 'objectives:\n  - One\n  - Two\n'), MODULE, /objectives must list 3 to 6/],
    ['seven objectives', () => replaceIn(MODULE, /objectives:\n/, `objectives:\n${'  - More\n'.repeat(4)}`), MODULE, /objectives must list 3 to 6/],
    ['minutes that are not whole', () => setField(MODULE, 'estimatedMinutes', '12.5'), MODULE, /estimatedMinutes must be a whole number/],
    ['a section without minutes', () => setField(S1, 'estimatedMinutes', null), S1, /estimatedMinutes is required/],
    ['an unknown field', () => setField(S1, 'autor', 'Sam'), S1, /unknown field autor/],
    ['two sections with the same order', () => setField(`${MAT}/needs-and-wants.md`, 'order', '1'), `${MAT}/track-your-spending.md`, /order 1 is already used/],
    ['a bad section slug', () => renameSync(file(S1), file(`${MAT}/Track_Spending.md`)), `${MAT}/Track_Spending.md`, /not a valid slug/],
    ['a bad material slug', () => renameSync(file(MAT), file(`${MOD}/First Budget`)), `${MOD}/First Budget`, /not a valid slug/],
    ['only two sections', () => unlinkSync(file(S1)), MAT, /has 2 sections; a material needs at least 3/],
    ['a missing review', () => unlinkSync(file(REVIEW)), REVIEW, /is missing/],
    ['a missing material.md', () => unlinkSync(file(MATERIAL)), MATERIAL, /is missing/],
    ['a missing module.md', () => unlinkSync(file(MODULE)), MODULE, /is missing/],
    ['a stray file', () => write(`${MAT}/notes.txt`, 'x'), `${MAT}/notes.txt`, /is not expected here/],
    ['a module with no materials', () => rmSync(file(MAT), { recursive: true }), MOD, /has no materials/],
    ['an empty catalog', () => rmSync(file(MOD), { recursive: true }), 'catalog', /has no modules/],
    ['no catalog folder', () => rmSync(file('catalog'), { recursive: true }), 'catalog', /folder is missing/],
    ['a review with four questions', () => replaceIn(REVIEW, / {2}- type: multiple-choice\n {4}section: .*\n {4}prompt: What should[\s\S]*?Waiting a week separates real wants from impulses\.\n/, ''), REVIEW, /at least 5 questions/],
    ['an answer index out of range', () => replaceIn(REVIEW, 'answer: 0', 'answer: 3'), REVIEW, /question 1: answer 3 is not an index of choices/],
    ['a negative answer index', () => replaceIn(REVIEW, 'answer: 0', 'answer: -1'), REVIEW, /question 1: answer -1 is not an index/],
    ['a choice answer given as text', () => replaceIn(REVIEW, 'answer: 0', 'answer: Rent'), REVIEW, /question 1: answer of a multiple-choice question must be the index/],
    ['one choice only', () => replaceIn(REVIEW, '[Rent, Concert tickets, A new phone case]', '[Rent]'), REVIEW, /question 1: a multiple-choice question has 2 to 5 choices/],
    ['six choices', () => replaceIn(REVIEW, '[Rent, Concert tickets, A new phone case]', '[a, b, c, d, e, f]'), REVIEW, /2 to 5 choices/],
    ['a true/false answer that is not boolean', () => replaceIn(REVIEW, 'answer: false', 'answer: "no"'), REVIEW, /question 2: answer of a true-false question must be true or false/],
    ['a question without explanation', () => replaceIn(REVIEW, '    explanation: Housing is a need; the others are wants.\n', ''), REVIEW, /question 1: explanation is required/],
    ['a question without prompt', () => replaceIn(REVIEW, '    prompt: Which of these is a need?\n', ''), REVIEW, /question 1: prompt is required/],
    ['an unknown question type', () => replaceIn(REVIEW, 'type: multiple-choice', 'type: essay'), REVIEW, /question 1: type must be multiple-choice, multiple-select, numeric or true-false/],
    ['a question whose section is not in its material', () => replaceIn(REVIEW, 'section: write-the-plan', 'section: pay-yourself-first'), REVIEW, /question 2: section "pay-yourself-first" is not a section of this material \(its sections: track-your-spending, needs-and-wants, write-the-plan\)/],
    ['a question whose section is a title, not a slug', () => replaceIn(REVIEW, 'section: write-the-plan', 'section: Write the Plan'), REVIEW, /question 2: section must be the slug of a section of this material/],
    ['a question whose section is a list', () => replaceIn(REVIEW, 'section: write-the-plan', 'section: [write-the-plan]'), REVIEW, /question 2: section must be the slug/],
    ['a question whose section names another material\'s file', () => replaceIn(REVIEW, 'section: write-the-plan', 'section: material'), REVIEW, /question 2: section "material" is not a section of this material/],
    ['a passing score over 100', () => setField(REVIEW, 'passingScore', '120'), REVIEW, /passingScore must be from 1 to 100/],
    ['an unknown kbArticles slug', () => setField(S1, 'kbArticles', '[budgeting-and-spending/piggy-banks]'), S1, /kbArticles entry "budgeting-and-spending\/piggy-banks" is not a known/],
    ['kbArticles that is not a list', () => setField(S1, 'kbArticles', 'budgeting-and-spending/needs-vs-wants'), S1, /kbArticles must be a list/],
    ['an external link', () => replaceIn(S1, '(/app/resources/knowledge-base/budgeting-and-spending/what-is-a-budget)', '(https://example.com)'), S1, /must be a same-site path/],
    ['a link to an unknown article', () => replaceIn(S1, 'what-is-a-budget)', 'nope)'), S1, /not a known knowledge-base/],
    ['raw HTML', () => replaceIn(S1, '## How to start', '<script>alert(1)</script>\n\n## How to start'), S1, /raw HTML is not allowed/],
    ['an image', () => replaceIn(S1, '## How to start', '![chart](/chart.png)\n\n## How to start'), S1, /images are not allowed/],
    ['a level-1 heading', () => replaceIn(S1, '## How to start', '# How to start'), S1, /headings start at level 2/],
    ['a section under 250 words', () => write(S1, read(S1).split('---\n').slice(0, 2).join('---\n') + '---\nToo short.\n'), S1, /has 2 words; a section needs 250–600/],
    ['a section over 600 words', () => write(S1, `${read(S1)}\n${'word '.repeat(600)}\n`), S1, /a section needs 250–600/],
    ['a module without an overview', () => write(MODULE, `${read(MODULE).split(/\n---\n/)[0]}\n---\n`), MODULE, /needs an overview/],
    ['two modules with the same order', () => {
      cpSync(file(MOD), file('catalog/banking-and-payments'), { recursive: true });
    }, `catalog/budgeting/module.md`, /order 1 is already used/],
  ])('[content] refuses %s, naming the file', (_name, breakIt, expectedFile, problem) => {
    breakIt();
    const error = problemOf();
    expect(error.file).toBe(expectedFile);
    expect(error.problem).toMatch(problem);
    expect(error.message).toBe(`${expectedFile}: ${error.problem}`);
  });

  it('[content] reads a question without a section, and the content check lists it by file and number', () => {
    replaceIn(REVIEW, '    section: write-the-plan\n', '');
    const modules = readCatalog(dir);
    expect(modules[0]!.materials[0]!.review.questions[1]!.section).toBeNull();
    expect(questionsWithoutSection(modules)).toEqual([`${REVIEW} question 2`]);
  });

  it('reads a plain value holding ": " as text (the format document writes `title: Review: …` unquoted)', () => {
    const parsed = parseFrontMatter('---\ntitle: Review: Making Your First Budget\nquestions:\n  - type: true-false\n    prompt: "Fact: a budget is a plan."\n    explanation: Remember: plans change.\n---\n', 'review.md');
    expect(parsed.data).toEqual({
      title: 'Review: Making Your First Budget',
      questions: [{ type: 'true-false', prompt: 'Fact: a budget is a plan.', explanation: 'Remember: plans change.' }],
    });
    expect(() => parseFrontMatter('---\ntitle: [unclosed\n---\n', 'bad.md')).toThrow(/bad.md: front matter is not valid YAML/);
  });

  it('parses front matter generically (knowledge-base files use the same loader)', () => {
    const parsed = parseFrontMatter('---\ntitle: What Is APR?\nkeyTerms:\n  - term: APR\n    definition: yearly cost\n---\n\nBody **text**\n', 'x.md');
    expect(parsed.data).toEqual({ title: 'What Is APR?', keyTerms: [{ term: 'APR', definition: 'yearly cost' }] });
    expect(parsed.body).toBe('Body **text**');
    expect(() => parseFrontMatter('---\na: 1\na: 2\n---\n', 'dup.md')).toThrow(/dup.md: front matter is not valid YAML/);
    expect(() => parseFrontMatter('---\n- a\n---\n', 'list.md')).toThrow(/list.md: front matter must be a set/);
  });
});
