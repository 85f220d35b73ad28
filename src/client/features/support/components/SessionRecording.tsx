/**
 * Starts the self-hosted session recorder (its own chunk, with rrweb) at the student's first input — a key,
 * a click or tap, a pointer move, a scroll — in an idle moment right after it. Nothing is sent
 * anywhere: see recording/recorder.ts. Not started under Jest (jsdom has no layout to record).
 *
 * Why not at the first idle moment after mount: that moment comes while the page's own chunks are
 * still loading, and rrweb's first full snapshot (a long task: 350–590 ms of Lighthouse's simulated
 * blocking time on every page, issue #9) then delayed the first screen. Before the first input there
 * is nothing the student did; the snapshot taken at the first input still shows the page as it was.
 */
import { useEffect } from 'react';

/** Inputs that mean a person is at the page. */
export const FIRST_INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

export function SessionRecording() {
  useEffect(() => {
    if (process.env.NODE_ENV === 'test') return;
    // The recorder (its ring buffer and packing) comes in the same chunk as rrweb: the entry, which
    // /login downloads first, carries none of it (issue #9 bundle ratio).
    // Best effort, as the recorder's own start is: a chunk that cannot be fetched means no recording.
    const start = () =>
      void import(/* webpackChunkName: "recorder" */ '../recording/recorder')
        .then(({ sessionRecorder }) => sessionRecorder.start())
        .catch(() => false);
    const options: AddEventListenerOptions = { capture: true, passive: true };
    const onFirstInput = () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onFirstInput, options);
      const idle = (window as IdleWindow).requestIdleCallback;
      // a task of its own after the input, so the input's own handling and paint come first
      if (idle) idle(start, { timeout: 2000 });
      else window.setTimeout(start, 0);
    };
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, onFirstInput, options);
    return () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onFirstInput, options);
    };
  }, []);
  return null;
}
