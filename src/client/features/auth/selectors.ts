import { createSelector } from '@reduxjs/toolkit';
import { currentSchool, isMultiTenant } from '../../../common/clients';
import { hasPermission } from '../../../common/permissions';
import type { Client } from '../../../common/types';
import type { AuthState } from './slice';

/** The slice of RootState these selectors need (kept minimal to avoid an import cycle with the store). */
export interface AuthRootState {
  auth: AuthState;
}

const NO_CLIENTS: Client[] = [];
const NO_PERMISSIONS: string[] = [];

export const selectIsAuthenticated = (state: AuthRootState) => state.auth.authenticated;
export const selectSession = (state: AuthRootState) => state.auth.session;
export const selectToken = (state: AuthRootState) => state.auth.session?.token ?? null;
export const selectUser = (state: AuthRootState) => state.auth.session?.user ?? null;
export const selectClients = (state: AuthRootState) => state.auth.session?.clients ?? NO_CLIENTS;
export const selectPermissions = (state: AuthRootState) => state.auth.session?.permissions ?? NO_PERMISSIONS;
/** A temporary password is in force: the app shows only its change, the server answers little else. */
export const selectMustChangePassword = (state: AuthRootState) => state.auth.session?.mustChangePassword === true;
/** The current school turned off Get Help's minute before a request (Session.helpBufferOff). */
export const selectHelpBufferOff = (state: AuthRootState) => state.auth.session?.helpBufferOff === true;
/** SPEC S1.03: the first client is the current school. */
export const selectCurrentSchool = createSelector([selectClients], (clients) => currentSchool(clients));
/** SPEC S1.03: more than one client. */
export const selectIsMultiTenant = createSelector([selectClients], (clients) => isMultiTenant(clients));
/** SPEC §6: `useAppSelector((s) => selectHasPermission(s, 'support'))`. */
export const selectHasPermission = (state: AuthRootState, permission: string) =>
  hasPermission(selectPermissions(state), permission);
export const selectExpiresAt = (state: AuthRootState) => state.auth.expiresAt;
/** Server clock minus local clock (ms): token rules are judged at now + this. */
export const selectServerOffsetMs = (state: AuthRootState) => state.auth.serverOffsetMs ?? 0;
export const selectAuthStatus = (state: AuthRootState) => state.auth.status;
export const selectAuthError = (state: AuthRootState) => state.auth.error;
export const selectEndReason = (state: AuthRootState) => state.auth.endReason;
