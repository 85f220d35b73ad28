/**
 * The classroom's public surface for other features and app/: the rule for who teaches, and its
 * components for other pages, each loaded on demand (its own chunk, with the classroom's slice and
 * saga), so the pages that show them carry no classroom code for students in no class.
 */
import { createElement, lazy, startTransition, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { retryableLazy } from '../../lib/retryableLazy';
import { nextTask } from '../../lib/tasks';
import { useAppStore } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { selectSession } from '../auth';

const noSubscription = () => () => {};

export { selectCanTeach, selectHasAssignedNextStep } from './selectors';
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

/** The notice's code, once it is in: every notice on a page (one on each catalog card) shares one load. */
let LoadedNotice: ComponentType<{ path?: string }> | null = null;
let noticeCode: Promise<void> | null = null;
/** The mounted notices waiting for the code: shown together, in one render, when it arrives. */
const waitingNotices = new Set<() => void>();
function loadNotice(store: AppStore): Promise<void> {
  // asked for in a task of its own: the effects that run after a hydrated page's commit share one
  // task, and the chunk's request (a script element) would add to it
  noticeCode ??= nextTask()
    .then(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedNotice'))
    .then(
      async (m) => {
        // the assignments asked for in a task of their own too, before the notices render: else
        // the first notice's effect sends the request among the effects after their commit
        await nextTask();
        m.askForMyAssignments(store);
        LoadedNotice = m.AssignedNotice;
        startTransition(() => waitingNotices.forEach((show) => show()));
      },
      () => {
        // not shown this time; the next page that shows a notice asks again
        noticeCode = null;
      },
    );
  return noticeCode;
}

/**
 * "Assigned by …, due …" on an assigned catalog page or worksheet (`path`: the page it is for, else
 * the address). Rendered only once the page is on screen: a student's page the server renders ahead
 * is hydrated, and a component whose code is not in would suspend in that render (React #419, the
 * page rendered anew). Not `lazy` under Suspense either: a catalog page has a notice on every card,
 * and on a slow Chromebook the boundaries that suspended and then showed their content again cost
 * a long task after hydration. Each notice renders nothing until the shared code is in; then all
 * show in one transition (rendered in slices).
 */
export function AssignedNotice({ path }: { path?: string }) {
  // false in the server's render and while hydrating its page (its markup has no notice), else
  // whether the code is in. Not "am I on the client": that flips to true right after hydration,
  // and React re-renders every notice whose snapshot moved at once, in the task that runs the
  // page's effects (a long task on a slow Chromebook); this one stays false until the code comes.
  const codeIn = useSyncExternalStore(noSubscription, () => LoadedNotice !== null, () => false);
  const store = useAppStore();
  const [, codeArrived] = useState(LoadedNotice !== null);
  useEffect(() => {
    if (LoadedNotice) return;
    const show = () => codeArrived(true);
    waitingNotices.add(show);
    void loadNotice(store);
    return () => {
      waitingNotices.delete(show);
    };
  }, [store]);
  return codeIn && LoadedNotice ? createElement(LoadedNotice, { path }) : null;
}

/** "Turn in" on a saved worksheet or budget (nothing for a student in no class). */
export const TurnInPanel = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/TurnInPanel').then((m) => ({ default: m.TurnInPanel })));
