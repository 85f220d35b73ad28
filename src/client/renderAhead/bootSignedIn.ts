/**
 * The one script of a prerendered signed-in page (app.html, the home page, and the other signed-in
 * pages' shells; prerender.tsx): boot.ts's work, after one check. The copy is a signed-in student's
 * page. A visitor with no usable stored session (none, or one whose token expired or that was idle
 * past the limit: the next student at a shared computer) cannot use it — the app would only send
 * them to the sign-in page once it runs — so for them the copy goes at once and the app's scripts
 * run straight away (there is no page to show first), as on index.html, instead of a page that they
 * look at and that then disappears.
 *
 * THE STUDENT'S PAGE AHEAD OF THE APP. A shell's copy has no page: the page is the student's data.
 * For the pages the server can render for the student (the copy is marked PAGE_AHEAD:
 * app/pageDataRoutes.ts), with a usable stored session (its token unexpired, not idle: nothing of a previous student is
 * ever fetched for the next one on a shared computer) the script asks the server for the student's
 * page at once (`GET /api/page`, renderAhead/pageData.ts), while the app's scripts download, and puts it in
 * place of the shell; the app's scripts run once it is on screen. Without an answer in
 * PAGE_WAIT_MS (or with none to give: 204, an error) the scripts run as they would without this, and
 * a late answer is dropped: the app renders the page itself.
 *
 * Its own small bundle without webpack's runtime, like boot.ts (webpack.config.js).
 */
import { APP_KEY_HEADER } from '../../common/constants';
import { isRenderedPage, PAGE_API_PATH, type RenderedPage } from '../../common/renderAhead/renderedPage';
import { stashPageAnswers } from './pageData';
import { COPY_DISABLED_ATTRIBUTE, PRERENDERED_ATTRIBUTE, PAGE_AHEAD } from './prerendering';
import { getAppKey, isStoredSessionIdle, readServerClockOffset, readStoredSession } from '../features/auth';
import { afterFirstPaint, loadScriptsOnce, scriptsToLoad } from './bootSteps';

/** How long the app's scripts wait for the student's page before they render it themselves. */
export const PAGE_WAIT_MS = 2500;

/** How long after the page is put in place the scripts wait for it to be painted, at most. */
export const PAGE_PAINT_WAIT_MS = 500;

/**
 * Empties #root when it holds a prerendered copy and no usable session is stored (`credentials`
 * null: none, storage refused, a token expired or unreadable, or a session idle past the limit — a
 * shared computer's next student, whom the app will send to the sign-in page). True when it did.
 */
export function dropCopyWithoutSession(doc: Document, credentials: { token: string; appKey: string } | null): boolean {
  const root = doc.getElementById('root');
  if (!root?.firstElementChild?.hasAttribute(PRERENDERED_ATTRIBUTE)) return false;
  if (credentials) return false;
  root.replaceChildren();
  return true;
}

/** The token and app key to ask for the student's page with: a usable stored session's, else null. */
export function pageRequestCredentials(storage: () => Storage, now: number): { token: string; appKey: string } | null {
  try {
    const store = storage();
    // the token's exp is the server's time: the offset this browser learned last (auth/serverClock.ts)
    const session = readStoredSession(store, now + readServerClockOffset(store));
    if (!session || isStoredSessionIdle(store, now)) return null;
    return { token: session.token, appKey: getAppKey(store) };
  } catch {
    return null;
  }
}

/** Asks the server for the student's page at `pathname`; null when it has none to give or cannot answer. */
export async function fetchRenderedPage(
  pathname: string,
  credentials: { token: string; appKey: string },
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<RenderedPage | null> {
  try {
    const response = await fetchImpl(`${PAGE_API_PATH}?path=${encodeURIComponent(pathname)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${credentials.token}`, [APP_KEY_HEADER]: credentials.appKey },
      credentials: 'same-origin',
      signal,
    });
    if (response.status !== 200) return null;
    const page: unknown = await response.json();
    return isRenderedPage(page) && page.path === pathname ? page : null;
  } catch {
    return null;
  }
}

/**
 * A copy's buttons (the account menu, Get Help, a page's Bookmark or Mark complete …) act only once
 * the app runs, so until then they are disabled, as the sign-in page's copy does its button: a
 * click is not taken and then lost, and assistive technology says so. Its links are plain links,
 * which work. The app's first render replaces them with its own.
 */
