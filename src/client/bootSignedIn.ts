/**
 * The one script of a prerendered signed-in page (app.html, the home page, and the other signed-in
 * pages' shells; prerender.tsx): boot.ts's work, after one check. The copy is a signed-in student's
 * page. A visitor with no stored session cannot use it — the app would only send them to the
 * sign-in page once it runs — so for them the copy goes at once and the app's scripts run straight
 * away (there is no page to show first), as on index.html, instead of a page that they look at and
 * that then disappears.
 *
 * Only whether a session is stored is looked at here: a stored session that turns out to be expired
 * or idle is found by the app, which then sends the student to the sign-in page with the reason.
 *
 * Its own small bundle without webpack's runtime, like boot.ts (webpack.config.js).
 */
import { SESSION_STORAGE_KEY } from '../common/constants';
import { PRERENDERED_ATTRIBUTE } from './app/prerendering';
import { afterFirstPaint, loadScriptsOnce, scriptsToLoad } from './bootSteps';

/**
 * Empties #root when it holds a prerendered copy and no session is stored (or storage is refused).
 * True when it did.
 */
export function dropCopyWithoutSession(doc: Document, storage: () => Storage): boolean {
  const root = doc.getElementById('root');
  if (!root?.firstElementChild?.hasAttribute(PRERENDERED_ATTRIBUTE)) return false;
  let stored: string | null = null;
  try {
    stored = storage().getItem(SESSION_STORAGE_KEY);
  } catch {
    // storage refused (a locked-down browser): the app starts signed out too
  }
  if (stored) return false;
  root.replaceChildren();
  return true;
}

/** Runs the app's scripts: at once when the copy went, else once the page has been shown. */
export function bootSignedIn(
  script: Element,
  doc: Document,
  storage: () => Storage,
  whenShown: (load: () => void) => void = (load) => afterFirstPaint(load, doc),
): void {
  const load = loadScriptsOnce(scriptsToLoad(script), doc);
  if (dropCopyWithoutSession(doc, storage)) load();
  else whenShown(load);
}

if (typeof document !== 'undefined' && document.currentScript) bootSignedIn(document.currentScript, document, () => window.localStorage);
