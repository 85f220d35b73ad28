/** Test data shared by the catalog's tests. */
import type { TranscriptRow } from '../../../../../src/common/catalog';

/** A transcript row of a module not started yet, with `over` on top. */
export const transcriptRow = (over: Partial<TranscriptRow> = {}): TranscriptRow => ({
  moduleSlug: 'budgeting',
  moduleTitle: 'Budgeting Basics',
  order: 1,
  status: 'not-started',
  percent: 0,
  startedAt: null,
  completedAt: null,
  bestScores: [],
  averageBestScore: null,
  timeSpentSeconds: 0,
  ...over,
});
