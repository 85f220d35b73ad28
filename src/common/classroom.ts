/**
 * The classroom's shapes, shared by the OneLook routes (src/server/services/classroom/routes.ts)
 * and the client's classroom feature. Times are epoch milliseconds; due days are `YYYY-MM-DD` in the
 * school's time zone (`dueAt` is the instant that day ends there). Paths are relative to the OneLook
 * service, like every other feature's.
 */
import type { WorksheetKind } from './worksheets';
import type { Language } from './language';

export { SCHOOLADMIN_PERMISSION, TEACHER_PERMISSION } from './permissions';

export const CLASSROOM_PATHS = {
  /** GET: the classes the caller teaches at the current school; POST { name }: create one */
  classes: '/classes',
  /** GET: one class (ClassDetail); PATCH { name?, archived? }: rename, archive or restore */
  class: (classId: number) => `/classes/${classId}`,
  /** POST: a new class code (the old one stops working) */
  joinCode: (classId: number) => `/classes/${classId}/join-code`,
  /** POST { userName }: add a co-teacher (a TEACHER at the same school) */
  teachers: (classId: number) => `/classes/${classId}/teachers`,
  /** DELETE: remove a co-teacher (never the last teacher) */
  teacher: (classId: number, userId: number) => `/classes/${classId}/teachers/${userId}`,
  /** POST AssignmentInput: assign; */
  assignments: (classId: number) => `/classes/${classId}/assignments`,
  /** PATCH AssignmentInput (partial): change due day or attempt limit; DELETE: withdraw */
  assignment: (classId: number, assignmentId: number) => `/classes/${classId}/assignments/${assignmentId}`,
  /** GET: the students × assignments grid (ClassDashboard); polled by the open dashboard */
  dashboard: (classId: number) => `/classes/${classId}/dashboard`,
  /** GET ?missing=zero|blank|M: the gradebook as CSV (text/csv; UTF-8 with BOM so spreadsheets read it) */
  gradebook: (classId: number) => `/classes/${classId}/gradebook.csv`,
  /** GET: one student's page in the class (ClassStudentRecord, read-only); DELETE: remove from the class */
  student: (classId: number, userId: number) => `/classes/${classId}/students/${userId}`,
  /** GET: the student's work on one assignment (AssignmentWork, read-only): attempts with answers, sections, the turn-in */
  work: (classId: number, userId: number, assignmentId: number) => `/classes/${classId}/students/${userId}/work/${assignmentId}`,
  /** POST: end every session of the student (their open tab goes to /login at its next 30-second session check, which asks the server) */
  endSessions: (classId: number, userId: number) => `/classes/${classId}/students/${userId}/end-sessions`,
  /** POST: a temporary password ({ password }), to be changed at the student's next sign-in */
  temporaryPassword: (classId: number, userId: number) => `/classes/${classId}/students/${userId}/temporary-password`,
  /** PUT ExceptionInput: the student's exception on one assignment (AssignmentException), replacing theirs; DELETE: withdraw it */
  exception: (classId: number, userId: number, assignmentId: number) => `/classes/${classId}/students/${userId}/exceptions/${assignmentId}`,
  /** POST { body }: the teacher's comment on turned-in work */
  turnInComments: (classId: number, turnInId: number) => `/classes/${classId}/turn-ins/${turnInId}/comments`,
  /** GET: a turned-in document, read-only, for its teacher or its student (TurnInRecord) */
  turnIn: (turnInId: number) => `/turn-ins/${turnInId}`,
  /** GET: what the class got wrong on a review assignment, most-missed question first (ClassReviewQuestions) */
  reviewQuestions: (classId: number, assignmentId: number) => `/classes/${classId}/assignments/${assignmentId}/questions`,
  /** POST ReteachInput: assign a missed question's section and a re-review to the students who missed it (ReteachResult) */
  reteach: (classId: number, assignmentId: number) => `/classes/${classId}/assignments/${assignmentId}/reteach`,
  /** GET: the class's turned-in worksheets and budgets, newest first (ClassInbox) */
  inbox: (classId: number) => `/classes/${classId}/inbox`,
  /** PUT TurnInReviewInput: the teacher's score and comment on turned-in work (InboxItem) */
  turnInReview: (classId: number, turnInId: number) => `/classes/${classId}/turn-ins/${turnInId}/review`,
  /** POST: return the work to its student, who then sees the score and comment and may turn in again (InboxItem) */
  turnInReturn: (classId: number, turnInId: number) => `/classes/${classId}/turn-ins/${turnInId}/return`,

  /** GET: the classes the caller is a student in (StudentClass[]) */
  myClasses: '/me/classes',
  /** GET: "Assigned to you": the caller's open assignments across classes, overdue first (MyAssignment[]); params `all: true` adds finished ones */
  myAssignments: '/me/assignments',
  /** GET: the caller's turned-in work with comments (TurnInSummary[]); POST TurnInInput: turn in */
  myTurnIns: '/me/turn-ins',
} as const;

