/**
 * Where a student stands on one assignment, from their progress (catalog/repository.ts's
 * LearnerProgress) and their turn-ins: pure, so the dashboard, the gradebook, "Assigned to you" and
 * the student's page answer alike, and the rules are table-tested.
 *
 * Completion (`status`), each column about its own work and none copying another:
 * - material: completed when every section is read (its review is a column of its own);
 * - review: passed (with the best score) once an attempt passes; in progress after any attempt;
 * - module: completed when every material is done (each section read, each review passed); the
 *   score is the mean of its reviews' best scores;
 * - worksheet: completed once turned in to the class; in progress while the student has one of that
 *   kind saved since it was assigned.
 * Anything not completed or passed after its due instant is overdue.
 *
 * Triage (`state`, with `due` apart, so that red means "act"): done; needs help when a review's
 * attempts all failed (the last one failed: "failed"; none left under the limit: "out-of-attempts")
 * or when the student is signed in and stuck: the section of the assigned content they touched last
 * is unread after STUCK_SECONDS on it and they were on it within STUCK_RECENT_MS; else in progress
 * or not started. `due`: "overdue" past the due instant, "due-soon" within DUE_SOON_MS of it, for
 * unfinished work only.
 */
import type { AssignmentStatus, DashboardCell, HelpReason } from '../../../common/classroom';
import type { LearnerProgress, TreeMaterial, TreeModule } from '../catalog/repository';

export interface AssignmentFacts {
  id: number;
  kind: 'module' | 'material' | 'review' | 'worksheet';
  moduleSlug: string | null;
  materialSlug: string | null;
  worksheetKind: string | null;
  dueAt: number | null;
  createdAt: number;
  /** reviews: the attempt limit, null (or absent) for none */
  maxAttempts?: number | null;
}

/** Twenty minutes on one unread section is four times a section's usual estimate: likely stuck. */
export const STUCK_SECONDS = 20 * 60;
/** …and only while they are at it: the section's time moved within the last ten minutes. */
export const STUCK_RECENT_MS = 10 * 60 * 1000;
/** Unfinished work due within two days is marked "due soon". */
export const DUE_SOON_MS = 2 * 24 * 60 * 60 * 1000;

export interface StudentWork {
  progress: LearnerProgress;
  /** turn-ins to this class: assignment id (or null) and worksheet kind of each */
  turnIns: readonly { id: number; assignmentId: number | null; worksheetKind: string | null }[];
  /** the student's saved worksheets: kind and last change */
  worksheets: readonly { kind: string; updatedAt: number }[];
}

interface MaterialState {
  started: boolean;
  /** every section read */
  read: boolean;
  sectionsRead: number;
  sectionsTotal: number;
  /** the section touched last, if unread after STUCK_SECONDS: when it was touched */
  stuckAt: number | null;
  /** touched last (time on a section), 0 for never */
  touchedAt: number;
  done: boolean;
  hasReview: boolean;
  passed: boolean;
  best: number | null;
  attempts: number;
  seconds: number;
}

/**
 * Seconds per material ("module/material"), summed once per progress object: a dashboard asks for
 * every student × assignment, and walking all of a student's time rows for each was most of its cost.
 */
const secondsByMaterial = new WeakMap<LearnerProgress, Map<string, number>>();
function materialSeconds(p: LearnerProgress, key: string): number {
  let sums = secondsByMaterial.get(p);
  if (!sums) {
    sums = new Map();
    for (const [sectionKey, t] of p.time) {
      const material = sectionKey.slice(0, sectionKey.lastIndexOf('/'));
      sums.set(material, (sums.get(material) ?? 0) + t.seconds);
    }
    secondsByMaterial.set(p, sums);
  }
  return sums.get(key) ?? 0;
}

/**
 * Each learner's state in each material, computed once per progress object: a grid asks for a
 * material through its own column, its review's and its module's, and progress objects and catalog
 * trees are never changed once made (a change makes new ones), so a kept state stays true.
 */
const statesByProgress = new WeakMap<LearnerProgress, WeakMap<TreeMaterial, MaterialState>>();
function materialState(m: TreeModule, mat: TreeMaterial, p: LearnerProgress): MaterialState {
  let states = statesByProgress.get(p);
  if (!states) {
    states = new WeakMap();
    statesByProgress.set(p, states);
  }
  let state = states.get(mat);
  if (!state) {
    state = computeMaterialState(m, mat, p);
    states.set(mat, state);
  }
  return state;
}

