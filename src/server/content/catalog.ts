/**
 * Reads content/catalog into a validated tree (docs/content-format.md):
 *   catalog/<module>/module.md, catalog/<module>/<material>/material.md,
 *   catalog/<module>/<material>/<section>.md (3+), catalog/<module>/<material>/review.md,
 *   catalog/<module>/guide.md (optional: the teacher guide's prompts and activity)
 * The first problem stops the read with a ContentError naming the file and the problem.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_LIMITS as L, type QuestionType } from '../../common/catalog';
import { guideSchema, materialSchema, moduleSchema, multipleChoiceSchema, multipleSelectSchema, numericSchema, reviewSchema, sectionSchema, trueFalseSchema } from './catalogSchema';
import { checkSlug, contentNames, inOrder, isDirectory, validate } from './contentFolder';
import { expandFigures, readFigures } from './figures';
import { ContentError, readMarkdownFile, type MarkdownFile } from './frontMatter';
import { checkMarkdown, wordCount } from './markdown';
import { readStandards, STANDARDS_FILE, type Benchmark, type Standards } from './standards';

export interface CatalogQuestion {
  type: QuestionType;
  prompt: string;
  choices: string[] | null;
  /** a choice index, choice indexes (multiple select), a number (numeric) or true/false */
  answer: number | number[] | boolean;
  /** numeric only: how far from `answer` still counts as right (0 when not given) */
  tolerance?: number;
  /** numeric only: what the number counts ("dollars") */
  unit?: string;
  explanation: string;
  /**
   * the slug of the section of the same material the question tests (a missed question links to
   * it); null when the file names none, which `npm run content:check` reports
   */
  section: string | null;
}

export interface CatalogReview {
  title: string;
  passingScore: number | null;
  /** questions shown per attempt, drawn from the bank (null: every question, in the file's order) */
  draw: number | null;
  questions: CatalogQuestion[];
}

export interface CatalogSection {
  slug: string;
  title: string;
  order: number;
  estimatedMinutes: number;
  kbArticles: string[];
  /** benchmark ids (content/standards.yaml) the section teaches */
  standards: string[];
  /** why the reading grade is outside 8–10, when it is */
  readabilityNote: string | null;
  body: string;
}

export interface CatalogMaterial {
  slug: string;
  title: string;
  order: number;
  summary: string;
  body: string;
  sections: CatalogSection[];
  review: CatalogReview;
}

/** A module's teacher guide file (guide.md): what a teacher adds to what the content already says. */
export interface CatalogGuide {
  discussionPrompts: string[];
  activity: { title: string; minutes: number; materials: string[]; steps: string[] };
  worksheets: string[];
  pacingNotes: string | null;
}

export interface CatalogModule {
  slug: string;
  title: string;
  order: number;
  summary: string;
  objectives: string[];
  estimatedMinutes: number;
  body: string;
  materials: CatalogMaterial[];
  /** null: the module has no guide.md yet (its guide shows only what the content gives) */
  guide: CatalogGuide | null;
  /** the benchmarks its sections name, with their statements (content/standards.yaml), in the file's order */
  benchmarks: Benchmark[];
}

export const GUIDE_FILE = 'guide.md';

/** What the import keeps of a module for its guide (content_modules.guide, JSON). */
export interface StoredGuide {
  file: CatalogGuide | null;
  benchmarks: Benchmark[];
  /** "<material>/<section>" → the benchmark ids the section names */
  sectionStandards: Record<string, string[]>;
}

export function storedGuideOf(m: Pick<CatalogModule, 'guide' | 'benchmarks' | 'materials'>): StoredGuide {
  const sectionStandards: Record<string, string[]> = {};
  for (const mat of m.materials) for (const s of mat.sections) if (s.standards.length > 0) sectionStandards[`${mat.slug}/${s.slug}`] = s.standards;
  return { file: m.guide, benchmarks: m.benchmarks, sectionStandards };
}

function readGuide(abs: string, file: string, refs: Refs): CatalogGuide {
  const md = refs.read(abs, file);
  const data = validate<{ discussionPrompts: string[]; activity: CatalogGuide['activity']; worksheets?: string[]; pacingNotes?: string }>(guideSchema, md.data, file);
  return { discussionPrompts: data.discussionPrompts, activity: data.activity, worksheets: data.worksheets ?? [], pacingNotes: data.pacingNotes ?? null };
}

/** The benchmarks the module's sections name, in standards.yaml's order. */
function benchmarksOf(materials: readonly CatalogMaterial[], standards: Standards | null): Benchmark[] {
  const named = new Set(materials.flatMap((mat) => mat.sections.flatMap((s) => s.standards)));
  return (standards?.topics ?? []).flatMap((topic) => topic.benchmarks.filter((b) => named.has(b.id)));
}

