/**
 * The classroom's sagas. Every call goes through the shared API saga (callService) to the OneLook
 * paths of common/classroom.ts; waits go through the saga context's `delay` (app/sagaContext.ts `wait`), so
 * tests run the dashboard's polling on a virtual clock.
 *
 * The dashboard polls while it is watched: `dashboardWatched` (the page open and its tab visible)
 * forks a loop that loads it every DASHBOARD_POLL_MS; `dashboardUnwatched` (the page left or the tab
 * hidden), another class watched or the session's end cancels it. A failed poll keeps the last
 * answer on screen and the loop goes on; a refusal (403/404) stops it.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  CLASSROOM_PATHS,
  type ClassDashboard,
  type ClassDetail,
  type ClassReviewQuestions,
  type ClassInbox,
  type AssignmentWork,
  type ClassStudentRecord,
  type ClassSummary,
  type MyAssignment,
  type StudentClass,
  type TurnInRecord,
  type TurnInSummary,
} from '../../../common/classroom';
import type { CatalogModuleCard, ModuleDetail } from '../../../common/catalog';
import type { ProxyRequest } from '../../../common/types';
import { callService, callServiceRevalidating, type HttpMethod, type TaggedAnswer } from '../../api/apiSaga';
import { now, wait } from '../../app/sagaContext';
import { toApiProblem, withToast, type ApiProblem } from '../../api/apiProblem';
import { downloadText } from '../../lib/download';
import { sessionEnd } from '../auth';
import { notificationRaised } from '../notifications';
import { DASHBOARD_POLL_MS, gradebookFileName } from './model';
import {
  changeFailed,
  changeRequested,
  choicesFailed,
  choicesLoaded,
  choicesRequested,
  materialChoicesFailed,
  materialChoicesLoaded,
  materialChoicesRequested,
  changeSucceeded,
  classesFailed,
  classesLoaded,
  classesRequested,
  classFailed,
  classLoaded,
  classRequested,
  dashboardConfirmed,
  dashboardFailed,
  dashboardLoaded,
  dashboardUnwatched,
  dashboardWatched,
  gradebookFailed,
  gradebookRequested,
  gradebookSaved,
  inboxFailed,
  inboxLoaded,
  inboxRequested,
  myAssignmentsFailed,
  myAssignmentsLoaded,
  myAssignmentsRequested,
  myClassesFailed,
  myClassesLoaded,
  myClassesRequested,
  myTurnInsFailed,
  myTurnInsLoaded,
  myTurnInsRequested,
  reviewQuestionsFailed,
  reviewQuestionsLoaded,
  reviewQuestionsRequested,
  studentFailed,
  studentLoaded,
  studentRequested,
  workFailed,
  workLoaded,
  workRequested,
  temporaryPasswordGiven,
  turnInFailed,
  turnInLoaded,
  turnInRefused,
  turnInRequested,
  turnInSubmitted,
  turnInSucceeded,
  type CatalogChoice,
  type ClassChange,
  type Loadable,
} from './slice';
import { selectChoices, selectDashboard } from './selectors';

/** A read: the answer to `loaded`, a failure (message and status) to `failed`. */
function* loadInto<T>(
  path: string,
  loaded: (answer: T) => UnknownAction,
  failed: (error: ApiProblem) => UnknownAction,
  params?: ProxyRequest['params'],
): SagaIterator<boolean> {
  try {
    const answer: T = yield call(callService<T>, params ? { method: 'GET', path, params } : { method: 'GET', path });
    yield put(loaded(answer));
    return true;
  } catch (error) {
    yield put(failed(toApiProblem(error)));
    return false;
  }
}

export function* loadClassesSaga(): SagaIterator {
  yield call(loadInto<ClassSummary[]>, CLASSROOM_PATHS.classes, classesLoaded, classesFailed);
}

export function* loadClassSaga(action: ReturnType<typeof classRequested>): SagaIterator {
  yield call(loadInto<ClassDetail>, CLASSROOM_PATHS.class(action.payload.classId), classLoaded, classFailed);
}

export function* loadStudentSaga(action: ReturnType<typeof studentRequested>): SagaIterator {
  const { classId, userId } = action.payload;
  yield call(loadInto<ClassStudentRecord>, CLASSROOM_PATHS.student(classId, userId), studentLoaded, studentFailed);
}

export function* loadReviewQuestionsSaga(action: ReturnType<typeof reviewQuestionsRequested>): SagaIterator {
  const { classId, assignmentId } = action.payload;
  yield call(loadInto<ClassReviewQuestions>, CLASSROOM_PATHS.reviewQuestions(classId, assignmentId), reviewQuestionsLoaded, reviewQuestionsFailed);
}

