/**
 * SPEC §4 / S4.16: activity is mouse down, mouse move, key press, scroll and touch start. The browser
 * fires these hundreds of times a minute; this channel turns them into at most one emission per
 * throttle window, which the timer saga keeps as `lastActivityAt`. Nothing reaches the store.
 */
import { eventChannel, type EventChannel } from 'redux-saga';

/** `keydown` is listened to as well: `keypress` is deprecated and not fired for every key. */
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart'] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENTS)[number];

/** One emission per second at most: inactivity is measured in minutes, so this costs nothing in precision. */
export const ACTIVITY_THROTTLE_MS = 1_000;

export type ActivityTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** What the channel emits: the kind of activity that opened the window (the saga reads the time itself). */
export interface ActivitySignal {
  type: ActivityEventType;
}

/**
 * Leading-edge throttle: the first event of a window is emitted at once, the rest of the window is
 * dropped. `clock` is injectable so the scenario runner's virtual clock drives the window too.
 * Closing the channel removes every listener.
 */
export function createActivityChannel(
  target: ActivityTarget,
  throttleMs: number = ACTIVITY_THROTTLE_MS,
  clock: () => number = () => Date.now(),
): EventChannel<ActivitySignal> {
  return eventChannel<ActivitySignal>((emit) => {
    let lastEmittedAt: number | null = null;
    const listener = (event: Event) => {
      const now = clock();
      if (lastEmittedAt !== null && now - lastEmittedAt < throttleMs) return;
      lastEmittedAt = now;
      emit({ type: event.type as ActivityEventType });
    };
    const options: AddEventListenerOptions = { passive: true, capture: true };
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, listener, options);
    };
  });
}
