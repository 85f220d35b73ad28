/**
 * School administration's sagas: a page's opening loads what it shows; an administrator's change
 * is sent, its answer's message said (a toast), and what it changed read again. Every call is a
 * function of api.ts (through the shared API saga), for the school picked (a superuser's) or the
 * caller's current school.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RosterUploadResult } from '../../../common/roster';
import type { AdminUserPage, AuditPage } from '../../../common/schoolAdmin';
import type { CodeSheet } from '../../../common/schoolAdminClasses';
import type { RosterUploadInput, RosterUploadRules } from '../../../common/schoolSettings';
import { problemRaised, toApiProblem, withToast, type ApiProblem } from '../../api/apiProblem';
import { downloadText } from '../../lib/download';
import { notificationRaised } from '../notifications';
import { schoolAdminApi as api, type Said, type School } from './api';
import { selectAdminSchool, selectUsersQuery, type SchoolAdminRootState } from './selectors';
import {
  accessCodeCreated,
  accessCodeRevoked,
  auditCsvRequested,
  auditFailed,
  auditLoaded,
  auditPageOpened,
  changeFailed,
  changeSucceeded,
  classArchived,
  classCreated,
  classesFailed,
  classesLoaded,
  classesPageOpened,
  classFailed,
  classLoaded,
  classPageOpened,
  classTeacherAdded,
  classTeacherRemoved,
  codeSheetFailed,
  codeSheetLoaded,
  codeSheetOpened,
  codesFailed,
  codesLoaded,
  codesPageOpened,
  invitationCreated,
  invitationsFailed,
  invitationsLoaded,
  invitationWithdrawn,
  learnerCreated,
  overviewFailed,
  overviewLoaded,
  overviewOpened,
  roleGranted,
  roleRevoked,
  rosterFileChecked,
  rosterImportConfirmed,
  rosterPageOpened,
  rosterReportReceived,
  rosterRulesFailed,
  rosterRulesLoaded,
  schoolPickerShown,
  schoolsFailed,
  schoolsLoaded,
  settingsFailed,
  settingsLoaded,
  settingsPageOpened,
  settingsSaved,
  signInPageOpened,
  signInSettingsFailed,
  signInSettingsLoaded,
  signInSettingsSaved,
  studentDataDeleted,
  studentDataExportRequested,
  teachersFailed,
  teachersLoaded,
  temporaryPasswordGiven,
  temporaryPasswordReceived,
  userDeactivated,
  userReactivated,
  usersFailed,
  usersLoaded,
  usersPageOpened,
  userSessionsEnded,
  type AdminChangeKind,
  type AdminDataKey,
} from './slice';

/** A read for the school acted on: the answer to `loaded`, a failure (message and status) to `failed`. */
function* loadInto<T>(read: (school: School) => SagaIterator<T>, loaded: (answer: T) => UnknownAction, failed: (error: ApiProblem) => UnknownAction): SagaIterator {
  const school: School = yield select(selectAdminSchool);
  try {
    const answer: T = yield call(read, school);
    yield put(loaded(answer));
  } catch (error) {
    yield put(failed(toApiProblem(error)));
  }
}

const loadSchools = () => loadInto(api.schools, schoolsLoaded, schoolsFailed);
const loadOverview = () => loadInto(api.overview, overviewLoaded, overviewFailed);
const loadCodes = () => loadInto(api.codes, codesLoaded, codesFailed);
const loadInvitations = () => loadInto(api.invitations, invitationsLoaded, invitationsFailed);
const loadClasses = () => loadInto(api.classes, classesLoaded, classesFailed);
const loadClass = (classId: number) => loadInto((school) => api.class(school, classId), classLoaded, classFailed);
const loadTeachers = () => loadInto(api.teachers, teachersLoaded, teachersFailed);
const loadSettings = () => loadInto(api.settings, settingsLoaded, settingsFailed);
const loadSignInSettings = () => loadInto(api.signInSettings, signInSettingsLoaded, signInSettingsFailed);

function* loadUsers(): SagaIterator {
  const query: ReturnType<typeof selectUsersQuery> = yield select(selectUsersQuery);
  yield call(loadInto<AdminUserPage>, (school: School) => api.users(school, query), usersLoaded, usersFailed);
}

export function* usersPageSaga(): SagaIterator {
  yield call(loadUsers);
}

export function* codesPageSaga(): SagaIterator {
  yield all([call(loadCodes), call(loadInvitations)]);
}

export function* auditPageSaga(action: ReturnType<typeof auditPageOpened>): SagaIterator {
  yield call(loadInto<AuditPage>, (school: School) => api.audit(school, action.payload), auditLoaded, auditFailed);
}