/** What files refer to beyond their own folder: the figures ledger and the standards. */
interface Refs {
  standards: Standards | null;
  read(abs: string, file: string): MarkdownFile;
}

function entries(absDir: string): { name: string; dir: boolean }[] {
  return contentNames(absDir).map((name) => ({ name, dir: statSync(path.join(absDir, name)).isDirectory() }));
}

export function checkBody(md: MarkdownFile, required: string): void {
  if (md.body.trim() === '') throw new ContentError(md.file, `needs ${required} as Markdown after the front matter`);
  const problem = checkMarkdown(md.body);
  if (problem) throw new ContentError(md.file, problem);
}

/** A question's `section`, checked against the material's section slugs. */
export function sectionOf(raw: object, sectionSlugs: readonly string[], file: string, where: string): string | null {
  const section = (raw as { section?: unknown }).section;
  if (section === undefined || section === null) return null;
  if (typeof section !== 'string' || !sectionSlugs.includes(section)) {
    throw new ContentError(file, `${where}section ${JSON.stringify(section)} is not a section of this material (its sections: ${sectionSlugs.join(', ')})`);
  }
  return section;
}

function readReview(abs: string, file: string, sectionSlugs: readonly string[]): CatalogReview {
  const md = readMarkdownFile(abs, file);
  const data = validate<{ title: string; passingScore?: number; draw?: number; questions: unknown[] }>(reviewSchema, md.data, file);
  const questions = data.questions.map((raw, index): CatalogQuestion => {
    const where = `question ${index + 1}: `;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ContentError(file, `${where}must be a set of fields`);
    const question = readQuestion(raw, file, where);
    return { ...question, section: sectionOf(raw, sectionSlugs, file, where) };
  });
  return { title: data.title, passingScore: data.passingScore ?? null, draw: data.draw ?? null, questions };
}

export function readQuestion(raw: object, file: string, where: string): Omit<CatalogQuestion, 'section'> {
  const type = (raw as { type?: unknown }).type;
  if (type === 'multiple-choice') {
    const q = validate<{ prompt: string; choices: string[]; answer: number; explanation: string }>(multipleChoiceSchema, raw, file, where);
    return { type, prompt: q.prompt, choices: q.choices, answer: q.answer, explanation: q.explanation };
  }
  if (type === 'true-false') {
    const q = validate<{ prompt: string; answer: boolean; explanation: string }>(trueFalseSchema, raw, file, where);
    return { type, prompt: q.prompt, choices: null, answer: q.answer, explanation: q.explanation };
  }
  if (type === 'multiple-select') {
    const q = validate<{ prompt: string; choices: string[]; answer: number[]; explanation: string }>(multipleSelectSchema, raw, file, where);
    return { type, prompt: q.prompt, choices: q.choices, answer: [...q.answer].sort((a, b) => a - b), explanation: q.explanation };
  }
  if (type === 'numeric') {
    const q = validate<{ prompt: string; answer: number; tolerance?: number; unit?: string; explanation: string }>(numericSchema, raw, file, where);
    return { type, prompt: q.prompt, choices: null, answer: q.answer, tolerance: q.tolerance ?? 0, unit: q.unit, explanation: q.explanation };
  }
  throw new ContentError(file, `${where}type must be multiple-choice, multiple-select, numeric or true-false (got ${JSON.stringify(type ?? null)})`);
}

