/**
 * School administration (/app/admin): what its pages read, one `Loadable` each (the overview, a
 * page of users, the codes, the invitations, a page of the audit trail, the classes …), and the one
 * change an administrator made that is under way or just answered (`change`), with what its answer
 * leaves to show: a temporary password (shown once) or a roster report.
 *
 * Events: a page says it opened (`usersPageOpened`, `classesPageOpened` …, again for another
 * search, page or school); sagas.ts loads what it shows and puts `…Loaded` / `…Failed`. An
 * administrator's change is named for what they did (`invitationCreated`, `roleGranted`,
 * `rosterImportConfirmed` …); it ends in `changeSucceeded` / `changeFailed`, then what it changed is
 * read again. `schoolPicked`: the superuser's school (everything read is dropped). The session's end
 * empties everything (shared computers).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RosterUploadResult } from '../../../common/roster';
import type { AdminAccessCode, AdminInvitation, AdminOverview, AdminSchool, AdminUserPage, AuditPage, NewUserInput, SchoolRole } from '../../../common/schoolAdmin';
import type { AdminClass, AdminClassDetail, AdminTeacher, CodeSheet, NewClassInput } from '../../../common/schoolAdminClasses';
import type { RosterUploadRules, SchoolSettings, SchoolSettingsChange } from '../../../common/schoolSettings';
import type { SsoSchoolSettings, SsoSchoolSettingsChange } from '../../../common/sso';
import type { ApiProblem } from '../../api/apiProblem';
import type { Loadable } from '../../api/loadable';
import { resetOnSessionEnd } from '../auth';
import type { AuditQuery, UsersQuery } from './api';

/** What the pages read, each loaded on its own. */
export interface AdminData {
  schools: AdminSchool[];
  overview: AdminOverview;
  users: AdminUserPage;
  codes: AdminAccessCode[];
  invitations: AdminInvitation[];
  audit: AuditPage;
  classes: AdminClass[];
  class: AdminClassDetail;
  teachers: AdminTeacher[];
  codeSheet: CodeSheet;
  settings: SchoolSettings;
  rosterRules: RosterUploadRules;
  signInSettings: SsoSchoolSettings;
}
export type AdminDataKey = keyof AdminData;

/** The administrator's changes, by the event that makes them (the reducers below). */
export type AdminChangeKind =
  | 'learnerCreated'
  | 'temporaryPasswordGiven'
  | 'userSessionsEnded'
  | 'userDeactivated'
  | 'userReactivated'
  | 'roleGranted'
  | 'roleRevoked'
  | 'studentDataDeleted'
  | 'accessCodeCreated'
  | 'accessCodeRevoked'
  | 'invitationCreated'
  | 'invitationWithdrawn'
  | 'classCreated'
  | 'classTeacherAdded'
  | 'classTeacherRemoved'
  | 'classArchived'
  | 'settingsSaved'
  | 'signInSettingsSaved'
  | 'rosterFileChecked'
  | 'rosterImportConfirmed';

export interface ChangeState {
  kind: AdminChangeKind | null;
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  error: ApiProblem | null;
}

export type SchoolAdminState = { [K in AdminDataKey]: Loadable<AdminData[K]> } & {
  /** the school acted on: null is the caller's current school (a superuser picks another) */
  school: string | null;
  /** the users list's search and page: read again after a change to someone */
  usersQuery: UsersQuery;
  change: ChangeState;
  /** a temporary password just given (a new learner's, or another): shown once, gone when dismissed */
  temporaryPassword: { password: string; message: string } | null;
  /** the last roster upload's answer: the dry run's report, or the import's */
  roster: RosterUploadResult | null;
};

const idle = <T>(): Loadable<T> => ({ status: 'idle', data: null, error: null });
const NO_CHANGE: ChangeState = { kind: null, status: 'idle', error: null };

export const initialState: SchoolAdminState = {
  school: null,
  schools: idle(),
  overview: idle(),
  users: idle(),
  usersQuery: { q: '', page: 1 },
  codes: idle(),
  invitations: idle(),
  audit: idle(),
  classes: idle(),
  class: idle(),
  teachers: idle(),
  codeSheet: idle(),
  settings: idle(),
  rosterRules: idle(),
  signInSettings: idle(),
  change: NO_CHANGE,
  temporaryPassword: null,
  roster: null,
};

// the previous answer stays on screen while the next loads (a new page, a new filter)
function loading(state: SchoolAdminState, ...keys: AdminDataKey[]) {
  for (const key of keys) Object.assign(state[key], { status: 'loading', error: null });
}
function loaded<K extends AdminDataKey>(state: SchoolAdminState, key: K, data: AdminData[K]) {
  Object.assign(state[key], { status: 'succeeded', data, error: null });
}
function failed(state: SchoolAdminState, key: AdminDataKey, error: ApiProblem) {
  Object.assign(state[key], { status: 'failed', error });
}
/** A change under way: the previous one's outcome (a password, a report) is no longer shown. */
function changing(state: SchoolAdminState, kind: AdminChangeKind) {
  state.change = { kind, status: 'pending', error: null };
  state.temporaryPassword = null;
  if (kind === 'rosterFileChecked' || kind === 'rosterImportConfirmed') state.roster = null;
}

