/**
 * Progress maths over a school's catalog tree and one learner's progress (both read by
 * ./repository.ts): module cards, material summaries, where "Continue" leads, the progress summary
 * and the transcript. Pure: no database, no clock.
 */
import {
  catalogPaths,
  materialPercent,
  moduleProgress,
  overallPercent,
  type CatalogModuleCard,
  type ContinueTarget,
  type MaterialSummary,
  type ModuleProgress,
  type ProgressSummary,
  type TranscriptRow,
} from '../../../common/catalog';
import { materialKey, sectionKey, type LearnerProgress, type TreeMaterial, type TreeModule } from './repository';

/**
 * A material's key in the learner's progress maps and its sections' keys, built once per tree (trees
 * are cached per content version and never changed) instead of on every read.
 */
const progressKeys = new WeakMap<TreeMaterial, { material: string; sections: string[] }>();
function keysOf(m: TreeModule, mat: TreeMaterial): { material: string; sections: string[] } {
  let keys = progressKeys.get(mat);
  if (!keys) {
    keys = { material: materialKey(m.slug, mat.slug), sections: mat.sections.map((s) => sectionKey(m.slug, mat.slug, s.slug)) };
    progressKeys.set(mat, keys);
  }
  return keys;
}

function materialCounts(m: TreeModule, mat: TreeMaterial, p: LearnerProgress) {
  const keys = keysOf(m, mat);
  const attempts = p.attempts.get(keys.material);
  let sectionsCompleted = 0;
  if (p.completions.size > 0) for (const key of keys.sections) if (p.completions.has(key)) sectionsCompleted += 1;
  return {
    sectionsTotal: mat.sections.length,
    sectionsCompleted,
    reviewPassed: mat.review ? attempts?.firstPassedAt != null : true,
    reviewAttempted: (attempts?.count ?? 0) > 0,
  };
}

/** Seconds spent in a module's sections and when the first of them was opened. */
export function moduleTime(m: TreeModule, p: LearnerProgress): { seconds: number; firstAt: number | null } {
  let seconds = 0;
  let firstAt: number | null = null;
  if (p.time.size === 0) return { seconds, firstAt };
  const prefix = `${m.slug}/`;
  for (const [key, t] of p.time) {
    if (!key.startsWith(prefix)) continue;
    seconds += t.seconds;
    firstAt = firstAt === null ? t.firstAt : Math.min(firstAt, t.firstAt);
  }
  return { seconds, firstAt };
}

export function progressOf(m: TreeModule, p: LearnerProgress): ModuleProgress {
  const counts = m.materials.map((mat) => {
    const c = materialCounts(m, mat, p);
    return { ...c, reviewsTotal: mat.review ? 1 : 0 };
  });
  // materials without a review count their review as passed (moduleProgress counts one per material)
  return moduleProgress(counts, moduleTime(m, p).seconds);
}

/** Where "Continue" leads inside a module: the first unfinished section, else the first unpassed review. */
export function continueInModule(m: TreeModule, p: LearnerProgress): { path: string; label: string } {
  for (const mat of m.materials) {
    const keys = keysOf(m, mat);
    const next = mat.sections.find((_s, i) => !p.completions.has(keys.sections[i]!));
    if (next) return { path: catalogPaths.section(m.slug, mat.slug, next.slug), label: next.title };
    if (mat.review && p.attempts.get(keys.material)?.firstPassedAt == null) {
      return { path: catalogPaths.review(m.slug, mat.slug), label: mat.review.title };
    }
  }
  return { path: catalogPaths.module(m.slug), label: m.title };
}

/** When did the module start (first activity) and finish (the last of its required steps)? */
export function moduleDates(m: TreeModule, p: LearnerProgress, complete: boolean): { startedAt: number | null; completedAt: number | null } {
  const times: number[] = [];
  const finishing: number[] = [];
  for (const mat of m.materials) {
    const keys = keysOf(m, mat);
    for (const key of keys.sections) {
      const done = p.completions.get(key);
      if (done !== undefined) {
        times.push(done);
        finishing.push(done);
      }
    }
    const attempts = p.attempts.get(keys.material);
    if (attempts) times.push(attempts.firstAt);
    if (attempts?.firstPassedAt != null) finishing.push(attempts.firstPassedAt);
  }
  const { firstAt } = moduleTime(m, p);
  if (firstAt !== null) times.push(firstAt);
  return {
    startedAt: times.length ? Math.min(...times) : null,
    completedAt: complete && finishing.length ? Math.max(...finishing) : null,
  };
}

