/**
 * Prerendered pages (issue #9, LCP; src/client/prerender.tsx): the build renders a few pages in Node
 * and the server answers their addresses with that HTML, so the page is on screen before the app's
 * scripts have run. The app then renders the same page over that static copy.
 */

/** True while the build renders a page in Node (there is no document). */
export const PRERENDERING = typeof document === 'undefined';

/** The attribute the build puts on a prerendered copy's first element (prerender.tsx `fillTemplate`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * PRERENDERED_ATTRIBUTE's value on the copy of a signed-in page's shell whose page the server renders
 * for the student ahead of the app (app/pageDataRoutes.ts): the boot script asks for it
 * (bootSignedIn.ts, app/pageData.ts). Other copies have an empty value.
 */
export const PAGE_AHEAD = 'page-ahead';

/**
 * True while the page's static copy is still in #root: React replaces it at its first commit, so a
 * component that asks while rendering the app's first page learns whether that page takes a copy's
 * place (and should then be whole at once, not drawn in parts over an emptied copy).
 */
export function prerenderedCopyShown(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return doc?.getElementById('root')?.firstElementChild?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false;
}
