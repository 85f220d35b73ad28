/**
 * `npm run content:generate`: writes src/common/figures.ts (the figures ledger for the worksheets)
 * and docs/standards.md (the benchmarks and the sections that teach them) from content/.
 * `npm run content:check`: validates the content as the import does, then reports each section's
 * reading grade, the review banks' figures (reviewQuality.ts), recurring characters' disagreements, the figures older than the current tax year (with the files to recompute) and the
 * benchmarks no section teaches, and the glossary's duplicate terms (warnings). Exits 1 when a section is outside grades 8–10 without a note,
 * a review question names no section it tests, a Spanish twin (content/es) differs from its English file, or a generated file is out of date;
 * stale figures and known gaps are listed, not failed, and so is the Spanish coverage per module (files translated / total).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readCatalog } from '../../src/server/content/catalog';
import { CHARACTERS_FILE, checkCharacters, contentTexts, readCharacters } from '../../src/server/content/characters';
import { describeFigure, figureUses, figuresModule, GENERATED_FIGURES_FILE, questionsWithoutSection, sectionKey, STANDARDS_DOC, standardsDoc } from '../../src/server/content/contentReport';
import { currentTaxYear, readFigures, staleFigures } from '../../src/server/content/figures';
import { buildGlossary } from '../../src/server/content/glossary';
import { readKnowledgeBase } from '../../src/server/content/knowledgeBase';
import type { ContentError } from '../../src/server/content/frontMatter';
import { TRANSLATION_LANGUAGES, readTranslation } from '../../src/server/content/translation';
import { courseQuality, percent, REVIEW_BOUNDS } from '../../src/server/content/reviewQuality';
import { coverage, readStandards } from '../../src/server/content/standards';
import { GRADE_MAX, GRADE_MIN, inBand, readingGrade } from './readability';

const ROOT = path.resolve(__dirname, '../..');
const CONTENT = path.join(ROOT, 'content');

function generated(): { file: string; text: string }[] {
  const standards = readStandards(CONTENT);
  if (!standards) throw new Error('content/standards.yaml is missing');
  return [
    { file: GENERATED_FIGURES_FILE, text: figuresModule(readFigures(CONTENT)) },
    { file: STANDARDS_DOC, text: standardsDoc(standards, readCatalog(CONTENT)) },
  ];
}

function generate(): void {
  for (const { file, text } of generated()) {
    writeFileSync(path.join(ROOT, file), text);
    console.log(`wrote ${file}`);
  }
}

function check(): number {
  let failures = 0;
  const modules = readCatalog(CONTENT);
  console.log(`Reading grade (Flesch–Kincaid, prose only; aim ${GRADE_MIN}–${GRADE_MAX})`);
  for (const m of modules)
    for (const mat of m.materials)
      for (const s of mat.sections) {
        const grade = readingGrade(s.body);
        const mark = inBand(grade) ? 'ok  ' : s.readabilityNote ? 'note' : 'FAIL';
        if (mark === 'FAIL') failures += 1;
        console.log(`  ${mark} ${grade.toFixed(1).padStart(5)}  ${sectionKey(m, mat, s)}${mark === 'note' ? `  (${s.readabilityNote})` : ''}`);
      }

  // a missed question links to the section it tests; the teacher's "what the class got wrong" groups by it
  const unplaced = questionsWithoutSection(modules);
  const questionCount = modules.reduce((n, m) => n + m.materials.reduce((k, mat) => k + mat.review.questions.length, 0), 0);
  console.log(`\nReview questions that name no section: ${unplaced.length} of ${questionCount}`);
  for (const where of unplaced) console.log(`  FAIL ${where}: add \`section: <section-slug>\` (a section file of the same material)`);
  failures += unplaced.length;

  failures += reviewReport(modules);

  // recurring characters keep one story (content/characters.yaml)
  const characters = readCharacters(CONTENT);
  const told = checkCharacters(characters, contentTexts(modules, readKnowledgeBase(CONTENT)));
  console.log(`\nRecurring characters (${CHARACTERS_FILE}): ${characters.map((c) => c.name).join(', ') || 'none'}; ${told.disagreements.length} disagreement${told.disagreements.length === 1 ? '' : 's'}`);
  for (const d of told.disagreements) console.log(`  FAIL ${d.where}: "${d.text}" says ${d.stated}, but ${d.character}'s ${d.fact} is ${d.expected}`);
  for (const rule of told.unused) console.log(`  FAIL ${CHARACTERS_FILE}: ${rule} matches nothing: reword it to the way the content says it`);
  failures += told.disagreements.length + told.unused.length;

  const figures = readFigures(CONTENT);
  const today = new Date();
  const stale = staleFigures(figures, today);
  const uses = figureUses(CONTENT, figures);
  console.log(`\nFigures older than tax year ${currentTaxYear(today)}: ${stale.length} of ${figures.size}`);
  for (const f of stale) console.log(`  ${f.id}: ${describeFigure(figures, f.id)}; used in ${(uses.get(f.id) ?? []).join(', ') || 'no content file'}`);

  const standards = readStandards(CONTENT);
  if (standards) {
    const covered = coverage(
      standards,
      modules.flatMap((m) => m.materials.flatMap((mat) => mat.sections.map((s) => ({ key: sectionKey(m, mat, s), standards: s.standards })))),
    );
    const none = [...covered].filter(([, keys]) => keys.length === 0).map(([id]) => id);
    console.log(`\nBenchmarks taught by no section: ${none.length === 0 ? 'none' : none.join(', ')}`);
  }

  // a term two articles define: the first keeps it (docs/content-format.md "Glossary"); a warning, not a failure
  const glossary = buildGlossary(readKnowledgeBase(CONTENT));
  console.log(`\nGlossary: ${glossary.entries.length} terms; ${glossary.duplicates.length} duplicate${glossary.duplicates.length === 1 ? '' : 's'}`);
  for (const d of glossary.duplicates) console.log(`  WARN "${d.term}" in knowledge-base/${d.dropped}.md is already defined by knowledge-base/${d.kept}.md (that one is kept)`);

  failures += translationReport(modules);

  for (const { file, text } of generated()) {
    if (readFileSync(path.join(ROOT, file), 'utf8') !== text) {
      failures += 1;
      console.log(`\nFAIL ${file} is out of date: run npm run content:generate`);
    }
  }
  return failures;
}

/** Each language's twins (content/es …): coverage per module, every parity or validation problem a failure. */
function translationReport(modules: ReturnType<typeof readCatalog>): number {
  const knowledgeBase = readKnowledgeBase(CONTENT);
  let failures = 0;
  for (const language of TRANSLATION_LANGUAGES) {
    const problems: ContentError[] = [];
    const t = readTranslation(CONTENT, language, { modules, knowledgeBase }, (problem) => problems.push(problem));
    const articles = knowledgeBase.reduce((n, topic) => n + topic.articles.length, 0);
    const total = t.coverage.reduce((sum, c) => ({ translated: sum.translated + c.translated, total: sum.total + c.total }), { translated: 0, total: 0 });
    console.log(`
Translation into "${language}" (content/${language}): ${total.translated}/${total.total} catalog files, ${t.articles.size}/${articles} articles, ${t.topics.size}/${knowledgeBase.length} topics`);
    for (const c of t.coverage) console.log(`  ${`${c.translated}/${c.total}`.padStart(7)}  ${c.module}`);
    for (const problem of problems) console.log(`  FAIL ${problem.message}`);
    failures += problems.length;
  }
  return failures;
}

