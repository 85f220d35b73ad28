import { createSelector } from '@reduxjs/toolkit';
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../../common/classroom';
import { hasPermission } from '../../../common/permissions';
import { selectPermissions } from '../auth';
import { sortMyAssignments } from './model';
import { isDone } from './nextStep';
import type { ClassroomState } from './slice';

export interface ClassroomRootState {
  classroom: ClassroomState;
}

/**
 * Teaches (or runs) the current school: TEACHER or SCHOOLADMIN there, or GADMINSUPERUSER (SPEC §6,
 * through hasPermission). The session's permissions are the current school's.
 */
export const selectCanTeach = createSelector([selectPermissions], (permissions) =>
  [TEACHER_PERMISSION, SCHOOLADMIN_PERMISSION].some((p) => hasPermission(permissions, p)),
);

export const selectClasses = (state: ClassroomRootState) => state.classroom.classes;
export const selectClassDetail = (state: ClassroomRootState) => state.classroom.detail;
export const selectDashboard = (state: ClassroomRootState) => state.classroom.dashboard;
export const selectClassStudent = (state: ClassroomRootState) => state.classroom.student;
export const selectReviewQuestions = (state: ClassroomRootState) => state.classroom.reviewQuestions;
export const selectAssignmentWork = (state: ClassroomRootState) => state.classroom.work;
export const selectTurnIn = (state: ClassroomRootState) => state.classroom.turnIn;
export const selectInbox = (state: ClassroomRootState) => state.classroom.inbox;
export const selectChange = (state: ClassroomRootState) => state.classroom.change;
export const selectTemporaryPassword = (state: ClassroomRootState) => state.classroom.temporaryPassword;
export const selectGradebook = (state: ClassroomRootState) => state.classroom.gradebook;
export const selectMyClasses = (state: ClassroomRootState) => state.classroom.myClasses;
export const selectMyTurnIns = (state: ClassroomRootState) => state.classroom.myTurnIns;
export const selectTurningIn = (state: ClassroomRootState) => state.classroom.turningIn;
export const selectMyAssignmentsStatus = (state: ClassroomRootState) => state.classroom.myAssignments.status;
/** "Assigned to you": the open work (the list holds finished work too, for Home's Done list), overdue first. */
export const selectMyAssignments = createSelector([(state: ClassroomRootState) => state.classroom.myAssignments.data], (items) =>
  sortMyAssignments((items ?? []).filter((a) => !isDone(a))),
);
/** Home's Done list: completed or passed work, the latest due first (none last). */
export const selectMyDoneAssignments = createSelector([(state: ClassroomRootState) => state.classroom.myAssignments.data], (items) =>
  (items ?? []).filter(isDone).sort((a, b) => (b.dueAt ?? -Infinity) - (a.dueAt ?? -Infinity) || a.title.localeCompare(b.title)),
);
/**
 * Home leads with an assignment (AssignedToYou's next step): the catalog's Continue card then steps
 * back. Safe before the classroom's slice is loaded (false then).
 */
export const selectHasAssignedNextStep = (state: object): boolean =>
  ((state as Partial<ClassroomRootState>).classroom?.myAssignments.data ?? []).some((a) => !isDone(a));
export const selectChoices = (state: ClassroomRootState) => state.classroom.catalog;
export const selectMaterialChoices = (state: ClassroomRootState, moduleSlug: string) => state.classroom.materials[moduleSlug];
