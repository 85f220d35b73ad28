/**
 * Before a session ends for inactivity or expiry (the session timer's logout path,
 * and a session ended in another tab), every registered draft saver gets a chance to save — at most
 * DRAFT_SAVE_TIMEOUT_MS — and only then does the session end.
 *
 * Context: `drafts` (a DraftRegistry; absent → nothing to save, no time passes) and, optionally,
 * `delay` (the scenario runner's virtual clock), as the session timer uses.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, race } from 'redux-saga/effects';
import { wait } from '../../app/sagaContext';
import { DRAFT_SAVE_TIMEOUT_MS, draftsSavedBeforeSessionEnd, type DraftsSavedPayload } from './events';
import type { DraftRegistry, DraftSaveResult } from './registry';


/** Asks every registered form to save its draft, bounded by the timeout. Never throws. */
export function* saveDraftsBeforeSessionEnd(reason: string): SagaIterator<DraftsSavedPayload | null> {
  const registry: DraftRegistry | undefined = yield getContext('drafts');
  const keys = registry?.keys() ?? [];
  if (!registry || keys.length === 0) return null;
  let payload: DraftsSavedPayload;
  try {
    const outcome: { done?: DraftSaveResult; timeout?: true } = yield race({
      done: call([registry, registry.saveAll]),
      timeout: call(wait, DRAFT_SAVE_TIMEOUT_MS),
    });
    if (outcome.done) {
      payload = { reason, ...outcome.done, timedOut: [] };
    } else {
      payload = { reason, saved: [], failed: [], timedOut: keys };
    }
  } catch {
    payload = { reason, saved: [], failed: keys, timedOut: [] };
  }
  yield put(draftsSavedBeforeSessionEnd(payload));
  return payload;
}
