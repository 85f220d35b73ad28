/**
 * The classroom's public surface for other features and app/: the rule for who teaches, and its
 * components for other pages, each loaded on demand (its own chunk, with the classroom's slice and
 * saga), so the pages that show them carry no classroom code for students in no class.
 */
import { Suspense, createElement, lazy, useSyncExternalStore } from 'react';
import { retryableLazy } from '../../lib/retryableLazy';

const noSubscription = () => () => {};

export { selectCanTeach } from './selectors';
export type { classroomReducer } from './slice';

/** The teacher's class list of /app/classes, for a staff-only teacher's Home: loaded with the classroom pages' chunk. */
export const ClassList = retryableLazy(() => import(/* webpackChunkName: "classroom" */ './pages/ClassesPage').then((m) => ({ default: m.ClassList })));

/** Home's "Assigned to you" (nothing for a student with no assignments). */
export const AssignedToYou = retryableLazy(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedToYou').then((m) => ({ default: m.AssignedToYou })));
const LazyAssignedNotice = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedNotice').then((m) => ({ default: m.AssignedNotice })));

/**
 * "Assigned by …, due …" on an assigned catalog page or worksheet (`path`: the page it is for, else
 * the address). Rendered only once the page is on screen: a student's page the server renders ahead
 * is hydrated, and a lazy component would suspend in that render (React #419, the page rendered anew).
 */
export function AssignedNotice({ path }: { path?: string }) {
  // false in the server's render and while hydrating its page; true in any other client render
  const onClient = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!onClient) return null;
  return createElement(Suspense, { fallback: null }, createElement(LazyAssignedNotice, { path }));
}

/** "Turn in" on a saved worksheet or budget (nothing for a student in no class). */
export const TurnInPanel = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/TurnInPanel').then((m) => ({ default: m.TurnInPanel })));
