/**
 * The catalog's routes: the learner's current school's catalog with their progress, module /
 * material / section / review reads, review attempts scored on the server (the correct answers are
 * only sent back after an attempt), section completion, time spent, progress summary,
 * transcripts, bookmarks and certificates (PDF + a public verification route). Handlers parse,
 * authorise, call ./repository.ts and the logic beside it, and shape the answer.
 */
import { randomBytes } from 'node:crypto';
import { mixed, number, object, string } from 'yup';
import {
  BOOKMARK_KINDS,
  MAX_TIME_REPORT_SECONDS,
  SLUG_PATTERN,
  MAX_SLUG_LENGTH,
  MODULE_TEST_KINDS,
  catalogPaths,
  isPassing,
  scorePercent,
  type ArticleLink,
  type Bookmark,
  type BookmarkKind,
  type CatalogModuleCard,
  type MaterialDetail,
  type ModuleDetail,
  type ModuleTestKind,
  type ModuleTestResult,
  type ModuleTestView,
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
import { retryingTransaction } from '../../db/transaction';
import { deepFreeze, readCache } from '../../db/readCache';
import { HttpError } from '../../http/errors';
import { bindingLimit } from '../classroom/repository';
import { withClassVersions } from '../classroom/versions';
import { signedInIdentity } from '../signedIn';
import { localizeBank, localizeTree, translationOf, type ServedTranslation } from '../translations';
import { Result, type ServiceContext, type ServiceRoute } from '../types';
import { bookmarkList, resolveTarget, TARGET_PATTERN, titleFromSlug } from './bookmarks';
import { CATALOG_MESSAGES } from './messages';
import { drawModuleTest, moduleTestStatuses, testTitle } from './moduleTests';
import { continueInModule, materialSummary, moduleCard, progressSummary, transcriptRows } from './progress';
import * as repo from './repository';
import { materialKey, sectionKey, type LearnerProgress, type ServingKey, type ServingKind, type TreeMaterial, type TreeModule } from './repository';
import {
  answerValuesFit,
  drawChoiceOrders,
  drawQuestionIds,
  judgeAnswer,
  pickQuestions,
  resultsOf,
  sectionsOf,
  servedQuestion,
  storedChoices,
  type ChoiceOrders,
  type Judged,
  type StoredQuestion,
} from './reviewServing';

// ---------------------------------------------------------------- locating what a route names

export function slugParam(ctx: ServiceContext, name: string, what: string): string {
  const value = ctx.params[name] ?? '';
  if (!SLUG_PATTERN.test(value) || value.length > MAX_SLUG_LENGTH) throw new HttpError(400, CATALOG_MESSAGES.badSlug(what));
  return value;
}

export interface Located {
  identity: SessionIdentity;
  /** in the caller's language (titles, summaries) */
  tree: TreeModule[];
  progress: LearnerProgress;
  /** the caller's language's texts (null: English) */
  translation: ServedTranslation | null;
  /** the tree in English, the content's language (what is stored for others to read, such as a certificate's title) */
  englishTree: TreeModule[];
}

/** The current school's catalog (SPEC §1: the first client) and the learner's progress. */
export async function learnerView(ctx: ServiceContext): Promise<Located> {
  const identity = signedInIdentity(ctx);
  const school = await repo.schoolCatalog(ctx.db, identity.clients[0]?.lsclientID);
  const [tree, progress, translation] = await Promise.all([
    repo.loadTree(ctx.db, school.slugs, school.contentVersion),
    repo.loadProgress(ctx.db, identity.user.id),
    translationOf(ctx.db, ctx.language, school.contentVersion),
  ]);
  return { identity, tree: localizeTree(tree, translation), progress, translation, englishTree: tree };
}

export function findModule(view: Located, slug: string): TreeModule {
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

// ---------------------------------------------------------------- catalog reads

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
  if (!Object.isFrozen(view.progress)) return view.tree.map((m) => moduleCard(m, view.progress));
  const kept = cardsOf.get(view.progress);
  if (kept?.tree === view.tree) return kept.cards;
  const cards = deepFreeze(view.tree.map((m) => moduleCard(m, view.progress)));
  cardsOf.set(view.progress, { tree: view.tree, cards });
  return cards;
}

async function getModule(ctx: ServiceContext): Promise<ModuleDetail> {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const row = await repo.moduleOverview(ctx.db, m.id);
  const base = moduleCard(m, view.progress);
  const translated = view.translation?.modules.get(m.slug);
  return {
    slug: m.slug,
    title: m.title,
    order: m.order,
    summary: m.summary,
    objectives: translated?.objectives ?? (JSON.parse(row.objectives) as string[]),
    estimatedMinutes: m.estimatedMinutes,
    overviewHtml: translated?.overviewHtml ?? row.overview_html,
    materials: m.materials.map((mat) => materialSummary(m, mat, view.progress, ctx.config.passingScore)),
    progress: base.progress,
    continuePath: continueInModule(m, view.progress).path,
    tests: moduleTestStatuses(m, view.progress, await repo.moduleTestRows(ctx.db, view.identity.user.id, m.slug)),
  };
}

async function getMaterial(ctx: ServiceContext): Promise<MaterialDetail> {
  const { view, m, mat } = await locateMaterial(ctx);
  const introHtml = view.translation?.materials.get(materialKey(m.slug, mat.slug))?.introHtml ?? (await repo.materialIntro(ctx.db, mat.id));
  return {
    ...materialSummary(m, mat, view.progress, ctx.config.passingScore),
    moduleSlug: m.slug,
    moduleTitle: m.title,
    introHtml,
    bookmarked: await repo.isBookmarked(ctx.db, view.identity.user.id, 'material', materialKey(m.slug, mat.slug)),
  };
}

/** A section's "Learn more" links by its list of keys, kept until the knowledge base changes (an import; db/readCache.ts). */
const articleLinksCache = readCache<string, ArticleLink[]>(['kb_articles']);

/** The knowledge-base articles `keys` ("<topic>/<article>") under their real titles, in order. */
async function articleLinks(db: Db, keys: readonly string[]): Promise<ArticleLink[]> {
  if (keys.length === 0) return [];
  const topics = [...new Set(keys.map((key) => key.split('/')[0]!))];
  const rows = await repo.articleTitles(db, topics);
  const titles = new Map(rows.map((a) => [`${a.topic_slug}/${a.slug}`, a.title]));
  return keys.map((key) => ({ key, title: titles.get(key) ?? titleFromSlug(key), path: catalogPaths.article(key) }));
}

/** The links with the titles of the caller's language where an article is translated. */
function translatedLinks(links: ArticleLink[], translation: ServedTranslation | null): ArticleLink[] {
  if (!translation) return links;
  return links.map((link) => ({ ...link, title: translation.articles.get(link.key)?.title ?? link.title }));
}

async function getSection(ctx: ServiceContext): Promise<SectionDetail> {
  const { view, m, mat, index } = await locateSection(ctx);
  const s = mat.sections[index]!;
  const row = await repo.sectionBody(ctx.db, mat.id, s.slug);
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
    kbArticles: translatedLinks(await articleLinksCache.read(ctx.db, row.kb_articles, () => articleLinks(ctx.db, JSON.parse(row.kb_articles) as string[])), view.translation),
    bodyHtml: view.translation?.sections.get(sectionKey(m.slug, mat.slug, s.slug))?.bodyHtml ?? row.body_html,
    completed: view.progress.completions.has(sectionKey(m.slug, mat.slug, s.slug)),
    bookmarked: await repo.isBookmarked(ctx.db, view.identity.user.id, 'section', sectionKey(m.slug, mat.slug, s.slug)),
    previous: link(index - 1),
    next: link(index + 1),
  };
}

