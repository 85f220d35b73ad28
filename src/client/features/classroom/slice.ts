/**
 * The classroom: a teacher's classes, one class's detail and live dashboard, a student's page in a
 * class, and the student's side ("Assigned to you", turned-in work). Form values stay in the forms.
 *
 * Events: `…Requested` asks (sagas.ts) and ends in `…Loaded` / `…Failed`; a teacher's change
 * (create, rename, assign …) is `changeRequested` with what to change, ending in `changeSucceeded`
 * or `changeFailed`. `dashboardWatched` / `dashboardUnwatched` start and stop the dashboard's polling
 * (the page open and visible). auth:session:end empties everything (shared computers).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AssignmentWork,
  AssignmentInput,
  ClassDashboard,
  ClassDetail,
  ClassReviewQuestions,
  ClassInbox,
  ClassStudentRecord,
  ClassSummary,
  ExceptionInput,
  GradebookMissingMark,
  MyAssignment,
  StudentClass,
  TurnInInput,
  TurnInRecord,
  TurnInReviewInput,
  TurnInSummary,
} from '../../../common/classroom';
import type { ApiProblem } from '../../api/apiProblem';
import { sessionEnd } from '../auth';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type SubmitStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface Loadable<T> {
  status: LoadStatus;
  data: T | null;
  error: ApiProblem | null;
}

/** A teacher's change, as one event with what it changes. */
export type ClassChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; classId: number; name: string }
  | { kind: 'archive'; classId: number; archived: boolean }
  | { kind: 'newJoinCode'; classId: number }
  | { kind: 'addTeacher'; classId: number; userName: string }
  | { kind: 'removeTeacher'; classId: number; userId: number }
  | { kind: 'assign'; classId: number; input: AssignmentInput }
  | { kind: 'editAssignment'; classId: number; assignmentId: number; input: Partial<AssignmentInput> }
  | { kind: 'withdraw'; classId: number; assignmentId: number }
  | { kind: 'comment'; classId: number; userId: number; turnInId: number; body: string }
  | { kind: 'endSessions'; classId: number; userId: number }
  | { kind: 'temporaryPassword'; classId: number; userId: number }
  | { kind: 'reteach'; classId: number; assignmentId: number; questionId: number }
  | { kind: 'grantException'; classId: number; userId: number; assignmentId: number; input: ExceptionInput }
  | { kind: 'withdrawException'; classId: number; userId: number; assignmentId: number }
  | { kind: 'review'; classId: number; turnInId: number; input: TurnInReviewInput }
  /** with `input`: the score and comment are saved first */
  | { kind: 'returnWork'; classId: number; turnInId: number; input?: TurnInReviewInput };

export interface ChangeState {
  status: SubmitStatus;
  kind: ClassChange['kind'] | null;
  error: ApiProblem | null;
  /** counts successes: a dialog closes (and a form clears) when it moves */
  successCount: number;
}

export interface ClassroomState {
  classes: Loadable<ClassSummary[]>;
  detail: Loadable<ClassDetail>;
  dashboard: Loadable<ClassDashboard> & {
    /** the last poll failed while an earlier answer is still shown */
    refreshError: ApiProblem | null;
    /** the shown grid's ETag when a poll brought it: the next poll revalidates it (304: unchanged) */
    etag: string | null;
  };
  student: Loadable<ClassStudentRecord>;
  /** what the class got wrong on one review assignment */
  reviewQuestions: Loadable<ClassReviewQuestions>;
  /** a dashboard cell opened: the student's work on the assignment */
  work: Loadable<AssignmentWork>;
  turnIn: Loadable<TurnInRecord>;
  /** the class's inbox of turned-in work */
  inbox: Loadable<ClassInbox>;
  change: ChangeState;
  /** a temporary password just given: shown once, gone when its dialog closes */
  temporaryPassword: { userId: number; password: string } | null;
  myAssignments: Loadable<MyAssignment[]>;
  myClasses: Loadable<StudentClass[]>;
  myTurnIns: Loadable<TurnInSummary[]>;
  turningIn: { status: SubmitStatus; error: ApiProblem | null };
  gradebook: { status: SubmitStatus; error: ApiProblem | null };
  /** what the assign dialog offers: the catalog's modules, and each module's materials once picked */
  catalog: Loadable<CatalogChoice[]>;
  materials: Record<string, Loadable<CatalogChoice[]>>;
}

