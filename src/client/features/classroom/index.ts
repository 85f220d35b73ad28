/**
 * The classroom's public surface for other features and app/: the rule for who teaches, and its
 * components for other pages, each loaded on demand (its own chunk, with the classroom's slice and
 * saga), so the pages that show them carry no classroom code for students in no class.
 */
import { Suspense, createElement, lazy, useSyncExternalStore } from 'react';
import { retryableLazy } from '../../lib/retryableLazy';
import type { AppStore } from '../../app/store';
import { selectSession } from '../auth';

const noSubscription = () => () => {};

export { selectCanTeach } from './selectors';
export type { classroomReducer } from './slice';

/** The teacher's class list of /app/classes, for a staff-only teacher's Home: loaded with the classroom pages' chunk. */
export const ClassList = retryableLazy(() => import(/* webpackChunkName: "classroom" */ './pages/ClassesPage').then((m) => ({ default: m.ClassList })));

/** Home's "Assigned to you" (nothing for a student with no assignments). */
export const AssignedToYou = retryableLazy(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedToYou').then((m) => ({ default: m.AssignedToYou })));

/** The session whose list `assignedToYouReady` last made ready, per store. */
const readyFor = new WeakMap<AppStore, { session: unknown; ready: Promise<void> }>();

/**
 * "Assigned to you" ready to show at Home's first render (app/pages/homeLoader.ts): its code in and
 * the signed-in student's assignments answered, or `boundMs` passed. Once per store and session
 * (a renewal's session asks again, and finds the list it has). Never rejects: a part whose code
 * did not arrive shows its failure when it renders.
 */
export function assignedToYouReady(store: AppStore, boundMs: number): Promise<void> {
  const session = selectSession(store.getState());
  const known = readyFor.get(store);
  if (known && known.session === session) return known.ready;
  const ready = AssignedToYou.preload()
    .then(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedToYou'))
    .then((m) => m.assignmentsAnswered(store, boundMs))
    .catch(() => undefined);
  readyFor.set(store, { session, ready });
  return ready;
}
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