export function* loadWorkSaga(action: ReturnType<typeof workRequested>): SagaIterator {
  const { classId, userId, assignmentId } = action.payload;
  yield call(loadInto<AssignmentWork>, CLASSROOM_PATHS.work(classId, userId, assignmentId), workLoaded, workFailed);
}

export function* loadTurnInSaga(action: ReturnType<typeof turnInRequested>): SagaIterator {
  yield call(loadInto<TurnInRecord>, CLASSROOM_PATHS.turnIn(action.payload.turnInId), turnInLoaded, turnInFailed);
}

export function* loadInboxSaga(action: ReturnType<typeof inboxRequested>): SagaIterator {
  yield call(loadInto<ClassInbox>, CLASSROOM_PATHS.inbox(action.payload.classId), inboxLoaded, inboxFailed);
}

/** The open work and the finished (`all`): Home lists both; the selectors keep them apart. */
export function* loadMyAssignmentsSaga(): SagaIterator {
  yield call(loadInto<MyAssignment[]>, CLASSROOM_PATHS.myAssignments, myAssignmentsLoaded, myAssignmentsFailed, { all: true });
}

export function* loadMyClassesSaga(): SagaIterator {
  yield call(loadInto<StudentClass[]>, CLASSROOM_PATHS.myClasses, myClassesLoaded, myClassesFailed);
}

export function* loadMyTurnInsSaga(): SagaIterator {
  yield call(loadInto<TurnInSummary[]>, CLASSROOM_PATHS.myTurnIns, myTurnInsLoaded, myTurnInsFailed);
}

/**
 * The dashboard, loaded now and every DASHBOARD_POLL_MS until cancelled; a refusal ends it. A poll
 * names the ETag of the grid shown (when a poll brought it): an unchanged grid is a 304 without a
 * body, and only its "Updated" time moves.
 */
export function* pollDashboard(classId: number): SagaIterator {
  for (;;) {
    try {
      const shown: ReturnType<typeof selectDashboard> = yield select(selectDashboard);
      const etag = shown.data?.classId === classId ? shown.etag : null;
      const answer: TaggedAnswer<ClassDashboard> | { notModifiedAt: number | null } = yield call(
        callServiceRevalidating<ClassDashboard>,
        { method: 'GET', path: CLASSROOM_PATHS.dashboard(classId) },
        etag,
      );
      if ('data' in answer) yield put(dashboardLoaded(answer.data, answer.etag));
      else if (etag) {
        const at: number = answer.notModifiedAt ?? (yield call(now));
        yield put(dashboardConfirmed({ classId, etag, generatedAt: at }));
      }
    } catch (error) {
      const problem = toApiProblem(error);
      yield put(dashboardFailed(problem));
      // not this teacher's class, or no such class: asking again will not change that
      if (problem.status === 401 || problem.status === 403 || problem.status === 404) return;
    }
    yield call(wait, DASHBOARD_POLL_MS);
  }
}

/** One polling loop at a time, for the class last watched, while it is watched. */
export function* dashboardPollingSaga(): SagaIterator {
  let task: Task | null = null;
  for (;;) {
    const action: UnknownAction = yield take([dashboardWatched.type, dashboardUnwatched.type, sessionEnd.type]);
    if (task) {
      yield cancel(task);
      task = null;
    }
    if (dashboardWatched.match(action)) task = yield fork(pollDashboard, action.payload.classId);
  }
}

interface Call {
  method: HttpMethod;
  path: string;
  payload?: unknown;
}

