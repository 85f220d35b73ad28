/** Test data shared by the catalog's tests. */
import type { UnknownAction } from '@reduxjs/toolkit';
import { catalogReducer, initialState, type CatalogState } from '../../../../../src/client/features/catalog/slice';
import type { ReviewResult, ReviewView, TranscriptRow } from '../../../../../src/common/catalog';

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

/** The review of budgeting/first-budget as its GET answers it, never attempted, with `over` on top. */
export const reviewView = (over: Partial<ReviewView> = {}): ReviewView => ({
  serving: 'opening-1',
  moduleSlug: 'budgeting',
  moduleTitle: 'Budgeting Basics',
  materialSlug: 'first-budget',
  materialTitle: 'Making Your First Budget',
  title: 'Review: Making Your First Budget',
  passingScore: 70,
  questions: [
    { id: 1, type: 'multiple-choice', prompt: 'Which of these is a need?', choices: ['Concert tickets', 'Rent'] },
    { id: 2, type: 'true-false', prompt: 'A budget is only for people who earn a lot.', choices: null },
  ],
  bestScore: null,
  attempts: 0,
  attemptLimit: null,
  ...over,
});

/** A first attempt at that review scored 50 % (question 1 right, question 2 not), with `over` on top. */
export const failedAttempt = (over: Partial<ReviewResult> = {}): ReviewResult => ({
  questions: reviewView().questions,
  answersShown: false,
  score: 50,
  passed: false,
  passingScore: 70,
  correctCount: 1,
  questionCount: 2,
  results: [
    { id: 1, correct: true, given: 1, correctAnswer: null, explanation: null },
    { id: 2, correct: false, given: true, correctAnswer: null, explanation: null },
  ],
  bestScore: 50,
  attempts: 1,
  ...over,
});

/** The catalog's state after `actions` (each piece loaded with `contentLoaded(read, answer)`, or failed). */
export const catalogState = (...actions: UnknownAction[]): CatalogState => actions.reduce(catalogReducer, initialState);
