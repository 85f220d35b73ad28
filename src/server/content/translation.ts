/**
 * The Spanish twins of the course (docs/content-format.md "Spanish twins"): `content/es/` mirrors
 * `catalog/` and `knowledge-base/` with the same folder and file names, plus its own
 * `knowledge-base/synonyms.yaml`. Every twin is optional — an entity without one is served in
 * English — and is read with the English file's own rules (schemas, Markdown, links, figures from
 * the same ledger), except that a Spanish reading may run TRANSLATION_LENGTH_FACTOR longer and the
 * English readability grade does not apply. A twin must keep its English file's structure
 * (parity.ts); the first problem stops the import naming the file, or, for `content:check`, every
 * problem is collected.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_LIMITS as CL } from '../../common/catalog';
import { KB_LIMITS } from '../../common/knowledgeBase';
import { GUIDE_FILE, checkBody, readQuestion, sectionOf, type CatalogModule } from './catalog';
import { materialSchema, moduleSchema, reviewSchema, sectionSchema } from './catalogSchema';
import { contentNames, isDirectory, validate } from './contentFolder';
import { expandFigures, readFigures } from './figures';
import { ContentError, parseFrontMatter, type MarkdownFile } from './frontMatter';
import { KB_FOLDER, readArticle, type KbArticle, type KbTopic } from './knowledgeBase';
import { topicSchema } from './kbSchema';
import { SYNONYMS_FILE, readSynonyms, type SynonymGroup } from './kbSynonyms';
import { TRANSLATED, TRANSLATED_LISTS, twinParity } from './parity';
import { wordCount } from './markdown';

/** The languages the course may be translated into, and their folder under content/. */
export const TRANSLATION_LANGUAGES = ['es'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Spanish runs about 20 % longer than English: a twin's reading may be this much longer. */
export const TRANSLATION_LENGTH_FACTOR = 1.2;
export const SECTION_WORDS_MAX_TRANSLATED = Math.round(CL.sectionWordsMax * TRANSLATION_LENGTH_FACTOR);
export const ARTICLE_WORDS_MAX_TRANSLATED = Math.round(KB_LIMITS.articleWordsMax * TRANSLATION_LENGTH_FACTOR);

/** The English limits of the translated texts, by field (common/catalog.ts, common/knowledgeBase.ts). */
const ENGLISH_LIMITS: Record<string, number> = {
  title: Math.min(CL.titleMax, KB_LIMITS.titleMax),
  summary: Math.min(CL.summaryMax, KB_LIMITS.summaryMax),
  objectives: 200,
  prompt: CL.promptMax,
  choices: CL.choiceMax,
  explanation: CL.explanationMax,
  term: KB_LIMITS.termMax,
  definition: KB_LIMITS.definitionMax,
};

/**
 * A translated text as the English limits see it: one longer than its field's English limit, but
 * within TRANSLATION_LENGTH_FACTOR of it, is shortened to the limit with its first and last
 * characters kept (the checks of spaces at either end still hold). Shorter texts are left as they
 * are, so every other check (empty, all choices different…) sees the file's own text.
 */
function fit(text: string, key: string): string {
  const max = ENGLISH_LIMITS[key];
  if (max === undefined || text.length <= max || text.length > Math.floor(max * TRANSLATION_LENGTH_FACTOR)) return text;
  return text.slice(0, max - 1) + text.slice(-1);
}

/** The front matter with every translated text fitted (above), for the English schemas. */
export function fittedToEnglishLimits(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return TRANSLATED.has(key) || TRANSLATED_LISTS.has(key) ? fit(value, key) : value;
  if (Array.isArray(value)) return value.map((item) => fittedToEnglishLimits(item, TRANSLATED_LISTS.has(key) ? key : ''));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fittedToEnglishLimits(v, k)]));
  return value;
}

/** A schema's message about a length, in the translated limit ("title must be at most 96 characters"). */
function translatedLimit(error: ContentError): ContentError {
  const message = error.problem.replace(/must be at most (\d+) characters/, (_all, max: string) => `must be at most ${Math.floor(Number(max) * TRANSLATION_LENGTH_FACTOR)} characters in translation (${max} in English)`);
  return message === error.problem ? error : new ContentError(error.file, message);
}

/** `validate` with the translated texts allowed TRANSLATION_LENGTH_FACTOR longer than the English limits. */
function validateTwin<T extends object>(schema: Parameters<typeof validate>[0], md: MarkdownFile): T {
  try {
    validate<T>(schema, fittedToEnglishLimits(md.data), md.file);
  } catch (error) {
    throw error instanceof ContentError ? translatedLimit(error) : error;
  }
  // strict schemas do not transform: what passed is the file's own data
  return md.data as T;
}

export interface TranslatedQuestion {
  prompt: string;
  choices: string[] | null;
  explanation: string;
}

