/**
 * Catalog sagas: every call is built in api.ts and sent through the shared API saga (`callFor`).
 * A page opens a piece of content; the saga loads it into the slice. Changes call the server, then
 * mark loaded content stale (the page shows the new state: "Completed", "Remove bookmark") and mark a
 * failure to be shown as a toast (`withToast`, the notification bridge). No success toasts:
 * notistack's default success/info colours fail WCAG AA contrast (see the report), and the page
 * itself shows the outcome.
 * The language: content comes in the language the app speaks, so when another is spoken every piece
 * loaded is loaded again (what a page shows changes language with the rest of the app).
 * Time spent: the reader says when a section is started and stopped; the saga measures with the
 * context clock and reports whole seconds, bounded (1..MAX_TIME_REPORT_SECONDS) as the server wants.
 */
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { toApiProblem } from '../../api/apiSaga';
import { withToast } from '../../api/apiProblem';
import { callFor, type ServiceCall } from '../../api/serviceCall';
import { now } from '../../app/sagaContext';
import type { RootState } from '../../app/store';
import { MAX_TIME_REPORT_SECONDS, type CertificateFile, type ModuleTestResult, type ReviewResult } from '../../../common/catalog';
import type { PacketFile } from '../../../common/teacherGuide';
import { languageSpoken } from '../language';
import {
  bookmarkAddRequested,
  bookmarkChangeKey,
  bookmarkRemoveRequested,
  catalogPreloaded,
  certificateFailed,
  certificateReady,
  certificateRequested,
  changeFailed,
  changeSucceeded,
  contentFailed,
  contentLoaded,
  contentOpened,
  contentKey,
  isLoaded,
  type CatalogContent,
  moduleTestFailed,
  moduleTestScored,
  moduleTestSubmitted,
  packetFailed,
  packetReady,
  packetRequested,
  progressChanged,
  readingStarted,
  readingStopped,
  reviewFailed,
  reviewScored,
  reviewSubmitted,
  sectionChangeKey,
  sectionMarkedComplete,
} from './slice';
import { catalogChanges, catalogReads, type AnswerOf, type ContentRead } from './api';
import { putPreloadedAnswers } from '../../renderAhead/pageAnswers';

/**
 * The call that loads `read`, typed with its answer (TypeScript does not follow a kind to its
 * builder's arguments through a union: the cast restates what `catalogReads`' type guarantees).
 */
function callOf<R extends ContentRead>(read: R): ServiceCall<AnswerOf<R['kind']>> {
  const build = catalogReads[read.kind] as (...args: R['args']) => ServiceCall<AnswerOf<R['kind']>>;
  return build(...read.args);
}

export function* loadContent(read: ContentRead): SagaIterator {
  try {
    const data: AnswerOf<typeof read.kind> = yield call(callFor, callOf(read));
    yield put(contentLoaded(read, data));
  } catch (error) {
    yield put(contentFailed({ read, error: toApiProblem(error) }));
  }
}

/**
 * Another language spoken: every piece still loaded comes again, in that language, side by side.
 * `held`: every piece loaded since the saga started, by kind and key.
 */
export function* reloadInLanguage(held: Map<string, ContentRead>): SagaIterator {
  const content: CatalogContent = yield select((state: RootState) => state.catalog.content);
  const reads = [...held.values()].filter((read) => isLoaded(content, read));
  yield all(reads.map((read) => call(loadContent, read)));
}

/** A change: the server first, then every loaded piece is stale; a failure is a toast with `summary`. */
function* change(key: string, request: ServiceCall<unknown>, summary: string): SagaIterator {
  try {
    yield call(callFor, request);
    yield put(changeSucceeded({ key }));
  } catch (error) {
    yield put(withToast(changeFailed({ key, error: toApiProblem(error) }), { summary }));
  }
}

export function* completeSection(action: ReturnType<typeof sectionMarkedComplete>): SagaIterator {
  const { slug, mslug, sslug } = action.payload;
  yield call(change, sectionChangeKey(slug, mslug, sslug), catalogChanges.completeSection(slug, mslug, sslug), 'Could not save your progress');
}

export function* addBookmark(action: ReturnType<typeof bookmarkAddRequested>): SagaIterator {
  const { kind, target } = action.payload;
  yield call(change, bookmarkChangeKey(kind, target), catalogChanges.addBookmark(kind, target), 'Could not add the bookmark');
}

export function* removeBookmark(action: ReturnType<typeof bookmarkRemoveRequested>): SagaIterator {
  const { id, kind, target } = action.payload;
  yield call(change, bookmarkChangeKey(kind, target), catalogChanges.removeBookmark(id), 'Could not remove the bookmark');
}