export interface CatalogChoice {
  slug: string;
  title: string;
}

const idle = <T>(): Loadable<T> => ({ status: 'idle', data: null, error: null });

export const initialClassroomState: ClassroomState = {
  classes: idle(),
  detail: idle(),
  dashboard: { ...idle<ClassDashboard>(), refreshError: null, etag: null },
  student: idle(),
  reviewQuestions: idle(),
  work: idle(),
  turnIn: idle(),
  inbox: idle(),
  change: { status: 'idle', kind: null, error: null, successCount: 0 },
  temporaryPassword: null,
  myAssignments: idle(),
  myClasses: idle(),
  myTurnIns: idle(),
  turningIn: { status: 'idle', error: null },
  gradebook: { status: 'idle', error: null },
  catalog: idle(),
  materials: {},
};

/** A load starting: the data stays while the same thing is asked again (no flash of a spinner). */
function loading<T>(slot: Loadable<T>, keep: boolean): Loadable<T> {
  return { status: keep && slot.data ? slot.status : 'loading', data: keep ? slot.data : null, error: null };
}

const classroomSlice = createSlice({
  name: 'classroom',
  initialState: initialClassroomState,
  reducers: {
    classesRequested(state) {
      state.classes = loading(state.classes, true);
    },
    classesLoaded(state, action: PayloadAction<ClassSummary[]>) {
      state.classes = { status: 'succeeded', data: action.payload, error: null };
    },
    classesFailed(state, action: PayloadAction<ApiProblem>) {
      state.classes = { status: 'failed', data: null, error: action.payload };
    },
    classRequested(state, action: PayloadAction<{ classId: number }>) {
      state.detail = loading(state.detail, state.detail.data?.id === action.payload.classId);
    },
    classLoaded(state, action: PayloadAction<ClassDetail>) {
      state.detail = { status: 'succeeded', data: action.payload, error: null };
    },
    classFailed(state, action: PayloadAction<ApiProblem>) {
      state.detail = { status: 'failed', data: null, error: action.payload };
    },
    dashboardWatched(state, action: PayloadAction<{ classId: number }>) {
      if (state.dashboard.data?.classId !== action.payload.classId) state.dashboard = { ...idle<ClassDashboard>(), status: 'loading', refreshError: null, etag: null };
    },
    dashboardUnwatched() {},
    dashboardLoaded: {
      reducer(state, action: PayloadAction<ClassDashboard, string, { etag: string | null }>) {
        state.dashboard = { status: 'succeeded', data: action.payload, error: null, refreshError: null, etag: action.meta.etag };
      },
      prepare: (grid: ClassDashboard, etag: string | null = null) => ({ payload: grid, meta: { etag } }),
    },
    /** A poll's 304: the grid shown is still the class's, as of `generatedAt`. */
    dashboardConfirmed(state, action: PayloadAction<{ classId: number; etag: string; generatedAt: number }>) {
      const { data } = state.dashboard;
      if (data?.classId !== action.payload.classId || state.dashboard.etag !== action.payload.etag) return;
      data.generatedAt = action.payload.generatedAt;
      state.dashboard.refreshError = null;
    },
    dashboardFailed(state, action: PayloadAction<ApiProblem>) {
      // a poll that fails keeps what was shown and says so; a first load that fails is the page's error
      if (state.dashboard.data) state.dashboard.refreshError = action.payload;
      else state.dashboard = { status: 'failed', data: null, error: action.payload, refreshError: null, etag: null };
    },
    studentRequested(state, action: PayloadAction<{ classId: number; userId: number }>) {
      const same = state.student.data?.classId === action.payload.classId && state.student.data.student.userId === action.payload.userId;
      state.student = loading(state.student, same);
    },
    studentLoaded(state, action: PayloadAction<ClassStudentRecord>) {
      state.student = { status: 'succeeded', data: action.payload, error: null };
    },
    studentFailed(state, action: PayloadAction<ApiProblem>) {
      state.student = { status: 'failed', data: null, error: action.payload };
    },
    reviewQuestionsRequested(state, action: PayloadAction<{ classId: number; assignmentId: number }>) {
      const shown = state.reviewQuestions.data;
      state.reviewQuestions = loading(state.reviewQuestions, shown?.classId === action.payload.classId && shown.assignmentId === action.payload.assignmentId);
    },
    reviewQuestionsLoaded(state, action: PayloadAction<ClassReviewQuestions>) {
      state.reviewQuestions = { status: 'succeeded', data: action.payload, error: null };
    },
    reviewQuestionsFailed(state, action: PayloadAction<ApiProblem>) {
      state.reviewQuestions = { status: 'failed', data: null, error: action.payload };
    },
    workRequested(state, _action: PayloadAction<{ classId: number; userId: number; assignmentId: number }>) {
      state.work = loading(state.work, false);
    },
    workLoaded(state, action: PayloadAction<AssignmentWork>) {
      state.work = { status: 'succeeded', data: action.payload, error: null };
    },
    workFailed(state, action: PayloadAction<ApiProblem>) {
      state.work = { status: 'failed', data: null, error: action.payload };
    },
    turnInRequested(state, action: PayloadAction<{ turnInId: number }>) {
      state.turnIn = loading(state.turnIn, state.turnIn.data?.id === action.payload.turnInId);
    },
    turnInLoaded(state, action: PayloadAction<TurnInRecord>) {
      state.turnIn = { status: 'succeeded', data: action.payload, error: null };
    },
    turnInFailed(state, action: PayloadAction<ApiProblem>) {
      state.turnIn = { status: 'failed', data: null, error: action.payload };
    },
    inboxRequested(state, action: PayloadAction<{ classId: number }>) {
      state.inbox = loading(state.inbox, state.inbox.data?.classId === action.payload.classId);
    },
    inboxLoaded(state, action: PayloadAction<ClassInbox>) {
      state.inbox = { status: 'succeeded', data: action.payload, error: null };
    },
    inboxFailed(state, action: PayloadAction<ApiProblem>) {
      state.inbox = { status: 'failed', data: null, error: action.payload };
    },
    changeRequested(state, action: PayloadAction<ClassChange>) {
      state.change.status = 'pending';
      state.change.kind = action.payload.kind;
      state.change.error = null;
    },
    changeSucceeded(state, action: PayloadAction<{ kind: ClassChange['kind'] }>) {
      state.change.status = 'succeeded';
      state.change.kind = action.payload.kind;
      state.change.successCount += 1;
    },
    changeFailed(state, action: PayloadAction<{ kind: ClassChange['kind']; error: ApiProblem }>) {
      state.change.status = 'failed';
      state.change.kind = action.payload.kind;
      state.change.error = action.payload.error;
    },
    /** A dialog opened or closed: an earlier refusal is not this one's. */
    changeDismissed(state) {
      state.change.status = 'idle';
      state.change.error = null;
    },
    temporaryPasswordGiven(state, action: PayloadAction<{ userId: number; password: string }>) {
      state.temporaryPassword = action.payload;
    },
    temporaryPasswordDismissed(state) {
      state.temporaryPassword = null;
    },
    myAssignmentsRequested(state) {
      state.myAssignments = loading(state.myAssignments, true);
    },
    myAssignmentsLoaded(state, action: PayloadAction<MyAssignment[]>) {
      state.myAssignments = { status: 'succeeded', data: action.payload, error: null };
    },
    myAssignmentsFailed(state, action: PayloadAction<ApiProblem>) {
      state.myAssignments = { status: 'failed', data: null, error: action.payload };
    },
    myClassesRequested(state) {
      state.myClasses = loading(state.myClasses, true);
    },
    myClassesLoaded(state, action: PayloadAction<StudentClass[]>) {
      state.myClasses = { status: 'succeeded', data: action.payload, error: null };
    },
    myClassesFailed(state, action: PayloadAction<ApiProblem>) {
      state.myClasses = { status: 'failed', data: null, error: action.payload };
    },
    myTurnInsRequested(state) {
      state.myTurnIns = loading(state.myTurnIns, true);
    },
    myTurnInsLoaded(state, action: PayloadAction<TurnInSummary[]>) {
      state.myTurnIns = { status: 'succeeded', data: action.payload, error: null };
    },
    myTurnInsFailed(state, action: PayloadAction<ApiProblem>) {
      state.myTurnIns = { status: 'failed', data: null, error: action.payload };
    },
    turnInSubmitted(state, _action: PayloadAction<TurnInInput>) {
      state.turningIn = { status: 'pending', error: null };
    },
    turnInSucceeded(state, action: PayloadAction<TurnInSummary>) {
      state.turningIn = { status: 'succeeded', error: null };
      state.myTurnIns.data = [action.payload, ...(state.myTurnIns.data ?? []).filter((t) => t.id !== action.payload.id)];
      if (state.myTurnIns.status === 'idle') state.myTurnIns.status = 'succeeded';
    },
    turnInRefused(state, action: PayloadAction<ApiProblem>) {
      state.turningIn = { status: 'failed', error: action.payload };
    },
    gradebookRequested(state, _action: PayloadAction<{ classId: number; className: string; missing?: GradebookMissingMark }>) {
      state.gradebook = { status: 'pending', error: null };
    },
    gradebookSaved(state) {
      state.gradebook = { status: 'succeeded', error: null };
    },
    gradebookFailed(state, action: PayloadAction<ApiProblem>) {
      state.gradebook = { status: 'failed', error: action.payload };
    },
    choicesRequested(state) {
      if (state.catalog.status !== 'succeeded') state.catalog = loading(state.catalog, false);
    },
    choicesLoaded(state, action: PayloadAction<CatalogChoice[]>) {
      state.catalog = { status: 'succeeded', data: action.payload, error: null };
    },
    choicesFailed(state, action: PayloadAction<ApiProblem>) {
      state.catalog = { status: 'failed', data: null, error: action.payload };
    },
    materialChoicesRequested(state, action: PayloadAction<{ moduleSlug: string }>) {
      const slot = state.materials[action.payload.moduleSlug];
      if (slot?.status !== 'succeeded') state.materials[action.payload.moduleSlug] = { status: 'loading', data: null, error: null };
    },
    materialChoicesLoaded(state, action: PayloadAction<{ moduleSlug: string; items: CatalogChoice[] }>) {
      state.materials[action.payload.moduleSlug] = { status: 'succeeded', data: action.payload.items, error: null };
    },
    materialChoicesFailed(state, action: PayloadAction<{ moduleSlug: string; error: ApiProblem }>) {
      state.materials[action.payload.moduleSlug] = { status: 'failed', data: null, error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnd, () => initialClassroomState);
  },
});

export const {
  classesRequested,
  classesLoaded,
  classesFailed,
  classRequested,
  classLoaded,
  classFailed,
  dashboardWatched,
  dashboardUnwatched,
  dashboardLoaded,
  dashboardConfirmed,
  dashboardFailed,
  studentRequested,
  studentLoaded,
  studentFailed,
  reviewQuestionsRequested,
  reviewQuestionsLoaded,
  reviewQuestionsFailed,
  workRequested,
  workLoaded,
  workFailed,
  turnInRequested,
  turnInLoaded,
  turnInFailed,
  inboxRequested,
  inboxLoaded,
  inboxFailed,
  changeRequested,
  changeSucceeded,
  changeFailed,
  changeDismissed,
  temporaryPasswordGiven,
  temporaryPasswordDismissed,
  myAssignmentsRequested,
  myAssignmentsLoaded,
  myAssignmentsFailed,
  myClassesRequested,
  myClassesLoaded,
  myClassesFailed,
  myTurnInsRequested,
  myTurnInsLoaded,
  myTurnInsFailed,
  turnInSubmitted,
  turnInSucceeded,
  turnInRefused,
  gradebookRequested,
  gradebookSaved,
  gradebookFailed,
  choicesRequested,
  choicesLoaded,
  choicesFailed,
  materialChoicesRequested,
  materialChoicesLoaded,
  materialChoicesFailed,
} = classroomSlice.actions;
export const classroomReducer = classroomSlice.reducer;
