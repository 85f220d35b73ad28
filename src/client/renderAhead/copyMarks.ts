/**
 * How a copy in #root is marked (renderAhead/prerendering.ts has the rest): only these two strings, so the
 * entry (main.tsx) can tell a student's page from other copies without the rest in its bundle.
 */

/** The attribute the build (and the server) puts on a prerendered copy's first element. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * PRERENDERED_ATTRIBUTE's value on a student's page the server rendered for them
 * (prerender.tsx `renderSignedInPage`): the same markup the app's first render makes there, so the
 * app hydrates it (renderAhead/hydrateStudentPage.tsx) instead of replacing it: no DOM built again, no
 * layout of it again.
 */
export const STUDENT_PAGE = 'student-page';
