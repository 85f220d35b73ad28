/**
 * School administration's sagas: a page's opening loads what it shows; an administrator's change
 * is sent, its answer's message said (a toast), and what it altered read again where a page has
 * read it. Every call is a function of api.ts (through the shared API saga), for the school picked
 * (a superuser's) or the caller's current school.
 */
import type { Action, ActionCreatorWithPayload, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { RosterUploadResult } from '../../../common/roster';
import type { RosterUploadInput } from '../../../common/schoolSettings';
import { problemRaised, toApiProblem, withToast, type ApiProblem } from '../../api/apiProblem';
import { downloadText } from '../../lib/download';
import { notificationRaised } from '../notifications';
import { schoolAdminApi as api, type Said, type School } from './api';
import { selectAdminClass, selectAdminSchool, selectUsersQuery, type SchoolAdminRootState } from './selectors';
import * as events from './slice';
import type { AdminChangeKind, AdminDataKey } from './slice';

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

const loadSchools = () => loadInto(api.schools, events.schoolsLoaded, events.schoolsFailed);
const loadOverview = () => loadInto(api.overview, events.overviewLoaded, events.overviewFailed);
const loadCodes = () => loadInto(api.codes, events.codesLoaded, events.codesFailed);
const loadInvitations = () => loadInto(api.invitations, events.invitationsLoaded, events.invitationsFailed);
const loadClasses = () => loadInto(api.classes, events.classesLoaded, events.classesFailed);
const loadClass = (classId: number) => loadInto((school) => api.class(school, classId), events.classLoaded, events.classFailed);
const loadTeachers = () => loadInto(api.teachers, events.teachersLoaded, events.teachersFailed);
const loadSettings = () => loadInto(api.settings, events.settingsLoaded, events.settingsFailed);
const loadSignInSettings = () => loadInto(api.signInSettings, events.signInSettingsLoaded, events.signInSettingsFailed);
const loadRosterRules = () => loadInto(api.rosterRules, events.rosterRulesLoaded, events.rosterRulesFailed);

/** The users list as last asked for (its search and page). */
function* loadUsers(): SagaIterator {
  const query: ReturnType<typeof selectUsersQuery> = yield select(selectUsersQuery);
  yield call(() => loadInto((school) => api.users(school, query), events.usersLoaded, events.usersFailed));
}

export function* codesPageSaga(): SagaIterator {
  yield all([call(loadCodes), call(loadInvitations)]);
}

export function* auditPageSaga(action: ReturnType<typeof events.auditPageOpened>): SagaIterator {
  yield call(() => loadInto((school) => api.audit(school, action.payload), events.auditLoaded, events.auditFailed));
}

export function* classesPageSaga(): SagaIterator {
  yield all([call(loadClasses), call(loadTeachers)]);
}

export function* classPageSaga(action: ReturnType<typeof events.classPageOpened>): SagaIterator {
  yield all([call(loadClass, action.payload), call(loadTeachers)]);
}

export function* codeSheetSaga(action: ReturnType<typeof events.codeSheetOpened>): SagaIterator {
  yield call(() => loadInto((school) => api.codeSheet(school, action.payload), events.codeSheetLoaded, events.codeSheetFailed));
}

/** What a change said: its answer's message, and whether that message is a refusal (a roster file with problems). */
interface Outcome {
  message: string;
  refused?: boolean;
}

type Reread = Extract<AdminDataKey, 'users' | 'codes' | 'invitations' | 'classes' | 'class' | 'settings' | 'signInSettings' | 'overview'>;

/** A change: its event, the call it makes, and what it alters (read again after it, where a page has read it). */
interface Change {
  event: { type: string; match: (action: unknown) => boolean };
  send: (school: School, action: Action) => SagaIterator<Outcome>;
  reread: readonly Reread[];
}

function change<P>(event: ActionCreatorWithPayload<P>, send: (school: School, payload: P) => SagaIterator<Outcome>, reread: readonly Reread[] = []): Change {
  return {
    event,
    *send(school, action) {
      // changeSaga hands each change only its own event
      if (!event.match(action)) throw new Error(`${action.type} is not ${event.type}`);
      return yield call(send, school, action.payload);
    },
    reread,
  };
}

/** A call answering with a temporary password (a new learner's, a student's): kept to be shown once. */
function keepPassword<P>(send: (school: School, payload: P) => SagaIterator<Said<{ password: string }>>) {
  return function* sendKeepingPassword(school: School, payload: P): SagaIterator<Outcome> {
    const answer: Said<{ password: string }> = yield call(send, school, payload);
    yield put(events.temporaryPasswordReceived({ password: answer.password, message: answer.message }));
    return answer;
  };
}

/** A roster ZIP: its dry run, or the import of the file the dry run read; the report is kept for the page. */
function* uploadRoster(school: School, file: Blob, input: RosterUploadInput, district: boolean): SagaIterator<Outcome> {
  const result: RosterUploadResult = yield call(api.uploadRoster, school, file, district ? { ...input, district: true } : input);
  yield put(events.rosterReportReceived(result));
  // a file the server read but refused comes back as an answer with its problem report
  return { message: result.message, refused: !result.report.ok };
}

type UserId = { userId: number };
type ClassTeacher = { classId: number; userId: number };

const CHANGES: readonly Change[] = [
  change(events.learnerCreated, keepPassword(api.createLearner), ['users']),
  change(events.temporaryPasswordGiven, keepPassword((s, { userId }: UserId) => api.temporaryPassword(s, userId)), ['users']),
  change(events.userSessionsEnded, (s, { userId }) => api.endSessions(s, userId), ['users']),
  change(events.userDeactivated, (s, { userId }) => api.deactivate(s, userId), ['users']),
  change(events.userReactivated, (s, { userId }) => api.reactivate(s, userId), ['users']),
  change(events.roleGranted, (s, { userId, role }) => api.grantRole(s, userId, role), ['users']),
  change(events.roleRevoked, (s, { userId, role }) => api.revokeRole(s, userId, role), ['users']),
  change(events.studentDataDeleted, (s, { userId, confirm }) => api.deleteStudentData(s, userId, confirm), ['users']),
  change(events.accessCodeCreated, api.createCode, ['codes']),
  change(events.accessCodeRevoked, (s, { codeId }) => api.revokeCode(s, codeId), ['codes']),
  change(events.invitationCreated, (s, { email }) => api.createInvitation(s, email), ['invitations']),
  change(events.invitationWithdrawn, (s, { invitationId }) => api.withdrawInvitation(s, invitationId), ['invitations']),
  change(events.classCreated, api.createClass, ['classes']),
  change(events.classTeacherAdded, (s, { classId, userId }: ClassTeacher) => api.addTeacher(s, classId, userId), ['class', 'classes']),
  change(events.classTeacherRemoved, (s, { classId, userId }: ClassTeacher) => api.removeTeacher(s, classId, userId), ['class', 'classes']),
  change(events.classArchived, (s, { classId }) => api.archiveClass(s, classId), ['class', 'classes']),
  change(events.settingsSaved, api.saveSettings, ['settings', 'overview']),
  change(events.signInSettingsSaved, api.saveSignInSettings, ['signInSettings']),
  change(events.rosterFileChecked, (s, { file, district }) => uploadRoster(s, file, { dryRun: true }, district)),
  change(events.rosterImportConfirmed, (s, { file, sha256, district }) => uploadRoster(s, file, { dryRun: false, sha256 }, district), ['overview']),
];

const isChange = (action: Action) => CHANGES.some((c) => c.event.match(action));

function* reread(key: Reread): SagaIterator {
  const shown: SchoolAdminRootState['schoolAdmin'][Reread] = yield select((state: SchoolAdminRootState) => state.schoolAdmin[key]);
  if (shown.status === 'idle') return;
  if (key === 'users') yield call(loadUsers);
  if (key === 'codes') yield call(loadCodes);
  if (key === 'invitations') yield call(loadInvitations);
  if (key === 'classes') yield call(loadClasses);
  if (key === 'class') {
    const shownClass: ReturnType<typeof selectAdminClass> = yield select(selectAdminClass);
    if (shownClass.data) yield call(loadClass, shownClass.data.id);
  }
  if (key === 'settings') yield call(loadSettings);
  if (key === 'signInSettings') yield call(loadSignInSettings);
  if (key === 'overview') yield call(loadOverview);
}

// a change's kind is its event's name (slice.ts)
const kindOf = (action: Action) => action.type.slice('schoolAdmin/'.length) as AdminChangeKind;

export function* changeSaga(action: Action): SagaIterator {
  const kind = kindOf(action);
  const made = CHANGES.find((c) => c.event.match(action));
  if (!made) return;
  try {
    const school: School = yield select(selectAdminSchool);
    const outcome: Outcome = yield call(made.send, school, action);
    yield put(events.changeSucceeded({ kind }));
    // a refusal is a failure: the error bridge shows it (and logs it) like any other
    if (outcome.refused) yield put(problemRaised({ kind: 'client', message: outcome.message }, { summary: outcome.message, detail: null }));
    else yield put(notificationRaised({ severity: 'success', summary: outcome.message }));
    for (const key of made.reread) yield call(reread, key);
  } catch (error) {
    yield put(withToast(events.changeFailed({ kind, error: toApiProblem(error) }), { summary: 'That did not work' }));
  }
}

/** The browser's decoding drops the server's byte-order mark; spreadsheets need it to read UTF-8. */
const withByteOrderMark = (text: string) => (text.startsWith('\uFEFF') ? text : `\uFEFF${text}`);

export function* auditCsvSaga(action: ReturnType<typeof events.auditCsvRequested>): SagaIterator {
  try {
    const school: School = yield select(selectAdminSchool);
    const csv: string = yield call(api.auditCsv, school, action.payload);
    yield call(downloadText, 'audit-trail.csv', withByteOrderMark(typeof csv === 'string' ? csv : String(csv ?? '')));
  } catch (error) {
    yield put(problemRaised(toApiProblem(error), { summary: 'The file could not be downloaded' }));
  }
}

export function* studentDataExportSaga(action: ReturnType<typeof events.studentDataExportRequested>): SagaIterator {
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
  yield takeLatest(events.schoolPickerShown, loadSchools);
  yield takeLatest(events.overviewOpened, loadOverview);
  yield takeLatest(events.usersPageOpened, loadUsers);
  yield takeLatest(events.codesPageOpened, codesPageSaga);
  yield takeLatest(events.auditPageOpened, auditPageSaga);
  yield takeLatest(events.classesPageOpened, classesPageSaga);
  yield takeLatest(events.classPageOpened, classPageSaga);
  yield takeLatest(events.codeSheetOpened, codeSheetSaga);
  yield takeLatest(events.settingsPageOpened, loadSettings);
  yield takeLatest(events.rosterPageOpened, loadRosterRules);
  yield takeLatest(events.signInPageOpened, loadSignInSettings);
  // one change at a time: a newer one takes over from one still waiting for its answer
  yield takeLatest(isChange, changeSaga);
  yield takeEvery(events.auditCsvRequested, auditCsvSaga);
  yield takeEvery(events.studentDataExportRequested, studentDataExportSaga);
}