/** What a language says of the course, keyed by the English entity's slug path. */
export interface Translation {
  language: TranslationLanguage;
  modules: Map<string, { title: string; summary: string; objectives: string[]; body: string }>;
  materials: Map<string, { title: string; summary: string; body: string }>;
  sections: Map<string, { title: string; body: string }>;
  /** by material key; questions in the bank's order */
  reviews: Map<string, { title: string; questions: TranslatedQuestion[] }>;
  topics: Map<string, { title: string; summary: string }>;
  /** by "<topic>/<article>" */
  articles: Map<string, KbArticle>;
  synonyms: SynonymGroup[];
  /** per module: files with a twin / files that may have one (module, materials, sections, reviews) */
  coverage: { module: string; translated: number; total: number }[];
}

export function emptyTranslation(language: TranslationLanguage): Translation {
  return { language, modules: new Map(), materials: new Map(), sections: new Map(), reviews: new Map(), topics: new Map(), articles: new Map(), synonyms: [], coverage: [] };
}

const isFile = (abs: string): boolean => {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
};

/** The English file, as written (placeholders not replaced): what its twin is compared with. */
function rawFile(contentDir: string, rel: string): MarkdownFile {
  return parseFrontMatter(readFileSync(path.join(contentDir, rel), 'utf8'), rel);
}

/** The English content a language's twins are read against; without `modules`, the catalog is not read (a knowledge-base import). */
export interface TranslatedParts {
  modules?: readonly CatalogModule[];
  knowledgeBase: readonly KbTopic[];
}

/**
 * Reads `<contentDir>/<language>/`. `onProblem` receives each problem (default: throw it, which
 * stops the import); a twin with a problem is left out, so the English file is served.
 */
export function readTranslation(
  contentDir: string,
  language: TranslationLanguage,
  english: TranslatedParts,
  onProblem: (problem: ContentError) => void = (problem) => {
    throw problem;
  },
): Translation {
  const out = emptyTranslation(language);
  // without the folder every entity is English (and the coverage says 0 of each module's files)
  const present = isDirectory(path.join(contentDir, language));
  const figures = readFigures(contentDir);
  const expected = new Set<string>();

  /** The twin of `rel` (relative to the content folder) when there is one, read and compared with its English file. */
  const twin = (rel: string, compareBodies = true): MarkdownFile | null => {
    const esRel = `${language}/${rel}`;
    expected.add(esRel);
    const abs = path.join(contentDir, esRel);
    if (!present || !isFile(abs)) return null;
    try {
      const raw = parseFrontMatter(readFileSync(abs, 'utf8'), esRel);
      const problems = twinParity(rawFile(contentDir, rel), raw, compareBodies);
      if (problems.length > 0) throw new ContentError(esRel, `differs from ${rel}: ${problems.join('; ')}`);
      return parseFrontMatter(expandFigures(readFileSync(abs, 'utf8'), figures, esRel), esRel);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      onProblem(error);
      return null;
    }
  };
  /** Runs a twin's own checks; a problem is reported and the twin left out. */
  const checked = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      onProblem(error);
      return null;
    }
  };

  for (const m of english.modules ?? []) {
    const tally = { module: m.slug, translated: 0, total: 0 };
    const count = (found: unknown) => {
      tally.total += 1;
      if (found) tally.translated += 1;
    };
    expected.add(`${language}/catalog/${m.slug}`);
    const md = twin(`catalog/${m.slug}/module.md`);
    const mod = md && checked(() => {
      const data = validateTwin<{ title: string; summary: string; objectives: string[] }>(moduleSchema, md);
      checkBody(md, 'an overview');
      return { title: data.title, summary: data.summary, objectives: data.objectives, body: md.body };
    });
    if (mod) out.modules.set(m.slug, mod);
    count(mod);
    for (const mat of m.materials) {
      const key = `${m.slug}/${mat.slug}`;
      expected.add(`${language}/catalog/${key}`);
      const matMd = twin(`catalog/${key}/material.md`);
      const material = matMd && checked(() => {
        const data = validateTwin<{ title: string; summary: string }>(materialSchema, matMd);
        checkBody(matMd, 'a short introduction');
        return { title: data.title, summary: data.summary, body: matMd.body };
      });
      if (material) out.materials.set(key, material);
      count(material);
      for (const s of mat.sections) {
        const sMd = twin(`catalog/${key}/${s.slug}.md`);
        const section = sMd && checked(() => {
          const data = validateTwin<{ title: string }>(sectionSchema, sMd);
          checkBody(sMd, 'the reading');
          const words = wordCount(sMd.body);
          if (words < CL.sectionWordsMin || words > SECTION_WORDS_MAX_TRANSLATED) {
            throw new ContentError(sMd.file, `the reading has ${words} words; a translated section needs ${CL.sectionWordsMin}–${SECTION_WORDS_MAX_TRANSLATED}`);
          }
          return { title: data.title, body: sMd.body };
        });
        if (section) out.sections.set(`${key}/${s.slug}`, section);
        count(section);
      }
      const rMd = twin(`catalog/${key}/review.md`, false);
      const review = rMd && checked(() => {
        const data = validateTwin<{ title: string; questions: unknown[] }>(reviewSchema, rMd);
        const slugs = mat.sections.map((s) => s.slug);
        const questions = data.questions.map((raw, index): TranslatedQuestion => {
          const where = `question ${index + 1}: `;
          if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ContentError(rMd.file, `${where}must be a set of fields`);
          let fitted: ReturnType<typeof readQuestion>;
          try {
            fitted = readQuestion(fittedToEnglishLimits(raw) as object, rMd.file, where);
          } catch (error) {
            throw error instanceof ContentError ? translatedLimit(error) : error;
          }
          // the checks passed on the fitted texts; the texts are the file's
          const q = raw as { prompt: string; choices?: string[]; explanation: string };
          sectionOf(raw, slugs, rMd.file, where);
          return { prompt: q.prompt, choices: fitted.choices ? (q.choices ?? null) : null, explanation: q.explanation };
        });
        return { title: data.title, questions };
      });
      if (review) out.reviews.set(key, review);
      count(review);
    }
    out.coverage.push(tally);
  }

  for (const topic of english.knowledgeBase) {
    expected.add(`${language}/${KB_FOLDER}/${topic.slug}`);
    const tMd = twin(`${KB_FOLDER}/${topic.slug}/topic.md`);
    const translated = tMd && checked(() => validateTwin<{ title: string; summary: string }>(topicSchema, tMd));
    if (translated) out.topics.set(topic.slug, { title: translated.title, summary: translated.summary });
    for (const a of topic.articles) {
      const rel = `${KB_FOLDER}/${topic.slug}/${a.slug}.md`;
      const aMd = twin(rel);
      const article = aMd && checked(() => {
        try {
          return readArticle(path.join(contentDir, aMd.file), aMd.file, a.slug, figures, { wordsMax: ARTICLE_WORDS_MAX_TRANSLATED, fit: fittedToEnglishLimits });
        } catch (error) {
          throw error instanceof ContentError ? translatedLimit(error) : error;
        }
      });
      if (article) out.articles.set(`${topic.slug}/${a.slug}`, article);
    }
  }
  const synonymsFile = `${language}/${SYNONYMS_FILE}`;
  expected.add(synonymsFile);
  out.synonyms = present ? (checked(() => readSynonyms(contentDir, synonymsFile)) ?? []) : [];

  // an import of the knowledge base alone reads no catalog: its twins are not this import's to judge
  const unread = english.modules ? [] : [`${language}/catalog`];
  if (present) for (const stray of strayFiles(contentDir, language, expected, unread)) onProblem(stray);
  return out;
}