function readMaterial(root: string, rel: string, slug: string, refs: Refs): CatalogMaterial {
  const abs = path.join(root, rel);
  const materialFile = `${rel}/material.md`;
  const list = entries(abs);
  if (!list.some((e) => e.name === 'material.md' && !e.dir)) throw new ContentError(materialFile, 'is missing (every material folder needs a material.md)');
  if (!list.some((e) => e.name === 'review.md' && !e.dir)) throw new ContentError(`${rel}/review.md`, 'is missing (every material needs a review)');
  const md = refs.read(path.join(abs, 'material.md'), materialFile);
  const data = validate<{ title: string; order: number; summary: string }>(materialSchema, md.data, materialFile);
  checkBody(md, 'a short introduction');

  const sections: (CatalogSection & { file: string })[] = [];
  for (const entry of list) {
    const file = `${rel}/${entry.name}`;
    if (entry.name === 'material.md' || entry.name === 'review.md') continue;
    if (entry.dir || !entry.name.endsWith('.md')) throw new ContentError(file, 'is not expected here (a material folder holds material.md, review.md and <section-slug>.md files)');
    const sectionSlug = entry.name.slice(0, -3);
    checkSlug(sectionSlug, file);
    const smd = refs.read(path.join(abs, entry.name), file);
    const s = validate<{ title: string; order: number; estimatedMinutes: number; kbArticles?: string[]; standards?: string[]; 'readability-note'?: string }>(
      sectionSchema,
      smd.data,
      file,
    );
    for (const id of s.standards ?? []) {
      if (!refs.standards?.ids.has(id)) throw new ContentError(file, `standards entry "${id}" is not a benchmark listed in ${STANDARDS_FILE}`);
    }
    checkBody(smd, 'the reading');
    const words = wordCount(smd.body);
    if (words < L.sectionWordsMin || words > L.sectionWordsMax) {
      throw new ContentError(file, `the reading has ${words} words; a section needs ${L.sectionWordsMin}–${L.sectionWordsMax}`);
    }
    sections.push({
      slug: sectionSlug,
      title: s.title,
      order: s.order,
      estimatedMinutes: s.estimatedMinutes,
      kbArticles: s.kbArticles ?? [],
      standards: s.standards ?? [],
      readabilityNote: s['readability-note'] ?? null,
      body: smd.body,
      file,
    });
  }
  if (sections.length < L.sectionsMin) {
    throw new ContentError(rel, `has ${sections.length} section${sections.length === 1 ? '' : 's'}; a material needs at least ${L.sectionsMin}`);
  }
  const ordered = inOrder(sections, 'sections of a material');
  const review = readReview(path.join(abs, 'review.md'), `${rel}/review.md`, ordered.map((s) => s.slug));
  return {
    slug,
    title: data.title,
    order: data.order,
    summary: data.summary,
    body: md.body,
    sections: ordered,
    review,
  };
}

function readModule(root: string, rel: string, slug: string, refs: Refs): CatalogModule {
  const abs = path.join(root, rel);
  const moduleFile = `${rel}/module.md`;
  const list = entries(abs);
  if (!list.some((e) => e.name === 'module.md' && !e.dir)) throw new ContentError(moduleFile, 'is missing (every module folder needs a module.md)');
  const md = refs.read(path.join(abs, 'module.md'), moduleFile);
  const data = validate<{ title: string; order: number; summary: string; objectives: string[]; estimatedMinutes: number }>(moduleSchema, md.data, moduleFile);
  checkBody(md, 'an overview');
  const materials: (CatalogMaterial & { file: string })[] = [];
  let guide: CatalogGuide | null = null;
  for (const entry of list) {
    if (entry.name === 'module.md') continue;
    if (entry.name === GUIDE_FILE && !entry.dir) {
      guide = readGuide(path.join(abs, GUIDE_FILE), `${rel}/${GUIDE_FILE}`, refs);
      continue;
    }
    const childRel = `${rel}/${entry.name}`;
    if (!entry.dir) throw new ContentError(childRel, 'is not expected here (a module folder holds module.md, an optional guide.md and material folders)');
    checkSlug(entry.name, childRel);
    materials.push({ ...readMaterial(root, childRel, entry.name, refs), file: `${childRel}/material.md` });
  }
  if (materials.length === 0) throw new ContentError(rel, 'has no materials; a module needs at least one material folder');
  const ordered = inOrder(materials, 'materials of a module');
  return { slug, ...data, body: md.body, materials: ordered, guide, benchmarks: benchmarksOf(ordered, refs.standards) };
}

/** Reads and validates `<contentDir>/catalog`. Messages name files relative to contentDir. */
export function readCatalog(contentDir: string): CatalogModule[] {
  const rel = 'catalog';
  const abs = path.join(contentDir, rel);
  if (!isDirectory(abs)) throw new ContentError(rel, `folder is missing in ${contentDir}`);
  const figures = readFigures(contentDir);
  const refs: Refs = {
    standards: readStandards(contentDir),
    read: (absFile, file) => readMarkdownFile(absFile, file, (text) => expandFigures(text, figures, file)),
  };
  const modules: (CatalogModule & { file: string })[] = [];
  for (const entry of entries(abs)) {
    const childRel = `${rel}/${entry.name}`;
    if (!entry.dir) throw new ContentError(childRel, 'is not expected here (catalog/ holds one folder per module)');
    checkSlug(entry.name, childRel);
    modules.push({ ...readModule(contentDir, childRel, entry.name, refs), file: `${childRel}/module.md` });
  }
  if (modules.length === 0) throw new ContentError(rel, 'has no modules');
  return inOrder(modules, 'modules');
}
