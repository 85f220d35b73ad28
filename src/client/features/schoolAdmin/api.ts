/**
 * School administration's calls, one typed function each: what it sends to OneLook and what the
 * answer is. The paths are school administration's own (common/schoolAdmin.ts,
 * common/schoolAdminClasses.ts), the school's settings and roster (common/schoolSettings.ts), its
 * sign-in (server/sso/serviceRoutes.ts) and one student's data (common/studentData.ts, which the
 * CLI's `student` commands share). No page names a path: the sagas call these.
 *
 * Every call acts on one school: `school` is the one a superuser picked (sent as the `school`
 * parameter), null the caller's current school.
 */
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { ProxyMethod } from '../../../common/constants';
import type { RosterUploadResult } from '../../../common/roster';
import { ADMIN_PATHS, type AdminAccessCode, type AdminInvitation, type AdminOverview, type AdminSchool, type AdminUser, type AdminUserPage, type AuditPage, type NewUserInput, type NewUserResult, type SchoolRole } from '../../../common/schoolAdmin';
import { CLASS_ADMIN_PATHS, type AdminClass, type AdminClassDetail, type AdminTeacher, type CodeSheet, type NewClassInput } from '../../../common/schoolAdminClasses';
import { ROSTER_FILE_FIELD, SCHOOL_SETTINGS_PATHS, type RosterUploadInput, type RosterUploadRules, type SchoolSettings, type SchoolSettingsChange } from '../../../common/schoolSettings';
import type { SsoSchoolSettings, SsoSchoolSettingsChange } from '../../../common/sso';
import { STUDENT_DATA_PATHS } from '../../../common/studentData';
import { callMultipart, callService, type ServiceRequest } from '../../api/apiSaga';

/** The school acted on: a superuser's pick, or null for the caller's current school. */
export type School = string | null;

type Params = Record<string, string | number>;

/** Every change answers with what to tell the administrator, and sometimes what it made. */
export type Said<T = object> = T & { message: string };

/** The filters of the users list and which page of it. */
export interface UsersQuery {
  q: string;
  page: number;
}

/** The audit trail's filters (only those set) and which page. */
export type AuditQuery = Partial<Record<'action' | 'actor' | 'target' | 'date' | 'dateMode', string>> & { page: number };

const SSO_SETTINGS_PATH = '/admin/sso';

function* send<T>(school: School, method: ProxyMethod, path: string, { payload, params = {} }: { payload?: unknown; params?: Params } = {}): SagaIterator<T> {
  const scoped = school ? { ...params, school } : params;
  return yield call(callService<T>, { method, path, params: scoped, ...(payload === undefined ? {} : { payload }) });
}

const get = <T>(school: School, path: string, params?: Params) => send<T>(school, 'GET', path, params ? { params } : {});

