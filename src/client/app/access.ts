/**
 * Who sees which workspace, and where a user lands after signing in. Pure functions over the
 * session's permissions (the current school's, SPEC §6: GADMINSUPERUSER passes every check), shared
 * by the shell's navigation, the RequirePermission guard (guards.tsx) and the sign-in saga.
 *
 * A staff user is one holding a staff permission (SCHOOLADMIN, SUPPORT, TEACHER or
 * GADMINSUPERUSER) at the current school. Staff see their workspaces first and the learner's areas
 * under "Learn". Sign-in lands where SPEC S2.15 says for everyone (the `redirect`, else /app).
 *
 * What Home (/app) shows depends on who is a learner, and the session does not say: a student holds
 * no permission at all, and nothing marks staff who also take modules. So the rule (homeKind) reads
 * the learner's own progress at the current school too: staff who have done something in the
 * catalog (a section, a review, time on a page) are staff and learners, and keep the learner's Home
 * with their workspaces' cards first; staff who have not are staff-only, and Home is their first
 * workspace's working view (the ticket queue, the school's overview, the class list) with cards
 * for the others. Everyone else is a learner.
 */
import { SUPERUSER_PERMISSION } from '../../common/constants';
import { hasPermission, SCHOOLADMIN_PERMISSION, SUPPORT_PERMISSION, TEACHER_PERMISSION } from '../../common/permissions';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from '../../common/redirect';

export type WorkspaceKey = 'school' | 'support' | 'classes';

export interface Workspace {
  key: WorkspaceKey;
  to: string;
  label: string;
  /** any one of them opens the workspace (through hasPermission, so the superuser too) */
  permissions: readonly string[];
  /** the refusal page: what the workspace is for, and who to ask */
  purpose: string;
  ask: string;
}

/** In landing order: a user holding several lands on the first. */
export const WORKSPACES: readonly Workspace[] = [
  {
    key: 'school',
    to: '/app/admin',
    label: 'School',
    permissions: [SCHOOLADMIN_PERMISSION],
    purpose: 'School administration is where a school’s administrator manages its users, access codes and class codes, rosters, classes and audit trail.',
    ask: 'If you run your school’s Cashwise, ask your district’s Cashwise administrator to make you a school administrator.',
  },
  {
    key: 'support',
    to: '/app/support/tickets',
    label: 'Support',
    permissions: [SUPPORT_PERMISSION],
    purpose: 'The support console is where support staff answer students’ help requests. You do not have permission to see support tickets.',
    ask: 'To ask for help yourself, use Get Help at the top of the page.',
  },
  {
    key: 'classes',
    to: '/app/classes',
    label: 'Classes',
    permissions: [TEACHER_PERMISSION, SCHOOLADMIN_PERMISSION],
    purpose: 'You do not have access to classes. Classes are for teachers and school administrators at this school.',
    ask: 'If you teach at this school, ask your school administrator to give you the teacher role.',
  },
];

export const workspace = (key: WorkspaceKey): Workspace => WORKSPACES.find((w) => w.key === key)!;

export const STAFF_PERMISSIONS = [SUPERUSER_PERMISSION, SCHOOLADMIN_PERMISSION, SUPPORT_PERMISSION, TEACHER_PERMISSION] as const;

export function mayOpen(permissions: readonly string[] | null | undefined, key: WorkspaceKey): boolean {
  return workspace(key).permissions.some((p) => hasPermission(permissions, p));
}

/** The workspaces the permissions open, in landing order. */
export function workspacesFor(permissions: readonly string[] | null | undefined): Workspace[] {
  return WORKSPACES.filter((w) => mayOpen(permissions, w.key));
}

/** Staff: holds a staff permission (as hasPermission compares: the session's list as it is). */
export function isStaff(permissions: readonly string[] | null | undefined): boolean {
  return (permissions ?? []).some((p) => (STAFF_PERMISSIONS as readonly string[]).includes(p));
}

/**
 * What Home shows (see the header): `learnerStarted` is the progress summary's `started` at the
 * current school, null while it is not known yet (Home waits rather than showing one view and then
 * the other).
 */
export type HomeKind = 'learner' | 'staff-and-learner' | 'staff-only' | 'deciding';

export function homeKind(permissions: readonly string[] | null | undefined, learnerStarted: boolean | null): HomeKind {
  if (!isStaff(permissions) || workspacesFor(permissions).length === 0) return 'learner';
  if (learnerStarted === null) return 'deciding';
  return learnerStarted ? 'staff-and-learner' : 'staff-only';
}

/** Where sign-in lands (SPEC S2.15): the `redirect` when one was given (made safe), else /app. */
export function landingPath(redirect: string | null | undefined): string {
  return redirect ? safeRedirect(redirect) : DEFAULT_AFTER_LOGIN;
}
