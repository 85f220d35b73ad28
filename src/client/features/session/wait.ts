/**
 * Waiting in the session's sagas (the timer, the drafts saved before a session ends, loading the
 * timer's chunk): through the saga context's `delay` when one is given — the scenario runner's and
 * the tests' virtual clock — else redux-saga's own `delay` effect.
 */
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext } from 'redux-saga/effects';

/** A delay the caller controls (ms → a promise, or any thenable, resolved when the time has come). */
export type DelayFn = (ms: number) => PromiseLike<unknown>;

/** Waits `ms` using the context's `delay` when given (virtual clock), else redux-saga's. */
export function* wait(ms: number): SagaIterator<void> {
  const customDelay: DelayFn | undefined = yield getContext('delay');
  if (customDelay) yield call(customDelay, ms);
  else yield delay(ms);
}