export function* classesPageSaga(): SagaIterator {
  yield all([call(loadClasses), call(loadTeachers)]);
}

export function* classPageSaga(action: ReturnType<typeof classPageOpened>): SagaIterator {
  yield all([call(loadClass, action.payload.classId), call(loadTeachers)]);
}

export function* codeSheetSaga(action: ReturnType<typeof codeSheetOpened>): SagaIterator {
  yield call(loadInto<CodeSheet>, (school: School) => api.codeSheet(school, action.payload.classId), codeSheetLoaded, codeSheetFailed);
}

export function* rosterPageSaga(): SagaIterator {
  yield call(loadInto<RosterUploadRules>, api.rosterRules, rosterRulesLoaded, rosterRulesFailed);
}

const CHANGES = [
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
] as const;
export type AdminChange = ReturnType<(typeof CHANGES)[number]>;

type RosterUpload = ReturnType<typeof rosterFileChecked> | ReturnType<typeof rosterImportConfirmed>;

/** The call a change makes; every answer says what happened (`message`). */
function* send(change: Exclude<AdminChange, RosterUpload>, school: School): SagaIterator<Said> {
  switch (change.type) {
    case learnerCreated.type:
      return yield call(api.createLearner, school, change.payload);
    case temporaryPasswordGiven.type:
      return yield call(api.temporaryPassword, school, change.payload.userId);
    case userSessionsEnded.type:
      return yield call(api.endSessions, school, change.payload.userId);
    case userDeactivated.type:
      return yield call(api.deactivate, school, change.payload.userId);
    case userReactivated.type:
      return yield call(api.reactivate, school, change.payload.userId);
    case roleGranted.type:
      return yield call(api.grantRole, school, change.payload.userId, change.payload.role);
    case roleRevoked.type:
      return yield call(api.revokeRole, school, change.payload.userId, change.payload.role);
    case studentDataDeleted.type:
      return yield call(api.deleteStudentData, school, change.payload.userId, change.payload.confirm);
    case accessCodeCreated.type:
      return yield call(api.createCode, school, change.payload);
    case accessCodeRevoked.type:
      return yield call(api.revokeCode, school, change.payload.codeId);
    case invitationCreated.type:
      return yield call(api.createInvitation, school, change.payload.email);
    case invitationWithdrawn.type:
      return yield call(api.withdrawInvitation, school, change.payload.invitationId);
    case classCreated.type:
      return yield call(api.createClass, school, change.payload);
    case classTeacherAdded.type:
      return yield call(api.addTeacher, school, change.payload.classId, change.payload.userId);
    case classTeacherRemoved.type:
      return yield call(api.removeTeacher, school, change.payload.classId, change.payload.userId);
    case classArchived.type:
      return yield call(api.archiveClass, school, change.payload.classId);
    case settingsSaved.type:
      return yield call(api.saveSettings, school, change.payload);
    case signInSettingsSaved.type:
      return yield call(api.saveSignInSettings, school, change.payload);
  }
}

/** A roster ZIP: its dry run, or the import of the file the dry run read (naming its SHA-256). */
function* uploadRoster(change: RosterUpload, school: School): SagaIterator<RosterUploadResult> {
  const { file, district } = change.payload;
  const input: RosterUploadInput = rosterImportConfirmed.match(change) ? { dryRun: false, sha256: change.payload.sha256 } : { dryRun: true };
  return yield call(api.uploadRoster, school, file, district ? { ...input, district: true } : input);
}

type Reread = Extract<AdminDataKey, 'users' | 'codes' | 'invitations' | 'classes' | 'class' | 'settings' | 'signInSettings' | 'overview'>;

/** What is read again after each change, when a page has read it before. */
export const REREAD: Record<AdminChangeKind, readonly Reread[]> = {
  learnerCreated: ['users'],
  temporaryPasswordGiven: ['users'],
  userSessionsEnded: ['users'],
  userDeactivated: ['users'],
  userReactivated: ['users'],
  roleGranted: ['users'],
  roleRevoked: ['users'],
  studentDataDeleted: ['users'],
  accessCodeCreated: ['codes'],
  accessCodeRevoked: ['codes'],
  invitationCreated: ['invitations'],
  invitationWithdrawn: ['invitations'],
  classCreated: ['classes'],
  classTeacherAdded: ['class', 'classes'],
  classTeacherRemoved: ['class', 'classes'],
  classArchived: ['class', 'classes'],
  settingsSaved: ['settings', 'overview'],
  signInSettingsSaved: ['signInSettings'],
  rosterFileChecked: [],
  rosterImportConfirmed: ['overview'],
};

