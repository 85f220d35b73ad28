/** Catalog selectors: a piece of content (typed by its read), attempts, pending changes, files. */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { IDLE, type Loadable } from '../../api/loadable';
import { STATUS_LABELS, type ModuleTestKind, type ModuleTestResult, type ProgressStatus, type ReviewResult, type TranscriptRow } from '../../../common/catalog';
import type { AnswerOf, ContentRead } from './api';
import { contentKey, moduleTestKey, reviewKey, type ActionStatus, type Attempt } from './slice';

export const selectContent =
  <R extends ContentRead>(read: R) =>
  (state: RootState): Loadable<AnswerOf<R['kind']>> =>
    state.catalog.content[read.kind as R['kind']][contentKey(read)] ?? IDLE;

/**
 * Has the learner done anything in the catalog yet? Null until the progress summary is in (or while
 * the catalog's slice is not loaded: the home page asks before its chunk arrives). A summary that
 * could not be read counts as nothing done, so Home (app/access.ts homeKind) never waits for it forever.
 */
export const selectLearnerStarted = (state: RootState): boolean | null => {
  const summary = (state as Partial<RootState>).catalog?.content.summary[''];
  if (summary?.data) return summary.data.started;
  return summary?.status === 'failed' ? false : null;
};

export const selectAttempt = (slug: string, mslug: string) => (state: RootState): Attempt<ReviewResult> | null => state.catalog.attempts[reviewKey(slug, mslug)] ?? null;

export const selectTestAttempt = (slug: string, kind: ModuleTestKind) => (state: RootState): Attempt<ModuleTestResult> | null =>
  state.catalog.testAttempts[moduleTestKey(slug, kind)] ?? null;

export const selectChange = (key: string) => (state: RootState): ActionStatus => state.catalog.changes[key] ?? 'idle';

export const selectCertificate = (state: RootState) => state.catalog.certificate;

export const selectPacket = (moduleSlug: string) => (state: RootState) => state.catalog.packets[moduleSlug] ?? null;

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
  [(state: RootState) => state.catalog.content.transcript['']],
  (transcript): TranscriptTableRow[] => (transcript?.data ?? []).map(toTableRow),
);
