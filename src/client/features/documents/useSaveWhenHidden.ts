import { useEffect } from 'react';

/**
 * Saves at once when the tab is hidden: switched away from, a laptop lid shut, and also reloaded,
 * closed or sent to another address, where `visibilitychange` is the last event a page reliably gets
 * (the HTML standard hides a document before unloading it). The saves are keepalive requests
 * (src/client/api/keepaliveAdapter.ts), so one started now arrives even when the page is going away.
 */
export function useSaveWhenHidden(requestSave: () => void): void {
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') requestSave();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [requestSave]);
}