function lastActivity(m: TreeModule, p: LearnerProgress): number {
  let last = 0;
  for (const [key, at] of p.completions) if (key.startsWith(`${m.slug}/`)) last = Math.max(last, at);
  for (const [key, t] of p.time) if (key.startsWith(`${m.slug}/`)) last = Math.max(last, t.updatedAt);
  return last;
}

export function moduleCard(m: TreeModule, p: LearnerProgress): CatalogModuleCard {
  const progress = progressOf(m, p);
  return {
    slug: m.slug,
    title: m.title,
    order: m.order,
    summary: m.summary,
    estimatedMinutes: m.estimatedMinutes,
    progress,
    continuePath: progress.status === 'not-started' ? catalogPaths.module(m.slug) : continueInModule(m, p).path,
  };
}

/** A material's card in its module; a review without its own passing score uses `defaultPassingScore`. */
export function materialSummary(m: TreeModule, mat: TreeMaterial, p: LearnerProgress, defaultPassingScore: number): MaterialSummary {
  const counts = materialCounts(m, mat, p);
  const attempts = p.attempts.get(materialKey(m.slug, mat.slug));
  return {
    slug: mat.slug,
    title: mat.title,
    order: mat.order,
    summary: mat.summary,
    sections: mat.sections.map((s, i) => ({ ...s, completed: p.completions.has(keysOf(m, mat).sections[i]!) })),
    review: {
      title: mat.review?.title ?? '',
      questionCount: mat.review?.questionCount ?? 0,
      passingScore: mat.review?.passingScore ?? defaultPassingScore,
      bestScore: attempts ? attempts.best : null,
      passed: attempts?.firstPassedAt != null,
      attempts: attempts?.count ?? 0,
    },
    percent: materialPercent(counts),
  };
}

/** The learner's overall progress and where "Continue" leads: the most recently touched unfinished module, else the first unfinished one. */
export function progressSummary(tree: readonly TreeModule[], p: LearnerProgress): ProgressSummary {
  const progresses = tree.map((m) => ({ m, progress: progressOf(m, p), last: lastActivity(m, p) }));
  const unfinished = progresses.filter((x) => x.progress.status !== 'completed');
  const target = [...unfinished].sort((a, b) => b.last - a.last).find((x) => x.last > 0 || x.progress.status === 'in-progress') ?? unfinished[0];
  let continueAt: ContinueTarget | null = null;
  if (target) {
    const started = target.last > 0 || target.progress.status === 'in-progress';
    const next = started ? continueInModule(target.m, p) : { path: catalogPaths.module(target.m.slug), label: target.m.title };
    continueAt = { moduleSlug: target.m.slug, moduleTitle: target.m.title, label: next.label, path: next.path, started };
  }
  return {
    overallPercent: overallPercent(progresses.map((x) => x.progress)),
    modulesTotal: progresses.length,
    modulesCompleted: progresses.filter((x) => x.progress.status === 'completed').length,
    continueAt,
    started: progresses.some((x) => x.last > 0 || x.progress.status !== 'not-started'),
  };
}

/** A learner's score in one of a module's tests (a row of module_test_attempts). */
export interface ModuleTestScore {
  module_slug: string;
  kind: string;
  score: number;
}

/** A learner's transcript over a school's catalog: the learner's own, or a student's for their teacher. */
export function transcriptRows(tree: readonly TreeModule[], p: LearnerProgress, tests: readonly ModuleTestScore[] = []): TranscriptRow[] {
  return tree.map((m) => {
    const progress = progressOf(m, p);
    const dates = moduleDates(m, p, progress.status === 'completed');
    const bestScores = m.materials
      .filter((mat) => mat.review)
      .map((mat) => {
        const attempts = p.attempts.get(materialKey(m.slug, mat.slug));
        return { materialTitle: mat.title, bestScore: attempts ? attempts.best : null };
      });
    const scored = bestScores.filter((b) => b.bestScore !== null).map((b) => b.bestScore as number);
    return {
      moduleSlug: m.slug,
      moduleTitle: m.title,
      order: m.order,
      status: progress.status,
      percent: progress.percent,
      startedAt: dates.startedAt,
      completedAt: dates.completedAt,
      bestScores,
      averageBestScore: scored.length ? Math.round(scored.reduce((a, b) => a + b, 0) / scored.length) : null,
      preTestScore: tests.find((x) => x.module_slug === m.slug && x.kind === 'pre-test')?.score ?? null,
      postTestScore: tests.find((x) => x.module_slug === m.slug && x.kind === 'post-test')?.score ?? null,
      timeSpentSeconds: moduleTime(m, p).seconds,
    };
  });
}
