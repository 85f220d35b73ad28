/**
 * What a slice keeps of one read: an explicit status machine with its data and failure.
 *   idle → loading → succeeded | failed;  succeeded → stale (a change made it old) → loading …
 * While a read is loading again its data stays on screen.
 */
import type { ApiProblem } from './apiProblem';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'stale' | 'failed';

export interface Loadable<T> {
  status: LoadStatus;
  data: T | null;
  error: ApiProblem | null;
}

export const IDLE: Loadable<never> = { status: 'idle', data: null, error: null };