function computeMaterialState(m: TreeModule, mat: TreeMaterial, p: LearnerProgress): MaterialState {
  const key = `${m.slug}/${mat.slug}`;
  const prefix = `${key}/`;
  let completed = 0;
  let touchedAt = 0;
  let stuckAt: number | null = null;
  for (const s of mat.sections) {
    const read = p.completions.has(prefix + s.slug);
    if (read) completed += 1;
    const t = p.time.get(prefix + s.slug);
    if (t && t.updatedAt >= touchedAt) {
      touchedAt = t.updatedAt;
      stuckAt = !read && t.seconds >= STUCK_SECONDS ? t.updatedAt : null;
    }
  }
  const seconds = materialSeconds(p, key);
  const attempts = p.attempts.get(key);
  const passed = attempts?.firstPassedAt != null;
  const hasReview = mat.review !== null;
  const allSections = completed === mat.sections.length;
  return {
    started: completed > 0 || attempts !== undefined || seconds > 0,
    read: allSections,
    sectionsRead: completed,
    sectionsTotal: mat.sections.length,
    stuckAt,
    touchedAt,
    done: allSections && (!hasReview || passed),
    hasReview,
    passed,
    best: attempts ? attempts.best : null,
    attempts: attempts?.count ?? 0,
    seconds,
  };
}

const EMPTY_CELL: DashboardCell = { status: 'not-started', state: 'not-started', help: null, due: null, sections: null, bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null };

/**
 * A cell before its due instant and the student's session are applied, and whether it can turn
 * overdue at all: what the student's work and the assignment decide, the same at any `now`, so the
 * dashboard keeps it between polls (dashboardRows.ts) and applies the clock on each answer (`cellAt`).
 */
export interface WorkCell {
  cell: DashboardCell;
  /** false for content the school no longer offers: nothing can be done about it, so nothing is late */
  canBeLate: boolean;
  /** the unread section touched last has STUCK_SECONDS on it: when it was touched */
  stuckAt: number | null;
}

const finished = (cell: DashboardCell): boolean => cell.status === 'completed' || cell.status === 'passed';

/**
 * The cell at `now`: overdue (status and due mark) once past `dueAt` unless finished or never late,
 * due soon within DUE_SOON_MS of it; needs help when stuck while `signedIn`. `dueAt` is the student's
 * due instant, whatever sets it.
 */
export function cellAt(work: WorkCell, dueAt: number | null, now: number, signedIn = false): DashboardCell {
  const { cell } = work;
  if (!work.canBeLate || finished(cell)) return cell;
  const overdue = dueAt !== null && now > dueAt;
  const due = overdue ? 'overdue' : dueAt !== null && dueAt - now <= DUE_SOON_MS ? 'due-soon' : null;
  const stuck = cell.state !== 'needs-help' && signedIn && work.stuckAt !== null && now - work.stuckAt <= STUCK_RECENT_MS;
  if (!overdue && due === null && !stuck) return cell;
  return {
    ...cell,
    ...(overdue ? { status: 'overdue' as const } : {}),
    due,
    ...(stuck ? { state: 'needs-help' as const, help: 'stuck' as const } : {}),
  };
}

/**
 * One student's due instant: the later day a teacher granted them, else the class's. Without a
 * class due instant there is nothing to be late for, extension or not.
 */
export function studentDueAt(classDueAt: number | null, ownDueAt: number | null | undefined): number | null {
  return classDueAt !== null && ownDueAt != null && ownDueAt > classDueAt ? ownDueAt : classDueAt;
}

/** The triage state of work not yet applied to the clock: done, needs help (with why), or as started. */
function triage(status: AssignmentStatus, help: HelpReason | null): Pick<DashboardCell, 'status' | 'state' | 'help' | 'due'> {
  if (status === 'completed' || status === 'passed') return { status, state: 'done', help: null, due: null };
  if (help) return { status, state: 'needs-help', help, due: null };
  return { status, state: status === 'in-progress' ? 'in-progress' : 'not-started', help: null, due: null };
}

