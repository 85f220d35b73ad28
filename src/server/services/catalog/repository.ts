/**
 * The catalog's one repository, every query of the catalog: a school's catalog tree (without the
 * correct answers) and one learner's progress, read in a handful of queries and joined in memory
 * (a catalog is small: tens of sections); section bodies, question banks and review servings;
 * attempts, completions and time; bookmarks and certificates. Every learner query filters by
 * user_id.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { changed, removed } from '../../db/changes';
import { hotQuery } from '../../db/hotQuery';
import { readCache } from '../../db/readCache';
import type { ChoiceOrders, StoredQuestion } from './reviewServing';

export interface TreeSection {
  slug: string;
  title: string;
  order: number;
  estimatedMinutes: number;
}

export interface TreeReview {
  id: number;
  title: string;
  passingScore: number | null;
  /** questions an attempt shows: drawn from the bank (drawCount), else the whole bank */
  questionCount: number;
  /** the bank's size */
  bankSize: number;
  /** questions shown per attempt (null: the whole bank) */
  drawCount: number | null;
}

export interface TreeMaterial {
  id: number;
  slug: string;
  title: string;
  order: number;
  summary: string;
  sections: TreeSection[];
  review: TreeReview | null;
}

export interface TreeModule {
  id: number;
  slug: string;
  title: string;
  order: number;
  summary: string;
  estimatedMinutes: number;
  materials: TreeMaterial[];
}

/**
 * A school's module slugs, each row also carrying the newest imported content version: what a
 * catalog read needs before its tree, in one round trip.
 */
const schoolModulesWithVersion = hotQuery(1, (db: Db, lsclientIDLower: string) =>
  db
    .selectFrom('school_modules')
    .innerJoin('clients', 'clients.id', 'school_modules.client_id')
    .select([
      'school_modules.module_slug',
      (eb) => eb.selectFrom('content_versions').select(sql<number | null>`max(id)`.as('max_id')).as('content_version'),
    ])
    .where((eb) => eb(eb.fn('lower', ['clients.lsclient_id']), '=', lsclientIDLower)),
);

export interface SchoolCatalog {
  /** the module slugs the school offers */
  slugs: string[];
  /** the newest imported content version (0 when none, or when the school offers nothing) */
  contentVersion: number;
}

const schoolCatalogCache = readCache<string, SchoolCatalog>(['school_modules', 'clients', 'content_versions']);

/**
 * The module slugs a school offers (its catalog) and the newest content version, in one query;
 * kept until one of its tables changes (db/readCache.ts).
 */
export async function schoolCatalog(db: Db, lsclientID: string | undefined): Promise<SchoolCatalog> {
  if (!lsclientID) return { slugs: [], contentVersion: 0 };
  const key = lsclientID.toLowerCase();
  return schoolCatalogCache.read(db, key, async () => {
    const rows = await schoolModulesWithVersion.all(db, key);
    return { slugs: rows.map((r) => r.module_slug), contentVersion: Number(rows[0]?.content_version ?? 0) };
  });
}

/**
 * Trees already read, per database and per imported content version (the tree was four
 * queries on every catalog read). An import adds a content_versions row in the same transaction as
 * the content, so one look at the newest version id tells whether a cached tree is still the
 * imported one — also when another process (the admin CLI, another instance) imported it.
 * Callers must not change a returned tree.
 */
const treeCache = new WeakMap<Db, { version: number; trees: Map<string, Promise<TreeModule[]>> }>();
const TREE_CACHE_ENTRIES = 100;

/**
 * The imported catalog restricted to `moduleSlugs`, ordered by the content's `order`.
 * `version`: the newest content_versions id, read in the same query as the slugs (schoolCatalog).
 */
export async function loadTree(db: Db, moduleSlugs: readonly string[], version: number): Promise<TreeModule[]> {
  if (moduleSlugs.length === 0) return [];
  let cached = treeCache.get(db);
  if (!cached || cached.version !== version) {
    cached = { version, trees: new Map() };
    treeCache.set(db, cached);
  }
  const key = [...moduleSlugs].sort().join('\n');
  let tree = cached.trees.get(key);
  if (!tree) {
    if (cached.trees.size >= TREE_CACHE_ENTRIES) cached.trees.clear();
    const trees = cached.trees;
    tree = readTree(db, moduleSlugs);
    trees.set(key, tree);
    // a failed read is not kept
    tree.catch(() => trees.delete(key));
  }
  return tree;
}

