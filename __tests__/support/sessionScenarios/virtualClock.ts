/**
 * A virtual clock for the scenario runner: `now()` is the saga context's `clock`, `delay(ms)` its
 * `delay`. Nothing waits on real time. `delay` returns a synchronous thenable (redux-saga accepts any
 * object with `then`), so `advanceTo()` resumes the sagas synchronously and a whole two-hour session
 * replays in milliseconds, deterministically. Cancelling the effect (redux-saga's CANCEL hook)
 * removes the timer.
 */
import { CANCEL } from 'redux-saga';

interface Timer {
  dueAt: number;
  seq: number;
  callbacks: Array<(value: true) => void>;
}

const MAX_FIRINGS_PER_ADVANCE = 1_000_000;

export class VirtualClock {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start: number) {
    this.current = start;
  }

  readonly now = (): number => this.current;

  readonly delay = (ms: number): PromiseLike<true> => {
    const timer: Timer = { dueAt: this.current + Math.max(0, ms), seq: this.seq++, callbacks: [] };
    this.timers.push(timer);
    // redux-saga only calls then(onFulfilled, onRejected) once and ignores what it returns.
    const thenable = {
      then: (onFulfilled?: (value: true) => unknown): void => {
        if (onFulfilled) timer.callbacks.push((value) => void onFulfilled(value));
      },
      [CANCEL]: () => {
        this.timers = this.timers.filter((t) => t !== timer);
      },
    };
    return thenable as unknown as PromiseLike<true>;
  };

  /** Fires every timer due at or before `target`, in due order (overdue ones at the current time), then sets the time to `target`. */
  advanceTo(target: number): void {
    for (let fired = 0; ; fired += 1) {
      if (fired > MAX_FIRINGS_PER_ADVANCE) throw new Error('VirtualClock: a saga keeps scheduling zero delays');
      const next = this.nextDue(target);
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.dueAt);
      for (const callback of next.callbacks) callback(true);
    }
    this.current = Math.max(this.current, target);
  }

  /** The computer sleeps: time jumps by `durationMs` and no timer fires; overdue timers fire at the next advance. */
  sleep(durationMs: number): void {
    this.current += durationMs;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  private nextDue(target: number): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.dueAt > Math.max(target, this.current)) continue;
      if (!best || timer.dueAt < best.dueAt || (timer.dueAt === best.dueAt && timer.seq < best.seq)) best = timer;
    }
    return best;
  }
}