const slice = createSlice({
  name: 'schoolAdmin',
  initialState,
  reducers: {
    // what a page shows, when it opens (again for another search, page or school)
    schoolPickerShown(state) {
      loading(state, 'schools');
    },
    overviewOpened(state) {
      loading(state, 'overview');
    },
    usersPageOpened(state, action: PayloadAction<UsersQuery>) {
      state.usersQuery = action.payload;
      loading(state, 'users');
    },
    codesPageOpened(state) {
      loading(state, 'codes', 'invitations');
    },
    auditPageOpened(state, _action: PayloadAction<AuditQuery>) {
      loading(state, 'audit');
    },
    classesPageOpened(state) {
      loading(state, 'classes', 'teachers');
    },
    classPageOpened(state, _action: PayloadAction<number>) {
      loading(state, 'class', 'teachers');
    },
    /** with a class's id: its cards; null: every working code of the school */
    codeSheetOpened(state, _action: PayloadAction<string | null>) {
      loading(state, 'codeSheet');
    },
    settingsPageOpened(state) {
      loading(state, 'settings');
    },
    rosterPageOpened(state) {
      loading(state, 'rosterRules');
    },
    signInPageOpened(state) {
      loading(state, 'signInSettings');
    },

    // their answers
    schoolsLoaded: (state, action: PayloadAction<AdminSchool[]>) => loaded(state, 'schools', action.payload),
    schoolsFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'schools', action.payload),
    overviewLoaded: (state, action: PayloadAction<AdminOverview>) => loaded(state, 'overview', action.payload),
    overviewFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'overview', action.payload),
    usersLoaded: (state, action: PayloadAction<AdminUserPage>) => loaded(state, 'users', action.payload),
    usersFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'users', action.payload),
    codesLoaded: (state, action: PayloadAction<AdminAccessCode[]>) => loaded(state, 'codes', action.payload),
    codesFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'codes', action.payload),
    invitationsLoaded: (state, action: PayloadAction<AdminInvitation[]>) => loaded(state, 'invitations', action.payload),
    invitationsFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'invitations', action.payload),
    auditLoaded: (state, action: PayloadAction<AuditPage>) => loaded(state, 'audit', action.payload),
    auditFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'audit', action.payload),
    classesLoaded: (state, action: PayloadAction<AdminClass[]>) => loaded(state, 'classes', action.payload),
    classesFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'classes', action.payload),
    classLoaded: (state, action: PayloadAction<AdminClassDetail>) => loaded(state, 'class', action.payload),
    classFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'class', action.payload),
    teachersLoaded: (state, action: PayloadAction<AdminTeacher[]>) => loaded(state, 'teachers', action.payload),
    teachersFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'teachers', action.payload),
    codeSheetLoaded: (state, action: PayloadAction<CodeSheet>) => loaded(state, 'codeSheet', action.payload),
    codeSheetFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'codeSheet', action.payload),
    settingsLoaded: (state, action: PayloadAction<SchoolSettings>) => loaded(state, 'settings', action.payload),
    settingsFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'settings', action.payload),
    rosterRulesLoaded: (state, action: PayloadAction<RosterUploadRules>) => loaded(state, 'rosterRules', action.payload),
    rosterRulesFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'rosterRules', action.payload),
    signInSettingsLoaded: (state, action: PayloadAction<SsoSchoolSettings>) => loaded(state, 'signInSettings', action.payload),
    signInSettingsFailed: (state, action: PayloadAction<ApiProblem>) => failed(state, 'signInSettings', action.payload),

    // what the administrator did
    learnerCreated: (state, _action: PayloadAction<NewUserInput>) => changing(state, 'learnerCreated'),
    temporaryPasswordGiven: (state, _action: PayloadAction<{ userId: number }>) => changing(state, 'temporaryPasswordGiven'),
    userSessionsEnded: (state, _action: PayloadAction<{ userId: number }>) => changing(state, 'userSessionsEnded'),
    userDeactivated: (state, _action: PayloadAction<{ userId: number }>) => changing(state, 'userDeactivated'),
    userReactivated: (state, _action: PayloadAction<{ userId: number }>) => changing(state, 'userReactivated'),
    roleGranted: (state, _action: PayloadAction<{ userId: number; role: SchoolRole }>) => changing(state, 'roleGranted'),
    roleRevoked: (state, _action: PayloadAction<{ userId: number; role: SchoolRole }>) => changing(state, 'roleRevoked'),
    /** `confirm`: the student's user name as the administrator typed it */
    studentDataDeleted: (state, _action: PayloadAction<{ userId: number; confirm: string }>) => changing(state, 'studentDataDeleted'),
    accessCodeCreated: (state, _action: PayloadAction<{ seats: number; expires?: string }>) => changing(state, 'accessCodeCreated'),
    accessCodeRevoked: (state, _action: PayloadAction<{ codeId: number }>) => changing(state, 'accessCodeRevoked'),
    invitationCreated: (state, _action: PayloadAction<{ email: string }>) => changing(state, 'invitationCreated'),
    invitationWithdrawn: (state, _action: PayloadAction<{ invitationId: number }>) => changing(state, 'invitationWithdrawn'),
    classCreated: (state, _action: PayloadAction<NewClassInput>) => changing(state, 'classCreated'),
    classTeacherAdded: (state, _action: PayloadAction<{ classId: number; userId: number }>) => changing(state, 'classTeacherAdded'),
    classTeacherRemoved: (state, _action: PayloadAction<{ classId: number; userId: number }>) => changing(state, 'classTeacherRemoved'),
    classArchived: (state, _action: PayloadAction<{ classId: number }>) => changing(state, 'classArchived'),
    settingsSaved: (state, _action: PayloadAction<SchoolSettingsChange>) => changing(state, 'settingsSaved'),
    signInSettingsSaved: (state, _action: PayloadAction<SsoSchoolSettingsChange>) => changing(state, 'signInSettingsSaved'),
    /** a roster ZIP chosen: its dry run (the file rides in the action to the saga, never into the state) */
    rosterFileChecked: (state, _action: PayloadAction<{ file: File; district: boolean }>) => changing(state, 'rosterFileChecked'),
    /** the import of the file whose dry run was shown, naming that run's SHA-256 */
    rosterImportConfirmed: (state, _action: PayloadAction<{ file: File; sha256: string; district: boolean }>) => changing(state, 'rosterImportConfirmed'),

    // how a change ended
    changeSucceeded(state, action: PayloadAction<{ kind: AdminChangeKind }>) {
      state.change = { kind: action.payload.kind, status: 'succeeded', error: null };
    },
    changeFailed(state, action: PayloadAction<{ kind: AdminChangeKind; error: ApiProblem }>) {
      state.change = { kind: action.payload.kind, status: 'failed', error: action.payload.error };
    },
    temporaryPasswordReceived(state, action: PayloadAction<{ password: string; message: string }>) {
      state.temporaryPassword = action.payload;
    },
    rosterReportReceived(state, action: PayloadAction<RosterUploadResult>) {
      state.roster = action.payload;
    },
    /** the administrator is done with a change's outcome: the password dialog closed, a new form or file */
    changeDismissed(state) {
      state.change = NO_CHANGE;
      state.temporaryPassword = null;
      state.roster = null;
    },

    schoolPicked(state, action: PayloadAction<string | null>) {
      return { ...initialState, school: action.payload };
    },

    // files
    /** the audit trail's CSV, with the filters applied */
    auditCsvRequested(_state, _action: PayloadAction<Omit<AuditQuery, 'page'>>) {},
    /** a student's data, as JSON */
    studentDataExportRequested(_state, _action: PayloadAction<{ userId: number; userName: string }>) {},
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialState);
  },
});

