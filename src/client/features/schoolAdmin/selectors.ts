/** What the school administration pages read (slice.ts). */
import type { SchoolAdminState } from './slice';

export interface SchoolAdminRootState {
  schoolAdmin: SchoolAdminState;
}

export const selectAdminSchool = (state: SchoolAdminRootState) => state.schoolAdmin.school;
export const selectAdminSchools = (state: SchoolAdminRootState) => state.schoolAdmin.schools;
export const selectAdminOverview = (state: SchoolAdminRootState) => state.schoolAdmin.overview;
export const selectAdminUsers = (state: SchoolAdminRootState) => state.schoolAdmin.users;
export const selectUsersQuery = (state: SchoolAdminRootState) => state.schoolAdmin.usersQuery;
export const selectAdminCodes = (state: SchoolAdminRootState) => state.schoolAdmin.codes;
export const selectAdminInvitations = (state: SchoolAdminRootState) => state.schoolAdmin.invitations;
export const selectAuditTrail = (state: SchoolAdminRootState) => state.schoolAdmin.audit;
export const selectAdminClasses = (state: SchoolAdminRootState) => state.schoolAdmin.classes;
export const selectAdminClass = (state: SchoolAdminRootState) => state.schoolAdmin.class;
export const selectAdminTeachers = (state: SchoolAdminRootState) => state.schoolAdmin.teachers;
export const selectCodeSheet = (state: SchoolAdminRootState) => state.schoolAdmin.codeSheet;
export const selectSchoolSettings = (state: SchoolAdminRootState) => state.schoolAdmin.settings;
export const selectRosterRules = (state: SchoolAdminRootState) => state.schoolAdmin.rosterRules;
export const selectSignInSettings = (state: SchoolAdminRootState) => state.schoolAdmin.signInSettings;
export const selectAdminChange = (state: SchoolAdminRootState) => state.schoolAdmin.change;
export const selectTemporaryPassword = (state: SchoolAdminRootState) => state.schoolAdmin.temporaryPassword;
export const selectRosterResult = (state: SchoolAdminRootState) => state.schoolAdmin.roster;
