/**
 * Nothing typed is lost (SPEC S4.15, docs/drafts.md). Before a session ends for inactivity or expiry
 * (the timer), or because another tab ended it, every form with unsaved changes is saved by its own
 * feature's `saveNow` saga, at most DRAFT_SAVE_TIMEOUT_MS, and only then does the session end.
 *
 * Which features keep drafts is the app's business, not the session's: the saga context's `drafts`
 * lists them (createAppStore: the loaded areas that declare one, e.g. budgets and worksheets through
 * the documents feature), so this file imports no feature.
 */
import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, race, select } from 'redux-saga/effects';
import { wait, type DraftSaver } from '../../app/sagaContext';

/** How long a session end waits for the drafts to be saved (ours, not the spec's). */
export const DRAFT_SAVE_TIMEOUT_MS = 2_000;

export interface DraftsSavedPayload {
  /** Why the drafts were saved: the session's end reason, or 'reload' (a newer build). */
  reason: string;
  saved: string[];
  failed: string[];
  /** Keys still saving when the timeout was reached. */
  timedOut: string[];
}

/** The drafts were asked to save before a session end: the outcome, as one event in DevTools. */
export const draftsSavedBeforeSessionEnd = createAction<DraftsSavedPayload>('drafts/savedBeforeSessionEnd');

/** One feature's save; records the outcome under its key. A throw counts as failed. */
function* saveOne(saver: DraftSaver, outcomes: Map<string, boolean>): SagaIterator {
  try {
    const done: boolean = yield call(saver.save);
    outcomes.set(saver.key, done);
  } catch {
    outcomes.set(saver.key, false);
  }
}

/**
 * Saves every draft the context's `drafts` lists as unsaved, bounded by the timeout, and puts the
 * outcome. With nothing unsaved: no time passes, no event (null). Never throws.
 */
export function* saveDraftsBeforeSessionEnd(reason: string): SagaIterator<DraftsSavedPayload | null> {
  const listDrafts: (() => DraftSaver[]) | undefined = yield getContext('drafts');
  if (!listDrafts) return null;
  const state: unknown = yield select();
  const unsaved = listDrafts().filter((saver) => saver.unsaved(state));
  if (unsaved.length === 0) return null;
  const outcomes = new Map<string, boolean>();
  yield race({
    done: all(unsaved.map((saver) => call(saveOne, saver, outcomes))),
    timeout: call(wait, DRAFT_SAVE_TIMEOUT_MS),
  });
  const payload: DraftsSavedPayload = { reason, saved: [], failed: [], timedOut: [] };
  for (const { key } of unsaved) {
    const done = outcomes.get(key);
    (done === undefined ? payload.timedOut : done ? payload.saved : payload.failed).push(key);
  }
  yield put(draftsSavedBeforeSessionEnd(payload));
  return payload;
}
