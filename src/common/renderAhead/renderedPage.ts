/**
 * What `GET /api/page` answers (src/server/renderAhead/pageRoutes.ts): a signed-in student's page rendered
 * by the server ahead of the app, which the page's boot script shows (src/client/renderAhead/bootSignedIn.ts,
 * src/client/renderAhead/pageData.ts). No imports: the boot script's small bundle uses this module.
 */

/** Where the boot script asks for a page. */
export const PAGE_API_PATH = '/api/page';

/** One answer of the service (a OneLook GET of `path`) that a page was rendered with. */
export interface PreloadedAnswer {
  path: string;
  data: unknown;
}

/** What `GET /api/page` answers: the page as the app would render it, and the answers behind it. */
export interface RenderedPage {
  /** the address rendered */
  path: string;
  /** the document title the app sets for the page */
  title: string;
  /** `<style data-emotion>` elements with the page's CSS */
  styles: string;
  /** the inner HTML of #root, its first element marked as a copy (PRERENDERED_ATTRIBUTE) */
  html: string;
  answers: PreloadedAnswer[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `value` has the shape of a RenderedPage (the boot script checks the server's answer). */
export function isRenderedPage(value: unknown): value is RenderedPage {
  return (
    isObject(value) &&
    typeof value.path === 'string' &&
    typeof value.title === 'string' &&
    typeof value.styles === 'string' &&
    typeof value.html === 'string' &&
    Array.isArray(value.answers) &&
    value.answers.every((answer) => isObject(answer) && typeof answer.path === 'string' && 'data' in answer)
  );
}

