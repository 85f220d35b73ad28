/**
 * What other tabs do to cc:auth, as the browser tells this one: `storage` events, which every OTHER
 * tab of the browser gets when one changes localStorage. Read by the tabs' session sync while
 * signed in (features/session/tabs.ts) and by the sign-in page's follower while signed out
 * (followSignInElsewhere in sagas.ts). Target and storage come from the saga context
 * (`tabEvents`, default `window`), so tests send events of their own.
 */
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import { SESSION_STORAGE_KEY } from '../../../common/constants';
import type { Session } from '../../../common/types';
import type { SagaContext } from '../../app/sagaContext';
import { normalizeSession } from './storage';

export type TabEventTarget = NonNullable<SagaContext['tabEvents']>;

/** What another tab did to cc:auth. */
export interface StoredSessionChange {
  /** The new raw value; null when cc:auth was removed. */
  newValue: string | null;
}

/** The `storage` events about cc:auth (from this Storage, when the event says which). */
export function createStoredSessionChannel(target: TabEventTarget, storage?: Storage): EventChannel<StoredSessionChange> {
  return eventChannel<StoredSessionChange>((emit) => {
    const listener = (event: Event) => {
      const { key, newValue, storageArea } = event as StorageEvent;
      // key null: localStorage.clear() in another tab, which removes cc:auth too
      if (key !== SESSION_STORAGE_KEY && key !== null) return;
      if (storageArea && storage && storageArea !== storage) return;
      emit({ newValue: key === null ? null : (newValue ?? null) });
    };
    target.addEventListener('storage', listener);
    return () => target.removeEventListener('storage', listener);
  });
}

/** Where the browser's `storage` events arrive: the context's `tabEvents`, else `window` (none outside a browser). */
export function* tabEventTarget(): SagaIterator<TabEventTarget | undefined> {
  const given: TabEventTarget | undefined = yield getContext('tabEvents');
  return given ?? (typeof window !== 'undefined' ? window : undefined);
}

/** A session as another tab stored it, or null when the value is not one. */
export function parseStoredSession(raw: string): Session | null {
  try {
    return normalizeSession(JSON.parse(raw));
  } catch {
    return null;
  }
}
