/**
 * Knowledge-base sagas. Search as you type: `takeLatest` on every keystroke cancels the older task,
 * whether it is still waiting out the debounce (`wait` on the context's clock, KB_SEARCH.debounceMs) or its request is in
 * flight, so only the latest query's answer ever lands. Every call goes through `callService`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { KB_SEARCH, type KbArticleDetail, type KbBookmarkState, type KbHome, type KbSearchResult, type KbTopicDetail } from '../../../common/knowledgeBase';
import { callService } from '../../api/apiSaga';
import { toApiProblem } from '../../api/apiProblem';
import { wait } from '../../app/sagaContext';
import {
  articleFailed,
  articleLoaded,
  articleRequested,
  bookmarkFailed,
  bookmarkSaved,
  bookmarkToggled,
  homeFailed,
  homeLoaded,
  homeRequested,
  knowledgeBasePreloaded,
  searchFailed,
  searchQueryChanged,
  searchSucceeded,
  topicFailed,
  topicLoaded,
  topicRequested,
} from './slice';
import { kbApi } from './api';
import { putPreloadedAnswers } from '../../renderAhead/pageAnswers';

export function* loadHome(): SagaIterator {
  try {
    const home: KbHome = yield call(callService<KbHome>, { path: kbApi.home });
    yield put(homeLoaded(home));
  } catch (error) {
    yield put(homeFailed(toApiProblem(error)));
  }
}

export function* loadTopic(action: PayloadAction<{ slug: string }>): SagaIterator {
  const { slug } = action.payload;
  try {
    const topic: KbTopicDetail = yield call(callService<KbTopicDetail>, { path: kbApi.topic(slug) });
    yield put(topicLoaded(topic));
  } catch (error) {
    yield put(topicFailed({ slug, error: toApiProblem(error) }));
  }
}

export function* loadArticle(action: PayloadAction<{ topic: string; article: string }>): SagaIterator {
  const { topic, article } = action.payload;
  try {
    const detail: KbArticleDetail = yield call(callService<KbArticleDetail>, { path: kbApi.article(topic, article) });
    yield put(articleLoaded(detail));
  } catch (error) {
    yield put(articleFailed({ key: `${topic}/${article}`, error: toApiProblem(error) }));
  }
}

export function* saveBookmark(action: PayloadAction<{ topic: string; article: string; bookmarked: boolean }>): SagaIterator {
  const { topic, article, bookmarked } = action.payload;
  try {
    const state: KbBookmarkState = yield call(callService<KbBookmarkState>, {
      method: bookmarked ? 'PUT' : 'DELETE',
      path: kbApi.bookmark(topic, article),
      showErrors: true,
    });
    yield put(bookmarkSaved({ key: `${topic}/${article}`, bookmarked: state.bookmarked }));
  } catch {
    yield put(bookmarkFailed());
  }
}

/** One search after a pause in typing; cancelled (with its request) when the student types again. */
export function* runSearch(debounceMs: number, action: PayloadAction<{ query: string; immediate?: boolean }>): SagaIterator {
  const { query, immediate } = action.payload;
  if (query.trim() === '') return;
  if (!immediate) yield call(wait, debounceMs);
  try {
    const result: KbSearchResult = yield call(callService<KbSearchResult>, { path: kbApi.search, params: { q: query.slice(0, KB_SEARCH.maxInputChars) } });
    yield put(searchSucceeded(result));
  } catch (error) {
    yield put(searchFailed(toApiProblem(error)));
  }
}

export function* knowledgeBaseSaga(debounceMs: number = KB_SEARCH.debounceMs): SagaIterator {
  // the article the page was rendered with ahead of the app, before the page renders (renderAhead/pageAnswers.ts)
  yield call(putPreloadedAnswers, knowledgeBasePreloaded);
  yield takeLatest(homeRequested, loadHome);
  yield takeLatest(topicRequested, loadTopic);
  yield takeLatest(articleRequested, loadArticle);
  yield takeEvery(bookmarkToggled, saveBookmark);
  yield takeLatest(searchQueryChanged, function* search(action: PayloadAction<{ query: string; immediate?: boolean }>): SagaIterator {
    yield call(runSearch, debounceMs, action);
  });
}

export default knowledgeBaseSaga;
