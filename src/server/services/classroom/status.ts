/**
 * Where a student stands on one assignment, from their progress (catalog/repository.ts's
 * LearnerProgress) and their turn-ins: pure, so the dashboard, the gradebook, "Assigned to you" and
 * the student's page answer alike, and the rules are table-tested.
 *
 * - review: passed (with the best score) once an attempt passes; in progress after any attempt.
 * - material: with a review, passed once it is passed; without one, completed when every section is.
 * - module: completed when every material is done (each section complete, each review passed); the
 *   score is the mean of its reviews' best scores.
 * - worksheet: completed once turned in to the class; in progress while the student has one of that
 *   kind saved since it was assigned.
 * Anything not completed or passed after its due instant is overdue.
 */
import type { AssignmentStatus, DashboardCell } from '../../../common/classroom';
import type { LearnerProgress, TreeMaterial, TreeModule } from '../catalog/repository';

export interface AssignmentFacts {
  id: number;
  kind: 'module' | 'material' | 'review' | 'worksheet';
  moduleSlug: string | null;
  materialSlug: string | null;
  worksheetKind: string | null;
  dueAt: number | null;
  createdAt: number;
}

export interface StudentWork {
  progress: LearnerProgress;
  /** turn-ins to this class: assignment id (or null) and worksheet kind of each */
  turnIns: readonly { id: number; assignmentId: number | null; worksheetKind: string | null }[];
  /** the student's saved worksheets: kind and last change */
  worksheets: readonly { kind: string; updatedAt: number }[];
}

interface MaterialState {
  started: boolean;
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

function materialState(m: TreeModule, mat: TreeMaterial, p: LearnerProgress): MaterialState {
  const key = `${m.slug}/${mat.slug}`;
  const prefix = `${key}/`;
  let completed = 0;
  for (const s of mat.sections) if (p.completions.has(prefix + s.slug)) completed += 1;
  const seconds = materialSeconds(p, key);
  const attempts = p.attempts.get(key);
  const passed = attempts?.firstPassedAt != null;
  const hasReview = mat.review !== null;
  const allSections = completed === mat.sections.length;
  return {
    started: completed > 0 || attempts !== undefined || seconds > 0,
    done: allSections && (!hasReview || passed),
    hasReview,
    passed,
    best: attempts ? attempts.best : null,
    attempts: attempts?.count ?? 0,
    seconds,
  };
}

const EMPTY_CELL: DashboardCell = { status: 'not-started', bestScore: null, attempts: 0, timeSpentSeconds: 0, turnInId: null };

/**
 * A cell before its due instant is applied, and whether it can turn overdue at all: what the
 * student's work and the assignment decide, the same at any `now`, so the dashboard keeps it
 * between polls (dashboardRows.ts) and applies the clock on each answer (`cellAt`).
 */
export interface WorkCell {
  cell: DashboardCell;
  /** false for content the school no longer offers: nothing can be done about it, so nothing is late */
  canBeLate: boolean;
}

/** The cell at `now`: overdue once past `dueAt` unless completed, passed or never late. */
export function cellAt(work: WorkCell, dueAt: number | null, now: number): DashboardCell {
  const { cell } = work;
  const finished = cell.status === 'completed' || cell.status === 'passed';
  return work.canBeLate && !finished && dueAt !== null && now > dueAt ? { ...cell, status: 'overdue' } : cell;
}

/**
 * One student's due instant: the later day a teacher granted them, else the class's. Without a
 * class due instant there is nothing to be late for, extension or not.
 */
export function studentDueAt(classDueAt: number | null, ownDueAt: number | null | undefined): number | null {
  return classDueAt !== null && ownDueAt != null && ownDueAt > classDueAt ? ownDueAt : classDueAt;
}

const late = (cell: DashboardCell): WorkCell => ({ cell, canBeLate: true });
const NEVER_LATE: WorkCell = { cell: EMPTY_CELL, canBeLate: false };

/** The cell of one student × one assignment whatever the time. `tree` is the class's school's catalog. */
export function workCell(a: AssignmentFacts, tree: readonly TreeModule[], work: StudentWork): WorkCell {
  if (a.kind === 'worksheet') {
    const turnIn = work.turnIns.find((t) => t.assignmentId === a.id) ?? work.turnIns.find((t) => t.assignmentId === null && t.worksheetKind === a.worksheetKind);
    if (turnIn) return late({ ...EMPTY_CELL, status: 'completed', turnInId: turnIn.id });
    const started = work.worksheets.some((w) => w.kind === a.worksheetKind && w.updatedAt >= a.createdAt);
    return late({ ...EMPTY_CELL, status: started ? 'in-progress' : 'not-started' });
  }
  const m = tree.find((candidate) => candidate.slug === a.moduleSlug);
  if (!m) return NEVER_LATE;
  if (a.kind === 'module') {
    const states = m.materials.map((mat) => materialState(m, mat, work.progress));
    const scores = states.filter((s) => s.best !== null).map((s) => s.best as number);
    const done = states.length > 0 && states.every((s) => s.done);
    const status: AssignmentStatus = done ? 'completed' : states.some((s) => s.started) ? 'in-progress' : 'not-started';
    return late({
      status,
      bestScore: scores.length ? Math.round(scores.reduce((x, y) => x + y, 0) / scores.length) : null,
      attempts: states.reduce((n, s) => n + s.attempts, 0),
      timeSpentSeconds: states.reduce((n, s) => n + s.seconds, 0),
      turnInId: null,
    });
  }
  const mat = m.materials.find((candidate) => candidate.slug === a.materialSlug);
  if (!mat) return NEVER_LATE;
  const s = materialState(m, mat, work.progress);
  let status: AssignmentStatus;
  if (a.kind === 'review') status = s.passed ? 'passed' : s.attempts > 0 ? 'in-progress' : 'not-started';
  else if (s.hasReview) status = s.passed ? 'passed' : s.started ? 'in-progress' : 'not-started';
  else status = s.done ? 'completed' : s.started ? 'in-progress' : 'not-started';
  return late({ status, bestScore: s.best, attempts: s.attempts, timeSpentSeconds: s.seconds, turnInId: null });
}

/** The cell of one student × one assignment at `now`. `tree` is the class's school's catalog. */
export function assignmentCell(a: AssignmentFacts, tree: readonly TreeModule[], work: StudentWork, now: number): DashboardCell {
  return cellAt(workCell(a, tree, work), a.dueAt, now);
}
