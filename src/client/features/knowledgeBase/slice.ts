/**
 * The knowledge base: the home (topics, popular, recent), the open topic, the open article
 * and the search. Each part has an explicit status; a missing topic/article is 'notFound' (the page
 * shows Not Found). Reset on auth:session:end (bookmarks and search belong to the learner).
 */
import type { ApiProblem } from '../../api/apiProblem';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { KB_SEARCH, type KbArticleDetail, type KbHome, type KbSearchResult, type KbTopicDetail } from '../../../common/knowledgeBase';
import type { PreloadedAnswer } from '../../renderAhead/pageData';
import { resetOnSessionEnd } from '../auth';

export type KbStatus = 'idle' | 'pending' | 'succeeded' | 'notFound' | 'failed';
export type SearchStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
export type BookmarkStatus = 'idle' | 'pending' | 'failed';

export interface KnowledgeBaseState {
  home: { status: KbStatus; data: KbHome | null; error: ApiProblem | null };
  topic: { slug: string | null; status: KbStatus; data: KbTopicDetail | null; error: ApiProblem | null };
  article: {
    key: string | null;
    status: KbStatus;
    data: KbArticleDetail | null;
    error: ApiProblem | null;
    bookmark: BookmarkStatus;
    /** the data is what the page was rendered with ahead of the app (renderAhead/pageData.ts), not asked for yet */
    preloaded: boolean;
  };
  search: { query: string; status: SearchStatus; result: KbSearchResult | null; error: ApiProblem | null };
}

export const initialState: KnowledgeBaseState = {
  home: { status: 'idle', data: null, error: null },
  topic: { slug: null, status: 'idle', data: null, error: null },
  article: { key: null, status: 'idle', data: null, error: null, bookmark: 'idle', preloaded: false },
  search: { query: '', status: 'idle', result: null, error: null },
};

const statusOf = (error: ApiProblem): KbStatus => (error.status === 404 ? 'notFound' : 'failed');

const slice = createSlice({
  name: 'knowledgeBase',
  initialState,
  reducers: {
    homeRequested(state) {
      state.home.status = 'pending';
      state.home.error = null;
    },
    homeLoaded(state, action: PayloadAction<KbHome>) {
      state.home = { status: 'succeeded', data: action.payload, error: null };
    },
    homeFailed(state, action: PayloadAction<ApiProblem>) {
      state.home.status = 'failed';
      state.home.error = action.payload;
    },
    topicRequested(state, action: PayloadAction<{ slug: string }>) {
      if (state.topic.slug !== action.payload.slug) state.topic.data = null;
      state.topic.slug = action.payload.slug;
      state.topic.status = 'pending';
      state.topic.error = null;
    },
    topicLoaded(state, action: PayloadAction<KbTopicDetail>) {
      if (state.topic.slug !== action.payload.slug) return;
      state.topic.status = 'succeeded';
      state.topic.data = action.payload;
    },
    topicFailed(state, action: PayloadAction<{ slug: string; error: ApiProblem }>) {
      if (state.topic.slug !== action.payload.slug) return;
      state.topic.status = statusOf(action.payload.error);
      state.topic.error = action.payload.error;
    },
    articleRequested(state, action: PayloadAction<{ topic: string; article: string }>) {
      const key = `${action.payload.topic}/${action.payload.article}`;
      if (state.article.key !== key) state.article.data = null;
      state.article.key = key;
      state.article.status = 'pending';
      state.article.error = null;
      state.article.bookmark = 'idle';
      state.article.preloaded = false;
    },
    /** The article the page was rendered with ahead of the app (the server counted its view). */
    articlePreloaded(state, action: PayloadAction<KbArticleDetail>) {
      const key = `${action.payload.topicSlug}/${action.payload.slug}`;
      state.article = { key, status: 'succeeded', data: action.payload, error: null, bookmark: 'idle', preloaded: true };
    },
    /** The article page showed the preloaded article: the next visit asks for it again. */
    articlePreloadTaken(state) {
      state.article.preloaded = false;
    },
    articleLoaded(state, action: PayloadAction<KbArticleDetail>) {
      if (state.article.key !== `${action.payload.topicSlug}/${action.payload.slug}`) return;
      state.article.status = 'succeeded';
      state.article.data = action.payload;
    },
    articleFailed(state, action: PayloadAction<{ key: string; error: ApiProblem }>) {
      if (state.article.key !== action.payload.key) return;
      state.article.status = statusOf(action.payload.error);
      state.article.error = action.payload.error;
    },
    bookmarkToggled(state, _action: PayloadAction<{ topic: string; article: string; bookmarked: boolean }>) {
      state.article.bookmark = 'pending';
    },
    bookmarkSaved(state, action: PayloadAction<{ key: string; bookmarked: boolean }>) {
      state.article.bookmark = 'idle';
      if (state.article.data && state.article.key === action.payload.key) state.article.data.bookmarked = action.payload.bookmarked;
    },
    bookmarkFailed(state) {
      state.article.bookmark = 'failed';
    },
    /**
     * The student typed: the saga waits for a pause, then searches (an older search is cancelled).
     * `immediate`: the query came with the address (a link, Back, a reload), nothing to wait for.
     */
    searchQueryChanged(state, action: PayloadAction<{ query: string; immediate?: boolean }>) {
      state.search.query = action.payload.query;
      if (action.payload.query.trim() === '') {
        state.search.status = 'idle';
        state.search.result = null;
        state.search.error = null;
      } else state.search.status = 'pending';
    },
    searchSucceeded(state, action: PayloadAction<KbSearchResult>) {
      if (action.payload.query !== state.search.query.slice(0, KB_SEARCH.maxInputChars)) return; // an answer for older input
      state.search.status = 'succeeded';
      state.search.result = action.payload;
      state.search.error = null;
    },
    searchFailed(state, action: PayloadAction<ApiProblem>) {
      state.search.status = 'failed';
      state.search.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialState);
  },
});

export const {
  homeRequested,
  homeLoaded,
  homeFailed,
  topicRequested,
  topicLoaded,
  topicFailed,
  articleRequested,
  articlePreloaded,
  articlePreloadTaken,
  articleLoaded,
  articleFailed,
  bookmarkToggled,
  bookmarkSaved,
  bookmarkFailed,
  searchQueryChanged,
  searchSucceeded,
  searchFailed,
} = slice.actions;
export const knowledgeBaseReducer = slice.reducer;
export default slice.reducer;

/** An article the page was rendered with ahead of the app (renderAhead/pageData.ts). Area.preloaded. */
export function knowledgeBasePreloaded({ path, data }: PreloadedAnswer) {
  return /^\/kb\/articles\/[^/]+\/[^/]+$/.test(path) ? [articlePreloaded(data as KbArticleDetail)] : [];
}
