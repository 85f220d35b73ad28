/**
 * OneLook catalog routes: the learner's current school's catalog with their progress,
 * module / material / section / review reads, review attempts scored on the server (the correct
 * answers are only sent back after an attempt), section completion, time spent, progress summary,
 * transcripts, bookmarks and certificates (PDF + a public verification route).
 */
import { formatDayOf } from '../../../common/calendarDay';
import { DEFAULT_TIMEZONE } from '../../../common/constants';
import { randomBytes } from 'node:crypto';
import { mixed, number, object, string } from 'yup';
import {
  BOOKMARK_KINDS,
  MAX_TIME_REPORT_SECONDS,
  SLUG_PATTERN,
  MAX_SLUG_LENGTH,
  catalogPaths,
  isKnownArticleKey,
  isPassing,
  materialPercent,
  moduleProgress,
  overallPercent,
  scorePercent,
  type ArticleLink,
  type Bookmark,
  type BookmarkKind,
  type CatalogModuleCard,
  type CertificateCheck,
  type CertificateFile,
  type ContinueTarget,
  type MaterialDetail,
  type MaterialSummary,
  MODULE_TEST_KINDS,
  type ModuleDetail,
  type ModuleTestKind,
  type ModuleTestResult,
  type ModuleTestStatus,
  type ModuleTestView,
  type ModuleProgress,
  type ProgressSummary,
  type QuestionResult,
  type ReviewAnswer,
  type ReviewResult,
  type ReviewView,
  type SectionDetail,
  type TranscriptRow,
} from '../../../common/catalog';
import type { SessionIdentity } from '../../../common/types';
import type { Db } from '../../db';
import { hotQuery } from '../../db/hotQuery';
import { deepFreeze, readCache } from '../../db/readCache';
import { HttpError } from '../../http/errors';
import { signedInIdentity } from '../signedIn';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { attemptLimit } from '../classroom/repository';
import { renderCertificatePdf } from './certificatePdf';
import {
  answerValuesFit,
  bankOf,
  drawChoiceOrders,
  drawQuestionIds,
  judgeAnswer,
  pickQuestions,
  resultsOf,
  servedQuestion,
  storedChoices,
  type ChoiceOrders,
  type Judged,
  type StoredQuestion,
} from './reviewServing';
import {
  loadProgress,
  loadTree,
  materialKey,
  schoolCatalog,
  sectionKey,
  type LearnerProgress,
  type TreeMaterial,
  type TreeModule,
} from './catalogRepository';

export const CATALOG_MESSAGES = {
  badSlug: (what: string) => `The ${what} is not a valid slug.`,
  moduleNotFound: 'This module is not in your school’s catalog.',
  materialNotFound: 'This material does not exist in this module.',
  sectionNotFound: 'This section does not exist in this material.',
  reviewNotFound: 'This material has no review.',
  answersRequired: 'Answer every question of the review.',
  unknownQuestion: (id: string) => `Question ${id.slice(0, 20)} is not part of this review.`,
  servingMissing: 'Open the review again: the answers must name the copy of the review they answer.',
  servingGone: 'This copy of the review was already submitted or has been opened again since. Your answers were not scored: the review is loaded again for you.',
  preTestAfterPostTest: 'The pre-test comes before the module: you have already taken its post-test.',
  postTestLocked: 'The post-test opens once you have read every section of this module.',
  testTaken: (kind: string) => `You have already taken this module’s ${kind}: each is taken once, so its score measures what you learned.`,
  badBookmarkId: 'The bookmark id must be a positive whole number.',
  bookmarkNotFound: 'This bookmark does not exist.',
  bookmarkTargetMissing: 'There is nothing to bookmark at this address.',
  badBookmarkTarget: 'The bookmark target is not valid.',
  notCompleted: 'You can download a certificate once the module is complete.',
  badCode: 'The verification code is not valid.',
  certificateNotFound: 'No certificate has this verification code.',
  attemptsUsed: (allowed: number) =>
    `You have used all ${allowed} attempt${allowed === 1 ? '' : 's'} your teacher allows for this review. Ask your teacher if you need another.`,
} as const;

// ---------------------------------------------------------------- helpers

function slugParam(ctx: ServiceContext, name: string, what: string): string {
  const value = ctx.params[name] ?? '';
  if (!SLUG_PATTERN.test(value) || value.length > MAX_SLUG_LENGTH) throw new HttpError(400, CATALOG_MESSAGES.badSlug(what));
  return value;
}

interface Located {
  identity: SessionIdentity;
  tree: TreeModule[];
  progress: LearnerProgress;
}

/** The current school's catalog (SPEC §1: the first client) and the learner's progress. */
async function learnerView(ctx: ServiceContext): Promise<Located> {
  const identity = signedInIdentity(ctx);
  const school = await schoolCatalog(ctx.db, identity.clients[0]?.lsclientID);
  const [tree, progress] = await Promise.all([loadTree(ctx.db, school.slugs, school.contentVersion), loadProgress(ctx.db, identity.user.id)]);
  return { identity, tree, progress };
}

function findModule(view: Located, slug: string): TreeModule {
  const found = view.tree.find((m) => m.slug === slug);
  if (!found) throw new HttpError(404, CATALOG_MESSAGES.moduleNotFound);
  return found;
}

function findMaterial(m: TreeModule, slug: string): TreeMaterial {
  const found = m.materials.find((mat) => mat.slug === slug);
  if (!found) throw new HttpError(404, CATALOG_MESSAGES.materialNotFound);
  return found;
}