// ---------------------------------------------------------------- reviews

async function locateReview(ctx: ServiceContext) {
  const { view, m, mat } = await locateMaterial(ctx);
  if (!mat.review) throw new HttpError(404, CATALOG_MESSAGES.reviewNotFound);
  return { view, m, mat, review: mat.review };
}

/** Open (unanswered) servings a student keeps per review; opening it again drops the oldest. */
const OPEN_SERVINGS_PER_REVIEW = 5;
/** An unanswered serving older than this is deleted when the student opens any review. */
const SERVING_LIFETIME_MS = 86_400_000;

/**
 * Keeps a new serving (questions drawn and choice orders) and drops the student's expired ones and
 * the oldest open ones of the same review or test beyond OPEN_SERVINGS_PER_REVIEW.
 */
async function keepServing(ctx: ServiceContext, key: ServingKey, kind: ServingKind, questionIds: number[], orders: ChoiceOrders): Promise<string> {
  const now = ctx.clock();
  const serving = randomBytes(16).toString('base64url');
  await repo.deleteServingsBefore(ctx.db, key.user_id, now - SERVING_LIFETIME_MS);
  const open = await repo.openServingIds(ctx.db, key, kind);
  const surplus = open.slice(0, Math.max(0, open.length - (OPEN_SERVINGS_PER_REVIEW - 1)));
  if (surplus.length > 0) await repo.deleteServings(ctx.db, surplus);
  await repo.insertServing(ctx.db, serving, key, kind, questionIds, orders, now);
  return serving;
}

