/**
 * Prerendered pages (LCP; src/client/renderAhead/prerender.tsx): the build renders a few pages in Node
 * and the server answers their addresses with that HTML, so the page is on screen before the app's
 * scripts have run. The app then renders the same page over that static copy.
 */

import { PRERENDERED_ATTRIBUTE } from './copyMarks';

export { PRERENDERED_ATTRIBUTE, STUDENT_PAGE } from './copyMarks';

/** True while the build renders a page in Node (there is no document). */
export const PRERENDERING = typeof document === 'undefined';

/**
 * PRERENDERED_ATTRIBUTE's value on the copy of a signed-in page's shell whose page the server renders
 * for the student ahead of the app (app/pageDataRoutes.ts): the boot script asks for it
 * (bootSignedIn.ts, renderAhead/pageData.ts). Other copies have an empty value.
 */
export const PAGE_AHEAD = 'page-ahead';

/** On a copy's button the boot script disabled until the app runs (bootSignedIn.ts disableCopyButtons). */
export const COPY_DISABLED_ATTRIBUTE = 'data-copy-disabled';

/**
 * Before the app hydrates a student's page: its buttons as the server rendered them (the boot
 * script disabled them until the app runs, and hydration does not change an attribute back).
 */
export function enableCopyButtons(root: Element): void {
  root.querySelectorAll(`[${COPY_DISABLED_ATTRIBUTE}]`).forEach((button) => {
    button.removeAttribute('disabled');
    button.removeAttribute(COPY_DISABLED_ATTRIBUTE);
  });
}

/** After the app's first commit: #root no longer holds a copy (a hydrated page keeps its element). */
export function forgetCopy(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  doc?.getElementById('root')?.firstElementChild?.removeAttribute(PRERENDERED_ATTRIBUTE);
}

/**
 * True while the page's static copy is still in #root: React replaces it at its first commit, so a
 * component that asks while rendering the app's first page learns whether that page takes a copy's
 * place (and should then be whole at once, not drawn in parts over an emptied copy).
 */
export function prerenderedCopyShown(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return doc?.getElementById('root')?.firstElementChild?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false;
}
