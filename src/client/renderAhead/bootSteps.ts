/**
 * What the one script of a prerendered page does (boot.ts for login.html, bootSignedIn.ts for
 * app.html; see prerender.tsx): the page's markup is in the HTML, so the browser can show it before
 * any of the app's JavaScript runs. The app's scripts are preloaded by <link rel="preload"> (they
 * download at once, in parallel with the HTML) and the boot script runs them, in order, once the
 * browser has shown the page. Without it the browser runs deferred scripts as soon as the HTML is
 * parsed, before its first paint, and the page would wait for them. The static copy cannot be used
 * before the app replaces it (read-only fields, disabled button: LoginPage), so nothing is typed, or
 * submitted by the browser, meanwhile.
 *
 * No imports: the boot scripts are small bundles of their own without webpack's runtime
 * (webpack.config.js).
 */

/** The app's scripts, in order, from this script's data-scripts attribute. */
export function scriptsToLoad(script: Element | null): string[] {
  return (script?.getAttribute('data-scripts') ?? '').split(/\s+/).filter((src) => src !== '');
}

/** Appends the scripts to <head>, executed in order (async = false), once. */
export function loadScriptsOnce(sources: readonly string[], doc: Document = document): () => void {
  let loaded = false;
  return () => {
    if (loaded) return;
    loaded = true;
    for (const src of sources) {
      const script = doc.createElement('script');
      script.src = src;
      script.async = false;
      doc.head.appendChild(script);
    }
  };
}

/** A page that never reports its first contentful paint still starts after this long. */
export const PAINT_TIMEOUT_MS = 3000;

/**
 * Calls `load` once the browser says it has shown the page's content: the `first-contentful-paint`
 * entry comes when the frame is on screen, which can be some way after the paint itself. A hidden
 * page (a background tab) is not painted, and a browser without paint timing cannot say: both load
 * at once. PAINT_TIMEOUT_MS is the limit for a page that is never shown. `load` may be called twice
 * (the paint, then the limit): give it a function that acts once (loadScriptsOnce).
 */
export function afterFirstPaint(load: () => void, doc: Document = document, win: Window & typeof globalThis = window): void {
  if (doc.visibilityState === 'hidden' || !win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    load();
    return;
  }
  new win.PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    win.setTimeout(load, 0);
  }).observe({ type: 'paint', buffered: true });
  win.setTimeout(load, PAINT_TIMEOUT_MS);
}
