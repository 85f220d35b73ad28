/**
 * The knowledge-base validator (docs/content-format.md, topics → articles): the real
 * content/knowledge-base is valid (9 topics, 40+ articles); each broken copy of it fails with a
 * ContentError naming the file and the problem (one row per rule).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentError } from '../../../../src/server/content/frontMatter';
import { plainText, readKnowledgeBase } from '../../../../src/server/content/knowledgeBase';
import { readSynonyms } from '../../../../src/server/content/kbSynonyms';
import { MARK_START } from '../../../../src/common/knowledgeBase';
import { KB_ARTICLES } from '../../../../src/common/catalog';

const REAL = path.resolve(__dirname, '../../../../content/knowledge-base');
const T = 'knowledge-base/credit-and-debt';
const TOPIC = `${T}/topic.md`;
const APR = `${T}/apr.md`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-kb-'));
  cpSync(REAL, path.join(dir, 'knowledge-base'), { recursive: true });
  // articles write dated figures as {{figure:…}} placeholders from the ledger beside them
  cpSync(path.join(REAL, '../figures.yaml'), path.join(dir, 'figures.yaml'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const file = (rel: string) => path.join(dir, rel);
const read = (rel: string) => readFileSync(file(rel), 'utf8');
const write = (rel: string, text: string) => writeFileSync(file(rel), text);
const setField = (rel: string, key: string, yamlValue: string | null) => {
  const text = read(rel);
  const re = new RegExp(`^${key}:.*$`, 'm');
  if (yamlValue === null) write(rel, text.replace(re, ''));
  else if (re.test(text)) write(rel, text.replace(re, `${key}: ${yamlValue}`));
  else write(rel, text.replace(/^---\n/, `---\n${key}: ${yamlValue}\n`));
};
const replaceIn = (rel: string, from: string | RegExp, to: string) => write(rel, read(rel).replace(from, to));
const frontOf = (rel: string) => read(rel).split(/\n---\n/)[0]!;
const keyTerms = (n: number) =>
  `\n${Array.from({ length: n }, (_, i) => `  - term: Term ${i}\n    definition: Definition ${i}.`).join('\n')}`;

function problemOf(): ContentError {
  try {
    readKnowledgeBase(dir);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected the knowledge base to be refused');
}

describe('knowledge-base validator', () => {
  it('accepts the real content/knowledge-base: the topics of KB_ARTICLES in order, at least 40 articles, each with 2–6 key terms and 2–4 related', () => {
    const topics = readKnowledgeBase(dir);
    expect(topics.map((t) => t.slug)).toEqual(Object.keys(KB_ARTICLES));
    const articles = topics.flatMap((t) => t.articles);
    expect(articles.length).toBeGreaterThanOrEqual(40);
    for (const a of articles) {
      expect(a.keyTerms.length).toBeGreaterThanOrEqual(2);
      expect(a.related.length).toBeGreaterThanOrEqual(2);
      expect(a.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const apr = topics.find((t) => t.slug === 'credit-and-debt')!.articles.find((a) => a.slug === 'apr')!;
    expect(apr.title).toMatch(/APR/);
  });

  const cases: [string, () => void, string, RegExp][] = [
    ['a topic without topic.md', () => unlinkSync(file(TOPIC)), TOPIC, /is missing/],
    ['a topic without a title', () => setField(TOPIC, 'title', null), TOPIC, /title is required/],
    ['a topic title over 80 characters', () => setField(TOPIC, 'title', 'x'.repeat(81)), TOPIC, /at most 80/],
    ['a topic order that is not a whole number', () => setField(TOPIC, 'order', '2.5'), TOPIC, /whole number/],
    ['two topics with one order', () => setField(TOPIC, 'order', '1'), TOPIC, /order 1 is already used/],
    ['a topic summary over 300 characters', () => setField(TOPIC, 'summary', 'y'.repeat(301)), TOPIC, /at most 300/],
    ['an unknown field in a topic', () => setField(TOPIC, 'colour', 'red'), TOPIC, /unknown field colour/],
    ['a topic folder with a bad slug', () => renameSync(file(T), file('knowledge-base/Credit_Debt')), 'knowledge-base/Credit_Debt', /not a valid slug/],
    ['an article file with a bad slug', () => renameSync(file(APR), file(`${T}/APR Rates.md`)), `${T}/APR Rates.md`, /not a valid slug/],
    ['a stray folder inside a topic', () => mkdirSync(file(`${T}/extra`)), `${T}/extra`, /not expected here/],
    ['a stray file at the top', () => write('knowledge-base/notes.txt', 'x'), 'knowledge-base/notes.txt', /not expected here/],
    ['an article without front matter', () => write(APR, 'Just text.\n'), APR, /must start with YAML front matter/],
    ['front matter that is not YAML', () => replaceIn(APR, /^title: .*$/m, 'title: [unclosed'), APR, /not valid YAML/],
    ['an article without a title', () => setField(APR, 'title', null), APR, /title is required/],
    ['an article title over 80 characters', () => setField(APR, 'title', 'z'.repeat(81)), APR, /at most 80/],
    ['an article without a summary', () => setField(APR, 'summary', null), APR, /summary is required/],
    ['a summary over 300 characters', () => setField(APR, 'summary', 'w'.repeat(301)), APR, /at most 300/],
    ['one key term', () => write(APR, read(APR).replace(/keyTerms:[\s\S]*?\nrelated:/, `keyTerms:${keyTerms(1)}\nrelated:`)), APR, /2 to 6/],
    ['seven key terms', () => write(APR, read(APR).replace(/keyTerms:[\s\S]*?\nrelated:/, `keyTerms:${keyTerms(7)}\nrelated:`)), APR, /2 to 6/],
    ['a key term without a definition', () => write(APR, read(APR).replace(/keyTerms:[\s\S]*?\nrelated:/, 'keyTerms:\n  - term: A\n  - term: B\n    definition: b\nrelated:')), APR, /needs a definition/],
    ['one related article', () => setField(APR, 'related', '[credit-and-debt/credit-score]'), APR, /2 to 4/],
    ['five related articles', () => setField(APR, 'related', '[banking/overdraft, banking/checking-account, banking/savings-account, banking/fdic-insurance, insurance/car-insurance]'), APR, /2 to 4/],
    ['a related entry that is not "<topic>/<article>"', () => setField(APR, 'related', '[credit-score, banking/overdraft]'), APR, /not a "<topic>\/<article>" slug/],
    ['a related article that does not exist', () => setField(APR, 'related', '[banking/overdraft, banking/piggy-bank]'), APR, /"banking\/piggy-bank" does not exist/],
    ['a related article listed twice', () => setField(APR, 'related', '[banking/overdraft, banking/overdraft]'), APR, /twice/],
    ['an article relating to itself', () => setField(APR, 'related', '[credit-and-debt/apr, banking/overdraft]'), APR, /itself/],
    ['an updated date that is not a date', () => setField(APR, 'updated', 'last week'), APR, /not a real date/],
    ['an impossible updated date', () => setField(APR, 'updated', '2026-02-30'), APR, /not a real date/],
    ['an unknown field in an article', () => setField(APR, 'author', 'Sam'), APR, /unknown field author/],
    ['an article without a body', () => write(APR, `${frontOf(APR)}\n---\n`), APR, /needs the article/],
    ['an article under 150 words', () => write(APR, `${frontOf(APR)}\n---\nToo short to teach anything.\n`), APR, /has 5 words; an article needs 150–450/],
    ['an article over 450 words', () => write(APR, `${read(APR)}\n\n${'word '.repeat(460)}\n`), APR, /an article needs 150–450/],
    ['raw HTML in a body', () => write(APR, `${read(APR)}\n\n<script>alert(1)</script>\n`), APR, /raw HTML is not allowed/],
    ['an image in a body', () => write(APR, `${read(APR)}\n\n![chart](/chart.png)\n`), APR, /images are not allowed/],
    ['a level-1 heading in a body', () => write(APR, `${read(APR)}\n\n# Big title\n`), APR, /headings start at level 2/],
    ['an external link', () => write(APR, `${read(APR)}\n\n[bank](https://example.com)\n`), APR, /same-site path/],
    ['a javascript: link', () => write(APR, `${read(APR)}\n\n[x](javascript:alert(1))\n`), APR, /same-site path/],
    ['a link to an unknown article', () => write(APR, `${read(APR)}\n\n[x](/app/resources/knowledge-base/banking/piggy-bank)\n`), APR, /not a known knowledge-base topic or article/],
  ];

  it.each(cases)('refuses %s, naming the file', (_name, breakIt, expectedFile, problem) => {
    breakIt();
    const error = problemOf();
    expect(error.file).toBe(expectedFile);
    expect(error.problem).toMatch(problem);
    expect(error.message.startsWith(`${expectedFile}: `)).toBe(true);
  });

  it('refuses a link to an article that is fixed in the format but missing from this import', () => {
    unlinkSync(file('knowledge-base/banking/overdraft.md'));
    write(APR, `${read(APR)}\n\nSee [overdraft](/app/resources/knowledge-base/banking/overdraft).\n`);
    // other articles relate to banking/overdraft too; whichever file comes first is named
    const error = problemOf();
    expect(error.problem).toMatch(/banking\/overdraft/);
  });

  it('refuses a missing knowledge-base folder', () => {
    rmSync(file('knowledge-base'), { recursive: true });
    expect(problemOf().file).toBe('knowledge-base');
  });

  it('plainText keeps the readable words, drops tags and the snippet markers', () => {
    expect(plainText(`## Heading\n\nSome **bold** & [a link](/app) ${MARK_START}x`)).toBe('Heading Some bold & a link x');
  });

  it.each([
    ['**credit score**, and', 'credit score, and'],
    ['a [credit freeze](/app/resources/knowledge-base/fraud-and-identity/credit-freeze).', 'a credit freeze.'],
    ['**APR**s and *APY*: rates', 'APRs and APY: rates'],
    ['- one\n- two', 'one two'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
  ])('plainText joins inline markup to its punctuation: %j → %j', (markdown, text) => {
    expect(plainText(markdown)).toBe(text);
  });
});

describe('knowledge-base synonyms (knowledge-base/synonyms.yaml)', () => {
  const SYN = 'knowledge-base/synonyms.yaml';

  it('the real file is valid and has the spellings students type', () => {
    const groups = readSynonyms(dir);
    const groupOf = (spelling: string) => groups.find((g) => g.includes(spelling));
    expect(groupOf('W4')).toContain('W-4');
    expect(groupOf('401k')).toContain('401(k)');
    expect(groupOf('roth')).toBeUndefined(); // spellings are kept as written …
    expect(groupOf('Roth')).toContain('Roth IRA');
    expect(groupOf('FICO')).toContain('credit score');
    expect(groupOf('APR')).toContain('annual percentage rate');
    // near words that are not the same thing stay apart: APR includes fees, and an ETF may be actively managed
    expect(groupOf('APR')).not.toContain('interest rate');
    expect(groupOf('ETF')).not.toContain('index fund');
    // … and the knowledge base beside the file still reads
    expect(readKnowledgeBase(dir).length).toBe(Object.keys(KB_ARTICLES).length);
  });

  it('no file is no synonyms', () => {
    unlinkSync(file(SYN));
    expect(readSynonyms(dir)).toEqual([]);
  });

  it.each([
    ['not YAML', '- [W-4, W4\n', /is not valid YAML/],
    ['not a list', 'W-4: W4\n', /must be a list of groups/],
    ['a group that is not a list', '- W-4\n', /group 1 must be a list of spellings/],
    ['a group of one', '- [W-4]\n', /group 1 must list at least 2 spellings/],
    ['a spelling that is not text', '- [W-4, [W4]]\n', /group 1, spelling 2 must be text/],
    ['a spelling without letters or digits', '- [W-4, "--"]\n', /group 1, spelling 2 \("--"\) has no letters or digits/],
    ['a spelling of common words only', '- [W-4, the]\n', /group 1: "the" has only common words/],
    ['a spelling of five words', '- [W-4, one two three four five]\n', /has 5 words; a spelling has at most 4/],
    ['a spelling over 60 characters', `- [W-4, ${'x'.repeat(61)}]\n`, /longer than 60 characters/],
    ['a spelling in two groups', '- [W-4, W4]\n- [W-2, w 4]\n', /group 2: "w 4" is also in group 1 \(as "W-4"\)/],
  ])('refuses %s, naming the file and the group', (_name, text, problem) => {
    write(SYN, text);
    let error: unknown;
    try {
      readSynonyms(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).file).toBe(SYN);
    expect((error as ContentError).problem).toMatch(problem);
  });
});
