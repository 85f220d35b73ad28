/**
 * The catalog's client state. Reads are "resources" keyed by their OneLook path
 * (e.g. '/catalog/modules/budgeting'), each an explicit status machine:
 *   idle → loading → succeeded | failed;  succeeded → stale (after a change) → loading …
 * Changes (section completed, review submitted, bookmark added/removed) are their own events; a
 * successful change marks every loaded resource stale so pages refetch what they show.
 * Everything here is the learner's: reset on auth:session:end.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PreloadedAnswer } from '../../renderAhead/pageData';
import type { ApiProblem } from '../../api/apiProblem';
import type { BookmarkKind, CertificateFile, ReviewAnswer, ReviewResult } from '../../../common/catalog';
import type { PacketFile } from '../../../common/teacherGuide';
import { currentSchoolChanged, resetOnSessionEnd } from '../auth';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'stale' | 'failed';
export type ActionStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface Resource {
  status: LoadStatus;
  data: unknown;
  error: ApiProblem | null;
}

export interface AttemptState {
  status: ActionStatus;
  result: ReviewResult | null;
  error: ApiProblem | null;
}

export interface CatalogState {
  resources: Record<string, Resource>;
  /** review attempts by the review's path */
  attempts: Record<string, AttemptState>;
  /** pending changes by a key (section path, bookmark target) so buttons can show progress */
  changes: Record<string, ActionStatus>;
  certificate: { status: ActionStatus; moduleSlug: string | null; file: CertificateFile | null; error: ApiProblem | null };
  /** other files downloaded as a PDF answer (a module's student packet), by their OneLook path, until handed to the browser */
  files: Record<string, FileState>;
}

export interface FileState {
  status: ActionStatus;
  file: PacketFile | null;
  error: ApiProblem | null;
}

export const initialState: CatalogState = {
  resources: {},
  attempts: {},
  changes: {},
  certificate: { status: 'idle', moduleSlug: null, file: null, error: null },
  files: {},
};

/** Every loaded resource is to be fetched again when a page shows it (a change, another school). */
function markStale(state: { resources: CatalogState['resources'] }): void {
  for (const resource of Object.values(state.resources)) if (resource.status === 'succeeded') resource.status = 'stale';
}

const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    resourceRequested(state, action: PayloadAction<{ path: string }>) {
      const current = state.resources[action.payload.path];
      state.resources[action.payload.path] = { status: 'loading', data: current?.data ?? null, error: null };
    },
    resourceLoaded(state, action: PayloadAction<{ path: string; data: unknown }>) {
      state.resources[action.payload.path] = { status: 'succeeded', data: action.payload.data, error: null };
    },
    resourceFailed(state, action: PayloadAction<{ path: string; error: ApiProblem }>) {
      state.resources[action.payload.path] = { status: 'failed', data: null, error: action.payload.error };
    },

    sectionOpened(_state, _action: PayloadAction<{ path: string }>) {},
    sectionClosed(_state, _action: PayloadAction<{ path: string }>) {},

    sectionCompletionRequested(state, action: PayloadAction<{ path: string }>) {
      state.changes[action.payload.path] = 'pending';
    },
    /** `serving`: the opening of the review the answers were given in (its choice order) */
    reviewSubmitted(state, action: PayloadAction<{ path: string; serving: string; answers: Record<string, ReviewAnswer> }>) {
      state.attempts[action.payload.path] = { status: 'pending', result: state.attempts[action.payload.path]?.result ?? null, error: null };
    },
    reviewScored(state, action: PayloadAction<{ path: string; result: ReviewResult }>) {
      state.attempts[action.payload.path] = { status: 'succeeded', result: action.payload.result, error: null };
    },
    reviewFailed(state, action: PayloadAction<{ path: string; error: ApiProblem }>) {
      state.attempts[action.payload.path] = { status: 'failed', result: null, error: action.payload.error };
      // 409: that opening of the review is spent or replaced; the page loads the review again
      if (action.payload.error.status === 409 && state.resources[action.payload.path]?.status === 'succeeded') {
        state.resources[action.payload.path]!.status = 'stale';
      }
    },
    /** "Retake": forget the shown result */
    reviewRetaken(state, action: PayloadAction<{ path: string }>) {
      delete state.attempts[action.payload.path];
    },
    bookmarkAddRequested(state, action: PayloadAction<{ kind: BookmarkKind; target: string }>) {
      state.changes[`bookmark:${action.payload.kind}:${action.payload.target}`] = 'pending';
    },
    bookmarkRemoveRequested(state, action: PayloadAction<{ id: number; kind: BookmarkKind; target: string }>) {
      state.changes[`bookmark:${action.payload.kind}:${action.payload.target}`] = 'pending';
    },
    changeSucceeded(state, action: PayloadAction<{ key: string }>) {
      state.changes[action.payload.key] = 'succeeded';
      markStale(state);
    },
    changeFailed(state, action: PayloadAction<{ key: string; error: ApiProblem }>) {
      state.changes[action.payload.key] = 'failed';
    },
    /** after a review scored: what the learner sees elsewhere changed */
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

    /** `failure`: the toast's summary when the file cannot be made */
    fileRequested(state, action: PayloadAction<{ path: string; failure: string }>) {
      state.files[action.payload.path] = { status: 'pending', file: null, error: null };
    },
    fileReady(state, action: PayloadAction<{ path: string; file: PacketFile }>) {
      state.files[action.payload.path] = { status: 'succeeded', file: action.payload.file, error: null };
    },
    fileFailed(state, action: PayloadAction<{ path: string; error: ApiProblem }>) {
      state.files[action.payload.path] = { status: 'failed', file: null, error: action.payload.error };
    },
    fileDelivered(state, action: PayloadAction<{ path: string }>) {
      delete state.files[action.payload.path];
    },
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialState);
    // another school, another catalog: what the pages show is loaded again, a module that was not in
    // the old school's catalog (Not Found) included
    builder.addCase(currentSchoolChanged, (state) => {
      markStale(state);
      for (const resource of Object.values(state.resources)) {
        if (resource.status === 'failed') Object.assign(resource, { status: 'idle', data: null, error: null });
      }
    });
  },
});

export const {
  resourceRequested,
  resourceLoaded,
  resourceFailed,
  sectionOpened,
  sectionClosed,
  sectionCompletionRequested,
  reviewSubmitted,
  reviewScored,
  reviewFailed,
  reviewRetaken,
  bookmarkAddRequested,
  bookmarkRemoveRequested,
  changeSucceeded,
  changeFailed,
  progressChanged,
  certificateRequested,
  certificateReady,
  certificateFailed,
  certificateDelivered,
  fileRequested,
  fileReady,
  fileFailed,
  fileDelivered,
} = catalogSlice.actions;

export const catalogReducer = catalogSlice.reducer;

export const bookmarkChangeKey = (kind: BookmarkKind, target: string) => `bookmark:${kind}:${target}`;

/**
 * A catalog answer the page was rendered with ahead of the app (renderAhead/pageData.ts): kept by its path,
 * as the area keeps every resource it loads. Area.preloaded.
 */
export function catalogPreloaded({ path, data }: PreloadedAnswer) {
  return path === '/catalog' || path.startsWith('/catalog/') ? [resourceLoaded({ path, data })] : [];
}
