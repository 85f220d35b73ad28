/**
 * The course in the caller's language (migration 0035, docs/content-format.md "Spanish twins"):
 * what the import kept of a language, read once per imported content version and kept in memory
 * (a few MB for the whole course), and the overlays the catalog and knowledge-base routes apply
 * to their English answers. Whatever has no translation stays English; ids, slugs, answers and
 * order are always the English rows', so progress and scores do not depend on the language.
 */
import { sql } from 'kysely';
import type { KbKeyTerm } from '../../common/knowledgeBase';
import type { Language } from '../../common/language';
import type { TranslatedQuestion } from '../content/translation';
import type { Db } from '../db';
import type { TreeModule } from './catalog/repository';
import type { StoredQuestion } from './catalog/reviewServing';

export interface ServedArticle {
  topicTitle: string;
  title: string;
  summary: string;
  updated: string;
}

export interface ServedTranslation {
  language: Language;
  modules: Map<string, { title: string; summary: string; objectives: string[]; overviewHtml: string }>;
  materials: Map<string, { title: string; summary: string; introHtml: string }>;
  sections: Map<string, { title: string; bodyHtml: string }>;
  reviews: Map<string, { title: string; questions: TranslatedQuestion[] }>;
  topics: Map<string, { title: string; summary: string }>;
  /** article cards by "<topic>/<article>" (the body is read when the article is) */
  articles: Map<string, ServedArticle>;
}

const kept = new WeakMap<Db, { version: number; byLanguage: Map<string, Promise<ServedTranslation>> }>();

async function newestVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('content_versions').select(sql<number | null>`max(id)`.as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function readTranslation(db: Db, language: Language): Promise<ServedTranslation> {
  const [rows, articles] = await Promise.all([
    db.selectFrom('content_translations').select(['kind', 'key', 'data']).where('language', '=', language).execute(),
    db.selectFrom('kb_article_translations').select(['topic_slug', 'slug', 'topic_title', 'title', 'summary', 'updated']).where('language', '=', language).execute(),
  ]);
  const t: ServedTranslation = { language, modules: new Map(), materials: new Map(), sections: new Map(), reviews: new Map(), topics: new Map(), articles: new Map() };
  const maps: Record<string, Map<string, unknown>> = { module: t.modules, material: t.materials, section: t.sections, review: t.reviews, kb_topic: t.topics };
  for (const row of rows) maps[row.kind]?.set(row.key, JSON.parse(row.data));
  for (const a of articles) t.articles.set(`${a.topic_slug}/${a.slug}`, { topicTitle: a.topic_title, title: a.title, summary: a.summary, updated: a.updated });
  return t;
}

/**
 * The translation of `language` (null for English, the content's own language). `version`: the
 * newest content version when the caller has it (the catalog reads it with the school's modules).
 */
export async function translationOf(db: Db, language: Language | undefined, version?: number): Promise<ServedTranslation | null> {
  if (!language || language === 'en') return null;
  // 0: a school offering nothing reads no version with its modules
  const current = version || (await newestVersion(db));
  let entry = kept.get(db);
  if (!entry || entry.version !== current) {
    entry = { version: current, byLanguage: new Map() };
    kept.set(db, entry);
  }
  let translation = entry.byLanguage.get(language);
  if (!translation) {
    const byLanguage = entry.byLanguage;
    translation = readTranslation(db, language);
    byLanguage.set(language, translation);
    translation.catch(() => byLanguage.delete(language));
  }
  return translation;
}

const localizedTrees = new WeakMap<readonly TreeModule[], Map<ServedTranslation, TreeModule[]>>();

/** The tree with its titles and summaries translated (kept per tree and translation: the same object each time). */
export function localizeTree(tree: TreeModule[], t: ServedTranslation | null): TreeModule[] {
  if (!t) return tree;
  let byTranslation = localizedTrees.get(tree);
  if (!byTranslation) {
    byTranslation = new Map();
    localizedTrees.set(tree, byTranslation);
  }
  const found = byTranslation.get(t);
  if (found) return found;
  const localized = tree.map((m) => ({
    ...m,
    ...pick(t.modules.get(m.slug), m),
    materials: m.materials.map((mat) => {
      const key = `${m.slug}/${mat.slug}`;
      const review = t.reviews.get(key);
      return {
        ...mat,
        ...pick(t.materials.get(key), mat),
        sections: mat.sections.map((s) => ({ ...s, title: t.sections.get(`${key}/${s.slug}`)?.title ?? s.title })),
        review: mat.review && review ? { ...mat.review, title: review.title } : mat.review,
      };
    }),
  }));
  byTranslation.set(t, localized);
  return localized;
}

const pick = (translated: { title: string; summary: string } | undefined, english: { title: string; summary: string }) => ({
  title: translated?.title ?? english.title,
  summary: translated?.summary ?? english.summary,
});

/**
 * A bank (one review's, or a module test's from several) with the translated words of each question;
 * its ids, types, answers and sections stay the stored ones, so a Spanish answer is judged and kept
 * exactly as an English one. A question's place in its review's bank finds its translation.
 */
export function localizeBank(bank: StoredQuestion[], m: TreeModule, t: ServedTranslation | null): StoredQuestion[] {
  if (!t) return bank;
  const materialOf = new Map(m.materials.flatMap((mat) => (mat.review ? [[mat.review.id, `${m.slug}/${mat.slug}`] as const] : [])));
  const positions = new Map<number, number>();
  return bank.map((q) => {
    const position = positions.get(q.review_id) ?? 0;
    positions.set(q.review_id, position + 1);
    const key = materialOf.get(q.review_id);
    const translated = key === undefined ? undefined : t.reviews.get(key)?.questions[position];
    if (!translated) return q;
    return { ...q, prompt: translated.prompt, choices: translated.choices ? JSON.stringify(translated.choices) : q.choices, explanation: translated.explanation };
  });
}

/** A translated article's key terms and body, or null (the English is served). */
export async function translatedArticle(db: Db, language: Language, topic: string, slug: string): Promise<{ key_terms: string; body_html: string } | undefined> {
  return db
    .selectFrom('kb_article_translations')
    .select(['key_terms', 'body_html'])
    .where('language', '=', language)
    .where('topic_slug', '=', topic)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Every translated article's key terms, for the glossary. */
export async function translatedKeyTerms(db: Db, language: Language): Promise<Map<string, KbKeyTerm[]>> {
  const rows = await db.selectFrom('kb_article_translations').select(['topic_slug', 'slug', 'key_terms']).where('language', '=', language).execute();
  return new Map(rows.map((r) => [`${r.topic_slug}/${r.slug}`, JSON.parse(r.key_terms) as KbKeyTerm[]]));
}
