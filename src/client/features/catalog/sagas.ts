/**
 * Catalog sagas: every call through callService. Reads are keyed by path; changes call the server,
 * then mark loaded data stale (the page shows the new state: "Completed", "Remove bookmark") and
 * mark a failure to be shown as a toast (`withToast`, the notification bridge). No success toasts: notistack's default success/info colours fail
 * WCAG AA contrast (see the report), and the page itself shows the outcome.
 * Time spent: the reader says when a section is opened and closed; the saga measures with the
 * context clock and reports whole seconds, bounded (1..MAX_TIME_REPORT_SECONDS) as the server wants.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { callService, toApiProblem } from '../../api/apiSaga';
import { withToast } from '../../api/apiProblem';
import { now } from '../../app/sagaContext';
import { MAX_TIME_REPORT_SECONDS, type Bookmark, type CertificateFile, type ReviewAnswer, type ReviewResult } from '../../../common/catalog';
import type { PacketFile } from '../../../common/teacherGuide';
import {
  bookmarkAddRequested,
  bookmarkChangeKey,
  bookmarkRemoveRequested,
  certificateFailed,
  certificateReady,
  certificateRequested,
  changeFailed,
  fileFailed,
  fileReady,
  fileRequested,
  changeSucceeded,
  progressChanged,
  resourceFailed,
  resourceLoaded,
  catalogPreloaded,
  resourceRequested,
  reviewFailed,
  reviewScored,
  reviewSubmitted,
  sectionClosed,
  sectionCompletionRequested,
  sectionOpened,
} from './slice';
import { catalogApi } from './api';
import { putPreloadedAnswers } from '../../renderAhead/pageAnswers';

export function* loadResource(action: PayloadAction<{ path: string }>): SagaIterator {
  const { path } = action.payload;
  try {
    const data: unknown = yield call(callService, { path });
    yield put(resourceLoaded({ path, data }));
  } catch (error) {
    yield put(resourceFailed({ path, error: toApiProblem(error) }));
  }
}

export function* completeSection(action: PayloadAction<{ path: string }>): SagaIterator {
  const { path } = action.payload;
  try {
    yield call(callService, { method: 'POST', path: `${path}/complete` });
    yield put(changeSucceeded({ key: path }));
  } catch (error) {
    yield put(withToast(changeFailed({ key: path, error: toApiProblem(error) }), { summary: 'Could not save your progress' }));
  }
}

export function* submitReview(action: PayloadAction<{ path: string; serving: string; answers: Record<string, ReviewAnswer> }>): SagaIterator {
  const { path, serving, answers } = action.payload;
  try {
    const result: ReviewResult = yield call(callService, { method: 'POST', path: `${path}/attempts`, payload: { serving, answers } });
    yield put(reviewScored({ path, result }));
    yield put(progressChanged());
  } catch (error) {
    yield put(withToast(reviewFailed({ path, error: toApiProblem(error) }), { summary: 'Could not submit your answers' }));
  }
}

export function* addBookmark(action: PayloadAction<{ kind: Bookmark['kind']; target: string }>): SagaIterator {
  const key = bookmarkChangeKey(action.payload.kind, action.payload.target);
  try {
    yield call(callService, { method: 'POST', path: catalogApi.bookmarks, payload: action.payload });
    yield put(changeSucceeded({ key }));
  } catch (error) {
    yield put(withToast(changeFailed({ key, error: toApiProblem(error) }), { summary: 'Could not add the bookmark' }));
  }
}

export function* removeBookmark(action: PayloadAction<{ id: number; kind: Bookmark['kind']; target: string }>): SagaIterator {
  const key = bookmarkChangeKey(action.payload.kind, action.payload.target);
  try {
    yield call(callService, { method: 'DELETE', path: `${catalogApi.bookmarks}/${action.payload.id}` });
    yield put(changeSucceeded({ key }));
  } catch (error) {
    yield put(withToast(changeFailed({ key, error: toApiProblem(error) }), { summary: 'Could not remove the bookmark' }));
  }
}

export function* downloadCertificate(action: PayloadAction<{ moduleSlug: string }>): SagaIterator {
  const { moduleSlug } = action.payload;
  try {
    const file: CertificateFile = yield call(callService, { path: catalogApi.certificate(moduleSlug), timeout: 30_000 });
    yield put(certificateReady({ moduleSlug, file }));
  } catch (error) {
    yield put(withToast(certificateFailed({ moduleSlug, error: toApiProblem(error) }), { summary: 'Could not create the certificate' }));
  }
}

/** A PDF the server makes on request (a module's student packet): kept until the page hands it to the browser. */
export function* downloadFile(action: PayloadAction<{ path: string; failure: string }>): SagaIterator {
  const { path, failure } = action.payload;
  try {
    const file: PacketFile = yield call(callService, { path, timeout: 30_000 });
    yield put(fileReady({ path, file }));
  } catch (error) {
    yield put(withToast(fileFailed({ path, error: toApiProblem(error) }), { summary: failure }));
  }
}

/** Whole seconds between open and close, bounded to what one report may carry; 0 = nothing to report. */
export function secondsToReport(openedAt: number | undefined, closedAt: number): number {
  if (openedAt === undefined) return 0;
  const seconds = Math.floor((closedAt - openedAt) / 1000);
  if (!Number.isFinite(seconds) || seconds < 1) return 0;
  return Math.min(seconds, MAX_TIME_REPORT_SECONDS);
}

export function* timeSpentSaga(): SagaIterator {
  const opened = new Map<string, number>();
  yield takeEvery(sectionOpened.type, function* onOpen(action: PayloadAction<{ path: string }>): SagaIterator {
    const time: number = yield call(now);
    opened.set(action.payload.path, time);
  });
  yield takeEvery(sectionClosed.type, function* onClose(action: PayloadAction<{ path: string }>): SagaIterator {
    const { path } = action.payload;
    const time: number = yield call(now);
    const seconds = secondsToReport(opened.get(path), time);
    opened.delete(path);
    if (seconds === 0) return;
    try {
      // keepalive: sent as the tab is hidden, reloaded or closed, it must still arrive (useReadingTime)
      yield call(callService, { method: 'POST', path: `${path}/time`, payload: { seconds }, keepalive: true });
    } catch {
      // time spent is best effort: a lost report is not worth interrupting the learner
    }
  });
}

export function* catalogSaga(): SagaIterator {
  // the answers the page was rendered with ahead of the app, before the page renders (renderAhead/pageAnswers.ts)
  yield call(putPreloadedAnswers, catalogPreloaded);
  yield takeEvery(resourceRequested.type, loadResource);
  yield takeLeading(sectionCompletionRequested.type, completeSection);
  yield takeLeading(reviewSubmitted.type, submitReview);
  yield takeEvery(bookmarkAddRequested.type, addBookmark);
  yield takeEvery(bookmarkRemoveRequested.type, removeBookmark);
  yield takeLeading(certificateRequested.type, downloadCertificate);
  yield takeEvery(fileRequested.type, downloadFile);
  yield call(timeSpentSaga);
}