export type AssignmentKind = 'module' | 'material' | 'review' | 'worksheet';

/** What the gradebook writes for missing work (nothing done, past due): 0, an empty cell, or "M". */
export const GRADEBOOK_MISSING_MARKS = ['zero', 'blank', 'M'] as const;
export type GradebookMissingMark = (typeof GRADEBOOK_MISSING_MARKS)[number];

export interface AssignmentInput {
  kind: AssignmentKind;
  /** module, material and review */
  moduleSlug?: string;
  /** material and review */
  materialSlug?: string;
  /** worksheet */
  worksheetKind?: WorksheetKind;
  /** YYYY-MM-DD in the school's time zone, or null for no due day */
  dueDate?: string | null;
  /** reviews only; null for unlimited */
  maxAttempts?: number | null;
}

export interface Assignment {
  id: number;
  classId: number;
  kind: AssignmentKind;
  moduleSlug: string | null;
  materialSlug: string | null;
  worksheetKind: WorksheetKind | null;
  /** what is assigned, as the catalog or worksheet names it */
  title: string;
  /** the page a student opens for it: /app/catalog/…, /app/worksheets/… */
  href: string;
  dueDate: string | null;
  dueAt: number | null;
  maxAttempts: number | null;
  createdAt: number;
  /** a material assigned at one of its sections (a re-teach): the section's slug; href opens it */
  sectionSlug?: string | null;
  /** the students it is for (a re-teach of what they missed); absent or null: the whole class */
  studentIds?: number[] | null;
  /** the teacher's note to the students */
  note?: string | null;
}

/** One question of a review bank as a class answered it (each student's latest answer to it). */
export interface ClassQuestionTally {
  questionId: number;
  /** 1-based, in the bank's order */
  position: number;
  type: string;
  prompt: string;
  /** the section it tests (null when the content names none) */
  section: { slug: string; title: string; path: string } | null;
  /** students who have answered it */
  answered: number;
  right: number;
  /** percent of `answered` who got it right, whole; null before anyone answered it */
  percentRight: number | null;
  /** who missed it (their latest answer to it was wrong), by last name */
  missedBy: { userId: number; name: string }[];
  /** of `missedBy`, those already sent this section's re-teach */
  retaughtTo: number[];
}

/** "What the class got wrong" on one review assignment (staff only). */
export interface ClassReviewQuestions {
  classId: number;
  assignmentId: number;
  title: string;
  moduleSlug: string;
  materialSlug: string;
  materialTitle: string;
  studentCount: number;
  /** students with at least one attempt */
  attemptedCount: number;
  /** most-missed first: lowest percent right, then most students missing it; unanswered last */
  questions: ClassQuestionTally[];
}

export interface ReteachInput {
  /** the missed question whose section is re-taught to the students who missed it */
  questionId: number;
}

export interface ReteachResult {
  /** the section assignment and the re-review, both for `students` only */
  assignments: Assignment[];
  students: { userId: number; name: string }[];
  message: string;
}