interface LocatedMaterial {
  view: Located;
  m: TreeModule;
  mat: TreeMaterial;
}

function materialIn(view: Located, slug: string, mslug: string): LocatedMaterial {
  const m = findModule(view, slug);
  return { view, m, mat: findMaterial(m, mslug) };
}

/** The material the route names (:slug, :mslug) in the learner's catalog: 400 for a bad slug, 404 if not there. */
async function locateMaterial(ctx: ServiceContext): Promise<LocatedMaterial> {
  const slug = slugParam(ctx, 'slug', 'module');
  const mslug = slugParam(ctx, 'mslug', 'material');
  return materialIn(await learnerView(ctx), slug, mslug);
}

/** The section the route names (:slug, :mslug, :sslug) and its place in its material, likewise. */
async function locateSection(ctx: ServiceContext): Promise<LocatedMaterial & { index: number }> {
  const slug = slugParam(ctx, 'slug', 'module');
  const mslug = slugParam(ctx, 'mslug', 'material');
  const sslug = slugParam(ctx, 'sslug', 'section');
  const located = materialIn(await learnerView(ctx), slug, mslug);
  const index = located.mat.sections.findIndex((s) => s.slug === sslug);
  if (index < 0) throw new HttpError(404, CATALOG_MESSAGES.sectionNotFound);
  return { ...located, index };
}

function passingScoreOf(ctx: ServiceContext, reviewPassing: number | null): number {
  return reviewPassing ?? ctx.config.passingScore;
}

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

