/**
 * The REAL course content in content/ (acceptance: `npm test` includes the import of all of
 * it). It must validate and import, and hold at least: the modules of MODULE_SLUGS (fixed slugs, orders
 * 1, 2, 3 …), 3+ materials each, 3+ sections per material, a review of 5+ questions (multiple choice
 * AND true/false) per material; and a semester's worth: 12+ modules, 48+ materials, 150+ sections,
 * 48+ reviews, 80+ knowledge-base articles and a glossary (their key terms) of 150+ terms.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MODULE_SLUGS } from '../../src/common/catalog';
import { readCatalog } from '../../src/server/content/catalog';
import { importContent } from '../../src/server/content/importContent';
import { readKnowledgeBase } from '../../src/server/content/knowledgeBase';
import { createTestApp, type TestApp } from './support/testApp';

const CONTENT = path.resolve(__dirname, '../../content');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('[content] content/catalog imports whole and meets the course minimums', async () => {
  if (!existsSync(path.join(CONTENT, 'catalog'))) {
    throw new Error(
      `content/catalog is missing in ${CONTENT}: the course content (written on its own branch in the format of docs/content-format.md) has not been merged yet.`,
    );
  }
  const result = await importContent(t.db, CONTENT, t.clock());
  const modules = readCatalog(CONTENT);
  const problems: string[] = [];
  const slugs = modules.map((m) => m.slug);
  if (JSON.stringify(slugs) !== JSON.stringify([...MODULE_SLUGS])) problems.push(`modules in order must be ${MODULE_SLUGS.join(', ')} (got ${slugs.join(', ')})`);
  modules.forEach((m, index) => {
    // orders are fixed per module (docs/content-format.md): 1, 2, 3 … along MODULE_SLUGS
    if (m.order !== index + 1) problems.push(`${m.slug}: order ${m.order}, expected ${index + 1}`);
    if (m.materials.length < 3) problems.push(`${m.slug}: ${m.materials.length} materials (needs 3+)`);
    for (const mat of m.materials) {
      const where = `${m.slug}/${mat.slug}`;
      if (mat.sections.length < 3) problems.push(`${where}: ${mat.sections.length} sections (needs 3+)`);
      if (mat.review.questions.length < 5) problems.push(`${where}: review has ${mat.review.questions.length} questions (needs 5+)`);
      const types = new Set(mat.review.questions.map((q) => q.type));
      if (types.size < 2) problems.push(`${where}: review must mix multiple-choice and true-false questions`);
    }
  });
  expect(problems).toEqual([]);
  expect(result.modules).toBe(MODULE_SLUGS.length);
});

it('[content] a semester: 12+ modules, 48+ materials and reviews, 150+ sections, 80+ articles, 150+ glossary terms', () => {
  const modules = readCatalog(CONTENT);
  const materials = modules.flatMap((m) => m.materials);
  const articles = readKnowledgeBase(CONTENT).flatMap((topic) => topic.articles);
  const terms = new Set(articles.flatMap((a) => a.keyTerms.map((k) => k.term.toLowerCase())));
  const counts = {
    modules: modules.length,
    materials: materials.length,
    sections: materials.reduce((n, mat) => n + mat.sections.length, 0),
    reviews: materials.filter((mat) => mat.review.questions.length > 0).length,
    articles: articles.length,
    glossaryTerms: terms.size,
  };
  const minimums = { modules: 12, materials: 48, sections: 150, reviews: 48, articles: 80, glossaryTerms: 150 };
  const short = Object.entries(minimums).filter(([key, least]) => counts[key as keyof typeof counts] < least);
  expect({ counts, short }).toEqual({ counts, short: [] });
});
