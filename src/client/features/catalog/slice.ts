/**
 * The catalog's client state. `content` holds what the pages show, a `Loadable` per piece, by kind
 * and the arguments that name it (api.ts `catalogReads`): `content.module['budgeting']`.
 * Events: a page opened a piece that is missing or stale (`contentOpened`), ending in
 * `contentLoaded` / `contentFailed`; what the learner does (a section marked complete, a review or
 * module test submitted, a bookmark added or removed, a certificate or packet asked for) has its own
 * events. A change that succeeds marks every loaded piece stale, so the pages showing them load them
 * again. Everything here is the learner's: reset on auth:session:end.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PreloadedAnswer } from '../../renderAhead/pageData';
import type { ApiProblem } from '../../api/apiProblem';
import type { Loadable } from '../../api/loadable';
import type { BookmarkKind, CertificateFile, ModuleTestKind, ModuleTestResult, ReviewResult } from '../../../common/catalog';
import type { PacketFile } from '../../../common/teacherGuide';
import { currentSchoolChanged, resetOnSessionEnd } from '../auth';
import { catalogReads, readOfPath, type Answers, type AnswerOf, type ContentRead, type ReadKind } from './api';

export type ActionStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** Every kind of content, each piece by its key (`contentKey`). */
export type CatalogContent = { [K in ReadKind]: Record<string, Loadable<AnswerOf<K>>> };

export interface Attempt<Result> {
  status: ActionStatus;
  result: Result | null;
  error: ApiProblem | null;
}

export interface FileState {
  status: ActionStatus;
  file: PacketFile | null;
  error: ApiProblem | null;
}

export interface CatalogState {
  content: CatalogContent;
  /** review attempts by the review's key (`reviewKey`) */
  attempts: Record<string, Attempt<ReviewResult>>;
  /** module test attempts by the test's key (`moduleTestKey`) */
  testAttempts: Record<string, Attempt<ModuleTestResult>>;
  /** pending changes by a key (`section:…`, `bookmark:…`) so buttons can show progress */
  changes: Record<string, ActionStatus>;
  certificate: { status: ActionStatus; moduleSlug: string | null; file: CertificateFile | null; error: ApiProblem | null };
  /** a module's student packet (PDF) by the module's slug, until handed to the browser */
  packets: Record<string, FileState>;
}

const emptyContent = (): CatalogContent =>
  Object.fromEntries(Object.keys(catalogReads).map((kind) => [kind, {}])) as CatalogContent;

export const initialState: CatalogState = {
  content: emptyContent(),
  attempts: {},
  testAttempts: {},
  changes: {},
  certificate: { status: 'idle', moduleSlug: null, file: null, error: null },
  packets: {},
};

/** The key of a piece of content within its kind: its arguments, joined ('' for the one of a kind). */
export const contentKey = (read: ContentRead): string => read.args.map(encodeURIComponent).join('/');

/** Whether `read` is loaded and current in `content`. */
export const isLoaded = (content: CatalogContent, read: ContentRead): boolean => content[read.kind][contentKey(read)]?.status === 'succeeded';

function slotOf(state: CatalogState, read: ContentRead): Record<string, Loadable<unknown>> {
  return state.content[read.kind] as Record<string, Loadable<unknown>>;
}

/** Every loaded piece is to be loaded again when a page shows it (a change, another school). */
function markStale(state: CatalogState): void {
  for (const pieces of Object.values(state.content) as Array<Record<string, Loadable<unknown>>>) {
    for (const piece of Object.values(pieces)) if (piece.status === 'succeeded') piece.status = 'stale';
  }
}

/** A review's attempts and a module test's are kept by the key of the content they answer. */
export const reviewKey = (slug: string, mslug: string) => contentKey({ kind: 'review', args: [slug, mslug] });
export const moduleTestKey = (slug: string, kind: ModuleTestKind) => contentKey({ kind: 'moduleTest', args: [slug, kind] });
export const sectionChangeKey = (slug: string, mslug: string, sslug: string) => `section:${slug}/${mslug}/${sslug}`;
export const bookmarkChangeKey = (kind: BookmarkKind, target: string) => `bookmark:${kind}:${target}`;