function moduleTime(m: TreeModule, p: LearnerProgress): { seconds: number; firstAt: number | null } {
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

function progressOf(m: TreeModule, p: LearnerProgress): ModuleProgress {
  const counts = m.materials.map((mat) => {
    const c = materialCounts(m, mat, p);
    return { ...c, reviewsTotal: mat.review ? 1 : 0 };
  });
  // materials without a review count their review as passed (moduleProgress counts one per material)
  return moduleProgress(counts, moduleTime(m, p).seconds);
}

/** Where "Continue" leads inside a module: the first unfinished section, else the first unpassed review. */
function continueInModule(m: TreeModule, p: LearnerProgress): { path: string; label: string } {
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
function moduleDates(m: TreeModule, p: LearnerProgress, complete: boolean): { startedAt: number | null; completedAt: number | null } {
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

function card(m: TreeModule, p: LearnerProgress): CatalogModuleCard {
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

function materialSummary(ctx: ServiceContext, m: TreeModule, mat: TreeMaterial, p: LearnerProgress): MaterialSummary {
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
      passingScore: passingScoreOf(ctx, mat.review?.passingScore ?? null),
      bestScore: attempts ? attempts.best : null,
      passed: attempts?.firstPassedAt != null,
      attempts: attempts?.count ?? 0,
    },
    percent: materialPercent(counts),
  };
}

const bookmarkOf = hotQuery(3, (db: Db, userId: number, kind: string, target: string) =>
  db.selectFrom('bookmarks').select('id').where('user_id', '=', userId).where('kind', '=', kind).where('target', '=', target),
);

/** Kept until the bookmarks table changes (db/readCache.ts). */
const bookmarkCache = readCache<string, boolean>(['bookmarks']);

async function isBookmarked(db: Db, userId: number, kind: BookmarkKind, target: string): Promise<boolean> {
  return bookmarkCache.read(db, `${userId}\n${kind}\n${target}`, async () => (await bookmarkOf.first(db, userId, kind, target)) !== undefined);
}

const sectionBodyQuery = hotQuery(2, (db: Db, materialId: number, slug: string) =>
  db.selectFrom('content_sections').select(['body_html', 'kb_articles']).where('material_id', '=', materialId).where('slug', '=', slug),
);

/** A section's body, kept until the content changes (an import; db/readCache.ts). */
const sectionBodyCache = readCache<string, { body_html: string; kb_articles: string } | undefined>(['content_sections']);

function sectionBody(db: Db, materialId: number, slug: string): Promise<{ body_html: string; kb_articles: string } | undefined> {
  return sectionBodyCache.read(db, `${materialId}/${slug}`, () => sectionBodyQuery.first(db, materialId, slug));
}

// ---------------------------------------------------------------- handlers

/**
 * Catalog cards per learner's progress and tree. Both come from read caches that hand out the same
 * frozen object until their data changes (loadProgress, loadTree), so cards kept for that pair of
 * objects are never stale: changed data is a new object. The cards are frozen too, which lets the
 * proxy serialise and tag them once (http/proxyRoutes.ts `sendWithEtag`).
 */
const cardsOf = new WeakMap<LearnerProgress, { tree: TreeModule[]; cards: readonly CatalogModuleCard[] }>();

async function getCatalog(ctx: ServiceContext): Promise<readonly CatalogModuleCard[]> {
  const view = await learnerView(ctx);
  // progress that no read cache keeps (PostgreSQL) is new on every request: nothing to keep
  if (!Object.isFrozen(view.progress)) return view.tree.map((m) => card(m, view.progress));
  const kept = cardsOf.get(view.progress);
  if (kept?.tree === view.tree) return kept.cards;
  const cards = deepFreeze(view.tree.map((m) => card(m, view.progress)));
  cardsOf.set(view.progress, { tree: view.tree, cards });
  return cards;
}

async function getModule(ctx: ServiceContext): Promise<ModuleDetail> {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const row = await ctx.db.selectFrom('content_modules').select(['objectives', 'overview_html']).where('id', '=', m.id).executeTakeFirstOrThrow();
  const base = card(m, view.progress);
  return {
    slug: m.slug,
    title: m.title,
    order: m.order,
    summary: m.summary,
    objectives: JSON.parse(row.objectives) as string[],
    estimatedMinutes: m.estimatedMinutes,
    overviewHtml: row.overview_html,
    materials: m.materials.map((mat) => materialSummary(ctx, m, mat, view.progress)),
    progress: base.progress,
    continuePath: continueInModule(m, view.progress).path,
    tests: await moduleTestStatuses(ctx.db, view, m),
  };
}

async function getMaterial(ctx: ServiceContext): Promise<MaterialDetail> {
  const { view, m, mat } = await locateMaterial(ctx);
  const row = await ctx.db.selectFrom('content_materials').select('intro_html').where('id', '=', mat.id).executeTakeFirstOrThrow();
  return {
    ...materialSummary(ctx, m, mat, view.progress),
    moduleSlug: m.slug,
    moduleTitle: m.title,
    introHtml: row.intro_html,
    bookmarked: await isBookmarked(ctx.db, view.identity.user.id, 'material', materialKey(m.slug, mat.slug)),
  };
}

/** An article's title from its slug, for an article the knowledge base does not hold (yet). */
const titleFromSlug = (key: string) => (key.split('/')[1] ?? key).replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A section's "Learn more" links by its list of keys, kept until the knowledge base changes (an import; db/readCache.ts). */
const articleLinksCache = readCache<string, ArticleLink[]>(['kb_articles']);

/** The knowledge-base articles `keys` ("<topic>/<article>") under their real titles, in order. */
async function articleLinks(db: Db, keys: readonly string[]): Promise<ArticleLink[]> {
  if (keys.length === 0) return [];
  const topics = [...new Set(keys.map((key) => key.split('/')[0]!))];
  const rows = await db.selectFrom('kb_articles').select(['topic_slug', 'slug', 'title']).where('topic_slug', 'in', topics).execute();
  const titles = new Map(rows.map((a) => [`${a.topic_slug}/${a.slug}`, a.title]));
  return keys.map((key) => ({ key, title: titles.get(key) ?? titleFromSlug(key), path: catalogPaths.article(key) }));
}

async function getSection(ctx: ServiceContext): Promise<SectionDetail> {
  const { view, m, mat, index } = await locateSection(ctx);
  const s = mat.sections[index]!;
  const row = await sectionBody(ctx.db, mat.id, s.slug);
  if (!row) throw new HttpError(404, CATALOG_MESSAGES.sectionNotFound);
  const link = (i: number) => (mat.sections[i] ? { slug: mat.sections[i].slug, title: mat.sections[i].title } : null);
  return {
    moduleSlug: m.slug,
    moduleTitle: m.title,
    materialSlug: mat.slug,
    materialTitle: mat.title,
    slug: s.slug,
    title: s.title,
    order: s.order,
    estimatedMinutes: s.estimatedMinutes,
    kbArticles: await articleLinksCache.read(ctx.db, row.kb_articles, () => articleLinks(ctx.db, JSON.parse(row.kb_articles) as string[])),
    bodyHtml: row.body_html,
    completed: view.progress.completions.has(sectionKey(m.slug, mat.slug, s.slug)),
    bookmarked: await isBookmarked(ctx.db, view.identity.user.id, 'section', sectionKey(m.slug, mat.slug, s.slug)),
    previous: link(index - 1),
    next: link(index + 1),
  };
}

async function locateReview(ctx: ServiceContext) {
  const { view, m, mat } = await locateMaterial(ctx);
  if (!mat.review) throw new HttpError(404, CATALOG_MESSAGES.reviewNotFound);
  return { view, m, mat, review: mat.review };
}

/** Open (unanswered) servings a student keeps per review; opening it again drops the oldest. */
const OPEN_SERVINGS_PER_REVIEW = 5;
/** An unanswered serving older than this is deleted when the student opens any review. */
const SERVING_LIFETIME_MS = 86_400_000;

export { drawChoiceOrders } from './reviewServing';

type ServingKind = 'review' | 'pre-test' | 'post-test';

/**
 * Keeps a new serving (questions drawn and choice orders) and drops the student's expired ones and
 * the oldest open ones of the same review or test beyond OPEN_SERVINGS_PER_REVIEW.
 */
async function keepServing(
  ctx: ServiceContext,
  key: { user_id: number; module_slug: string; material_slug: string },
  kind: ServingKind,
  questionIds: number[],
  orders: ChoiceOrders,
): Promise<string> {
  const now = ctx.clock();
  const serving = randomBytes(16).toString('base64url');
  await ctx.db.deleteFrom('review_servings').where('user_id', '=', key.user_id).where('created_at', '<', now - SERVING_LIFETIME_MS).execute();
  const open = await ctx.db
    .selectFrom('review_servings')
    .select('id')
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .where('kind', '=', kind)
    .orderBy('created_at', 'asc')
    .execute();
  const surplus = open.slice(0, Math.max(0, open.length - (OPEN_SERVINGS_PER_REVIEW - 1))).map((row) => row.id);
  if (surplus.length > 0) await ctx.db.deleteFrom('review_servings').where('id', 'in', surplus).execute();
  await ctx.db
    .insertInto('review_servings')
    .values({ id: serving, ...key, kind, question_ids: JSON.stringify(questionIds), choice_orders: JSON.stringify(orders), created_at: now })
    .execute();
  return serving;
}

/**
 * The serving the answers name (the student's own, of this review or test), with its questions in
 * the order shown — else 400 (none named) or 409 (used, replaced or someone else's).
 */
async function servingNamed(
  ctx: ServiceContext,
  key: { user_id: number; module_slug: string; material_slug: string },
  kind: ServingKind,
  serving: string | undefined,
  bank: readonly StoredQuestion[],
): Promise<{ questions: StoredQuestion[]; orders: ChoiceOrders }> {
  if (!serving) throw new HttpError(400, CATALOG_MESSAGES.servingMissing);
  const served = await ctx.db
    .selectFrom('review_servings')
    .select(['choice_orders', 'question_ids'])
    .where('id', '=', serving)
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!served) throw new HttpError(409, CATALOG_MESSAGES.servingGone);
  // a serving from before banks showed the whole review in content order
  const questions = served.question_ids ? pickQuestions(bank, JSON.parse(served.question_ids) as number[]) : [...bank];
  return { questions, orders: JSON.parse(served.choice_orders) as ChoiceOrders };
}

/** Judges every answer of a serving: 400 for an unknown question, a missing answer or one that does not fit. */
function judgeAll(questions: readonly StoredQuestion[], given: Record<string, ReviewAnswer>, orders: ChoiceOrders): Judged[] {
  const ids = new Set(questions.map((q) => String(q.id)));
  for (const id of Object.keys(given)) if (!ids.has(id)) throw new HttpError(400, CATALOG_MESSAGES.unknownQuestion(id));
  return questions.map((q) => {
    const answer = given[String(q.id)];
    if (answer === undefined) throw new HttpError(400, CATALOG_MESSAGES.answersRequired);
    return judgeAnswer(q, answer, orders);
  });
}

/** Used once: a second submit of the same serving (a double click, a replay) is not scored again. */
async function useServing(ctx: ServiceContext, userId: number, serving: string): Promise<void> {
  const used = await ctx.db.deleteFrom('review_servings').where('id', '=', serving).where('user_id', '=', userId).executeTakeFirst();
  if (Number(used.numDeletedRows ?? 0) !== 1) throw new HttpError(409, CATALOG_MESSAGES.servingGone);
}

/**
 * The review WITHOUT the correct answers or explanations: its questions drawn from the bank for this
 * opening (a retake draws other questions, in another order) and their choices in an order drawn
 * for it, both kept (review_servings) so the server can judge the answers given in it.
 */
async function getReview(ctx: ServiceContext): Promise<ReviewView> {
  const { view, m, mat, review } = await locateReview(ctx);
  const bank = await bankOf(ctx.db, [review.id]);
  const attempts = view.progress.attempts.get(materialKey(m.slug, mat.slug));
  const userId = view.identity.user.id;
  const key = { user_id: userId, module_slug: m.slug, material_slug: mat.slug };
  const allowed = await attemptLimit(ctx.db, userId, m.slug, mat.slug);

  const lastAttempt = await ctx.db
    .selectFrom('review_attempts')
    .select(['choice_orders', 'question_ids'])
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const questionIds = drawQuestionIds(
    bank.map((q) => q.id),
    review.drawCount,
    lastAttempt?.question_ids ? (JSON.parse(lastAttempt.question_ids) as number[]) : null,
  );
  const questions = pickQuestions(bank, questionIds);
  const orders = drawChoiceOrders(
    questions.map((q) => ({ id: q.id, choiceCount: storedChoices(q).length })),
    lastAttempt?.choice_orders ? (JSON.parse(lastAttempt.choice_orders) as ChoiceOrders) : null,
  );
  const serving = await keepServing(ctx, key, 'review', questionIds, orders);

  return {
    serving,
    moduleSlug: m.slug,
    moduleTitle: m.title,
    materialSlug: mat.slug,
    materialTitle: mat.title,
    title: review.title,
    passingScore: passingScoreOf(ctx, review.passingScore),
    questions: questions.map((q) => servedQuestion(q, orders)),
    bestScore: attempts ? attempts.best : null,
    attempts: attempts?.count ?? 0,
    ...(allowed === null ? {} : { attemptsAllowed: allowed }),
  };
}

const answersSchema = object({
  // optional here so that a caller without access to the review hears that first (the handler asks for it)
  serving: string().optional().max(100, CATALOG_MESSAGES.servingMissing),
  answers: object()
    .required(CATALOG_MESSAGES.answersRequired)
    .test('answers', 'Each answer must be a choice number or true/false, a list of choice numbers, or a typed number.', answerValuesFit),
})
  .noUnknown(true, 'Unknown field in the answers.')
  .strict()
  .required(CATALOG_MESSAGES.answersRequired);

/**
 * Scores an attempt on the server against the questions and choice orders its serving showed,
 * stores it, and answers which questions were right or wrong. The right answers and the
 * explanations come only once the review is passed (this attempt or an earlier one): a failed
 * attempt says what to look at again, not what to click.
 */
async function submitReview(ctx: ServiceContext): Promise<ReviewResult> {
  const { view, m, mat, review } = await locateReview(ctx);
  const { serving, answers: given } = ctx.payload as { serving?: string; answers: Record<string, ReviewAnswer> };
  const userId = view.identity.user.id;
  const key = { user_id: userId, module_slug: m.slug, material_slug: mat.slug };
  const bank = await bankOf(ctx.db, [review.id]);
  const { questions, orders } = await servingNamed(ctx, key, 'review', serving, bank);
  // a review assigned with an attempt limit (services/classroom): the limit holds before scoring
  const allowed = await attemptLimit(ctx.db, userId, m.slug, mat.slug);
  const made = view.progress.attempts.get(materialKey(m.slug, mat.slug))?.count ?? 0;
  if (allowed !== null && made >= allowed) throw new HttpError(409, CATALOG_MESSAGES.attemptsUsed(allowed));
  const judged = judgeAll(questions, given, orders);
  await useServing(ctx, userId, serving!);

  const correctCount = judged.filter((j) => j.correct).length;
  const score = scorePercent(correctCount, questions.length);
  const passingScore = passingScoreOf(ctx, review.passingScore);
  const passed = isPassing(score, passingScore);
  await ctx.db
    .insertInto('review_attempts')
    .values({
      ...key,
      score,
      passed: passed ? 1 : 0,
      // the answers by stored choice index (whatever order they were shown in), and that order
      answers: JSON.stringify(Object.fromEntries(judged.map((j) => [String(j.q.id), j.stored]))),
      choice_orders: JSON.stringify(orders),
      question_ids: JSON.stringify(questions.map((q) => q.id)),
      created_at: ctx.clock(),
    })
    .execute();
  const previous = view.progress.attempts.get(materialKey(m.slug, mat.slug));
  const answersShown = passed || previous?.firstPassedAt != null;
  const results: QuestionResult[] = resultsOf(judged, answersShown);
  return {
    questions: questions.map((q) => servedQuestion(q, orders)),
    answersShown,
    score,
    passed,
    passingScore,
    correctCount,
    questionCount: questions.length,
    results,
    bestScore: Math.max(previous?.best ?? 0, score),
    attempts: (previous?.count ?? 0) + 1,
  };
}

// ---------------------------------------------------------------- module pre-test and post-test

/** Questions a module test draws from each material's review bank (6 for a module of 3 materials). */
export const MODULE_TEST_PER_MATERIAL = 2;

const testTitle = (kind: ModuleTestKind, moduleTitle: string) => `${kind === 'pre-test' ? 'Pre-test' : 'Post-test'}: ${moduleTitle}`;

async function moduleTestRows(db: Db, userId: number, moduleSlug?: string) {
  let query = db.selectFrom('module_test_attempts').select(['module_slug', 'kind', 'score', 'answers', 'created_at']).where('user_id', '=', userId);
  if (moduleSlug) query = query.where('module_slug', '=', moduleSlug);
  return query.execute();
}

/**
 * Why a test cannot be taken now: the pre-test is a baseline, so not after the post-test; the
 * post-test measures what was learned, so only once every section of the module has been read.
 */
function testLock(kind: ModuleTestKind, m: TreeModule, progress: LearnerProgress, postTaken: boolean): string | null {
  if (kind === 'pre-test') return postTaken ? CATALOG_MESSAGES.preTestAfterPostTest : null;
  const allRead = m.materials.every((mat) => mat.sections.every((s) => progress.completions.has(sectionKey(m.slug, mat.slug, s.slug))));
  return allRead ? null : CATALOG_MESSAGES.postTestLocked;
}

function testQuestionCount(m: TreeModule): number {
  return m.materials.reduce((n, mat) => n + (mat.review ? Math.min(MODULE_TEST_PER_MATERIAL, mat.review.bankSize) : 0), 0);
}

async function moduleTestStatuses(db: Db, view: Located, m: TreeModule): Promise<ModuleTestStatus[]> {
  const rows = await moduleTestRows(db, view.identity.user.id, m.slug);
  const postTaken = rows.some((r) => r.kind === 'post-test');
  return MODULE_TEST_KINDS.map((kind) => {
    const taken = rows.find((r) => r.kind === kind);
    return {
      kind,
      questionCount: testQuestionCount(m),
      score: taken ? taken.score : null,
      takenAt: taken ? Number(taken.created_at) : null,
      locked: taken ? null : testLock(kind, m, view.progress, postTaken),
    };
  });
}

/** The module the route names, the learner's tests of it, and the test's status. */
async function locateModuleTest(ctx: ServiceContext, kind: ModuleTestKind) {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const statuses = await moduleTestStatuses(ctx.db, view, m);
  const rows = await moduleTestRows(ctx.db, view.identity.user.id, m.slug);
  return { view, m, status: statuses.find((x) => x.kind === kind)!, rows };
}

/**
 * A module test WITHOUT answers: MODULE_TEST_PER_MATERIAL questions drawn from each material's
 * review bank, so it covers what the module teaches. The post-test leaves out the questions the
 * pre-test asked when the bank allows, so the gain is not a memory of the same questions.
 */
async function getModuleTest(ctx: ServiceContext, kind: ModuleTestKind): Promise<ModuleTestView> {
  const { view, m, status, rows } = await locateModuleTest(ctx, kind);
  const base: ModuleTestView = { ...status, moduleSlug: m.slug, moduleTitle: m.title, title: testTitle(kind, m.title), serving: null, questions: [] };
  if (status.score !== null || status.locked) return base;
  const reviews = m.materials.flatMap((mat) => (mat.review ? [mat.review.id] : []));
  const bank = await bankOf(ctx.db, reviews);
  const pre = rows.find((r) => r.kind === 'pre-test');
  const asked = new Set(kind === 'post-test' && pre ? Object.keys(JSON.parse(pre.answers) as object).map(Number) : []);
  const questionIds = reviews.flatMap((reviewId) => {
    const own = bank.filter((q) => q.review_id === reviewId).map((q) => q.id);
    const fresh = own.filter((id) => !asked.has(id));
    return drawQuestionIds(fresh.length >= MODULE_TEST_PER_MATERIAL ? fresh : own, MODULE_TEST_PER_MATERIAL, null);
  });
  const questions = pickQuestions(bank, questionIds);
  const orders = drawChoiceOrders(
    questions.map((q) => ({ id: q.id, choiceCount: storedChoices(q).length })),
    null,
  );
  const serving = await keepServing(ctx, { user_id: view.identity.user.id, module_slug: m.slug, material_slug: '' }, kind, questionIds, orders);
  return { ...base, questionCount: questions.length, serving, questions: questions.map((q) => servedQuestion(q, orders)) };
}

/** Scores a module test (once: a second one is refused), keeps the score, and shows every answer with why. */
async function submitModuleTest(ctx: ServiceContext, kind: ModuleTestKind): Promise<ModuleTestResult> {
  const { view, m, status, rows } = await locateModuleTest(ctx, kind);
  if (status.score !== null) throw new HttpError(409, CATALOG_MESSAGES.testTaken(kind));
  if (status.locked) throw new HttpError(409, status.locked);
  const { serving, answers: given } = ctx.payload as { serving?: string; answers: Record<string, ReviewAnswer> };
  const userId = view.identity.user.id;
  const key = { user_id: userId, module_slug: m.slug, material_slug: '' };
  const bank = await bankOf(
    ctx.db,
    m.materials.flatMap((mat) => (mat.review ? [mat.review.id] : [])),
  );
  const { questions, orders } = await servingNamed(ctx, key, kind, serving, bank);
  const judged = judgeAll(questions, given, orders);
  await useServing(ctx, userId, serving!);
  const correctCount = judged.filter((j) => j.correct).length;
  const score = scorePercent(correctCount, questions.length);
  await ctx.db
    .insertInto('module_test_attempts')
    .values({
      user_id: userId,
      module_slug: m.slug,
      kind,
      score,
      correct_count: correctCount,
      question_count: questions.length,
      answers: JSON.stringify(Object.fromEntries(judged.map((j) => [String(j.q.id), j.stored]))),
      created_at: ctx.clock(),
    })
    // two tabs submitting at once: the first score stays
    .onConflict((oc) => oc.columns(['user_id', 'module_slug', 'kind']).doNothing())
    .execute();
  const scoreOf = (k: ModuleTestKind) => (k === kind ? score : (rows.find((r) => r.kind === k)?.score ?? null));
  return {
    kind,
    score,
    correctCount,
    questionCount: questions.length,
    questions: questions.map((q) => servedQuestion(q, orders)),
    results: resultsOf(judged, true),
    preTestScore: scoreOf('pre-test'),
    postTestScore: scoreOf('post-test'),
  };
}

/** The key of a learner's row about one section, in section_completions and in time_spent. */
interface SectionRowKey {
  user_id: number;
  module_slug: string;
  material_slug: string;
  section_slug: string;
}

const SECTION_ROW_KEY = ['user_id', 'module_slug', 'material_slug', 'section_slug'] as const;

/** The section the route names, in the learner's catalog (else 404), as the key of the learner's row about it. */
async function sectionRowKey(ctx: ServiceContext): Promise<SectionRowKey> {
  const { view, m, mat, index } = await locateSection(ctx);
  return { user_id: view.identity.user.id, module_slug: m.slug, material_slug: mat.slug, section_slug: mat.sections[index]!.slug };
}

async function completeSection(ctx: ServiceContext): Promise<{ completed: true; completedAt: number }> {
  const key = await sectionRowKey(ctx);
  const now = ctx.clock();
  await ctx.db
    .insertInto('section_completions')
    .values({ ...key, completed_at: now })
    .onConflict((oc) => oc.columns(SECTION_ROW_KEY).doNothing())
    .execute();
  // the first completion stays: read back the one that is stored
  const row = await ctx.db.selectFrom('section_completions').select('completed_at').where((eb) => eb.and(key)).executeTakeFirstOrThrow();
  return { completed: true, completedAt: Number(row.completed_at) };
}

const timeSchema = object({
  seconds: number()
    .strict()
    .typeError('seconds must be a whole number.')
    .required('seconds is required.')
    .integer('seconds must be a whole number.')
    .min(1, `seconds must be from 1 to ${MAX_TIME_REPORT_SECONDS}.`)
    .max(MAX_TIME_REPORT_SECONDS, `seconds must be from 1 to ${MAX_TIME_REPORT_SECONDS}.`),
})
  .noUnknown(true, 'Unknown field in the time report.')
  .strict()
  .required('seconds is required.');

async function addTime(ctx: ServiceContext): Promise<{ seconds: number }> {
  const key = await sectionRowKey(ctx);
  const { seconds } = ctx.payload as { seconds: number };
  const now = ctx.clock();
  await ctx.db
    .insertInto('time_spent')
    .values({ ...key, seconds, first_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(SECTION_ROW_KEY).doUpdateSet((eb) => ({
        seconds: eb('time_spent.seconds', '+', seconds),
        updated_at: now,
      })),
    )
    .execute();
  // the sum as stored, with every other report added
  const row = await ctx.db.selectFrom('time_spent').select('seconds').where((eb) => eb.and(key)).executeTakeFirstOrThrow();
  return { seconds: row.seconds };
}

async function getSummary(ctx: ServiceContext): Promise<ProgressSummary> {
  const view = await learnerView(ctx);
  const progresses = view.tree.map((m) => ({ m, progress: progressOf(m, view.progress), last: lastActivity(m, view.progress) }));
  // the most recently touched unfinished module; else the first unfinished one
  const unfinished = progresses.filter((x) => x.progress.status !== 'completed');
  const target = [...unfinished].sort((a, b) => b.last - a.last).find((x) => x.last > 0 || x.progress.status === 'in-progress') ?? unfinished[0];
  let continueAt: ContinueTarget | null = null;
  if (target) {
    const started = target.last > 0 || target.progress.status === 'in-progress';
    const next = started ? continueInModule(target.m, view.progress) : { path: catalogPaths.module(target.m.slug), label: target.m.title };
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

async function getTranscripts(ctx: ServiceContext): Promise<TranscriptRow[]> {
  const view = await learnerView(ctx);
  const tests = await moduleTestRows(ctx.db, view.identity.user.id);
  return transcriptRows(view.tree, view.progress, tests);
}

type ModuleTestRow = Awaited<ReturnType<typeof moduleTestRows>>[number];

/** A learner's transcript over a school's catalog: the learner's own, or a student's for their teacher. */
export function transcriptRows(tree: readonly TreeModule[], p: LearnerProgress, tests: readonly ModuleTestRow[] = []): TranscriptRow[] {
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

// ---------------------------------------------------------------- bookmarks

/** Resolves a bookmark target to its title and page, or null when nothing is there. */
function resolveTarget(tree: TreeModule[], kind: BookmarkKind, target: string): { title: string; path: string } | null {
  const parts = target.split('/');
  if (kind === 'article') {
    if (!isKnownArticleKey(target)) return null;
    return { title: titleFromSlug(target), path: catalogPaths.article(target) };
  }
  const m = tree.find((x) => x.slug === parts[0]);
  const mat = m?.materials.find((x) => x.slug === parts[1]);
  if (!m || !mat) return null;
  if (kind === 'material') return parts.length === 2 ? { title: mat.title, path: catalogPaths.material(m.slug, mat.slug) } : null;
  const s = parts.length === 3 ? mat.sections.find((x) => x.slug === parts[2]) : undefined;
  return s ? { title: s.title, path: catalogPaths.section(m.slug, mat.slug, s.slug) } : null;
}

const TARGET_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}$/;

const bookmarkSchema = object({
  kind: string().strict().required('kind is required.').oneOf([...BOOKMARK_KINDS], `kind must be one of ${BOOKMARK_KINDS.join(', ')}.`),
  target: string().strict().required('target is required.').max(250, CATALOG_MESSAGES.badBookmarkTarget).matches(TARGET_PATTERN, CATALOG_MESSAGES.badBookmarkTarget),
})
  .noUnknown(true, 'Unknown field in the bookmark.')
  .strict()
  .required('kind and target are required.');

async function listBookmarks(ctx: ServiceContext): Promise<Bookmark[]> {
  const view = await learnerView(ctx);
  const rows = await ctx.db.selectFrom('bookmarks').selectAll().where('user_id', '=', view.identity.user.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  // knowledge-base articles are listed under their real titles
  const articleTitles = new Map<string, string>();
  if (rows.some((row) => row.kind === 'article')) {
    const articles = await ctx.db.selectFrom('kb_articles').select(['topic_slug', 'slug', 'title']).execute();
    for (const a of articles) articleTitles.set(`${a.topic_slug}/${a.slug}`, a.title);
  }
  const list: Bookmark[] = [];
  for (const row of rows) {
    const resolved = resolveTarget(view.tree, row.kind as BookmarkKind, row.target);
    // a bookmark whose item left the school's catalog is not shown (it stays stored for if it returns)
    if (!resolved) continue;
    const title = (row.kind === 'article' && articleTitles.get(row.target)) || resolved.title;
    list.push({ id: row.id, kind: row.kind as BookmarkKind, target: row.target, title, path: resolved.path, createdAt: Number(row.created_at) });
  }
  return list;
}

async function addBookmark(ctx: ServiceContext): Promise<Result> {
  const view = await learnerView(ctx);
  const { kind, target } = ctx.payload as { kind: BookmarkKind; target: string };
  const resolved = resolveTarget(view.tree, kind, target);
  if (!resolved) throw new HttpError(404, CATALOG_MESSAGES.bookmarkTargetMissing);
  const now = ctx.clock();
  await ctx.db
    .insertInto('bookmarks')
    .values({ user_id: view.identity.user.id, kind, target, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'target']).doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('bookmarks')
    .selectAll()
    .where('user_id', '=', view.identity.user.id)
    .where('kind', '=', kind)
    .where('target', '=', target)
    .executeTakeFirstOrThrow();
  const bookmark: Bookmark = { id: row.id, kind, target, title: resolved.title, path: resolved.path, createdAt: Number(row.created_at) };
  return new Result(201, bookmark);
}

async function removeBookmark(ctx: ServiceContext): Promise<Result> {
  const identity = signedInIdentity(ctx);
  const raw = ctx.params.id ?? '';
  // at most 9 digits: ids are 32-bit integers, and PostgreSQL refuses a larger value with an error
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new HttpError(400, CATALOG_MESSAGES.badBookmarkId);
  const result = await ctx.db.deleteFrom('bookmarks').where('id', '=', Number(raw)).where('user_id', '=', identity.user.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new HttpError(404, CATALOG_MESSAGES.bookmarkNotFound);
  return new Result(204);
}

// ---------------------------------------------------------------- certificates

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** 12 random characters from a 32-letter alphabet (60 bits), shown as XXXX-XXXX-XXXX. */
export function newVerificationCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

async function downloadCertificate(ctx: ServiceContext): Promise<CertificateFile> {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const progress = progressOf(m, view.progress);
  if (progress.status !== 'completed') throw new HttpError(409, CATALOG_MESSAGES.notCompleted);
  const completedAt = moduleDates(m, view.progress, true).completedAt ?? ctx.clock();
  const userId = view.identity.user.id;
  // the learner's certificate of this module; the first download issues it (a race keeps the first one)
  const certificate = () => ctx.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).where('module_slug', '=', m.slug);
  let row = await certificate().executeTakeFirst();
  if (!row) {
    await ctx.db
      .insertInto('certificates')
      .values({ user_id: userId, module_slug: m.slug, module_title: m.title, code: newVerificationCode(), completed_at: completedAt, issued_at: ctx.clock() })
      .onConflict((oc) => oc.columns(['user_id', 'module_slug']).doNothing())
      .execute();
    row = await certificate().executeTakeFirstOrThrow();
  }
  const { user: u, clients } = view.identity;
  const pdf = await renderCertificatePdf({
    learnerName: `${u.firstName} ${u.lastName}`.trim(),
    moduleTitle: row.module_title,
    schoolName: clients[0]?.clientName ?? null,
    completedOn: formatDayOf(Number(row.completed_at), u.timezone || DEFAULT_TIMEZONE),
    code: row.code,
    verifyUrl: `${ctx.config.publicUrl}${catalogPaths.certificate(row.code)}`,
    productName: ctx.config.productName,
  });
  return { code: row.code, fileName: `certificate-${m.slug}.pdf`, pdfBase64: pdf.toString('base64') };
}

/**
 * Public: only first name, last initial, module and date — the day the module was completed in the
 * learner's time zone, as the PDF and the transcript name it, whoever checks it and wherever.
 */
async function verifyCertificate(ctx: ServiceContext): Promise<CertificateCheck> {
  const code = (ctx.params.code ?? '').toUpperCase();
  if (!CODE_PATTERN.test(code)) throw new HttpError(400, CATALOG_MESSAGES.badCode);
  const row = await ctx.db
    .selectFrom('certificates')
    .innerJoin('users', 'users.id', 'certificates.user_id')
    .select(['users.first_name', 'users.last_name', 'users.timezone', 'certificates.module_title', 'certificates.completed_at'])
    .where('certificates.code', '=', code)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, CATALOG_MESSAGES.certificateNotFound);
  const completedAt = Number(row.completed_at);
  return {
    firstName: row.first_name,
    lastInitial: row.last_name.slice(0, 1).toUpperCase(),
    moduleTitle: row.module_title,
    completedAt,
    completedOn: formatDayOf(completedAt, row.timezone || DEFAULT_TIMEZONE),
  };
}

const noPayload = mixed()
  .test('empty', 'This call takes no payload.', (v) => v === undefined || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0));

const M = '/catalog/modules/:slug';
const MAT = `${M}/materials/:mslug`;

export const catalogRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/catalog', access: 'user', handler: getCatalog },
  { method: 'GET', path: M, access: 'user', handler: getModule },
  { method: 'GET', path: MAT, access: 'user', handler: getMaterial },
  { method: 'GET', path: `${MAT}/sections/:sslug`, access: 'user', handler: getSection },
  { method: 'POST', path: `${MAT}/sections/:sslug/complete`, access: 'user', payloadSchema: noPayload, handler: completeSection },
  { method: 'POST', path: `${MAT}/sections/:sslug/time`, access: 'user', payloadSchema: timeSchema, handler: addTime },
  { method: 'GET', path: `${MAT}/review`, access: 'user', handler: getReview },
  { method: 'POST', path: `${MAT}/review/attempts`, access: 'user', payloadSchema: answersSchema, handler: submitReview },
  ...MODULE_TEST_KINDS.flatMap((kind): ServiceRoute[] => [
    { method: 'GET', path: `${M}/${kind}`, access: 'user', handler: (ctx) => getModuleTest(ctx, kind) },
    { method: 'POST', path: `${M}/${kind}/attempts`, access: 'user', payloadSchema: answersSchema, handler: (ctx) => submitModuleTest(ctx, kind) },
  ]),
  { method: 'GET', path: '/progress/summary', access: 'user', handler: getSummary },
  { method: 'GET', path: '/transcripts', access: 'user', handler: getTranscripts },
  { method: 'GET', path: '/bookmarks', access: 'user', handler: listBookmarks },
  { method: 'POST', path: '/bookmarks', access: 'user', payloadSchema: bookmarkSchema, handler: addBookmark },
  { method: 'DELETE', path: '/bookmarks/:id', access: 'user', handler: removeBookmark },
  { method: 'GET', path: '/certificates/modules/:slug', access: 'user', handler: downloadCertificate },
  { method: 'GET', path: '/certificates/verify/:code', access: 'public', handler: verifyCertificate },
];
