/**
 * School administration (/app/admin): what its pages read, by name (`resources`: the overview, a
 * page of users, the codes, the invitations, a page of the audit trail), and the one staff action
 * in flight (`action`: a temporary password, ending sessions, a role …) with its answer.
 *
 * Events: `adminLoadRequested` asks (sagas.ts) and ends in `adminLoaded` / `adminLoadFailed`;
 * `adminActionRequested` does one action, ends in `adminActionSucceeded` / `adminActionFailed`, then
 * reloads the resources it names. `adminSchoolPicked`: the superuser's school. The session's end
 * empties everything (shared computers).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProxyMethod } from '../../../common/constants';
import type { ApiProblem } from '../../api/apiProblem';
import { sessionEnd } from '../auth';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export type AdminResourceKey = 'schools' | 'overview' | 'users' | 'codes' | 'invitations' | 'audit' | 'classes' | 'class' | 'teachers' | 'codeSheet' | 'settings' | 'rosterRules' | 'sso';

export interface AdminLoad {
  key: AdminResourceKey;
  path: string;
  params?: Record<string, string | number>;
}

export interface AdminResource {
  status: LoadStatus;
  data: unknown;
  error: ApiProblem | null;
  request: AdminLoad;
}

export interface AdminActionRequest {
  /** names the action for its button and its answer, e.g. "temporary-password:42" */
  name: string;
  method: ProxyMethod;
  path: string;
  payload?: unknown;
  /** resources to load again once it succeeds */
  reload?: AdminResourceKey[];
  /** files to upload with it (POST /api/service/multipart): the roster ZIP; never kept in the state */
  files?: Record<string, Blob>;
}

export interface AdminActionState {
  name: string | null;
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  result: unknown;
  error: ApiProblem | null;
}

export interface SchoolAdminState {
  /** the school acted on: null is the caller's current school (a superuser picks another) */
  school: string | null;
  resources: Partial<Record<AdminResourceKey, AdminResource>>;
  action: AdminActionState;
}

const NO_ACTION: AdminActionState = { name: null, status: 'idle', result: null, error: null };
const initialState: SchoolAdminState = { school: null, resources: {}, action: NO_ACTION };

const slice = createSlice({
  name: 'schoolAdmin',
  initialState,
  reducers: {
    adminLoadRequested(state, action: PayloadAction<AdminLoad>) {
      const previous = state.resources[action.payload.key];
      // the previous answer stays on screen while the next loads (a new page, a new filter)
      state.resources[action.payload.key] = { status: 'loading', data: previous?.data ?? null, error: null, request: action.payload };
    },
    adminLoaded(state, action: PayloadAction<{ key: AdminResourceKey; data: unknown }>) {
      const current = state.resources[action.payload.key];
      if (current) Object.assign(current, { status: 'succeeded', data: action.payload.data, error: null });
    },
    adminLoadFailed(state, action: PayloadAction<{ key: AdminResourceKey; error: ApiProblem }>) {
      const current = state.resources[action.payload.key];
      if (current) Object.assign(current, { status: 'failed', error: action.payload.error });
    },
    adminActionRequested(state, action: PayloadAction<AdminActionRequest>) {
      state.action = { name: action.payload.name, status: 'pending', result: null, error: null };
    },
    adminActionSucceeded(state, action: PayloadAction<{ name: string; result: unknown }>) {
      state.action = { name: action.payload.name, status: 'succeeded', result: action.payload.result, error: null };
    },
    adminActionFailed(state, action: PayloadAction<{ name: string; error: ApiProblem }>) {
      state.action = { name: action.payload.name, status: 'failed', result: null, error: action.payload.error };
    },
    adminActionCleared(state) {
      state.action = NO_ACTION;
    },
    adminSchoolPicked(state, action: PayloadAction<string | null>) {
      state.school = action.payload;
      state.resources = {};
      state.action = NO_ACTION;
    },
    /** a file: the audit trail's CSV, or a student's data (JSON) */
    adminDownloadRequested(_state, _action: PayloadAction<{ path: string; params: Record<string, string | number>; fileName: string; kind: 'csv' | 'json' }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnd, () => initialState);
  },
});

export const {
  adminLoadRequested,
  adminLoaded,
  adminLoadFailed,
  adminActionRequested,
  adminActionSucceeded,
  adminActionFailed,
  adminActionCleared,
  adminSchoolPicked,
  adminDownloadRequested,
} = slice.actions;
export const schoolAdminReducer = slice.reducer;

export interface SchoolAdminRootState {
  schoolAdmin: SchoolAdminState;
}
export const selectAdminSchool = (state: SchoolAdminRootState) => state.schoolAdmin.school;
export const selectAdminResource = (state: SchoolAdminRootState, key: AdminResourceKey) => state.schoolAdmin.resources[key];
export const selectAdminAction = (state: SchoolAdminRootState) => state.schoolAdmin.action;