/** The most extra attempts one exception grants on top of the class's limit. */
export const MAX_EXTRA_ATTEMPTS = 10;

/**
 * A teacher's exception for one student on one assignment: attempts on top of a review's limit
 * (null: none) and/or a due day of their own, later than the class's (null: the class's).
 */
export interface ExceptionInput {
  extraAttempts?: number | null;
  /** YYYY-MM-DD in the school's time zone */
  dueDate?: string | null;
}

export interface AssignmentException {
  assignmentId: number;
  userId: number;
  /** on top of the assignment's maxAttempts; 0 for none */
  extraAttempts: number;
  dueDate: string | null;
  dueAt: number | null;
  /** who granted it, by name (null: their account is gone) */
  grantedBy: string | null;
  grantedAt: number;
}

export interface ClassSummary {
  id: number;
  name: string;
  archived: boolean;
  studentCount: number;
  assignmentCount: number;
  /** the class code, which works wherever an access code does */
  joinCode: string | null;
  teachers: { userId: number; name: string; role: 'owner' | 'co-teacher' }[];
}

export interface ClassDetail extends ClassSummary {
  schoolName: string;
  /** the school's IANA time zone; due days are days there */
  timezone: string;
  assignments: Assignment[];
  /** where students start (the sign-in page, with its "Register with a class code" link) */
  signInUrl: string;
  /** where a new student registers with the class code */
  registerUrl: string;
  /** where a signed-in student joins with the class code (Home's "Join a class", the profile's "Add Access Code") */
  joinUrl: string;
}

export type AssignmentStatus = 'not-started' | 'in-progress' | 'completed' | 'passed' | 'overdue';

/**
 * Where a cell stands for the teacher's triage (the dashboard's strip, filters and chips): what the
 * work is, apart from when it is due. "needs-help": the last review attempt failed, no attempts are
 * left, or the student is signed in and stuck on one section (status.ts says how long).
 */
export type CellState = 'not-started' | 'in-progress' | 'needs-help' | 'done';
/** Why a cell needs help. */
export type HelpReason = 'failed' | 'out-of-attempts' | 'stuck';
/** The due mark beside a cell's state: unfinished work due within two days, or past due. */
export type DueMark = 'due-soon' | 'overdue';

export interface DashboardCell {
  /** the completion status ("overdue" when unfinished past due), as the gradebook and "Assigned to you" read it */
  status: AssignmentStatus;
  /** the triage state, the due mark apart */
  state: CellState;
  help: HelpReason | null;
  due: DueMark | null;
  /** materials and modules: the sections read of the assigned content */
  sections: { read: number; total: number } | null;
  /** reviews (and materials/modules, their reviews'): best score in percent, null before an attempt */
  bestScore: number | null;
  attempts: number;
  /** seconds spent on the assigned content */
  timeSpentSeconds: number;
  /** a worksheet assignment: the turn-in, if any */
  turnInId: number | null;
}

export interface DashboardStudent {
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  /** the school's student id, if the product asks for one */
  externalId: string | null;
  /** the language the student reads the course in (English until they choose); the teacher's own does not change it */
  language: Language;
  /** holds a live session now */
  signedIn: boolean;
  lastActiveAt: number | null;
  timeSpentSeconds: number;
  /** by assignment id */
  cells: Record<number, DashboardCell>;
}

export interface ClassDashboard {
  classId: number;
  name: string;
  assignments: Assignment[];
  students: DashboardStudent[];
  /** the students' exceptions on these assignments (their cells already use their own due instants; always sent) */
  exceptions?: AssignmentException[];
  /** server time of the answer: the page shows "Updated …" */
  generatedAt: number;
}

export interface ClassStudentRecord {
  classId: number;
  student: Omit<DashboardStudent, 'cells'>;
  /** the student's transcript (modules and materials with progress), as /transcripts shapes it */
  transcript: unknown;
  reviewAttempts: { moduleSlug: string; materialSlug: string; title: string; score: number; passed: boolean; createdAt: number }[];
  turnIns: TurnInSummary[];
  /** the class's assignments, this student's cell on each (at their own due instant) and their exceptions */
  assignments: Assignment[];
  cells: Record<number, DashboardCell>;
  exceptions: AssignmentException[];
}

