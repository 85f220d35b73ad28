/**
 * A signed-in page rendered ahead of the app (LCP): the server renders the student's page
 * with its data (`GET /api/page?path=…`, src/server/renderAhead/pageRoutes.ts) when the page's boot script
 * asks with the stored session (bootSignedIn.ts). The boot script puts the markup in place of the
 * prerendered shell and leaves the service answers it was rendered from here, on `window`; the
 * page's area puts them into the store as its saga starts, before the page first renders
 * (app/areas.ts `preloaded`, renderAhead/pageAnswers.ts), so the app's first render is the same page with
 * the same data — without asking for it again.
 *
 * The page's shape is shared with the server (common/renderAhead/renderedPage.ts). The boot script's small
 * bundle uses this module: no libraries here.
 */

import type { PreloadedAnswer } from '../../common/renderAhead/renderedPage';

export type { PreloadedAnswer, RenderedPage } from '../../common/renderAhead/renderedPage';

/** The property of `window` that holds the answers until the app takes them. */
export const PAGE_ANSWERS_GLOBAL = '__cashwisePageAnswers';

interface StashedAnswers {
  path: string;
  answers: PreloadedAnswer[];
}

type Holder = Partial<Record<typeof PAGE_ANSWERS_GLOBAL, StashedAnswers>>;

/** The boot script leaves the answers of the page at `path` for the app. */
export function stashPageAnswers(holder: object, path: string, answers: PreloadedAnswer[]): void {
  (holder as Holder)[PAGE_ANSWERS_GLOBAL] = { path, answers };
}

/**
 * Takes the answers left for the page at `pathname` that `actionsFor` turns into actions (an area's
 * `preloaded`), and returns those actions; the other answers stay for their areas. Answers left for
 * another address (the student has moved on) are dropped.
 */
export function takePageAnswers<A>(holder: object, pathname: string, actionsFor: (answer: PreloadedAnswer) => A[]): A[] {
  const stashed = (holder as Holder)[PAGE_ANSWERS_GLOBAL];
  if (!stashed) return [];
  if (stashed.path !== pathname || !Array.isArray(stashed.answers)) {
    delete (holder as Holder)[PAGE_ANSWERS_GLOBAL];
    return [];
  }
  const actions: A[] = [];
  stashed.answers = stashed.answers.filter((answer) => {
    const taken = actionsFor(answer);
    actions.push(...taken);
    return taken.length === 0;
  });
  if (stashed.answers.length === 0) delete (holder as Holder)[PAGE_ANSWERS_GLOBAL];
  return actions;
}
