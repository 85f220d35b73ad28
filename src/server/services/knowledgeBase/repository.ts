/**
 * Every query of the knowledge base (search is src/server/search/repository.ts). Content is the
 * same for every signed-in learner; only the bookmark belongs to the learner (bookmarks table,
 * kind 'article', target "<topic>/<article>", every query filtered by user_id).
 */
import { sql } from 'kysely';
import {
  KB_SEARCH,
  type GlossaryEntry,
  type KbArticleDetail,
  type KbArticleCard,
  type KbHome,
  type KbKeyTerm,
  type KbTopicDetail,
} from '../../../common/knowledgeBase';
import { buildGlossary } from '../../content/glossary';
import type { KbTopic } from '../../content/knowledgeBase';
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';
import { toArticleCard } from '../../search/repository';
import { translatedArticle, translatedKeyTerms, type ServedTranslation } from '../translations';

const ARTICLE_KIND = 'article';

/** A card in the caller's language where its article is translated. */
function localCard(card: KbArticleCard, t: ServedTranslation | null): KbArticleCard {
  const translated = t?.articles.get(`${card.topicSlug}/${card.slug}`);
  return translated ? { ...card, ...translated } : { ...card, topicTitle: t?.topics.get(card.topicSlug)?.title ?? card.topicTitle };
}

function cards(db: Db) {
  return db
    .selectFrom('kb_articles as a')
    .innerJoin('kb_topics as t', 't.id', 'a.topic_id')
    .select(['a.topic_slug', 't.title as topic_title', 'a.slug', 'a.title', 'a.summary', 'a.updated']);
}

export const kbRepository = {
  async home(db: Db, t: ServedTranslation | null = null): Promise<KbHome> {
    const topics = await db
      .selectFrom('kb_topics as t')
      .leftJoin('kb_articles as a', 'a.topic_id', 't.id')
      .select(['t.slug', 't.title', 't.position', 't.summary', (eb) => eb.fn.count<number>('a.id').as('article_count')])
      .groupBy(['t.id', 't.slug', 't.title', 't.position', 't.summary'])
      .orderBy('t.position')
      .execute();
    const n = KB_SEARCH.homeListSize;
    const popular = await cards(db)
      .innerJoin('kb_article_views as v', (join) => join.onRef('v.topic_slug', '=', 'a.topic_slug').onRef('v.article_slug', '=', 'a.slug'))
      .orderBy('v.views', 'desc')
      .orderBy('a.title')
      .limit(n)
      .execute();
    const recent = await cards(db).orderBy('a.updated', 'desc').orderBy('a.title').limit(n).execute();
    return {
      topics: topics.map((row) => ({ slug: row.slug, order: row.position, articleCount: Number(row.article_count), title: row.title, summary: row.summary, ...t?.topics.get(row.slug) })),
      popular: popular.map((row) => localCard(toArticleCard(row), t)),
      recent: recent.map((row) => localCard(toArticleCard(row), t)),
    };
  },

  async topic(db: Db, slug: string, t: ServedTranslation | null = null): Promise<KbTopicDetail | null> {
    const topic = await db.selectFrom('kb_topics').select(['slug', 'title', 'position', 'summary']).where('slug', '=', slug).executeTakeFirst();
    if (!topic) return null;
    const articles = await cards(db).where('a.topic_slug', '=', slug).orderBy('a.title').execute();
    const list = articles.map((row) => localCard(toArticleCard(row), t));
    if (t) list.sort((a, b) => a.title.localeCompare(b.title, t.language));
    return { slug: topic.slug, title: topic.title, order: topic.position, summary: topic.summary, ...t?.topics.get(slug), articles: list };
  },

  async article(db: Db, userId: number, topic: string, slug: string, t: ServedTranslation | null = null): Promise<KbArticleDetail | null> {
    const row = await cards(db)
      .select(['a.key_terms', 'a.related', 'a.body_html'])
      .where('a.topic_slug', '=', topic)
      .where('a.slug', '=', slug)
      .executeTakeFirst();
    if (!row) return null;
    const relatedKeys = JSON.parse(row.related) as string[];
    const relatedRows = relatedKeys.length
      ? await cards(db)
          .where((eb) => eb.or(relatedKeys.map((key) => { const [t, a] = key.split('/'); return eb.and([eb('a.topic_slug', '=', t!), eb('a.slug', '=', a!)]); })))
          .execute()
      : [];
    const byKey = new Map(relatedRows.map((r) => [`${r.topic_slug}/${r.slug}`, localCard(toArticleCard(r), t)]));
    const translated = t?.articles.has(`${topic}/${slug}`) ? await translatedArticle(db, t.language, topic, slug) : undefined;
    const bookmark = await db
      .selectFrom('bookmarks')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', ARTICLE_KIND)
      .where('target', '=', `${topic}/${slug}`)
      .executeTakeFirst();
    return {
      ...localCard(toArticleCard(row), t),
      keyTerms: JSON.parse(translated?.key_terms ?? row.key_terms) as KbKeyTerm[],
      related: relatedKeys.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : [])),
      bodyHtml: translated?.body_html ?? row.body_html,
      bookmarked: bookmark !== undefined,
    };
  },

  /** The glossary as the import built it: topics in order, articles by title (as readKnowledgeBase orders them). */
  async glossary(db: Db, t: ServedTranslation | null = null): Promise<{ entries: GlossaryEntry[] }> {
    const rows = await db
      .selectFrom('kb_articles as a')
      .innerJoin('kb_topics as t', 't.id', 'a.topic_id')
      .select(['t.slug as topic_slug', 't.position', 'a.slug', 'a.title', 'a.key_terms'])
      .orderBy('t.position')
      .execute();
    // in another language, a translated article's terms and title (an untranslated one keeps its English)
    const translatedTerms = t ? await translatedKeyTerms(db, t.language) : new Map<string, KbKeyTerm[]>();
    const topics = new Map<string, KbTopic>();
    for (const row of rows) {
      const topic = topics.get(row.topic_slug) ?? { slug: row.topic_slug, title: '', order: row.position, summary: '', articles: [] };
      topics.set(row.topic_slug, topic);
      const key = `${row.topic_slug}/${row.slug}`;
      const keyTerms = translatedTerms.get(key) ?? (JSON.parse(row.key_terms) as KbKeyTerm[]);
      topic.articles.push({ slug: row.slug, title: t?.articles.get(key)?.title ?? row.title, summary: '', keyTerms, related: [], updated: '', body: '' });
    }
    for (const topic of topics.values()) topic.articles.sort((a, b) => a.title.localeCompare(b.title, t?.language));
    return { entries: buildGlossary([...topics.values()]).entries };
  },

  async exists(db: Db, topic: string, slug: string): Promise<boolean> {
    const row = await db.selectFrom('kb_articles').select('id').where('topic_slug', '=', topic).where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  },

  async countView(db: Db, topic: string, slug: string): Promise<void> {
    await db
      .insertInto('kb_article_views')
      .values({ topic_slug: topic, article_slug: slug, views: 1 })
      .onConflict((oc) => oc.columns(['topic_slug', 'article_slug']).doUpdateSet({ views: sql`kb_article_views.views + 1` }))
      .execute();
  },

  async setBookmark(db: Db, userId: number, topic: string, slug: string, on: boolean, now: number): Promise<void> {
    const target = `${topic}/${slug}`;
    if (on) {
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, kind: ARTICLE_KIND, target, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'target']).doNothing())
        .execute();
      changed('bookmarks', userId);
    } else {
      await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('kind', '=', ARTICLE_KIND).where('target', '=', target).execute();
      removed('bookmarks', userId);
    }
  },
};