function* reread(key: Reread, change: AdminChange): SagaIterator {
  const status: string = yield select((state: SchoolAdminRootState) => state.schoolAdmin[key].status);
  if (status === 'idle') return;
  if (key === 'users') yield call(loadUsers);
  if (key === 'codes') yield call(loadCodes);
  if (key === 'invitations') yield call(loadInvitations);
  if (key === 'classes') yield call(loadClasses);
  if (key === 'class' && 'classId' in change.payload) yield call(loadClass, change.payload.classId);
  if (key === 'settings') yield call(loadSettings);
  if (key === 'signInSettings') yield call(loadSignInSettings);
  if (key === 'overview') yield call(loadOverview);
}

// the action's type is the slice's name and the kind (slice.ts names each change's kind after its event)
const kindOf = (change: AdminChange) => change.type.slice('schoolAdmin/'.length) as AdminChangeKind;

export function* changeSaga(change: AdminChange): SagaIterator {
  const kind = kindOf(change);
  try {
    const school: School = yield select(selectAdminSchool);
    let answer: Said;
    // a roster file the server read but refused comes back as an answer with its problem report
    let refused = false;
    if (rosterFileChecked.match(change) || rosterImportConfirmed.match(change)) {
      const result: RosterUploadResult = yield call(uploadRoster, change, school);
      yield put(rosterReportReceived(result));
      answer = result;
      refused = !result.report.ok;
    } else {
      answer = yield call(send, change, school);
      // a new learner's or a student's temporary password: shown once
      if ('password' in answer && typeof answer.password === 'string') yield put(temporaryPasswordReceived({ password: answer.password, message: answer.message }));
    }
    yield put(changeSucceeded({ kind }));
    if (typeof answer.message === 'string') {
      // a refusal is a failure: the error bridge shows it (and logs it) like any other
      if (refused) yield put(problemRaised({ kind: 'client', message: answer.message }, { summary: answer.message, detail: null }));
      else yield put(notificationRaised({ severity: 'success', summary: answer.message }));
    }
    for (const key of REREAD[kind]) yield call(reread, key, change);
  } catch (error) {
    yield put(withToast(changeFailed({ kind, error: toApiProblem(error) }), { summary: 'That did not work' }));
  }
}

/** The browser's decoding drops the server's byte-order mark; spreadsheets need it to read UTF-8. */
const withByteOrderMark = (text: string) => (text.startsWith('\uFEFF') ? text : `\uFEFF${text}`);

export function* auditCsvSaga(action: ReturnType<typeof auditCsvRequested>): SagaIterator {
  try {
    const school: School = yield select(selectAdminSchool);
    const csv: string = yield call(api.auditCsv, school, action.payload);
    yield call(downloadText, 'audit-trail.csv', withByteOrderMark(typeof csv === 'string' ? csv : String(csv ?? '')));
  } catch (error) {
    yield put(problemRaised(toApiProblem(error), { summary: 'The file could not be downloaded' }));
  }
}

export function* studentDataExportSaga(action: ReturnType<typeof studentDataExportRequested>): SagaIterator {
  const { userId, userName } = action.payload;
  try {
    const school: School = yield select(selectAdminSchool);
    const data: Record<string, unknown> = yield call(api.exportStudentData, school, userId);
    yield call(downloadText, `${userName}-data.json`, JSON.stringify(data, null, 2), 'application/json;charset=utf-8');
  } catch (error) {
    yield put(problemRaised(toApiProblem(error), { summary: 'The file could not be downloaded' }));
  }
}

export function* schoolAdminSaga(): SagaIterator {
  yield takeLatest(schoolPickerShown, loadSchools);
  yield takeLatest(overviewOpened, loadOverview);
  yield takeLatest(usersPageOpened, usersPageSaga);
  yield takeLatest(codesPageOpened, codesPageSaga);
  yield takeLatest(auditPageOpened, auditPageSaga);
  yield takeLatest(classesPageOpened, classesPageSaga);
  yield takeLatest(classPageOpened, classPageSaga);
  yield takeLatest(codeSheetOpened, codeSheetSaga);
  yield takeLatest(settingsPageOpened, loadSettings);
  yield takeLatest(rosterPageOpened, rosterPageSaga);
  yield takeLatest(signInPageOpened, loadSignInSettings);
  // one change at a time: a newer one takes over from one still waiting for its answer
  yield takeLatest([...CHANGES], changeSaga);
  yield takeEvery(auditCsvRequested, auditCsvSaga);
  yield takeEvery(studentDataExportRequested, studentDataExportSaga);
}