/**
 * The serving the answers name (the student's own, of this review or test), with its questions in
 * the order shown — else 400 (none named) or 409 (used, replaced or someone else's).
 */
async function servingNamed(
  ctx: ServiceContext,
  key: ServingKey,
  kind: ServingKind,
  serving: string | undefined,
  bank: readonly StoredQuestion[],
): Promise<{ questions: StoredQuestion[]; orders: ChoiceOrders }> {
  if (!serving) throw new HttpError(400, CATALOG_MESSAGES.servingMissing);
  const served = await repo.findServing(ctx.db, serving, key, kind);
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

/**
 * Uses the serving up, inside the transaction that stores the attempt it scores: a second submit
 * of the same serving (a double click, a replay) is not scored again — two at once, the second
 * waits for the first's row and finds it gone — and an attempt whose transaction fails (a 503, a
 * crash) leaves the serving open, so sending the same answers again scores them.
 */
async function useServing(trx: Db, userId: number, serving: string): Promise<void> {
  if ((await repo.deleteServing(trx, serving, userId)) !== 1) throw new HttpError(409, CATALOG_MESSAGES.servingGone);
}

/**
 * The review WITHOUT the correct answers or explanations: its questions drawn from the bank for this
 * opening (a retake draws other questions, in another order) and their choices in an order drawn
 * for it, both kept (review_servings) so the server can judge the answers given in it.
 */
async function getReview(ctx: ServiceContext): Promise<ReviewView> {
  const { view, m, mat, review } = await locateReview(ctx);
  const attempts = view.progress.attempts.get(materialKey(m.slug, mat.slug));
  const userId = view.identity.user.id;
  const key = { user_id: userId, module_slug: m.slug, material_slug: mat.slug };
  const limit = await bindingLimit(ctx.db, userId, m.slug, mat.slug);
  const about = {
    moduleSlug: m.slug,
    moduleTitle: m.title,
    materialSlug: mat.slug,
    materialTitle: mat.title,
    title: review.title,
    passingScore: passingScoreOf(ctx, review.passingScore),
    bestScore: attempts ? attempts.best : null,
    attempts: attempts?.count ?? 0,
    attemptLimit: limit,
  };
  // out of attempts: nothing is served, so the student learns it before answering, not on Submit
  if (limit !== null && about.attempts >= limit.allowed) return { ...about, serving: null, questions: [] };

  const bank = localizeBank(await repo.bankOf(ctx.db, [review.id]), m, view.translation);
  const lastAttempt = await repo.lastReviewAttempt(ctx.db, key);
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

  return { ...about, serving, questions: questions.map((q) => servedQuestion(q, orders)) };
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
  const bank = localizeBank(await repo.bankOf(ctx.db, [review.id]), m, view.translation);
  const { questions, orders } = await servingNamed(ctx, key, 'review', serving, bank);
  // a review assigned with an attempt limit (services/classroom): the limit holds before scoring
  const limit = await bindingLimit(ctx.db, userId, m.slug, mat.slug);
  const made = view.progress.attempts.get(materialKey(m.slug, mat.slug))?.count ?? 0;
  if (limit !== null && made >= limit.allowed) throw new HttpError(409, CATALOG_MESSAGES.attemptsUsed(limit));
  const judged = judgeAll(questions, given, orders);

  const correctCount = judged.filter((j) => j.correct).length;
  const score = scorePercent(correctCount, questions.length);
  const passingScore = passingScoreOf(ctx, review.passingScore);
  const passed = isPassing(score, passingScore);
  await withClassVersions(ctx.db, { studentIds: [userId] }, async (trx) => {
    await useServing(trx, userId, serving!);
    await repo.insertReviewAttempt(trx, key, {
      score,
      passed,
      // the answers by stored choice index (whatever order they were shown in), and that order
      answers: JSON.stringify(Object.fromEntries(judged.map((j) => [String(j.q.id), j.stored]))),
      choiceOrders: JSON.stringify(orders),
      questionIds: JSON.stringify(questions.map((q) => q.id)),
      createdAt: ctx.clock(),
    });
  });
  const previous = view.progress.attempts.get(materialKey(m.slug, mat.slug));
  const answersShown = passed || previous?.firstPassedAt != null;
  const results: QuestionResult[] = resultsOf(judged, answersShown, sectionsOf(m));
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

/** The module the route names, the learner's tests of it, and the test's status. */
async function locateModuleTest(ctx: ServiceContext, kind: ModuleTestKind) {
  const slug = slugParam(ctx, 'slug', 'module');
  const view = await learnerView(ctx);
  const m = findModule(view, slug);
  const rows = await repo.moduleTestRows(ctx.db, view.identity.user.id, m.slug);
  const status = moduleTestStatuses(m, view.progress, rows).find((x) => x.kind === kind)!;
  return { view, m, status, rows };
}

/** A module test WITHOUT answers, its questions drawn by `drawModuleTest`. */
async function getModuleTest(ctx: ServiceContext, kind: ModuleTestKind): Promise<ModuleTestView> {
  const { view, m, status, rows } = await locateModuleTest(ctx, kind);
  const base: ModuleTestView = { ...status, moduleSlug: m.slug, moduleTitle: m.title, title: testTitle(kind, m.title), serving: null, questions: [] };
  if (status.score !== null || status.locked) return base;
  const reviews = m.materials.flatMap((mat) => (mat.review ? [mat.review.id] : []));
  const bank = localizeBank(await repo.bankOf(ctx.db, reviews), m, view.translation);
  const questionIds = drawModuleTest(kind, reviews, bank, rows);
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
  const bank = localizeBank(
    await repo.bankOf(
      ctx.db,
      m.materials.flatMap((mat) => (mat.review ? [mat.review.id] : [])),
    ),
    m,
    view.translation,
  );
  const { questions, orders } = await servingNamed(ctx, key, kind, serving, bank);
  const judged = judgeAll(questions, given, orders);
  const correctCount = judged.filter((j) => j.correct).length;
  const score = scorePercent(correctCount, questions.length);
  await retryingTransaction(ctx.db, async (trx) => {
    await useServing(trx, userId, serving!);
    const kept = await repo.insertModuleTestAttempt(trx, {
      userId,
      moduleSlug: m.slug,
      kind,
      score,
      correctCount,
      questionCount: questions.length,
      answers: JSON.stringify(Object.fromEntries(judged.map((j) => [String(j.q.id), j.stored]))),
      createdAt: ctx.clock(),
    });
    // another tab's serving of the same test was scored first: its score stays, this one is not shown as kept
    if (!kept) throw new HttpError(409, CATALOG_MESSAGES.testTaken(kind));
  });
  const scoreOf = (k: ModuleTestKind) => (k === kind ? score : (rows.find((r) => r.kind === k)?.score ?? null));
  return {
    kind,
    score,
    correctCount,
    questionCount: questions.length,
    questions: questions.map((q) => servedQuestion(q, orders)),
    results: resultsOf(judged, true, sectionsOf(m)),
    preTestScore: scoreOf('pre-test'),
    postTestScore: scoreOf('post-test'),
  };
}

// ---------------------------------------------------------------- completions, time, summary, transcripts

/** The section the route names, in the learner's catalog (else 404), as the key of the learner's row about it. */
async function sectionRowKey(ctx: ServiceContext): Promise<repo.SectionRowKey> {
  const { view, m, mat, index } = await locateSection(ctx);
  return { user_id: view.identity.user.id, module_slug: m.slug, material_slug: mat.slug, section_slug: mat.sections[index]!.slug };
}

async function completeSection(ctx: ServiceContext): Promise<{ completed: true; completedAt: number }> {
  const key = await sectionRowKey(ctx);
  // the learner's class dashboards show it (services/classroom/versions.ts)
  return { completed: true, completedAt: await withClassVersions(ctx.db, { studentIds: [key.user_id] }, (trx) => repo.completeSection(trx, key, ctx.clock())) };
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
  return { seconds: await withClassVersions(ctx.db, { studentIds: [key.user_id] }, (trx) => repo.addTime(trx, key, seconds, ctx.clock())) };
}

async function getSummary(ctx: ServiceContext): Promise<ProgressSummary> {
  const view = await learnerView(ctx);
  return progressSummary(view.tree, view.progress);
}

async function getTranscripts(ctx: ServiceContext): Promise<TranscriptRow[]> {
  const view = await learnerView(ctx);
  const tests = await repo.moduleTestRows(ctx.db, view.identity.user.id);
  return transcriptRows(view.tree, view.progress, tests);
}

// ---------------------------------------------------------------- bookmarks

const bookmarkSchema = object({
  kind: string().strict().required('kind is required.').oneOf([...BOOKMARK_KINDS], `kind must be one of ${BOOKMARK_KINDS.join(', ')}.`),
  target: string().strict().required('target is required.').max(250, CATALOG_MESSAGES.badBookmarkTarget).matches(TARGET_PATTERN, CATALOG_MESSAGES.badBookmarkTarget),
})
  .noUnknown(true, 'Unknown field in the bookmark.')
  .strict()
  .required('kind and target are required.');

async function listBookmarks(ctx: ServiceContext): Promise<Bookmark[]> {
  const view = await learnerView(ctx);
  const rows = await repo.bookmarksOf(ctx.db, view.identity.user.id);
  // knowledge-base articles are listed under their real titles
  const titles = new Map<string, string>();
  if (rows.some((row) => row.kind === 'article')) {
    for (const a of await repo.articleTitles(ctx.db)) titles.set(`${a.topic_slug}/${a.slug}`, a.title);
  }
  return bookmarkList(view.tree, rows, titles);
}

async function addBookmark(ctx: ServiceContext): Promise<Result> {
  const view = await learnerView(ctx);
  const { kind, target } = ctx.payload as { kind: BookmarkKind; target: string };
  const resolved = resolveTarget(view.tree, kind, target);
  if (!resolved) throw new HttpError(404, CATALOG_MESSAGES.bookmarkTargetMissing);
  const row = await repo.addBookmark(ctx.db, view.identity.user.id, kind, target, ctx.clock());
  const bookmark: Bookmark = { id: row.id, kind, target, title: resolved.title, path: resolved.path, createdAt: Number(row.created_at) };
  return new Result(201, bookmark);
}

async function removeBookmark(ctx: ServiceContext): Promise<Result> {
  const identity = signedInIdentity(ctx);
  const raw = ctx.params.id ?? '';
  // at most 9 digits: ids are 32-bit integers, and PostgreSQL refuses a larger value with an error
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new HttpError(400, CATALOG_MESSAGES.badBookmarkId);
  if (!(await repo.deleteBookmark(ctx.db, Number(raw), identity.user.id))) throw new HttpError(404, CATALOG_MESSAGES.bookmarkNotFound);
  return new Result(204);
}

// ---------------------------------------------------------------- the route table

const noPayload = mixed()
  .test('empty', 'This call takes no payload.', (v) => v === undefined || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0));

const M = '/catalog/modules/:slug';
const MAT = `${M}/materials/:mslug`;

export const catalogRoutes: readonly ServiceRoute[] = [
  { method: 'GET', path: '/catalog', access: 'user', localized: true, handler: getCatalog },
  { method: 'GET', path: M, access: 'user', localized: true, handler: getModule },
  { method: 'GET', path: MAT, access: 'user', localized: true, handler: getMaterial },
  { method: 'GET', path: `${MAT}/sections/:sslug`, access: 'user', localized: true, handler: getSection },
  { method: 'POST', path: `${MAT}/sections/:sslug/complete`, access: 'user', payloadSchema: noPayload, handler: completeSection },
  { method: 'POST', path: `${MAT}/sections/:sslug/time`, access: 'user', payloadSchema: timeSchema, handler: addTime },
  { method: 'GET', path: `${MAT}/review`, access: 'user', localized: true, handler: getReview },
  { method: 'POST', path: `${MAT}/review/attempts`, access: 'user', localized: true, payloadSchema: answersSchema, handler: submitReview },
  ...MODULE_TEST_KINDS.flatMap((kind): ServiceRoute[] => [
    { method: 'GET', path: `${M}/${kind}`, access: 'user', localized: true, handler: (ctx) => getModuleTest(ctx, kind) },
    { method: 'POST', path: `${M}/${kind}/attempts`, access: 'user', localized: true, payloadSchema: answersSchema, handler: (ctx) => submitModuleTest(ctx, kind) },
  ]),
  { method: 'GET', path: '/progress/summary', access: 'user', localized: true, handler: getSummary },
  { method: 'GET', path: '/transcripts', access: 'user', localized: true, handler: getTranscripts },
  { method: 'GET', path: '/bookmarks', access: 'user', handler: listBookmarks },
  { method: 'POST', path: '/bookmarks', access: 'user', payloadSchema: bookmarkSchema, handler: addBookmark },
  { method: 'DELETE', path: '/bookmarks/:id', access: 'user', handler: removeBookmark },
];
