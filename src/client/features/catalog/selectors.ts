/** Catalog selectors: a resource by path (typed by the caller), attempts, pending changes, certificate. */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { catalogApi } from './api';
import { STATUS_LABELS, type ProgressStatus, type ProgressSummary, type TranscriptRow } from '../../../common/catalog';
import type { ApiProblem } from '../../api/apiProblem';
import type { ActionStatus, AttemptState, LoadStatus } from './slice';

export interface ResourceView<T> {
  status: LoadStatus;
  data: T | null;
  error: ApiProblem | null;
}

const IDLE: ResourceView<never> = { status: 'idle', data: null, error: null };

export const selectResource =
  <T>(path: string) =>
  (state: RootState): ResourceView<T> =>
    (state.catalog.resources[path] as ResourceView<T> | undefined) ?? IDLE;

/**
 * Has the learner done anything in the catalog yet? Null until the progress summary is in (or while
 * the catalog's slice is not loaded: the home page asks before its chunk arrives). A summary that
 * could not be read counts as nothing done, so Home (app/access.ts homeKind) never waits for it forever.
 */
export const selectLearnerStarted = (state: RootState): boolean | null => {
  const resource = (state as Partial<RootState>).catalog?.resources[catalogApi.summary];
  const summary = resource?.data as ProgressSummary | null | undefined;
  if (summary) return summary.started;
  return resource?.status === 'failed' ? false : null;
};

export const selectAttempt = (path: string) => (state: RootState): AttemptState | null => state.catalog.attempts[path] ?? null;

export const selectChange = (key: string) => (state: RootState): ActionStatus => state.catalog.changes[key] ?? 'idle';

export const selectCertificate = (state: RootState) => state.catalog.certificate;

export const selectFile = (path: string) => (state: RootState) => state.catalog.files[path] ?? null;

/** A transcript row as the table shows it (filterable values: text, numbers, dates). */
export interface TranscriptTableRow {
  moduleSlug: string;
  module: string;
  status: string;
  statusKey: ProgressStatus;
  percent: number;
  started: number | null;
  completed: number | null;
  bestScore: number | null;
  minutes: number;
}

export function toTableRow(row: TranscriptRow): TranscriptTableRow {
  return {
    moduleSlug: row.moduleSlug,
    module: row.moduleTitle,
    status: STATUS_LABELS[row.status],
    statusKey: row.status,
    percent: row.percent,
    started: row.startedAt,
    completed: row.completedAt,
    bestScore: row.averageBestScore,
    minutes: Math.round(row.timeSpentSeconds / 60),
  };
}

export const selectTranscriptRows = createSelector(
  [(state: RootState) => state.catalog.resources['/transcripts']],
  (resource): TranscriptTableRow[] => ((resource?.data as TranscriptRow[] | null) ?? []).map(toTableRow),
);