/** The service call a change makes. */
export function changeCall(change: ClassChange): Call {
  switch (change.kind) {
    case 'create':
      return { method: 'POST', path: CLASSROOM_PATHS.classes, payload: { name: change.name } };
    case 'rename':
      return { method: 'PATCH', path: CLASSROOM_PATHS.class(change.classId), payload: { name: change.name } };
    case 'archive':
      return { method: 'PATCH', path: CLASSROOM_PATHS.class(change.classId), payload: { archived: change.archived } };
    case 'newJoinCode':
      return { method: 'POST', path: CLASSROOM_PATHS.joinCode(change.classId) };
    case 'addTeacher':
      return { method: 'POST', path: CLASSROOM_PATHS.teachers(change.classId), payload: { userName: change.userName } };
    case 'removeTeacher':
      return { method: 'DELETE', path: CLASSROOM_PATHS.teacher(change.classId, change.userId) };
    case 'assign':
      return { method: 'POST', path: CLASSROOM_PATHS.assignments(change.classId), payload: change.input };
    case 'editAssignment':
      return { method: 'PATCH', path: CLASSROOM_PATHS.assignment(change.classId, change.assignmentId), payload: change.input };
    case 'withdraw':
      return { method: 'DELETE', path: CLASSROOM_PATHS.assignment(change.classId, change.assignmentId) };
    case 'comment':
      return { method: 'POST', path: CLASSROOM_PATHS.turnInComments(change.classId, change.turnInId), payload: { body: change.body } };
    case 'endSessions':
      return { method: 'POST', path: CLASSROOM_PATHS.endSessions(change.classId, change.userId) };
    case 'temporaryPassword':
      return { method: 'POST', path: CLASSROOM_PATHS.temporaryPassword(change.classId, change.userId) };
    case 'reteach':
      return { method: 'POST', path: CLASSROOM_PATHS.reteach(change.classId, change.assignmentId), payload: { questionId: change.questionId } };
    case 'grantException':
      return { method: 'PUT', path: CLASSROOM_PATHS.exception(change.classId, change.userId, change.assignmentId), payload: change.input };
    case 'withdrawException':
      return { method: 'DELETE', path: CLASSROOM_PATHS.exception(change.classId, change.userId, change.assignmentId) };
    case 'review':
      return { method: 'PUT', path: CLASSROOM_PATHS.turnInReview(change.classId, change.turnInId), payload: change.input };
    case 'returnWork':
      return { method: 'POST', path: CLASSROOM_PATHS.turnInReturn(change.classId, change.turnInId) };
  }
}

/** What the toast says after a change went through. */
export const CHANGE_DONE: Record<ClassChange['kind'], string> = {
  create: 'Class created.',
  rename: 'Class renamed.',
  archive: 'Class updated.',
  newJoinCode: 'New class code made. The old code no longer works.',
  addTeacher: 'Co-teacher added.',
  removeTeacher: 'Co-teacher removed.',
  assign: 'Assigned.',
  editAssignment: 'Assignment updated.',
  withdraw: 'Assignment withdrawn.',
  comment: 'Comment saved.',
  endSessions: 'All of the student’s sessions were ended.',
  temporaryPassword: 'Temporary password made.',
  reteach: 'Re-teach assigned.',
  grantException: 'Exception saved.',
  withdrawException: 'Exception withdrawn.',
  review: 'Score and comment saved.',
  returnWork: 'Returned to the student.',
};

/** After a change, what is on screen is read again: the list, the class, the grid or the student. */
function* reloadAfter(change: ClassChange): SagaIterator {
  if (change.kind === 'grantException' || change.kind === 'withdrawException') {
    // one student's cells: their page, and the class's grid when it is the one shown
    yield put(studentRequested({ classId: change.classId, userId: change.userId }));
    const shown: ReturnType<typeof selectDashboard> = yield select(selectDashboard);
    if (shown.data?.classId === change.classId) yield call(loadInto<ClassDashboard>, CLASSROOM_PATHS.dashboard(change.classId), dashboardLoaded, dashboardFailed);
    return;
  }
  if (change.kind === 'create' || change.kind === 'rename' || change.kind === 'archive' || change.kind === 'newJoinCode') {
    yield put(classesRequested());
  }
  if (change.kind === 'review' || change.kind === 'returnWork') {
    // the inbox shows the item's new state; the class itself did not change
    yield put(inboxRequested({ classId: change.classId }));
    return;
  }
  if ('classId' in change) {
    if (change.kind !== 'endSessions' && change.kind !== 'temporaryPassword' && change.kind !== 'comment' && change.kind !== 'reteach') yield put(classRequested({ classId: change.classId }));
    if (change.kind === 'reteach') yield put(reviewQuestionsRequested({ classId: change.classId, assignmentId: change.assignmentId }));
    if (change.kind === 'assign' || change.kind === 'editAssignment' || change.kind === 'withdraw' || change.kind === 'endSessions') {
      // the grid (signed-in now, the new column) at once rather than at the next poll
      yield call(loadInto<ClassDashboard>, CLASSROOM_PATHS.dashboard(change.classId), dashboardLoaded, dashboardFailed);
    }
    if (change.kind === 'comment') yield put(turnInRequested({ turnInId: change.turnInId }));
    if (change.kind === 'comment' || change.kind === 'endSessions') yield put(studentRequested({ classId: change.classId, userId: change.userId }));
  }
}

