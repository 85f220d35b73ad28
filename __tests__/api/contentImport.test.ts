/** The importer: one transaction, a content version, re-import only on change, nothing half-imported. */
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { ContentError } from '../../src/server/content/frontMatter';
import { currentContentHash, importContent, importContentIfChanged } from '../../src/server/content/importContent';
import { createTestApp, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
// each test builds a fresh database; on a busy 2-core machine that can take a few seconds
jest.setTimeout(30_000);
let t: TestApp;
let dir: string;

beforeEach(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-import-'));
  cpSync(FIXTURE, dir, { recursive: true });
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (table: 'content_modules' | 'content_sections' | 'content_questions' | 'content_versions') =>
  (await t.db.selectFrom(table).selectAll().execute()).length;

it('imports the whole tree and records the content version', async () => {
  const result = await importContent(t.db, dir, t.clock());
  expect(result).toMatchObject({ imported: true, modules: 1, materials: 1, sections: 3, questions: 5, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  expect(await currentContentHash(t.db)).toBe(result.hash);
  expect(await count('content_sections')).toBe(3);
  const q = await t.db.selectFrom('content_questions').select(['answer', 'choices']).orderBy('position').execute();
  expect(q.map((x) => JSON.parse(x.answer))).toEqual([0, false, 1, true, 1]);
});

it('at start-up re-imports only when the content changed', async () => {
  await importContentIfChanged(t.db, dir, t.clock());
  expect((await importContentIfChanged(t.db, dir, t.clock())).imported).toBe(false);
  const file = path.join(dir, 'catalog/budgeting/module.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Budgeting Basics', 'Budgeting Basics, Revised'));
  const again = await importContentIfChanged(t.db, dir, t.clock());
  expect(again.imported).toBe(true);
  expect(await count('content_modules')).toBe(1);
  expect(await count('content_versions')).toBe(2);
  expect((await t.db.selectFrom('content_modules').select('title').executeTakeFirstOrThrow()).title).toBe('Budgeting Basics, Revised');
});

it('a bad file stops the import with its name, and nothing is half-imported (the previous catalog stays)', async () => {
  await importContent(t.db, dir, t.clock());
  const review = path.join(dir, 'catalog/budgeting/first-budget/review.md');
  writeFileSync(review, readFileSync(review, 'utf8').replace('answer: 0', 'answer: 9'));
  const section = path.join(dir, 'catalog/budgeting/first-budget/needs-and-wants.md');
  writeFileSync(section, readFileSync(section, 'utf8').replace('Needs and Wants', 'Changed Title'));
  await expect(importContent(t.db, dir, t.clock())).rejects.toThrow(ContentError);
  await expect(importContent(t.db, dir, t.clock())).rejects.toThrow('catalog/budgeting/first-budget/review.md: question 1: answer 9 is not an index of choices');
  expect(await count('content_versions')).toBe(1);
  expect(await count('content_questions')).toBe(5);
  const titles = (await t.db.selectFrom('content_sections').select('title').execute()).map((s) => s.title);
  expect(titles).toContain('Needs and Wants');
});

it('a failure inside the transaction rolls everything back', async () => {
  await importContent(t.db, dir, t.clock());
  // valid content, then a database failure in the middle of the writes
  if (t.config.databaseUrl) {
    // PostgreSQL (npm run test:pg): triggers call a function
    await sql`CREATE FUNCTION injected_failure() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql`.execute(t.db);
    await sql`CREATE TRIGGER injected_failure BEFORE INSERT ON content_questions FOR EACH ROW EXECUTE FUNCTION injected_failure()`.execute(t.db);
  } else {
    await sql`CREATE TRIGGER injected_failure BEFORE INSERT ON content_questions BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(t.db);
  }
  // (the rejection is read as text: better-sqlite3's error class comes from outside jest's realm)
  const failure = await importContent(t.db, dir, t.clock()).then(
    () => 'no failure',
    (error: unknown) => String(error),
  );
  expect(failure).toMatch(/injected failure/);
  expect(await count('content_modules')).toBe(1);
  expect(await count('content_versions')).toBe(1);
});

describe('Spanish twins (content/es)', () => {
  const twins = path.resolve(__dirname, '../fixtures/content-es');
  const translations = async () => (await t.db.selectFrom('content_translations').select(['kind', 'key']).orderBy('kind').orderBy('key').execute()).map((r) => `${r.kind} ${r.key}`);

  it('imports a partial tree beside the English, and a new twin is a new import', async () => {
    cpSync(twins, dir, { recursive: true });
    await importContentIfChanged(t.db, dir, t.clock());
    expect(await translations()).toEqual(['material budgeting/first-budget', 'module budgeting', 'review budgeting/first-budget', 'section budgeting/first-budget/needs-and-wants']);
    expect(await count('content_sections')).toBe(3);
    expect((await importContentIfChanged(t.db, dir, t.clock())).imported).toBe(false);
    rmSync(path.join(dir, 'es/catalog/budgeting/first-budget/review.md'));
    expect((await importContentIfChanged(t.db, dir, t.clock())).imported).toBe(true);
    expect(await translations()).not.toContain('review budgeting/first-budget');
    // without content/es, no Spanish is left behind
    rmSync(path.join(dir, 'es'), { recursive: true });
    await importContentIfChanged(t.db, dir, t.clock());
    expect(await translations()).toEqual([]);
  });

  it('a twin that differs from its English file stops the import naming both, and nothing is written', async () => {
    await importContent(t.db, dir, t.clock());
    cpSync(twins, dir, { recursive: true });
    const review = path.join(dir, 'es/catalog/budgeting/first-budget/review.md');
    writeFileSync(review, readFileSync(review, 'utf8').replace('answer: 1\n    explanation: "12', 'answer: 2\n    explanation: "12'));
    await expect(importContent(t.db, dir, t.clock())).rejects.toThrow(
      'es/catalog/budgeting/first-budget/review.md: differs from catalog/budgeting/first-budget/review.md: front matter questions[3].answer: must stay 1 as in English (is 2)',
    );
    expect(await count('content_versions')).toBe(1);
    expect(await translations()).toEqual([]);
  });
});
