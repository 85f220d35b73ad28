/**
 * Starts the self-hosted session recorder once the first screen is up (its own chunk). Nothing is
 * sent anywhere: see recording/recorder.ts. Not started under Jest (jsdom has no layout to record).
 */
import { useEffect } from 'react';
import { sessionRecorder } from '../recording/recorder';

export function SessionRecording() {
  useEffect(() => {
    if (process.env.NODE_ENV === 'test') return;
    const start = () => void sessionRecorder.start();
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    if (idle) idle(start);
    else window.setTimeout(start, 500);
  }, []);
  return null;
}