export function* changeSaga(action: ReturnType<typeof changeRequested>): SagaIterator {
  const change = action.payload;
  try {
    if (change.kind === 'returnWork' && change.input) yield call(callService, changeCall({ kind: 'review', classId: change.classId, turnInId: change.turnInId, input: change.input }));
    const answer: unknown = yield call(callService, changeCall(change));
    if (change.kind === 'temporaryPassword') {
      const password = (answer as { password?: unknown } | null)?.password;
      if (typeof password === 'string') yield put(temporaryPasswordGiven({ userId: change.userId, password }));
    }
    yield put(changeSucceeded({ kind: change.kind }));
    // a re-teach says what went to whom ("Assigned … to the 2 students who missed it")
    const said = change.kind === 'reteach' ? (answer as { message?: unknown } | null)?.message : undefined;
    if (change.kind !== 'temporaryPassword') yield put(notificationRaised({ severity: 'success', summary: typeof said === 'string' ? said : CHANGE_DONE[change.kind] }));
    yield call(reloadAfter, change);
  } catch (error) {
    yield put(changeFailed({ kind: change.kind, error: toApiProblem(error) }));
  }
}

/** The gradebook CSV, saved as a file named after the class and the day. */
export function* gradebookSaga(action: ReturnType<typeof gradebookRequested>): SagaIterator {
  try {
    const { classId, missing } = action.payload;
    const csv: unknown = yield call(callService, { method: 'GET', path: CLASSROOM_PATHS.gradebook(classId), ...(missing ? { params: { missing } } : {}) });
    const time: number = yield call(now);
    const day = new Date(time).toISOString().slice(0, 10);
    const text = typeof csv === 'string' ? csv : String(csv ?? '');
    // the browser's decoding of the answer drops the server's byte-order mark; spreadsheets need it to read UTF-8
    yield call(downloadText, gradebookFileName(action.payload.className, day), text.startsWith('\uFEFF') ? text : `\uFEFF${text}`);
    yield put(gradebookSaved());
  } catch (error) {
    const problem = toApiProblem(error);
    yield put(withToast(gradebookFailed(problem), { summary: 'The gradebook could not be downloaded' }));
  }
}

export function* turnInSaga(action: ReturnType<typeof turnInSubmitted>): SagaIterator {
  try {
    const summary: TurnInSummary = yield call(callService<TurnInSummary>, { method: 'POST', path: CLASSROOM_PATHS.myTurnIns, payload: action.payload });
    yield put(turnInSucceeded(summary));
    yield put(notificationRaised({ severity: 'success', summary: `Turned in to ${summary.className}.` }));
  } catch (error) {
    yield put(turnInRefused(toApiProblem(error)));
  }
}

/** The catalog's modules for the assign dialog (once per store: the catalog does not change under a teacher). */
export function* loadChoicesSaga(): SagaIterator {
  const loaded: Loadable<CatalogChoice[]> = yield select(selectChoices);
  if (loaded.status === 'succeeded' && loaded.data) return;
  try {
    const cards: CatalogModuleCard[] = yield call(callService<CatalogModuleCard[]>, { method: 'GET', path: '/catalog' });
    yield put(choicesLoaded(cards.map((m) => ({ slug: m.slug, title: m.title }))));
  } catch (error) {
    yield put(choicesFailed(toApiProblem(error)));
  }
}

export function* loadMaterialChoicesSaga(action: ReturnType<typeof materialChoicesRequested>): SagaIterator {
  const { moduleSlug } = action.payload;
  try {
    const module: ModuleDetail = yield call(callService<ModuleDetail>, { method: 'GET', path: `/catalog/modules/${encodeURIComponent(moduleSlug)}` });
    yield put(materialChoicesLoaded({ moduleSlug, items: module.materials.map((m) => ({ slug: m.slug, title: m.title })) }));
  } catch (error) {
    yield put(materialChoicesFailed({ moduleSlug, error: toApiProblem(error) }));
  }
}

export function* classroomSaga(): SagaIterator {
  yield fork(dashboardPollingSaga);
  yield takeLatest(classesRequested, loadClassesSaga);
  yield takeLatest(classRequested, loadClassSaga);
  yield takeLatest(studentRequested, loadStudentSaga);
  yield takeLatest(workRequested, loadWorkSaga);
  yield takeLatest(turnInRequested, loadTurnInSaga);
  yield takeLatest(reviewQuestionsRequested, loadReviewQuestionsSaga);
  yield takeLatest(inboxRequested, loadInboxSaga);
  yield takeLatest(myAssignmentsRequested, loadMyAssignmentsSaga);
  yield takeLatest(myClassesRequested, loadMyClassesSaga);
  yield takeLatest(myTurnInsRequested, loadMyTurnInsSaga);
  yield takeEvery(changeRequested, changeSaga);
  yield takeLeading(gradebookRequested, gradebookSaga);
  yield takeLeading(turnInSubmitted, turnInSaga);
  yield takeLeading(choicesRequested, loadChoicesSaga);
  yield takeEvery(materialChoicesRequested, loadMaterialChoicesSaga);
}