export const schoolAdminApi = {
  schools: (school: School) => get<AdminSchool[]>(school, ADMIN_PATHS.schools),
  overview: (school: School) => get<AdminOverview>(school, ADMIN_PATHS.overview),

  users: (school: School, { q, page }: UsersQuery) => get<AdminUserPage>(school, ADMIN_PATHS.users, q ? { q, page } : { page }),
  createLearner: (school: School, input: NewUserInput) => send<NewUserResult>(school, 'POST', ADMIN_PATHS.users, { payload: input }),
  temporaryPassword: (school: School, userId: number) => send<Said<{ password: string }>>(school, 'POST', ADMIN_PATHS.temporaryPassword(userId)),
  endSessions: (school: School, userId: number) => send<Said<{ ended: number }>>(school, 'POST', ADMIN_PATHS.endSessions(userId)),
  deactivate: (school: School, userId: number) => send<Said<{ user: AdminUser }>>(school, 'POST', ADMIN_PATHS.deactivate(userId)),
  reactivate: (school: School, userId: number) => send<Said<{ user: AdminUser }>>(school, 'POST', ADMIN_PATHS.reactivate(userId)),
  grantRole: (school: School, userId: number, role: SchoolRole) => send<Said<{ user: AdminUser }>>(school, 'PUT', ADMIN_PATHS.role(userId, role)),
  revokeRole: (school: School, userId: number, role: SchoolRole) => send<Said<{ user: AdminUser }>>(school, 'DELETE', ADMIN_PATHS.role(userId, role)),
  /** everything stored about a student: one JSON document, downloaded as it is */
  exportStudentData: (school: School, userId: number) => get<Record<string, unknown>>(school, STUDENT_DATA_PATHS.export(userId)),
  /** `confirm`: the student's user name, as typed */
  deleteStudentData: (school: School, userId: number, confirm: string) =>
    send<Said<{ outcome: 'deleted' | 'unlinked' }>>(school, 'DELETE', STUDENT_DATA_PATHS.student(userId), { payload: { confirm } }),

  codes: (school: School) => get<AdminAccessCode[]>(school, ADMIN_PATHS.codes),
  createCode: (school: School, input: { seats: number; expires?: string }) => send<Said<{ code: AdminAccessCode }>>(school, 'POST', ADMIN_PATHS.codes, { payload: input }),
  revokeCode: (school: School, codeId: number) => send<Said>(school, 'DELETE', ADMIN_PATHS.code(codeId)),
  invitations: (school: School) => get<AdminInvitation[]>(school, ADMIN_PATHS.invitations),
  createInvitation: (school: School, email: string) => send<Said<{ invitation: AdminInvitation }>>(school, 'POST', ADMIN_PATHS.invitations, { payload: { email } }),
  withdrawInvitation: (school: School, invitationId: number) => send<Said>(school, 'DELETE', ADMIN_PATHS.invitation(invitationId)),

  audit: (school: School, { page, ...filter }: AuditQuery) => get<AuditPage>(school, ADMIN_PATHS.audit, { ...filter, page }),
  /** the trail with the same filters, as CSV (with the server's byte-order mark, when the browser kept it) */
  auditCsv: (school: School, filter: Omit<AuditQuery, 'page'>) => get<string>(school, ADMIN_PATHS.auditCsv, filter),

  classes: (school: School) => get<AdminClass[]>(school, CLASS_ADMIN_PATHS.classes),
  class: (school: School, classId: number) => get<AdminClassDetail>(school, CLASS_ADMIN_PATHS.class(classId)),
  teachers: (school: School) => get<AdminTeacher[]>(school, CLASS_ADMIN_PATHS.teachers),
  createClass: (school: School, input: NewClassInput) => send<Said<{ class: AdminClassDetail }>>(school, 'POST', CLASS_ADMIN_PATHS.classes, { payload: input }),
  addTeacher: (school: School, classId: number, userId: number) => send<Said<{ class: AdminClassDetail }>>(school, 'PUT', CLASS_ADMIN_PATHS.teacher(classId, userId)),
  removeTeacher: (school: School, classId: number, userId: number) => send<Said<{ class: AdminClassDetail }>>(school, 'DELETE', CLASS_ADMIN_PATHS.teacher(classId, userId)),
  archiveClass: (school: School, classId: number) => send<Said<{ class: AdminClassDetail }>>(school, 'POST', CLASS_ADMIN_PATHS.archive(classId)),
  /** one class's class code (a card per student), or with `classId` null every working code of the school */
  codeSheet: (school: School, classId: string | null) => get<CodeSheet>(school, CLASS_ADMIN_PATHS.codeSheet, classId ? { class: classId } : undefined),

  settings: (school: School) => get<SchoolSettings>(school, SCHOOL_SETTINGS_PATHS.settings),
  saveSettings: (school: School, change: SchoolSettingsChange) => send<Said<{ settings: SchoolSettings }>>(school, 'PUT', SCHOOL_SETTINGS_PATHS.settings, { payload: change }),
  signInSettings: (school: School) => get<SsoSchoolSettings>(school, SSO_SETTINGS_PATH),
  saveSignInSettings: (school: School, change: SsoSchoolSettingsChange) => send<Said<{ settings: SsoSchoolSettings }>>(school, 'PUT', SSO_SETTINGS_PATH, { payload: change }),

  rosterRules: (school: School) => get<RosterUploadRules>(school, SCHOOL_SETTINGS_PATHS.roster),
  /** the roster ZIP, as a dry run or (naming the dry run's SHA-256) the import; the file goes as multipart */
  *uploadRoster(school: School, file: Blob, input: RosterUploadInput): SagaIterator<RosterUploadResult> {
    const request: ServiceRequest = { method: 'POST', path: SCHOOL_SETTINGS_PATHS.roster, params: school ? { school } : {}, payload: input };
    return yield call(callMultipart<RosterUploadResult>, request, { [ROSTER_FILE_FIELD]: file });
  },
};