export const {
  schoolPickerShown,
  overviewOpened,
  usersPageOpened,
  codesPageOpened,
  auditPageOpened,
  classesPageOpened,
  classPageOpened,
  codeSheetOpened,
  settingsPageOpened,
  rosterPageOpened,
  signInPageOpened,
  schoolsLoaded,
  schoolsFailed,
  overviewLoaded,
  overviewFailed,
  usersLoaded,
  usersFailed,
  codesLoaded,
  codesFailed,
  invitationsLoaded,
  invitationsFailed,
  auditLoaded,
  auditFailed,
  classesLoaded,
  classesFailed,
  classLoaded,
  classFailed,
  teachersLoaded,
  teachersFailed,
  codeSheetLoaded,
  codeSheetFailed,
  settingsLoaded,
  settingsFailed,
  rosterRulesLoaded,
  rosterRulesFailed,
  signInSettingsLoaded,
  signInSettingsFailed,
  learnerCreated,
  temporaryPasswordGiven,
  userSessionsEnded,
  userDeactivated,
  userReactivated,
  roleGranted,
  roleRevoked,
  studentDataDeleted,
  accessCodeCreated,
  accessCodeRevoked,
  invitationCreated,
  invitationWithdrawn,
  classCreated,
  classTeacherAdded,
  classTeacherRemoved,
  classArchived,
  settingsSaved,
  signInSettingsSaved,
  rosterFileChecked,
  rosterImportConfirmed,
  changeSucceeded,
  changeFailed,
  temporaryPasswordReceived,
  rosterReportReceived,
  changeDismissed,
  schoolPicked,
  auditCsvRequested,
  studentDataExportRequested,
} = slice.actions;
export const schoolAdminReducer = slice.reducer;