async function readTree(db: Db, moduleSlugs: readonly string[]): Promise<TreeModule[]> {
  const modules = await db
    .selectFrom('content_modules')
    .select(['id', 'slug', 'title', 'position', 'summary', 'estimated_minutes'])
    .where('slug', 'in', [...moduleSlugs])
    .orderBy('position')
    .execute();
  if (modules.length === 0) return [];
  const moduleIds = modules.map((m) => m.id);
  const materials = await db
    .selectFrom('content_materials')
    .select(['id', 'module_id', 'slug', 'title', 'position', 'summary'])
    .where('module_id', 'in', moduleIds)
    .orderBy('position')
    .execute();
  const materialIds = materials.map((m) => m.id);
  const sections = materialIds.length
    ? await db
        .selectFrom('content_sections')
        .select(['material_id', 'slug', 'title', 'position', 'estimated_minutes'])
        .where('material_id', 'in', materialIds)
        .orderBy('position')
        .execute()
    : [];
  const reviews = materialIds.length
    ? await db
        .selectFrom('content_reviews')
        .leftJoin('content_questions', 'content_questions.review_id', 'content_reviews.id')
        .select((eb) => [
          'content_reviews.id',
          'content_reviews.material_id',
          'content_reviews.title',
          'content_reviews.passing_score',
          'content_reviews.draw_count',
          eb.fn.count<number>('content_questions.id').as('question_count'),
        ])
        .where('content_reviews.material_id', 'in', materialIds)
        .groupBy(['content_reviews.id', 'content_reviews.material_id', 'content_reviews.title', 'content_reviews.passing_score', 'content_reviews.draw_count'])
        .execute()
    : [];
  return modules.map((m) => ({
    id: m.id,
    slug: m.slug,
    title: m.title,
    order: m.position,
    summary: m.summary,
    estimatedMinutes: m.estimated_minutes,
    materials: materials
      .filter((mat) => mat.module_id === m.id)
      .map((mat) => {
        const review = reviews.find((r) => r.material_id === mat.id);
        return {
          id: mat.id,
          slug: mat.slug,
          title: mat.title,
          order: mat.position,
          summary: mat.summary,
          sections: sections
            .filter((s) => s.material_id === mat.id)
            .map((s) => ({ slug: s.slug, title: s.title, order: s.position, estimatedMinutes: s.estimated_minutes })),
          review: review ? reviewOf(review) : null,
        };
      }),
  }));
}

function reviewOf(row: { id: number; title: string; passing_score: number | null; draw_count: number | null; question_count: number | string | bigint }): TreeReview {
  const bankSize = Number(row.question_count);
  const drawCount = row.draw_count === null ? null : Number(row.draw_count);
  return { id: row.id, title: row.title, passingScore: row.passing_score, questionCount: Math.min(bankSize, drawCount ?? bankSize), bankSize, drawCount };
}

export interface LearnerProgress {
  /** "module/material/section" → completed at */
  completions: Map<string, number>;
  /** "module/material" → attempts */
  attempts: Map<string, { best: number; count: number; firstAt: number; lastAt: number; firstPassedAt: number | null }>;
  /** "module/material/section" → seconds, first and last time */
  time: Map<string, { seconds: number; firstAt: number; updatedAt: number }>;
}

export const sectionKey = (m: string, mat: string, s: string) => `${m}/${mat}/${s}`;
export const materialKey = (m: string, mat: string) => `${m}/${mat}`;

/**
 * A learner's completions (kind 'c'), review attempts (kind 'a', in the order they were made) and
 * time spent (kind 't') in one query, one round trip; every part filters by the learner's user_id.
 * Columns: a = completed_at | created_at | first_at, b = 0 | score | seconds,
 * c = 0 | passed | updated_at, ord = 0 | attempt id | 0.
 */
const progressRows = hotQuery(1, (db: Db, userId: number) =>
  db
    .selectFrom('section_completions')
    .select([
      sql<string>`'c'`.as('kind'),
      'module_slug',
      'material_slug',
      'section_slug',
      'completed_at as a',
      sql<number>`0`.as('b'),
      sql<number>`0`.as('c'),
      sql<number>`0`.as('ord'),
    ])
    .where('user_id', '=', userId)
    .unionAll((eb) =>
      eb
        .selectFrom('review_attempts')
        .select([sql<string>`'a'`.as('kind'), 'module_slug', 'material_slug', sql<string>`''`.as('section_slug'), 'created_at as a', 'score as b', 'passed as c', 'id as ord'])
        .where('user_id', '=', userId),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('time_spent')
        .select([sql<string>`'t'`.as('kind'), 'module_slug', 'material_slug', 'section_slug', 'first_at as a', 'seconds as b', 'updated_at as c', sql<number>`0`.as('ord')])
        .where('user_id', '=', userId),
    )
    .orderBy('kind')
    .orderBy('a')
    .orderBy('ord'),
);