export function* submitReview(action: ReturnType<typeof reviewSubmitted>): SagaIterator {
  const { slug, mslug, serving, answers } = action.payload;
  try {
    const result: ReviewResult = yield call(callFor<ReviewResult>, catalogChanges.submitReview(slug, mslug, serving, answers));
    yield put(reviewScored({ slug, mslug, result }));
    yield put(progressChanged());
  } catch (error) {
    yield put(withToast(reviewFailed({ slug, mslug, error: toApiProblem(error) }), { summary: 'Could not submit your answers' }));
  }
}

export function* submitModuleTest(action: ReturnType<typeof moduleTestSubmitted>): SagaIterator {
  const { slug, kind, serving, answers } = action.payload;
  try {
    const result: ModuleTestResult = yield call(callFor<ModuleTestResult>, catalogChanges.submitModuleTest(slug, kind, serving, answers));
    yield put(moduleTestScored({ slug, result }));
    yield put(progressChanged());
  } catch (error) {
    yield put(withToast(moduleTestFailed({ slug, kind, error: toApiProblem(error) }), { summary: 'Could not submit your answers' }));
  }
}

export function* downloadCertificate(action: ReturnType<typeof certificateRequested>): SagaIterator {
  const { moduleSlug } = action.payload;
  try {
    const file: CertificateFile = yield call(callFor<CertificateFile>, catalogChanges.certificate(moduleSlug));
    yield put(certificateReady({ moduleSlug, file }));
  } catch (error) {
    yield put(withToast(certificateFailed({ moduleSlug, error: toApiProblem(error) }), { summary: 'Could not create the certificate' }));
  }
}

/** A module's student packet, a PDF the server makes on request: kept until the page hands it to the browser. */
export function* downloadPacket(action: ReturnType<typeof packetRequested>): SagaIterator {
  const { moduleSlug } = action.payload;
  try {
    const file: PacketFile = yield call(callFor<PacketFile>, catalogChanges.packet(moduleSlug));
    yield put(packetReady({ moduleSlug, file }));
  } catch (error) {
    yield put(withToast(packetFailed({ moduleSlug, error: toApiProblem(error) }), { summary: 'Could not create the student packet' }));
  }
}

/** Whole seconds between open and close, bounded to what one report may carry; 0 = nothing to report. */
export function secondsToReport(openedAt: number | undefined, closedAt: number): number {
  if (openedAt === undefined) return 0;
  const seconds = Math.floor((closedAt - openedAt) / 1000);
  if (!Number.isFinite(seconds) || seconds < 1) return 0;
  return Math.min(seconds, MAX_TIME_REPORT_SECONDS);
}

type Section = { slug: string; mslug: string; sslug: string };
const sectionKey = ({ slug, mslug, sslug }: Section) => `${slug}/${mslug}/${sslug}`;

export function* timeSpentSaga(): SagaIterator {
  const started = new Map<string, number>();
  yield takeEvery(readingStarted.type, function* onStart(action: PayloadAction<Section>): SagaIterator {
    const time: number = yield call(now);
    started.set(sectionKey(action.payload), time);
  });
  yield takeEvery(readingStopped.type, function* onStop(action: PayloadAction<Section>): SagaIterator {
    const { slug, mslug, sslug } = action.payload;
    const key = sectionKey(action.payload);
    const time: number = yield call(now);
    const seconds = secondsToReport(started.get(key), time);
    started.delete(key);
    if (seconds === 0) return;
    try {
      yield call(callFor, catalogChanges.reportTime(slug, mslug, sslug, seconds));
    } catch {
      // time spent is best effort: a lost report is not worth interrupting the learner
    }
  });
}

export function* catalogSaga(): SagaIterator {
  // the answers the page was rendered with ahead of the app, before the page renders (renderAhead/pageAnswers.ts)
  yield call(putPreloadedAnswers, catalogPreloaded);
  yield takeEvery(contentOpened.type, function* open(action: PayloadAction<ContentRead>): SagaIterator {
    yield call(loadContent, action.payload);
  });
  const held = new Map<string, ContentRead>();
  yield takeEvery(contentLoaded.type, ({ payload: { read } }: ReturnType<typeof contentLoaded>) => {
    held.set(`${read.kind}:${contentKey(read)}`, read);
  });
  yield takeLatest(languageSpoken.type, reloadInLanguage, held);
  yield takeLeading(sectionMarkedComplete.type, completeSection);
  yield takeLeading(reviewSubmitted.type, submitReview);
  yield takeLeading(moduleTestSubmitted.type, submitModuleTest);
  yield takeEvery(bookmarkAddRequested.type, addBookmark);
  yield takeEvery(bookmarkRemoveRequested.type, removeBookmark);
  yield takeLeading(certificateRequested.type, downloadCertificate);
  yield takeEvery(packetRequested.type, downloadPacket);
  yield call(timeSpentSaga);
}