const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    /** A page shows this piece and it is missing or stale: it loads (the data on screen stays meanwhile). */
    contentOpened(state, action: PayloadAction<ContentRead>) {
      const pieces = slotOf(state, action.payload);
      const key = contentKey(action.payload);
      pieces[key] = { status: 'loading', data: pieces[key]?.data ?? null, error: null };
    },
    contentLoaded: {
      reducer(state, action: PayloadAction<{ read: ContentRead; data: unknown }>) {
        slotOf(state, action.payload.read)[contentKey(action.payload.read)] = { status: 'succeeded', data: action.payload.data, error: null };
      },
      /** typed by the read: `data` is that read's answer */
      prepare: <R extends ContentRead>(read: R, data: AnswerOf<R['kind']>) => ({ payload: { read: read as ContentRead, data: data as unknown } }),
    },
    contentFailed(state, action: PayloadAction<{ read: ContentRead; error: ApiProblem }>) {
      slotOf(state, action.payload.read)[contentKey(action.payload.read)] = { status: 'failed', data: null, error: action.payload.error };
    },

    /** the learner began reading a section (the page shows and the tab is visible) */
    readingStarted(_state, _action: PayloadAction<{ slug: string; mslug: string; sslug: string }>) {},
    /** … and stopped (the page left, the tab hidden) */
    readingStopped(_state, _action: PayloadAction<{ slug: string; mslug: string; sslug: string }>) {},

    sectionMarkedComplete(state, action: PayloadAction<{ slug: string; mslug: string; sslug: string }>) {
      const { slug, mslug, sslug } = action.payload;
      state.changes[sectionChangeKey(slug, mslug, sslug)] = 'pending';
    },
    /** `serving`: the opening of the review the answers were given in (its choice order) */
    reviewSubmitted(state, action: PayloadAction<{ slug: string; mslug: string; serving: string; answers: Answers }>) {
      const key = reviewKey(action.payload.slug, action.payload.mslug);
      state.attempts[key] = { status: 'pending', result: state.attempts[key]?.result ?? null, error: null };
    },
    reviewScored(state, action: PayloadAction<{ slug: string; mslug: string; result: ReviewResult }>) {
      state.attempts[reviewKey(action.payload.slug, action.payload.mslug)] = { status: 'succeeded', result: action.payload.result, error: null };
    },
    reviewFailed(state, action: PayloadAction<{ slug: string; mslug: string; error: ApiProblem }>) {
      const key = reviewKey(action.payload.slug, action.payload.mslug);
      state.attempts[key] = { status: 'failed', result: null, error: action.payload.error };
      // 409: that opening of the review is spent or replaced; the page loads the review again
      const review = state.content.review[key];
      if (action.payload.error.status === 409 && review?.status === 'succeeded') review.status = 'stale';
    },
    /** "Retake": forget the shown result */
    reviewRetaken(state, action: PayloadAction<{ slug: string; mslug: string }>) {
      delete state.attempts[reviewKey(action.payload.slug, action.payload.mslug)];
    },
    moduleTestSubmitted(state, action: PayloadAction<{ slug: string; kind: ModuleTestKind; serving: string; answers: Answers }>) {
      state.testAttempts[moduleTestKey(action.payload.slug, action.payload.kind)] = { status: 'pending', result: null, error: null };
    },
    moduleTestScored(state, action: PayloadAction<{ slug: string; result: ModuleTestResult }>) {
      state.testAttempts[moduleTestKey(action.payload.slug, action.payload.result.kind)] = { status: 'succeeded', result: action.payload.result, error: null };
    },
    moduleTestFailed(state, action: PayloadAction<{ slug: string; kind: ModuleTestKind; error: ApiProblem }>) {
      const key = moduleTestKey(action.payload.slug, action.payload.kind);
      state.testAttempts[key] = { status: 'failed', result: null, error: action.payload.error };
      // 409: as a review's, that opening of the test is spent; the page loads it again
      const test = state.content.moduleTest[key];
      if (action.payload.error.status === 409 && test?.status === 'succeeded') test.status = 'stale';
    },
    bookmarkAddRequested(state, action: PayloadAction<{ kind: BookmarkKind; target: string }>) {
      state.changes[bookmarkChangeKey(action.payload.kind, action.payload.target)] = 'pending';
    },
    bookmarkRemoveRequested(state, action: PayloadAction<{ id: number; kind: BookmarkKind; target: string }>) {
      state.changes[bookmarkChangeKey(action.payload.kind, action.payload.target)] = 'pending';
    },
    changeSucceeded(state, action: PayloadAction<{ key: string }>) {
      state.changes[action.payload.key] = 'succeeded';
      markStale(state);
    },
    changeFailed(state, action: PayloadAction<{ key: string; error: ApiProblem }>) {
      state.changes[action.payload.key] = 'failed';
    },
    /** after a review or module test scored: what the learner sees elsewhere changed */
    progressChanged(state) {
      markStale(state);
    },

    certificateRequested(state, action: PayloadAction<{ moduleSlug: string }>) {
      state.certificate = { status: 'pending', moduleSlug: action.payload.moduleSlug, file: null, error: null };
    },
    certificateReady(state, action: PayloadAction<{ moduleSlug: string; file: CertificateFile }>) {
      state.certificate = { status: 'succeeded', moduleSlug: action.payload.moduleSlug, file: action.payload.file, error: null };
    },
    certificateFailed(state, action: PayloadAction<{ moduleSlug: string; error: ApiProblem }>) {
      state.certificate = { status: 'failed', moduleSlug: action.payload.moduleSlug, file: null, error: action.payload.error };
    },
    /** the page handed the file to the browser: drop it from the store */
    certificateDelivered(state) {
      state.certificate = initialState.certificate;
    },

    packetRequested(state, action: PayloadAction<{ moduleSlug: string }>) {
      state.packets[action.payload.moduleSlug] = { status: 'pending', file: null, error: null };
    },
    packetReady(state, action: PayloadAction<{ moduleSlug: string; file: PacketFile }>) {
      state.packets[action.payload.moduleSlug] = { status: 'succeeded', file: action.payload.file, error: null };
    },
    packetFailed(state, action: PayloadAction<{ moduleSlug: string; error: ApiProblem }>) {
      state.packets[action.payload.moduleSlug] = { status: 'failed', file: null, error: action.payload.error };
    },
    packetDelivered(state, action: PayloadAction<{ moduleSlug: string }>) {
      delete state.packets[action.payload.moduleSlug];
    },
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialState);
    // another school, another catalog: what the pages show is loaded again, a module that was not in
    // the old school's catalog (Not Found) included
    builder.addCase(currentSchoolChanged, (state) => {
      markStale(state);
      for (const pieces of Object.values(state.content) as Array<Record<string, Loadable<unknown>>>) {
        for (const piece of Object.values(pieces)) if (piece.status === 'failed') Object.assign(piece, { status: 'idle', data: null, error: null });
      }
    });
  },
});

export const {
  contentOpened,
  contentLoaded,
  contentFailed,
  readingStarted,
  readingStopped,
  sectionMarkedComplete,
  reviewSubmitted,
  reviewScored,
  reviewFailed,
  reviewRetaken,
  moduleTestSubmitted,
  moduleTestScored,
  moduleTestFailed,
  bookmarkAddRequested,
  bookmarkRemoveRequested,
  changeSucceeded,
  changeFailed,
  progressChanged,
  certificateRequested,
  certificateReady,
  certificateFailed,
  certificateDelivered,
  packetRequested,
  packetReady,
  packetFailed,
  packetDelivered,
} = catalogSlice.actions;

export const catalogReducer = catalogSlice.reducer;

/** A catalog answer the page was rendered with ahead of the app (renderAhead/pageData.ts). Area.preloaded. */
export function catalogPreloaded({ path, data }: PreloadedAnswer) {
  const read = readOfPath(path);
  // the answer to the same read the page asks for, sent with the page instead of through the proxy
  return read ? [contentLoaded(read, data as AnswerOf<typeof read.kind>)] : [];
}
