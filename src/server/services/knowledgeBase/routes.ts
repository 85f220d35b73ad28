/**
 * The knowledge base's routes (queries in ./repository.ts). Content is the same for every
 * signed-in learner; only the bookmark belongs to the learner.
 *
 *   GET    /kb                                  home: topics, popular and recent articles
 *   GET    /kb/search            params { q }   ranked results with highlighted snippets (any q: never an error)
 *   GET    /kb/glossary                         every article's key terms, A–Z (the first article keeps a duplicate)
 *   GET    /kb/topics/:slug                     a topic and its articles
 *   GET    /kb/articles/:topic/:article         an article (counts a view for "popular")
 *   PUT    /kb/articles/:topic/:article/bookmark
 *   DELETE /kb/articles/:topic/:article/bookmark
 */
import type { KbBookmarkState, KbSearchResult } from '../../../common/knowledgeBase';
import { HttpError } from '../../http/errors';
import { searchRepository } from '../../search/repository';
import { translationOf } from '../translations';
import type { ServiceContext, ServiceRoute } from '../types';
import { kbRepository } from './repository';

export const KB_MESSAGES = {
  topicNotFound: 'Topic not found',
  articleNotFound: 'Article not found',
} as const;

function userId(ctx: ServiceContext): number {
  const id = ctx.identity?.user.id;
  if (typeof id !== 'number') throw new HttpError(401, 'Sign in to continue.');
  return id;
}

async function requireArticle(ctx: ServiceContext): Promise<{ topic: string; article: string }> {
  const { topic = '', article = '' } = ctx.params;
  if (!(await kbRepository.exists(ctx.db, topic, article))) throw new HttpError(404, KB_MESSAGES.articleNotFound);
  return { topic, article };
}

async function bookmark(ctx: ServiceContext, on: boolean): Promise<KbBookmarkState> {
  const { topic, article } = await requireArticle(ctx);
  await kbRepository.setBookmark(ctx.db, userId(ctx), topic, article, on, ctx.clock());
  return { bookmarked: on };
}

export const knowledgeBaseRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/kb', access: 'user', localized: true, handler: async (ctx) => kbRepository.home(ctx.db, await translationOf(ctx.db, ctx.language)) },
  {
    method: 'GET',
    path: '/kb/search',
    access: 'user',
    localized: true,
    handler: async (ctx): Promise<KbSearchResult> => {
      const q = ctx.query.q;
      return searchRepository(ctx.db).search(typeof q === 'number' ? String(q) : q, undefined, await translationOf(ctx.db, ctx.language));
    },
  },
  { method: 'GET', path: '/kb/glossary', access: 'user', localized: true, handler: async (ctx) => kbRepository.glossary(ctx.db, await translationOf(ctx.db, ctx.language)) },
  {
    method: 'GET',
    path: '/kb/topics/:slug',
    access: 'user',
    localized: true,
    handler: async (ctx) => {
      const topic = await kbRepository.topic(ctx.db, ctx.params.slug ?? '', await translationOf(ctx.db, ctx.language));
      if (!topic) throw new HttpError(404, KB_MESSAGES.topicNotFound);
      return topic;
    },
  },
  {
    method: 'GET',
    path: '/kb/articles/:topic/:article',
    access: 'user',
    localized: true,
    handler: async (ctx) => {
      const { topic = '', article = '' } = ctx.params;
      const detail = await kbRepository.article(ctx.db, userId(ctx), topic, article, await translationOf(ctx.db, ctx.language));
      if (!detail) throw new HttpError(404, KB_MESSAGES.articleNotFound);
      await kbRepository.countView(ctx.db, topic, article);
      return detail;
    },
  },
  { method: 'PUT', path: '/kb/articles/:topic/:article/bookmark', access: 'user', handler: (ctx) => bookmark(ctx, true) },
  { method: 'DELETE', path: '/kb/articles/:topic/:article/bookmark', access: 'user', handler: (ctx) => bookmark(ctx, false) },
];