const late = (cell: DashboardCell, stuckAt: number | null = null): WorkCell => ({ cell, canBeLate: true, stuckAt });
const NEVER_LATE: WorkCell = { cell: EMPTY_CELL, canBeLate: false, stuckAt: null };

/** Of several materials, the stuck instant of the one touched last. */
function stuckOf(states: readonly MaterialState[]): number | null {
  let last: MaterialState | undefined;
  for (const s of states) if (s.touchedAt > 0 && (!last || s.touchedAt >= last.touchedAt)) last = s;
  return last?.stuckAt ?? null;
}

/** A review's attempts all failed: out of attempts when none are left under `maxAttempts`. */
function reviewHelp(s: MaterialState, maxAttempts: number | null | undefined): HelpReason | null {
  if (s.passed || s.attempts === 0) return null;
  return maxAttempts != null && s.attempts >= maxAttempts ? 'out-of-attempts' : 'failed';
}

/** The cell of one student × one assignment whatever the time. `tree` is the class's school's catalog. */
export function workCell(a: AssignmentFacts, tree: readonly TreeModule[], work: StudentWork): WorkCell {
  if (a.kind === 'worksheet') {
    const turnIn = work.turnIns.find((t) => t.assignmentId === a.id) ?? work.turnIns.find((t) => t.assignmentId === null && t.worksheetKind === a.worksheetKind);
    if (turnIn) return late({ ...EMPTY_CELL, ...triage('completed', null), turnInId: turnIn.id });
    const started = work.worksheets.some((w) => w.kind === a.worksheetKind && w.updatedAt >= a.createdAt);
    return late({ ...EMPTY_CELL, ...triage(started ? 'in-progress' : 'not-started', null) });
  }
  const m = tree.find((candidate) => candidate.slug === a.moduleSlug);
  if (!m) return NEVER_LATE;
  if (a.kind === 'module') {
    const states = m.materials.map((mat) => materialState(m, mat, work.progress));
    const scores = states.filter((s) => s.best !== null).map((s) => s.best as number);
    const done = states.length > 0 && states.every((s) => s.done);
    const status: AssignmentStatus = done ? 'completed' : states.some((s) => s.started) ? 'in-progress' : 'not-started';
    // the module's reviews have no limit of their own: a review whose attempts all failed needs help
    const help = states.some((s) => reviewHelp(s, null) !== null) ? 'failed' : null;
    return late(
      {
        ...triage(status, help),
        sections: { read: states.reduce((n, s) => n + s.sectionsRead, 0), total: states.reduce((n, s) => n + s.sectionsTotal, 0) },
        bestScore: scores.length ? Math.round(scores.reduce((x, y) => x + y, 0) / scores.length) : null,
        attempts: states.reduce((n, s) => n + s.attempts, 0),
        timeSpentSeconds: states.reduce((n, s) => n + s.seconds, 0),
        turnInId: null,
      },
      stuckOf(states),
    );
  }
  const mat = m.materials.find((candidate) => candidate.slug === a.materialSlug);
  if (!mat) return NEVER_LATE;
  const s = materialState(m, mat, work.progress);
  if (a.kind === 'review') {
    const status: AssignmentStatus = s.passed ? 'passed' : s.attempts > 0 ? 'in-progress' : 'not-started';
    return late({ ...triage(status, reviewHelp(s, a.maxAttempts)), sections: null, bestScore: s.best, attempts: s.attempts, timeSpentSeconds: s.seconds, turnInId: null }, s.stuckAt);
  }
  // a material is its reading: its review's attempts and score are the review's column, not this one
  const status: AssignmentStatus = s.read ? 'completed' : s.sectionsRead > 0 || s.seconds > 0 ? 'in-progress' : 'not-started';
  return late(
    { ...triage(status, null), sections: { read: s.sectionsRead, total: s.sectionsTotal }, bestScore: null, attempts: 0, timeSpentSeconds: s.seconds, turnInId: null },
    s.stuckAt,
  );
}

/** The cell of one student × one assignment at `now`. `tree` is the class's school's catalog. */
export function assignmentCell(a: AssignmentFacts, tree: readonly TreeModule[], work: StudentWork, now: number): DashboardCell {
  return cellAt(workCell(a, tree, work), a.dueAt, now);
}
