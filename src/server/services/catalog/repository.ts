/**
 * The catalog's one repository: a school's catalog tree (without the correct answers) and one
 * learner's progress, read in a handful of queries and joined in memory (a catalog is small:
 * tens of sections). Every learner query filters by user_id.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hotQuery } from '../../db/hotQuery';
import { readCache } from '../../db/readCache';

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
  attempts: Map<string, { best: number; count: number; firstAt: number; firstPassedAt: number | null }>;
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
const progressCache = readCache<number, LearnerProgress>(['section_completions', 'review_attempts', 'time_spent'], PROGRESS_CACHE_ENTRIES);

/** A learner's progress, kept until one of its tables changes (db/readCache.ts). Callers must not change it. */
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
      const prev = progress.attempts.get(key) ?? { best: 0, count: 0, firstAt: at, firstPassedAt: null };
      progress.attempts.set(key, {
        best: Math.max(prev.best, score),
        count: prev.count + 1,
        firstAt: prev.firstAt,
        firstPassedAt: prev.firstPassedAt ?? (Number(row.c) ? at : null),
      });
    } else {
      progress.time.set(sectionKey(row.module_slug, row.material_slug, row.section_slug), { seconds: Number(row.b), firstAt: Number(row.a), updatedAt: Number(row.c) });
    }
  }
  return progress;
}
