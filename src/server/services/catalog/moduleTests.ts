/**
 * A module's pre-test and post-test: when each may be taken, how many questions it asks and which
 * ones it draws. Pure: the attempts come from ./repository.ts.
 */
import { MODULE_TEST_KINDS, type ModuleTestKind, type ModuleTestStatus } from '../../../common/catalog';
import { CATALOG_MESSAGES } from './messages';
import { sectionKey, type LearnerProgress, type TreeModule } from './repository';
import { drawQuestionIds } from './reviewServing';

/** Questions a module test draws from each material's review bank (6 for a module of 3 materials). */
export const MODULE_TEST_PER_MATERIAL = 2;

export const testTitle = (kind: ModuleTestKind, moduleTitle: string) => `${kind === 'pre-test' ? 'Pre-test' : 'Post-test'}: ${moduleTitle}`;

/** A learner's taken test of a module (a row of module_test_attempts). */
export interface TakenTest {
  kind: string;
  score: number;
  answers: string;
  created_at: number | string;
}

/**
 * Why a test cannot be taken now: the pre-test is a baseline, so not after the post-test; the
 * post-test measures what was learned, so only once every section of the module has been read.
 */
export function testLock(kind: ModuleTestKind, m: TreeModule, progress: LearnerProgress, postTaken: boolean): string | null {
  if (kind === 'pre-test') return postTaken ? CATALOG_MESSAGES.preTestAfterPostTest : null;
  const allRead = m.materials.every((mat) => mat.sections.every((s) => progress.completions.has(sectionKey(m.slug, mat.slug, s.slug))));
  return allRead ? null : CATALOG_MESSAGES.postTestLocked;
}

export function testQuestionCount(m: TreeModule): number {
  return m.materials.reduce((n, mat) => n + (mat.review ? Math.min(MODULE_TEST_PER_MATERIAL, mat.review.bankSize) : 0), 0);
}

/** Both tests of a module as the learner sees them: score and date once taken, else why it is locked. */
export function moduleTestStatuses(m: TreeModule, progress: LearnerProgress, taken: readonly TakenTest[]): ModuleTestStatus[] {
  const postTaken = taken.some((r) => r.kind === 'post-test');
  return MODULE_TEST_KINDS.map((kind) => {
    const row = taken.find((r) => r.kind === kind);
    return {
      kind,
      questionCount: testQuestionCount(m),
      score: row ? row.score : null,
      takenAt: row ? Number(row.created_at) : null,
      locked: row ? null : testLock(kind, m, progress, postTaken),
    };
  });
}

/**
 * MODULE_TEST_PER_MATERIAL question ids drawn from each review's bank, so a test covers what the
 * module teaches. The post-test leaves out the questions the pre-test asked when the bank allows,
 * so the gain is not a memory of the same questions.
 */
export function drawModuleTest(
  kind: ModuleTestKind,
  reviews: readonly number[],
  bank: readonly { id: number; review_id: number }[],
  taken: readonly TakenTest[],
): number[] {
  const pre = taken.find((r) => r.kind === 'pre-test');
  const asked = new Set(kind === 'post-test' && pre ? Object.keys(JSON.parse(pre.answers) as object).map(Number) : []);
  return reviews.flatMap((reviewId) => {
    const own = bank.filter((q) => q.review_id === reviewId).map((q) => q.id);
    const fresh = own.filter((id) => !asked.has(id));
    return drawQuestionIds(fresh.length >= MODULE_TEST_PER_MATERIAL ? fresh : own, MODULE_TEST_PER_MATERIAL, null);
  });
}