export function disableCopyButtons(root: Element): void {
  root.querySelectorAll('button:not([disabled])').forEach((button) => {
    button.setAttribute('disabled', '');
    // a student's page is hydrated by the app, which takes these back first (enableCopyButtons)
    button.setAttribute(COPY_DISABLED_ATTRIBUTE, '');
  });
}

/**
 * Puts the student's page in place of the shell's copy (its styles, markup and title; its buttons
 * disabled: disableCopyButtons) and leaves its answers for the app. False when #root no longer
 * holds that copy.
 */
export function showRenderedPage(doc: Document, page: RenderedPage, holder: object): boolean {
  const root = doc.getElementById('root');
  if (root?.firstElementChild?.getAttribute(PRERENDERED_ATTRIBUTE) !== PAGE_AHEAD) return false;
  doc.head.insertAdjacentHTML('beforeend', page.styles);
  root.innerHTML = page.html;
  disableCopyButtons(root);
  doc.title = page.title;
  stashPageAnswers(holder, page.path, page.answers);
  return true;
}

/**
 * Calls `done` once the browser has painted what was just put on the page (a largest-contentful-
 * paint entry after now), or after PAGE_PAINT_WAIT_MS when no such entry comes (the page's largest
 * element is not larger than the shell's).
 */
export function afterPagePaint(done: () => void, win: Window & typeof globalThis = window): void {
  let called = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (called) return;
    called = true;
    observer?.disconnect();
    done();
  };
  const since = win.performance.now();
  if (win.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new win.PerformanceObserver((entries) => {
      if (entries.getEntries().some((entry) => entry.startTime >= since)) win.setTimeout(once, 0);
    });
    observer.observe({ type: 'largest-contentful-paint' });
  }
  win.setTimeout(once, PAGE_PAINT_WAIT_MS);
}

export interface BootSignedInOptions {
  whenShown?: (load: () => void) => void;
  /** the student's page, or null (default: fetchRenderedPage) */
  askForPage?: (pathname: string, credentials: { token: string; appKey: string }, signal: AbortSignal) => Promise<RenderedPage | null>;
  afterPaint?: (done: () => void) => void;
  now?: () => number;
  win?: Window & typeof globalThis;
}

/**
 * Runs the app's scripts: at once when the copy went (otherwise its buttons are disabled until the
 * app renders: disableCopyButtons); on a PAGE_AHEAD copy with a usable session,
 * once the student's page is on screen (or PAGE_WAIT_MS passed without it) and the shell was shown; else
 * once the page has been shown.
 */
export function bootSignedIn(script: Element, doc: Document, storage: () => Storage, options: BootSignedInOptions = {}): void {
  const win = options.win ?? window;
  const whenShown = options.whenShown ?? ((load: () => void) => afterFirstPaint(load, doc, win));
  const load = loadScriptsOnce(scriptsToLoad(script), doc);
  const usable = pageRequestCredentials(storage, (options.now ?? Date.now)());
  if (dropCopyWithoutSession(doc, usable)) {
    load();
    return;
  }
  const root = doc.getElementById('root');
  if (root) disableCopyButtons(root);
  const pageAhead = root?.firstElementChild?.getAttribute(PRERENDERED_ATTRIBUTE) === PAGE_AHEAD;
  const credentials = pageAhead ? usable : null;
  if (!credentials) {
    whenShown(load);
    return;
  }

  // the scripts run when both the shell has been shown and the page is settled (shown, or given up)
  let shown = false;
  let settled = false;
  const loadWhenBoth = () => {
    if (shown && settled) load();
  };
  const settle = () => {
    if (settled) return;
    settled = true;
    controller.abort();
    loadWhenBoth();
  };
  const controller = new AbortController();
  whenShown(() => {
    shown = true;
    loadWhenBoth();
  });
  win.setTimeout(settle, PAGE_WAIT_MS);
  const askForPage = options.askForPage ?? fetchRenderedPage;
  const afterPaint = options.afterPaint ?? ((done: () => void) => afterPagePaint(done, win));
  void askForPage(doc.location.pathname, credentials, controller.signal).then((page) => {
    if (settled) return;
    if (page && showRenderedPage(doc, page, win)) afterPaint(settle);
    else settle();
  });
}

if (typeof document !== 'undefined' && document.currentScript) bootSignedIn(document.currentScript, document, () => window.localStorage);
