/**
 * Starts the self-hosted session recorder (its own chunk, with rrweb's) once the first screen has settled: a few
 * seconds after the page's `load` event, when the browser is idle. rrweb's first full snapshot is
 * one long task; taken while the first screen is still being built it delayed that screen and
 * blocked input (issue #9: TBT, LCP). Nothing is sent anywhere: see recording/recorder.ts.
 * Not started under Jest (jsdom has no layout to record).
 */
import { useEffect } from 'react';

/** After `load`: long enough for the page's own chunks and first data to be in and drawn. */
export const RECORDER_START_DELAY_MS = 3000;

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

export function SessionRecording() {
  useEffect(() => {
    if (process.env.NODE_ENV === 'test') return;
    const w = window as IdleWindow;
    let timer: number | undefined;
    let idleId: number | undefined;
    // the recorder module is a small chunk of its own (rrweb is the "recorder" chunk): not in the first download
    const start = () =>
      void import(/* webpackChunkName: "recording" */ '../recording/recorder').then(({ sessionRecorder }) => sessionRecorder.start());
    const later = () => {
      timer = window.setTimeout(() => {
        if (w.requestIdleCallback) idleId = w.requestIdleCallback(start, { timeout: 2000 });
        else start();
      }, RECORDER_START_DELAY_MS);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      if (timer !== undefined) window.clearTimeout(timer);
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    };
  }, []);
  return null;
}
