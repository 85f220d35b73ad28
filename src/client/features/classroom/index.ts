/**
 * The classroom's public surface for other features and app/: the rule for who teaches, and its
 * components for other pages, each loaded on demand (its own chunk, with the classroom's slice and
 * saga), so the pages that show them carry no classroom code for students in no class.
 */
import { lazy } from 'react';

export { selectCanTeach } from './selectors';
export type { classroomReducer } from './slice';

/** Home's "Assigned to you" (nothing for a student with no assignments). */
export const AssignedToYou = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedToYou').then((m) => ({ default: m.AssignedToYou })));
/** "Assigned by …, due …" on an assigned catalog page or worksheet. */
export const AssignedNotice = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/AssignedNotice').then((m) => ({ default: m.AssignedNotice })));
/** "Turn in" on a saved worksheet or budget (nothing for a student in no class). */
export const TurnInPanel = lazy(() => import(/* webpackChunkName: "classroom-student" */ './components/TurnInPanel').then((m) => ({ default: m.TurnInPanel })));
