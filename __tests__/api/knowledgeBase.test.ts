/**
 * The knowledge base through the real server (app.inject) on a real database: SQLite by default,
 * PostgreSQL under `npm run test:pg` — so the ONE search repository is tested on both engines.
 * Imports the real content/knowledge-base.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentError, parseFrontMatter } from '../../src/server/content/frontMatter';
import { importContent } from '../../src/server/content/importContent';
import { importKnowledgeBase, importKnowledgeBaseIfChanged } from '../../src/server/content/importKnowledgeBase';
import { readKnowledgeBase, writeKnowledgeBase, type KbTopic } from '../../src/server/content/knowledgeBase';
import { searchRepository } from '../../src/server/search/repository';
import { buildGlossary } from '../../src/server/content/glossary';
import type { GlossaryEntry, KbArticleDetail, KbHome, KbSearchResult, KbTopicDetail } from '../../src/common/knowledgeBase';
import { KB_ARTICLES } from '../../src/common/catalog';
import { authHeaders, createTestApp, messageOf, serviceCall, signIn, type TestApp } from './support/testApp';
import { readFileSync } from 'node:fs';

jest.setTimeout(30_000); // imports the real content and builds a second app for the XSS case

const ROOT = path.resolve(__dirname, '../..');
const XSS_DIR = path.join(ROOT, '__tests__/fixtures/kb-xss');
const CATALOG_FIXTURE = path.join(ROOT, '__tests__/fixtures/content');

let t: TestApp;
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await importKnowledgeBase(t.db, ROOT + '/content', t.clock());
  token = (await signIn(t.app, 'learner')).token;
  otherToken = (await signIn(t.app, 'multi')).token;
});
afterAll(() => t.close());

const call = (method: string, p: string, params?: Record<string, unknown>, as = token) => serviceCall(t.app, method, p, { token: as, params });

async function search(q: unknown): Promise<KbSearchResult> {
  const response = await call('GET', '/kb/search', q === undefined ? undefined : { q });
  expect(response.statusCode).toBe(200);
  return response.json() as KbSearchResult;
}

const keys = (r: KbSearchResult) => r.results.map((hit) => `${hit.topicSlug}/${hit.slug}`);

describe('knowledge base: import and pages', () => {
  it('imports the real content: the topics of KB_ARTICLES and at least 40 articles, indexed for search', async () => {
    const topics = await t.db.selectFrom('kb_topics').select('slug').execute();
    const articles = await t.db.selectFrom('kb_articles').select('slug').execute();
    expect(topics).toHaveLength(Object.keys(KB_ARTICLES).length);
    expect(articles.length).toBeGreaterThanOrEqual(40);
  });

  it('home lists the topics in order with article counts, popular and recent articles', async () => {
    await call('GET', '/kb/articles/credit-and-debt/apr');
    await call('GET', '/kb/articles/credit-and-debt/apr');
    await call('GET', '/kb/articles/banking/overdraft');
    const home = (await call('GET', '/kb')).json() as KbHome;
    const orders = home.topics.map((x) => x.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(home.topics.map((x) => x.slug)).toEqual(Object.keys(KB_ARTICLES));
    expect(home.topics[0]).toMatchObject({ slug: 'budgeting-and-spending', articleCount: 6 });
    expect(home.popular.slice(0, 2).map((a) => `${a.topicSlug}/${a.slug}`)).toEqual(['credit-and-debt/apr', 'banking/overdraft']);
    expect(home.recent).toHaveLength(5);
    const dates = home.recent.map((a) => a.updated);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('a topic lists its articles; an unknown topic is 404 with a message', async () => {
    const topic = (await call('GET', '/kb/topics/credit-and-debt')).json() as KbTopicDetail;
    expect(topic.title).toBe('Credit and Debt');
    expect(topic.articles.map((a) => a.slug).sort()).toEqual([
      'apr', 'buy-now-pay-later', 'credit-report', 'credit-score', 'credit-utilization', 'debt-avalanche-and-snowball', 'minimum-payment', 'mortgage',
      'secured-credit-card', 'student-loans',
    ]);
    const missing = await call('GET', '/kb/topics/no-such-topic');
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe('Topic not found');
  });

  it('an article has key terms, resolved related articles and rendered HTML; unknown is 404', async () => {
    const apr = (await call('GET', '/kb/articles/credit-and-debt/apr')).json() as KbArticleDetail;
    expect(apr.keyTerms.length).toBeGreaterThanOrEqual(2);
    expect(apr.related.map((r) => `${r.topicSlug}/${r.slug}`)).toEqual([
      'credit-and-debt/minimum-payment',
      'saving-and-investing/compound-interest',
      'banking/savings-account',
      'banking/debit-vs-credit-cards',
    ]);
    expect(apr.bodyHtml).toContain('<h2>What it is</h2>');
    expect(apr.bodyHtml).toContain('href="/app/resources/knowledge-base/saving-and-investing/compound-interest"');
    for (const p of ['/kb/articles/credit-and-debt/nope', '/kb/articles/nope/apr']) {
      const response = await call('GET', p);
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Article not found');
    }
  });

  it('bookmarks an article for this learner only (kind article), and removes it', async () => {
    expect(((await call('PUT', '/kb/articles/credit-and-debt/apr/bookmark')).json() as { bookmarked: boolean }).bookmarked).toBe(true);
    expect((await call('PUT', '/kb/articles/credit-and-debt/apr/bookmark')).statusCode).toBe(200); // idempotent
    expect(((await call('GET', '/kb/articles/credit-and-debt/apr')).json() as KbArticleDetail).bookmarked).toBe(true);
    expect(((await call('GET', '/kb/articles/credit-and-debt/apr', undefined, otherToken)).json() as KbArticleDetail).bookmarked).toBe(false);
    const rows = await t.db.selectFrom('bookmarks').selectAll().where('kind', '=', 'article').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: 'credit-and-debt/apr' });
    await call('DELETE', '/kb/articles/credit-and-debt/apr/bookmark');
    expect(((await call('GET', '/kb/articles/credit-and-debt/apr')).json() as KbArticleDetail).bookmarked).toBe(false);
    expect((await call('PUT', '/kb/articles/credit-and-debt/nope/bookmark')).statusCode).toBe(404);
  });

  it('the glossary lists every key term A–Z with its definition and article, the same as the import builds it', async () => {
    const response = await call('GET', '/kb/glossary');
    expect(response.statusCode).toBe(200);
    const { entries } = response.json() as { entries: GlossaryEntry[] };
    expect(entries).toEqual(buildGlossary(readKnowledgeBase(ROOT + '/content')).entries);
    const terms = entries.map((e) => e.term.toLowerCase());
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(entries.find((e) => e.article === 'credit-and-debt/apr')).toMatchObject({ path: '/app/resources/knowledge-base/credit-and-debt/apr', definition: expect.any(String) });
    expect((await call('GET', '/kb/glossary', undefined, '')).statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/service', headers: { 'x-app-key': 'cashwise-web' }, payload: { path: '/kb' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('knowledge base: search (ranking, snippets, junk input)', () => {
  it('"APR" ranks the APR article first', async () => {
    const result = await search('APR');
    expect(result.terms).toEqual(['apr']);
    expect(keys(result)[0]).toBe('credit-and-debt/apr');
  });

  it('"interest" lists the interest articles first, each with a highlighted snippet', async () => {
    const result = await search('interest');
    expect(result.results.length).toBeGreaterThanOrEqual(5);
    expect(keys(result).slice(0, 2).sort()).toEqual(['saving-and-investing/compound-interest', 'saving-and-investing/simple-interest']);
    for (const hit of result.results) {
      expect(hit.snippet.length).toBeGreaterThan(0);
      const marked = hit.snippet.filter((s) => s.match).map((s) => s.text.toLowerCase());
      if (marked.length > 0) expect(marked.every((m) => m.startsWith('interest'))).toBe(true);
    }
    expect(result.results.filter((hit) => hit.snippet.some((s) => s.match)).length).toBeGreaterThanOrEqual(5);
  });

  it('a title match outranks a body-only match', async () => {
    const result = await search('overdraft');
    expect(keys(result)[0]).toBe('banking/overdraft');
  });

  it('matches the word being typed as a prefix, all words together first', async () => {
    expect(keys(await search('compou'))).toContain('saving-and-investing/compound-interest');
    expect(keys(await search('compound interest'))[0]).toBe('saving-and-investing/compound-interest');
  });

  it('with no article holding every word, lists the articles holding most of them (a word no article has does not empty the list)', async () => {
    const result = await search('fafsa scholarships zebra');
    expect(keys(result).slice(0, 2).sort()).toEqual(['college-and-career/fafsa', 'college-and-career/scholarships-and-grants']);
    expect(result.didYouMean).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['stars', '***'],
    ['a quote', '"'],
    ['operators only', 'AND OR'],
    ['FTS syntax', 'NEAR( -'],
    ['punctuation only', ':-(){}[]^~\\'],
    ['10 000 characters of junk', '*"('.repeat(3334)],
    ['no q at all', undefined],
    ['a boolean', true],
  ])('a junk query (%s) gives an empty result, never an error', async (_name, q) => {
    const result = await search(q);
    expect(result.results).toEqual([]);
    expect(result.terms).toEqual([]);
  });

  it('10 000 characters of words are cut, not refused', async () => {
    const result = await search('apr '.repeat(2500));
    expect(result.query.length).toBeLessThanOrEqual(200);
    expect(keys(result)[0]).toBe('credit-and-debt/apr');
  });

  it('operator-looking words and quotes inside a real query are plain words', async () => {
    expect(keys(await search('"APR" OR NOT')).at(0)).toBe('credit-and-debt/apr');
    expect(keys(await search('apr*')).at(0)).toBe('credit-and-debt/apr');
    expect(keys(await search('529')).at(0)).toBe('college-and-career/529-plan');
  });
});

describe('knowledge base: search forgives typos and knows synonyms (content/knowledge-base/synonyms.yaml)', () => {
  it.each([
    ['intrest', ['saving-and-investing/compound-interest', 'saving-and-investing/simple-interest'], 'interest'],
    ['morgage', ['credit-and-debt/mortgage'], 'mortgage'],
    ['w4', ['income-and-taxes/w-4-form'], null],
    ['401k', ['saving-and-investing/401k-plan'], null],
    ['credit card debt payoff', ['credit-and-debt/minimum-payment'], null],
    ['fico', ['credit-and-debt/credit-score'], null],
    ['roth', ['saving-and-investing/roth-ira'], null],
    ['Morgage intrest rate', ['credit-and-debt/mortgage'], 'Mortgage interest rate'],
  ])('"%s" lists a relevant article first', async (q, firsts, didYouMean) => {
    const result = await search(q);
    expect(firsts).toContain(keys(result)[0]);
    expect(result.didYouMean).toBe(didYouMean);
  });

  it('a spelling finds what its synonyms find: W-4 and W4, 401(k) and 401k; interest rate finds the APR article', async () => {
    expect(keys(await search('W-4'))[0]).toBe('income-and-taxes/w-4-form');
    expect(keys(await search('401(k)'))[0]).toBe('saving-and-investing/401k-plan');
    expect(keys(await search('interest rate'))).toContain('credit-and-debt/apr');
    expect(keys(await search('fico'))).toEqual(expect.arrayContaining(['credit-and-debt/credit-score', 'credit-and-debt/credit-report', 'credit-and-debt/mortgage']));
  });

  it('two typos in a long word are forgiven, a short word is not turned into another', async () => {
    expect(keys(await search('compuond intrest'))[0]).toBe('saving-and-investing/compound-interest');
    expect((await search('compuond intrest')).didYouMean).toBe('compound interest');
    const short = await search('txa');
    expect(short.didYouMean).toBeNull();
  });

  it('a word being typed that begins an article word is not "corrected"', async () => {
    const result = await search('mortg');
    expect(keys(result)[0]).toBe('credit-and-debt/mortgage');
    expect(result.didYouMean).toBeNull();
  });

  it('snippets have no space before punctuation', async () => {
    for (const q of ['credit score', 'interest', 'budget', 'W-4', 'overdraft']) {
      for (const hit of (await search(q)).results) {
        expect(hit.snippet.map((s) => s.text).join('')).not.toMatch(/\s[,.;:!?)]/);
      }
    }
  });
});

describe('knowledge base: import is all or nothing, and hostile text stays text', () => {
  it('a bad file stops the import naming it, and the previous knowledge base stays whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-kb-bad-'));
    try {
      cpSync(path.join(ROOT, 'content/knowledge-base'), path.join(dir, 'knowledge-base'), { recursive: true });
      cpSync(path.join(ROOT, 'content/figures.yaml'), path.join(dir, 'figures.yaml')); // the articles' {{figure:…}} ledger
      writeFileSync(path.join(dir, 'knowledge-base/insurance/car-insurance.md'), '---\ntitle: Broken\n---\nNo.\n');
      await expect(importKnowledgeBase(t.db, dir)).rejects.toThrow(ContentError);
      await expect(importKnowledgeBase(t.db, dir)).rejects.toThrow(/knowledge-base\/insurance\/car-insurance\.md: /);
      expect((await t.db.selectFrom('kb_articles').select('id').execute()).length).toBeGreaterThanOrEqual(40);
      expect(keys(await search('APR'))[0]).toBe('credit-and-debt/apr');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failure while writing rolls back the articles and their search index together', async () => {
    const before = (await t.db.selectFrom('kb_articles').select('id').execute()).length;
    const topics = readKnowledgeBase(path.join(ROOT, 'content'));
    const broken: KbTopic[] = [...topics, { ...topics[0]! }]; // the same topic slug twice: unique constraint
    // (not toThrow(): better-sqlite3's error class may come from another test file's realm)
    await expect(t.db.transaction().execute((trx) => writeKnowledgeBase(trx, broken))).rejects.toHaveProperty('message', expect.stringMatching(/unique|duplicate/i));
    expect((await t.db.selectFrom('kb_articles').select('id').execute()).length).toBe(before);
    expect(keys(await search('overdraft'))[0]).toBe('banking/overdraft');
  });

  it('imports only when the content changed', async () => {
    const first = await importKnowledgeBaseIfChanged(t.db, path.join(ROOT, 'content'));
    const second = await importKnowledgeBaseIfChanged(t.db, path.join(ROOT, 'content'));
    expect(second.imported).toBe(false);
    expect(first.hash).toBe(second.hash);
  });

  it('the catalog import brings the knowledge base along in its one transaction', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-content-'));
    try {
      cpSync(CATALOG_FIXTURE, dir, { recursive: true });
      cpSync(path.join(ROOT, 'content/knowledge-base'), path.join(dir, 'knowledge-base'), { recursive: true });
      cpSync(path.join(ROOT, 'content/figures.yaml'), path.join(dir, 'figures.yaml')); // the articles' {{figure:…}} ledger
      const result = await importContent(t.db, dir, t.clock());
      expect(result.knowledgeBase?.topics).toBe(Object.keys(KB_ARTICLES).length);
      expect(result.knowledgeBase?.articles).toBeGreaterThanOrEqual(40);
      expect(keys(await search('APR'))[0]).toBe('credit-and-debt/apr');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('[XSS] the hostile fixture article is refused at import, and even written past the validator it serves inert HTML', async () => {
    expect(() => readKnowledgeBase(XSS_DIR)).toThrow(/hostile\.md: raw HTML is not allowed/);
    // bypass the validator: write the parsed files as they are
    const dir = path.join(XSS_DIR, 'knowledge-base/safety');
    const article = (slug: string) => {
      const md = parseFrontMatter(readFileSync(path.join(dir, `${slug}.md`), 'utf8'), slug);
      const d = md.data as { title: string; summary: string; keyTerms: { term: string; definition: string }[]; related: string[]; updated: string };
      return { slug, ...d, body: md.body };
    };
    const scratch = await createTestApp();
    try {
      await scratch.db.transaction().execute((trx) =>
        writeKnowledgeBase(trx, [{ slug: 'safety', title: 'Safety', order: 1, summary: 's', articles: ['hostile', 'plain-one', 'plain-two'].map(article) }]),
      );
      const session = await signIn(scratch.app, 'learner');
      const response = await scratch.app.inject({
        method: 'POST',
        url: '/api/service',
        headers: authHeaders(session.token),
        payload: { path: '/kb/articles/safety/hostile' },
      });
      const { bodyHtml } = response.json() as KbArticleDetail;
      expect(bodyHtml).not.toMatch(/<script/i);
      expect(bodyHtml).not.toMatch(/<img/i);
      expect(bodyHtml).not.toMatch(/<a href="(?:javascript|data|\/\/)/i);
      expect(bodyHtml).not.toMatch(/href="[^"/]/);
      expect(bodyHtml).toContain('&lt;script&gt;');
      // the snippet is plain-text segments (whatever characters the article holds), never markup
      const found = await searchRepository(scratch.db).search('alert');
      expect(found.results[0]?.slug).toBe('hostile');
      const segments = found.results[0]!.snippet;
      expect(segments.some((s) => s.match && /alert/i.test(s.text))).toBe(true);
      for (const s of segments) expect(Object.keys(s).sort()).toEqual(['match', 'text']);
    } finally {
      await scratch.close();
    }
  });
});