/** One student's work on one assignment, as the dashboard's cell opens it. */
export interface AssignmentWork {
  classId: number;
  assignment: Assignment;
  student: Omit<DashboardStudent, 'cells'>;
  cell: DashboardCell;
  /** review attempts on the assigned content, newest first, each answer as the student gave it */
  attempts: {
    materialTitle: string;
    score: number;
    passed: boolean;
    createdAt: number;
    answers: { prompt: string; answer: string; correct: boolean }[];
  }[];
  /** the assigned content's sections in order: read or not, and the time spent on each */
  sections: { materialTitle: string; title: string; read: boolean; seconds: number }[];
  /** a worksheet assignment: what was turned in for it, if anything */
  turnIn: TurnInSummary | null;
}

export interface StudentClass {
  id: number;
  name: string;
  schoolName: string;
  teachers: string[];
}

/** `dueDate` and `dueAt` are the student's own: a later day a teacher granted them, else the class's. */
export interface MyAssignment extends Assignment {
  className: string;
  status: AssignmentStatus;
  overdue: boolean;
  /** the due day is the student's extension, later than the class's (always sent; absent reads as false) */
  extended?: boolean;
  /** the work itself, whatever the due day: `status` says "overdue" in its place once late */
  progress: Exclude<AssignmentStatus, 'overdue'>;
  /** reviews (and materials/modules, their reviews'): best score in percent, null before an attempt */
  bestScore: number | null;
}

export interface TurnInInput {
  classId: number;
  kind: 'worksheet' | 'budget';
  documentId: number;
  assignmentId?: number | null;
}

export interface TurnInComment {
  id: number;
  authorName: string;
  body: string;
  createdAt: number;
}

export interface TurnInSummary {
  id: number;
  classId: number;
  className: string;
  assignmentId: number | null;
  kind: 'worksheet' | 'budget';
  documentId: number;
  title: string;
  /** for a worksheet, its WorksheetKind */
  worksheetKind: WorksheetKind | null;
  turnedInAt: number;
  comments: TurnInComment[];
  /** the teacher's score and comment: always for staff, for the student once the work is returned */
  review: TurnInReview | null;
}

export interface TurnInRecord extends TurnInSummary {
  studentName: string;
  /** the document's data as turned in (BudgetData or the worksheet's data) */
  data: unknown;
}

/** Points a turned-in item is scored out of (the gradebook's points possible). */
export const TURN_IN_POINTS_POSSIBLE = 100;
export const TURN_IN_MARKS = ['complete', 'incomplete'] as const;
export type TurnInMark = (typeof TURN_IN_MARKS)[number];
/** Whole points from 0 to TURN_IN_POINTS_POSSIBLE, or a complete/incomplete mark. */
export type TurnInScore = number | TurnInMark;
/** At most this many characters in the teacher's comment on turned-in work. */
export const TURN_IN_FEEDBACK_MAX = 2000;

export interface TurnInReview {
  /** null: not scored */
  score: TurnInScore | null;
  /** the teacher's comment to the student; null: none */
  comment: string | null;
  scoredAt: number | null;
  /** when it was returned to the student; null: not returned */
  returnedAt: number | null;
}

/** PUT turnInReview: a field left out stays as it is; null (or an empty comment) clears it. */
export interface TurnInReviewInput {
  score?: TurnInScore | null;
  comment?: string | null;
}

/** to-review: nothing given yet; scored: a score or comment the student does not see yet; returned. */
export type InboxState = 'to-review' | 'scored' | 'returned';

export interface InboxItem extends TurnInSummary {
  userId: number;
  studentName: string;
  state: InboxState;
}

export interface ClassInbox {
  classId: number;
  name: string;
  /** newest first */
  items: InboxItem[];
}
