import { createSelector } from '@reduxjs/toolkit';
import { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from '../../../common/classroom';
import { hasPermission } from '../../../common/permissions';
import { selectPermissions } from '../auth';
import { sortMyAssignments } from './model';
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
export const selectAssignmentWork = (state: ClassroomRootState) => state.classroom.work;
export const selectTurnIn = (state: ClassroomRootState) => state.classroom.turnIn;
export const selectChange = (state: ClassroomRootState) => state.classroom.change;
export const selectTemporaryPassword = (state: ClassroomRootState) => state.classroom.temporaryPassword;
export const selectGradebook = (state: ClassroomRootState) => state.classroom.gradebook;
export const selectMyClasses = (state: ClassroomRootState) => state.classroom.myClasses;
export const selectMyTurnIns = (state: ClassroomRootState) => state.classroom.myTurnIns;
export const selectTurningIn = (state: ClassroomRootState) => state.classroom.turningIn;
export const selectMyAssignmentsStatus = (state: ClassroomRootState) => state.classroom.myAssignments.status;
/** "Assigned to you", overdue first. */
export const selectMyAssignments = createSelector([(state: ClassroomRootState) => state.classroom.myAssignments.data], (items) =>
  sortMyAssignments(items ?? []),
);
export const selectChoices = (state: ClassroomRootState) => state.classroom.catalog;
export const selectMaterialChoices = (state: ClassroomRootState, moduleSlug: string) => state.classroom.materials[moduleSlug];