/** Files and folders under content/<language>/ that are not the twin of an English file. */
function strayFiles(contentDir: string, language: string, expected: ReadonlySet<string>, unread: readonly string[]): ContentError[] {
  const problems: ContentError[] = [];
  const walk = (rel: string): void => {
    for (const name of contentNames(path.join(contentDir, rel))) {
      const childRel = `${rel}/${name}`;
      if (unread.includes(childRel)) continue;
      const isDir = isDirectory(path.join(contentDir, childRel));
      if (rel === language && isDir && (name === 'catalog' || name === KB_FOLDER)) {
        walk(childRel);
        continue;
      }
      if (expected.has(childRel)) {
        if (isDir) walk(childRel);
        continue;
      }
      const english = childRel.slice(language.length + 1);
      const why = name === GUIDE_FILE ? 'the teacher guide is not translated' : `there is no ${english} to translate (a twin keeps its English file's folder and name)`;
      problems.push(new ContentError(childRel, `is not expected here: ${why}`));
    }
  };
  walk(language);
  return problems;
}

/** Every language folder's twins (content/es …); none without a folder. */
export function readTranslations(
  contentDir: string,
  english: TranslatedParts,
  onProblem?: (problem: ContentError) => void,
): Translation[] {
  return TRANSLATION_LANGUAGES.filter((language) => isDirectory(path.join(contentDir, language))).map((language) => readTranslation(contentDir, language, english, onProblem));
}

/** Adds every file under `<contentDir>/<language>` to the content hash (a new twin is a new import). */
export function hashTranslations(update: (chunk: string | Buffer) => void, contentDir: string): void {
  for (const language of TRANSLATION_LANGUAGES) {
    const walk = (rel: string): void => {
      for (const name of readdirSync(path.join(contentDir, rel)).sort()) {
        const childRel = `${rel}/${name}`;
        if (isDirectory(path.join(contentDir, childRel))) walk(childRel);
        else {
          update(`${childRel}\0`);
          update(readFileSync(path.join(contentDir, childRel)));
          update('\0');
        }
      }
    };
    if (isDirectory(path.join(contentDir, language))) walk(language);
  }
}
