/**
 * The catalog's one repository: a school's catalog tree (without the correct answers) and one
 * learner's progress, read in a handful of queries and joined in memory (a catalog is small:
 * tens of sections). Every learner query filters by user_id.
 */
import type { Db } from '../../db';

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
  questionCount: number;
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

/** The module slugs a school offers (its catalog). */
export async function schoolModuleSlugs(db: Db, lsclientID: string | undefined): Promise<string[]> {
  if (!lsclientID) return [];
  const rows = await db
    .selectFrom('school_modules')
    .innerJoin('clients', 'clients.id', 'school_modules.client_id')
    .select('school_modules.module_slug')
    .where((eb) => eb(eb.fn('lower', ['clients.lsclient_id']), '=', lsclientID.toLowerCase()))
    .execute();
  return rows.map((r) => r.module_slug);
}

/**
 * Trees already read, per database and per imported content version (issue #9: the tree was four
 * queries on every catalog read). An import adds a content_versions row in the same transaction as
 * the content, so one look at the newest version id tells whether a cached tree is still the
 * imported one — also when another process (the admin CLI, another instance) imported it.
 * Callers must not change a returned tree.
 */
const treeCache = new WeakMap<Db, { version: number; trees: Map<string, Promise<TreeModule[]>> }>();
const TREE_CACHE_ENTRIES = 100;

/** The imported catalog restricted to `moduleSlugs`, ordered by the content's `order`. */
export async function loadTree(db: Db, moduleSlugs: readonly string[]): Promise<TreeModule[]> {
  if (moduleSlugs.length === 0) return [];
  const latest = await db.selectFrom('content_versions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const version = Number(latest?.id ?? 0);
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
          eb.fn.count<number>('content_questions.id').as('question_count'),
        ])
        .where('content_reviews.material_id', 'in', materialIds)
        .groupBy(['content_reviews.id', 'content_reviews.material_id', 'content_reviews.title', 'content_reviews.passing_score'])
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
          review: review ? { id: review.id, title: review.title, passingScore: review.passing_score, questionCount: Number(review.question_count) } : null,
        };
      }),
  }));
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

export async function loadProgress(db: Db, userId: number): Promise<LearnerProgress> {
  const [completions, attempts, time] = await Promise.all([
    db.selectFrom('section_completions').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('review_attempts').select(['module_slug', 'material_slug', 'score', 'passed', 'created_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('time_spent').selectAll().where('user_id', '=', userId).execute(),
  ]);
  const progress: LearnerProgress = { completions: new Map(), attempts: new Map(), time: new Map() };
  for (const c of completions) progress.completions.set(sectionKey(c.module_slug, c.material_slug, c.section_slug), Number(c.completed_at));
  for (const a of attempts) {
    const key = materialKey(a.module_slug, a.material_slug);
    const at = Number(a.created_at);
    const prev = progress.attempts.get(key) ?? { best: 0, count: 0, firstAt: at, firstPassedAt: null };
    progress.attempts.set(key, {
      best: Math.max(prev.best, a.score),
      count: prev.count + 1,
      firstAt: prev.firstAt,
      firstPassedAt: prev.firstPassedAt ?? (a.passed ? at : null),
    });
  }
  for (const t of time) {
    progress.time.set(sectionKey(t.module_slug, t.material_slug, t.section_slug), { seconds: t.seconds, firstAt: Number(t.first_at), updatedAt: Number(t.updated_at) });
  }
  return progress;
}