/** The review banks against REVIEW_BOUNDS (docs/content-review.md "Review banks"): per bank, then the course. */
function reviewReport(modules: ReturnType<typeof readCatalog>): number {
  const q = courseQuality(modules);
  console.log('\nReview banks: right answer longest (single choice), all but one right (multiple select), true (true/false), what tricks alone score');
  for (const b of q.banks) {
    const flags = [...b.duplicates.map((d) => `questions ${d}`), ...b.outsideFinance].join('; ');
    console.log(
      `  ${`${b.longestRight}/${b.singleChoice}`.padStart(6)} ${`${b.allButOne}/${b.multipleSelect}`.padStart(6)} ${`${b.answeredTrue}/${b.trueFalse}`.padStart(6)} ${percent(b.trickScore).padStart(5)}  ${b.key}${flags ? `  (${flags})` : ''}`,
    );
  }
  const B = REVIEW_BOUNDS;
  console.log(`Course: right answer longest ${percent(q.longestRightShare)} (≤ ${percent(B.longestRightMax)}); all but one ${percent(q.allButOneShare)} (≤ ${percent(B.allButOneMax)}); true ${percent(q.trueShare)} (${percent(B.trueShareMin)}–${percent(B.trueShareMax)}); tricks' median ${percent(q.trickMedian)} (≤ ${percent(B.trickMedianMax)})`);
  for (const line of q.beyondBounds) console.log(`  FAIL ${line}`);
  return q.beyondBounds.length;
}

const command = process.argv[2];
if (command === 'generate') generate();
else if (command === 'check') process.exitCode = check() > 0 ? 1 : 0;
else {
  console.error('usage: content/run.ts generate|check');
  process.exitCode = 2;
}
