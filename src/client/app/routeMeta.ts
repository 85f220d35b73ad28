/**
 * Pure rules over a matched route chain: the page title, whether a signed-in user is needed, and
 * whether the address is malformed (a numeric parameter that is not a number → Not Found).
 * Used by the guard, <DocumentTitle/> and the route-table tests alike.
 */
import type { SkeletonKind } from '../ui/PageSkeleton';

export interface RouteHandle {
  /** The page title (SPEC §2); the deepest matched route's title wins. */
  title?: string;
  /** SPEC §2 requiresAuth; the deepest matched route that says wins (/app needs auth, /app/about not). */
  requiresAuth?: boolean;
  /** Parameters this route declares numeric (SPEC §2 "numeric"). */
  numeric?: readonly string[];
  /** The shape of the page's skeleton while its code or data loads; the deepest matched route's wins. */
  skeleton?: SkeletonKind;
}

export interface MatchLike {
  handle?: unknown;
  params: Readonly<Record<string, string | undefined>>;
}

export const NOT_FOUND_TITLE = 'Page Not Found';

export interface RouteMeta {
  title: string | undefined;
  requiresAuth: boolean;
  notFound: boolean;
}

const asHandle = (h: unknown): RouteHandle => (h && typeof h === 'object' ? (h as RouteHandle) : {});

export function isNumericParam(value: string | undefined): boolean {
  return value !== undefined && /^\d+$/.test(value);
}

export function routeMeta(matches: readonly MatchLike[]): RouteMeta {
  let title: string | undefined;
  let requiresAuth = false;
  let notFound = matches.length === 0;
  for (const match of matches) {
    const handle = asHandle(match.handle);
    if (handle.title !== undefined) title = handle.title;
    if (handle.requiresAuth !== undefined) requiresAuth = handle.requiresAuth;
    if (handle.numeric?.some((name) => !isNumericParam(match.params[name]))) notFound = true;
  }
  return { title: notFound ? NOT_FOUND_TITLE : title, requiresAuth, notFound };
}

/** The skeleton of the page a route chain shows (PageSkeleton): the deepest that says, else rows. */
export function pageSkeleton(matches: readonly Pick<MatchLike, 'handle'>[]): SkeletonKind {
  let kind: SkeletonKind = 'rows';
  for (const match of matches) {
    const handle = asHandle(match.handle);
    if (handle.skeleton !== undefined) kind = handle.skeleton;
  }
  return kind;
}
