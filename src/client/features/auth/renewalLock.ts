/**
 * One tab renews for all (docs/architecture.md, "Session"). Where the browser has the Web Locks
 * API, every renewal runs holding one lock shared by the tabs of the browser, so two tabs whose
 * checks fire at once never both renew: the second gets the lock after the first has stored its
 * new token in cc:auth and adopts it without a request. A request refused for a replaced token
 * waits for the lock too, so it sees the renewal's outcome. Without Web Locks (an older browser,
 * storage refused) the renewal key and the adoption from cc:auth still keep the tabs on one session
 * (renewalKey.ts, adopt.ts).
 *
 * The lock manager comes from saga context (`locks`; createAppStore gives `navigator.locks`), so
 * saga tests drive both paths on virtual time.
 */
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, getContext } from 'redux-saga/effects';

/** The part of the Web Locks API (`navigator.locks`) the renewal uses. */
export interface SessionLocks {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

/** The lock's name: one per browser profile and origin, as cc:auth is. */
export const RENEWAL_LOCK = 'cashwise:session-renewal';

/** The browser's lock manager, or null where there is none. */
export function browserLocks(): SessionLocks | null {
  if (typeof navigator === 'undefined') return null;
  const locks = (navigator as Navigator & { locks?: SessionLocks }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Asks for the lock; resolves with its release once this tab holds it. */
function acquire(locks: SessionLocks, name: string): { granted: Promise<() => void> } {
  const granted = new Promise<() => void>((resolve, reject) => {
    locks
      .request(name, () => new Promise<void>((release) => resolve(() => release())))
      .catch(reject);
  });
  return { granted };
}

/** Runs `saga` holding the renewal lock, or at once without Web Locks. */
export function* withRenewalLock<T>(saga: () => SagaIterator<T>): SagaIterator<T> {
  const locks: SessionLocks | null | undefined = yield getContext('locks');
  if (!locks) return (yield call(saga)) as T;
  const { granted } = acquire(locks, RENEWAL_LOCK);
  let release: (() => void) | null = null;
  try {
    release = (yield call(() => granted)) as () => void;
    return (yield call(saga)) as T;
  } finally {
    if (release) release();
    // cancelled while waiting: the lock, when it comes, is let go at once (never held by no one)
    else if ((yield cancelled()) as boolean) void granted.then((later) => later(), () => undefined);
  }
}

/** Waits until no renewal holds the lock in any tab (none without Web Locks). */
export function* renewalSettledInEveryTab(): SagaIterator {
  yield call(withRenewalLock, function* noop(): SagaIterator<void> {
    // holding the lock for a moment is the wait: a renewal under way has stored its outcome
  });
}