/** Bounded lower than the others: a learner's progress is a few KB, the others a few hundred bytes. */
const PROGRESS_CACHE_ENTRIES = 2_000;
const progressCache = readCache<number, LearnerProgress>(
  (userId) => [
    ['section_completions', userId],
    ['review_attempts', userId],
    ['time_spent', userId],
  ],
  PROGRESS_CACHE_ENTRIES,
);

/** A learner's progress, kept until the learner's rows change (db/readCache.ts). Callers must not change it. */
export async function loadProgress(db: Db, userId: number): Promise<LearnerProgress> {
  return progressCache.read(db, userId, () => readProgress(db, userId));
}

async function readProgress(db: Db, userId: number): Promise<LearnerProgress> {
  const progress: LearnerProgress = { completions: new Map(), attempts: new Map(), time: new Map() };
  for (const row of await progressRows.all(db, userId)) {
    if (row.kind === 'c') {
      progress.completions.set(sectionKey(row.module_slug, row.material_slug, row.section_slug), Number(row.a));
    } else if (row.kind === 'a') {
      const key = materialKey(row.module_slug, row.material_slug);
      const at = Number(row.a);
      const score = Number(row.b);
      const prev = progress.attempts.get(key) ?? { best: 0, count: 0, firstAt: at, lastAt: at, firstPassedAt: null };
      progress.attempts.set(key, {
        best: Math.max(prev.best, score),
        count: prev.count + 1,
        firstAt: prev.firstAt,
        lastAt: Math.max(prev.lastAt, at),
        firstPassedAt: prev.firstPassedAt ?? (Number(row.c) ? at : null),
      });
    } else {
      progress.time.set(sectionKey(row.module_slug, row.material_slug, row.section_slug), { seconds: Number(row.b), firstAt: Number(row.a), updatedAt: Number(row.c) });
    }
  }
  return progress;
}

// ---------------------------------------------------------------- content

/** A module's objectives (a JSON list) and overview. */
export function moduleOverview(db: Db, moduleId: number): Promise<{ objectives: string; overview_html: string }> {
  return db.selectFrom('content_modules').select(['objectives', 'overview_html']).where('id', '=', moduleId).executeTakeFirstOrThrow();
}

/** A module's objectives (a JSON list) and what the import kept for its teacher guide (JSON, or null). */
export function moduleGuide(db: Db, moduleId: number): Promise<{ objectives: string; guide: string | null }> {
  return db.selectFrom('content_modules').select(['objectives', 'guide']).where('id', '=', moduleId).executeTakeFirstOrThrow();
}

