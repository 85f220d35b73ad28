/**
 * Yielding to the browser between pieces of start-up work (TBT): each piece then runs in a
 * task of its own, and the browser can paint and handle input in between.
 */

/**
 * `scheduler.yield()` where the browser has it (Chromium: the continuation goes ahead of other
 * tasks); elsewhere (jsdom, other browsers) nothing: code on a timer-driven path (tests with fake
 * timers) then never waits for a timer.
 */
export const yieldWhereSupported = (): Promise<void> | undefined =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.();

/** The next task: `scheduler.yield()` where the browser has it, else a timeout. */
export const nextTask = (): Promise<void> => yieldWhereSupported() ?? new Promise((resolve) => setTimeout(resolve));
