/**
 * Writes the translations (translation.ts) inside the import's transaction, beside the English
 * rows they translate (migration 0035): the catalog's and the topics' texts in
 * content_translations, the articles in kb_article_translations with their search index and
 * vocabulary. Markdown is rendered here as for English; a translated section marks the glossary
 * terms of the translated articles (a Spanish reading holds Spanish terms).
 */
import type { GlossaryEntry } from '../../common/knowledgeBase';
import { isPostgres, type Db } from '../db';
import { sql } from 'kysely';
import { writeVocabulary } from '../search/vocabulary';
import type { CatalogModule } from './catalog';
import { buildGlossary } from './glossary';
import { plainText, type KbTopic } from './knowledgeBase';
import { renderMarkdown } from './markdown';
import type { Translation } from './translation';

/** The translated articles as topics (English topic order, articles by their translated title), for the glossary. */
export function translatedTopics(translation: Translation, english: readonly KbTopic[]): KbTopic[] {
  return english.map((topic) => ({
    ...topic,
    title: translation.topics.get(topic.slug)?.title ?? topic.title,
    articles: topic.articles
      .flatMap((a) => {
        const twin = translation.articles.get(`${topic.slug}/${a.slug}`);
        return twin ? [twin] : [];
      })
      .sort((a, b) => a.title.localeCompare(b.title, translation.language)),
  }));
}

export function translatedGlossary(translation: Translation, english: readonly KbTopic[]): GlossaryEntry[] {
  return buildGlossary(translatedTopics(translation, english)).entries;
}

/** Empties every language's rows (an import without content/es leaves no Spanish behind). */
async function clearTranslations(trx: Db): Promise<void> {
  await trx.deleteFrom('content_translations').execute();
  await trx.deleteFrom('kb_article_translations').execute();
  if (!isPostgres(trx)) await sql`DELETE FROM kb_search_translations`.execute(trx);
  await trx.deleteFrom('kb_language_terms').execute();
  await trx.deleteFrom('kb_language_synonyms').execute();
}

export async function writeTranslations(trx: Db, translations: readonly Translation[], modules: readonly CatalogModule[], knowledgeBase: readonly KbTopic[]): Promise<void> {
  await clearTranslations(trx);
  for (const translation of translations) {
    const { language } = translation;
    const rows: { language: string; kind: string; key: string; data: string }[] = [];
    const add = (kind: string, key: string, data: object) => rows.push({ language, kind, key, data: JSON.stringify(data) });
    const glossary = translatedGlossary(translation, knowledgeBase);
    for (const m of modules) {
      const mod = translation.modules.get(m.slug);
      if (mod) add('module', m.slug, { title: mod.title, summary: mod.summary, objectives: mod.objectives, overviewHtml: renderMarkdown(mod.body) });
      for (const mat of m.materials) {
        const key = `${m.slug}/${mat.slug}`;
        const material = translation.materials.get(key);
        if (material) add('material', key, { title: material.title, summary: material.summary, introHtml: renderMarkdown(material.body) });
        for (const s of mat.sections) {
          const section = translation.sections.get(`${key}/${s.slug}`);
          if (section) add('section', `${key}/${s.slug}`, { title: section.title, bodyHtml: renderMarkdown(section.body, { glossary }) });
        }
        const review = translation.reviews.get(key);
        if (review) add('review', key, review);
      }
    }
    for (const [slug, topic] of translation.topics) add('kb_topic', slug, topic);
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('content_translations').values(rows.slice(i, i + 200)).execute();

    const texts: string[] = [];
    for (const topic of knowledgeBase) {
      const topicTitle = translation.topics.get(topic.slug)?.title ?? topic.title;
      for (const a of topic.articles) {
        const twin = translation.articles.get(`${topic.slug}/${a.slug}`);
        if (!twin) continue;
        const bodyText = plainText(twin.body);
        texts.push(`${twin.title}\n${twin.summary}\n${bodyText}`);
        await trx
          .insertInto('kb_article_translations')
          .values({
            language,
            topic_slug: topic.slug,
            slug: a.slug,
            topic_title: topicTitle,
            title: twin.title,
            summary: twin.summary,
            key_terms: JSON.stringify(twin.keyTerms),
            updated: twin.updated,
            body_html: renderMarkdown(twin.body),
            body_text: bodyText,
          })
          .execute();
      }
    }
    await writeVocabulary(trx, texts, translation.synonyms, language);
  }
  // PostgreSQL indexes each row as it is written (a generated column); FTS5 is filled here
  if (!isPostgres(trx)) {
    await sql`INSERT INTO kb_search_translations (rowid, title, summary, body) SELECT id, title, summary, body_text FROM kb_article_translations`.execute(trx);
  }
}