/** The bodies of the materials' sections (the student packet), by material id and section slug. */
export function sectionBodiesOf(db: Db, materialIds: readonly number[]): Promise<{ material_id: number; slug: string; body_html: string }[]> {
  if (materialIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('content_sections').select(['material_id', 'slug', 'body_html']).where('material_id', 'in', [...materialIds]).orderBy('position').execute();
}

export async function materialIntro(db: Db, materialId: number): Promise<string> {
  const row = await db.selectFrom('content_materials').select('intro_html').where('id', '=', materialId).executeTakeFirstOrThrow();
  return row.intro_html;
}

const sectionBodyQuery = hotQuery(2, (db: Db, materialId: number, slug: string) =>
  db.selectFrom('content_sections').select(['body_html', 'kb_articles']).where('material_id', '=', materialId).where('slug', '=', slug),
);

/** A section's body, kept until the content changes (an import; db/readCache.ts). */
const sectionBodyCache = readCache<string, { body_html: string; kb_articles: string } | undefined>(['content_sections']);

export function sectionBody(db: Db, materialId: number, slug: string): Promise<{ body_html: string; kb_articles: string } | undefined> {
  return sectionBodyCache.read(db, `${materialId}/${slug}`, () => sectionBodyQuery.first(db, materialId, slug));
}

/** Knowledge-base article titles, of the given topics or (none given) of every topic. */
export function articleTitles(db: Db, topics?: readonly string[]): Promise<{ topic_slug: string; slug: string; title: string }[]> {
  const query = db.selectFrom('kb_articles').select(['topic_slug', 'slug', 'title']);
  return (topics ? query.where('topic_slug', 'in', [...topics]) : query).execute();
}

const QUESTION_COLUMNS = ['id', 'review_id', 'type', 'prompt', 'choices', 'answer', 'explanation', 'unit', 'section_slug'] as const;

/** A review's whole bank, in the content's order. */
export async function bankOf(db: Db, reviewIds: readonly number[]): Promise<StoredQuestion[]> {
  if (reviewIds.length === 0) return [];
  return db.selectFrom('content_questions').select(QUESTION_COLUMNS).where('review_id', 'in', [...reviewIds]).orderBy('review_id').orderBy('position').execute();
}

// ---------------------------------------------------------------- review servings and attempts

/** A learner's review or module test: module_slug, and material_slug ('' for a module test). */
export interface ServingKey {
  user_id: number;
  module_slug: string;
  material_slug: string;
}

export type ServingKind = 'review' | 'pre-test' | 'post-test';

export async function deleteServingsBefore(db: Db, userId: number, before: number): Promise<void> {
  await db.deleteFrom('review_servings').where('user_id', '=', userId).where('created_at', '<', before).execute();
}

/** The open servings of one review or test, oldest first. */
export async function openServingIds(db: Db, key: ServingKey, kind: ServingKind): Promise<string[]> {
  const rows = await db
    .selectFrom('review_servings')
    .select('id')
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .where('kind', '=', kind)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteServings(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('review_servings').where('id', 'in', [...ids]).execute();
}

export async function insertServing(db: Db, id: string, key: ServingKey, kind: ServingKind, questionIds: readonly number[], orders: ChoiceOrders, now: number): Promise<void> {
  await db
    .insertInto('review_servings')
    .values({ id, ...key, kind, question_ids: JSON.stringify(questionIds), choice_orders: JSON.stringify(orders), created_at: now })
    .execute();
}

/** The serving `id` if it is the learner's own, of this review or test. */
export function findServing(db: Db, id: string, key: ServingKey, kind: ServingKind): Promise<{ choice_orders: string; question_ids: string | null } | undefined> {
  return db
    .selectFrom('review_servings')
    .select(['choice_orders', 'question_ids'])
    .where('id', '=', id)
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Deletes the learner's serving `id`; answers how many rows went (1, or 0 when it was already used). */
export async function deleteServing(db: Db, id: string, userId: number): Promise<number> {
  const used = await db.deleteFrom('review_servings').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(used.numDeletedRows ?? 0);
}

/** The questions and choice orders of the learner's last attempt at a review. */
export function lastReviewAttempt(db: Db, key: ServingKey): Promise<{ choice_orders: string | null; question_ids: string | null } | undefined> {
  return db
    .selectFrom('review_attempts')
    .select(['choice_orders', 'question_ids'])
    .where('user_id', '=', key.user_id)
    .where('module_slug', '=', key.module_slug)
    .where('material_slug', '=', key.material_slug)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertReviewAttempt(
  db: Db,
  key: ServingKey,
  attempt: { score: number; passed: boolean; answers: string; choiceOrders: string; questionIds: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('review_attempts')
    .values({
      ...key,
      score: attempt.score,
      passed: attempt.passed ? 1 : 0,
      answers: attempt.answers,
      choice_orders: attempt.choiceOrders,
      question_ids: attempt.questionIds,
      created_at: attempt.createdAt,
    })
    .execute();
  changed('review_attempts', key.user_id);
}

/** A learner's module tests taken, of one module or of all. */
export async function moduleTestRows(db: Db, userId: number, moduleSlug?: string) {
  let query = db.selectFrom('module_test_attempts').select(['module_slug', 'kind', 'score', 'answers', 'created_at']).where('user_id', '=', userId);
  if (moduleSlug) query = query.where('module_slug', '=', moduleSlug);
  return query.execute();
}

/** Keeps a module test's score; two tabs submitting at once: the first score stays (answers false for the second). */
export async function insertModuleTestAttempt(
  db: Db,
  attempt: { userId: number; moduleSlug: string; kind: string; score: number; correctCount: number; questionCount: number; answers: string; createdAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('module_test_attempts')
    .values({
      user_id: attempt.userId,
      module_slug: attempt.moduleSlug,
      kind: attempt.kind,
      score: attempt.score,
      correct_count: attempt.correctCount,
      question_count: attempt.questionCount,
      answers: attempt.answers,
      created_at: attempt.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'module_slug', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

// ---------------------------------------------------------------- completions and time

/** The key of a learner's row about one section, in section_completions and in time_spent. */
export interface SectionRowKey {
  user_id: number;
  module_slug: string;
  material_slug: string;
  section_slug: string;
}

const SECTION_ROW_KEY = ['user_id', 'module_slug', 'material_slug', 'section_slug'] as const;

/** Marks a section complete; the first completion stays: answers the one that is stored. */
export async function completeSection(db: Db, key: SectionRowKey, now: number): Promise<number> {
  await db
    .insertInto('section_completions')
    .values({ ...key, completed_at: now })
    .onConflict((oc) => oc.columns(SECTION_ROW_KEY).doNothing())
    .execute();
  changed('section_completions', key.user_id);
  const row = await db.selectFrom('section_completions').select('completed_at').where((eb) => eb.and(key)).executeTakeFirstOrThrow();
  return Number(row.completed_at);
}

/** Adds time spent in a section; answers the sum as stored, with every other report added. */
export async function addTime(db: Db, key: SectionRowKey, seconds: number, now: number): Promise<number> {
  await db
    .insertInto('time_spent')
    .values({ ...key, seconds, first_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(SECTION_ROW_KEY).doUpdateSet((eb) => ({
        seconds: eb('time_spent.seconds', '+', seconds),
        updated_at: now,
      })),
    )
    .execute();
  changed('time_spent', key.user_id);
  const row = await db.selectFrom('time_spent').select('seconds').where((eb) => eb.and(key)).executeTakeFirstOrThrow();
  return row.seconds;
}

// ---------------------------------------------------------------- bookmarks

const bookmarkOf = hotQuery(3, (db: Db, userId: number, kind: string, target: string) =>
  db.selectFrom('bookmarks').select('id').where('user_id', '=', userId).where('kind', '=', kind).where('target', '=', target),
);

/** Kept until the learner's bookmarks change (db/readCache.ts); keyed "user\nkind\ntarget". */
const bookmarkCache = readCache<string, boolean>((key) => [['bookmarks', key.slice(0, key.indexOf('\n'))]]);

export async function isBookmarked(db: Db, userId: number, kind: string, target: string): Promise<boolean> {
  return bookmarkCache.read(db, `${userId}\n${kind}\n${target}`, async () => (await bookmarkOf.first(db, userId, kind, target)) !== undefined);
}

/** A learner's bookmarks, newest first. */
export function bookmarksOf(db: Db, userId: number) {
  return db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Adds a bookmark (a second one of the same target is the first) and answers the stored row. */
export async function addBookmark(db: Db, userId: number, kind: string, target: string, now: number) {
  await db
    .insertInto('bookmarks')
    .values({ user_id: userId, kind, target, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'target']).doNothing())
    .execute();
  changed('bookmarks', userId);
  return db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('target', '=', target).executeTakeFirstOrThrow();
}

/** Deletes the learner's bookmark `id`; answers whether there was one. */
export async function deleteBookmark(db: Db, id: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('bookmarks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  removed('bookmarks', userId);
  return Number(result.numDeletedRows) !== 0;
}

// ---------------------------------------------------------------- certificates

export function certificateOf(db: Db, userId: number, moduleSlug: string) {
  return db.selectFrom('certificates').selectAll().where('user_id', '=', userId).where('module_slug', '=', moduleSlug).executeTakeFirst();
}

/** Issues a certificate; a race keeps the first one. */
export async function insertCertificate(
  db: Db,
  c: { userId: number; moduleSlug: string; moduleTitle: string; code: string; completedAt: number; issuedAt: number },
): Promise<void> {
  await db
    .insertInto('certificates')
    .values({ user_id: c.userId, module_slug: c.moduleSlug, module_title: c.moduleTitle, code: c.code, completed_at: c.completedAt, issued_at: c.issuedAt })
    .onConflict((oc) => oc.columns(['user_id', 'module_slug']).doNothing())
    .execute();
}

/** What the public verification shows of a certificate, by its code. */
export function certificateByCode(db: Db, code: string) {
  return db
    .selectFrom('certificates')
    .innerJoin('users', 'users.id', 'certificates.user_id')
    .select(['users.first_name', 'users.last_name', 'users.timezone', 'certificates.module_title', 'certificates.completed_at'])
    .where('certificates.code', '=', code)
    .executeTakeFirst();
}
