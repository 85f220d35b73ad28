/**
 * Imports the catalog into the database: read + validate everything first (a bad file stops the
 * import with a ContentError naming it), then replace the content rows in ONE transaction, so
 * nothing is ever half-imported. A content version (a SHA-256 of every file under catalog/) is
 * stored; `importContentIfChanged` skips the work when the stored hash matches.
 * Learner data (progress, bookmarks, certificates) refers to slugs and survives a re-import.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GlossaryEntry } from '../../common/knowledgeBase';
import type { Db } from '../db';
import { changed, removed } from '../db/changes';
import { readCatalog, storedGuideOf, type CatalogModule } from './catalog';
import { FIGURES_FILE } from './figures';
import { STANDARDS_FILE } from './standards';
import { readSynonyms } from './kbSynonyms';
import { hasKnowledgeBase, hashKnowledgeBase, readKnowledgeBase, writeKnowledgeBase, type KbCounts } from './knowledgeBase';
import { buildGlossary } from './glossary';
import { RENDERER_VERSION, renderMarkdown } from './markdown';
import { writeTranslations } from './importTranslation';
import { hashTranslations, readTranslations } from './translation';

export interface ImportResult {
  imported: boolean;
  hash: string;
  modules: number;
  materials: number;
  sections: number;
  questions: number;
  /** the knowledge base, imported in the same transaction */
  knowledgeBase?: KbCounts;
}

/** SHA-256 over every file's relative path and bytes under `<dir>/catalog` (sorted, so stable). */
export function hashContent(contentDir: string): string {
  const hash = createHash('sha256');
  const root = path.join(contentDir, 'catalog');
  const walk = (rel: string): void => {
    const abs = path.join(root, rel);
    for (const name of readdirSync(abs).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      const childAbs = path.join(abs, name);
      if (statSync(childAbs).isDirectory()) walk(childRel);
      else {
        hash.update(`${childRel}\0`);
        hash.update(readFileSync(childAbs));
        hash.update('\0');
      }
    }
  };
  try {
    walk('');
  } catch {
    // a missing folder hashes as empty; readCatalog reports it properly
  }
  hashKnowledgeBase(hash, contentDir);
  hashTranslations((chunk) => hash.update(chunk), contentDir);
  hash.update(`renderer:${RENDERER_VERSION}\0`);
  // what the import keeps for teacher guides (content_modules.guide, 0032): content imported before
  // it is imported again once, so its guides have their standards
  hash.update('teacher-guides:1\0');
  // the ledgers the files refer to: a new figure value changes what the sections say
  for (const name of [FIGURES_FILE, STANDARDS_FILE]) {
    try {
      const bytes = readFileSync(path.join(contentDir, name));
      hash.update(`${name}\0`);
      hash.update(bytes);
      hash.update('\0');
    } catch {
      // optional files: content without them hashes as before
    }
  }
  return hash.digest('hex');
}

export async function currentContentHash(db: Db): Promise<string | null> {
  const row = await db.selectFrom('content_versions').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.hash ?? null;
}

async function writeCatalog(
  db: Db,
  modules: CatalogModule[],
  hash: string,
  now: number,
  glossary: readonly GlossaryEntry[],
  alsoInTransaction?: (trx: Db) => Promise<unknown>,
): Promise<Omit<ImportResult, 'imported' | 'hash'>> {
  const counts = { modules: modules.length, materials: 0, sections: 0, questions: 0 };
  await db.transaction().execute(async (trx) => {
    // children first: PostgreSQL cascades, SQLite only with foreign keys on — do it explicitly
    await trx.deleteFrom('content_questions').execute();
    await trx.deleteFrom('content_reviews').execute();
    await trx.deleteFrom('content_sections').execute();
    removed('content_sections');
    await trx.deleteFrom('content_materials').execute();
    removed('content_materials');
    await trx.deleteFrom('content_modules').execute();
    removed('content_modules');
    for (const m of modules) {
      const { id: moduleId } = await trx
        .insertInto('content_modules')
        .values({
          slug: m.slug,
          title: m.title,
          position: m.order,
          summary: m.summary,
          objectives: JSON.stringify(m.objectives),
          estimated_minutes: m.estimatedMinutes,
          overview_html: renderMarkdown(m.body),
          guide: JSON.stringify(storedGuideOf(m)),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const mat of m.materials) {
        counts.materials += 1;
        const { id: materialId } = await trx
          .insertInto('content_materials')
          .values({ module_id: moduleId, slug: mat.slug, title: mat.title, position: mat.order, summary: mat.summary, intro_html: renderMarkdown(mat.body) })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const s of mat.sections) {
          counts.sections += 1;
          await trx
            .insertInto('content_sections')
            .values({
              material_id: materialId,
              slug: s.slug,
              title: s.title,
              position: s.order,
              estimated_minutes: s.estimatedMinutes,
              kb_articles: JSON.stringify(s.kbArticles),
              body_html: renderMarkdown(s.body, { glossary }),
            })
            .execute();
          changed('content_sections');
        }
        const { id: reviewId } = await trx
          .insertInto('content_reviews')
          .values({ material_id: materialId, title: mat.review.title, passing_score: mat.review.passingScore, draw_count: mat.review.draw })
          .returning('id')
          .executeTakeFirstOrThrow();
        counts.questions += mat.review.questions.length;
        await trx
          .insertInto('content_questions')
          .values(
            mat.review.questions.map((q, index) => ({
              review_id: reviewId,
              position: index + 1,
              type: q.type,
              prompt: q.prompt,
              choices: q.choices ? JSON.stringify(q.choices) : null,
              // a numeric answer keeps its tolerance with it: the one place the server judges from
              answer: JSON.stringify(q.type === 'numeric' ? { value: q.answer, tolerance: q.tolerance ?? 0 } : q.answer),
              explanation: q.explanation,
              unit: q.unit ?? null,
              section_slug: q.section,
            })),
          )
          .execute();
      }
    }
    await alsoInTransaction?.(trx);
    await trx.insertInto('content_versions').values({ hash, imported_at: now, module_count: modules.length }).execute();
    changed('content_versions');
  });
  return counts;
}

/**
 * The operator's import (CLI calls this): validates `<dir>/catalog` and replaces the
 * imported catalog in one transaction. Throws ContentError on a bad file (nothing is written).
 */
export async function importContent(db: Db, dir: string, now: number = Date.now()): Promise<ImportResult> {
  const hash = hashContent(dir);
  const modules = readCatalog(dir);
  const kb = hasKnowledgeBase(dir) ? readKnowledgeBase(dir) : [];
  const synonyms = hasKnowledgeBase(dir) ? readSynonyms(dir) : [];
  // the twins under content/es/ (optional): read after the English they are compared with
  const translations = readTranslations(dir, { modules, knowledgeBase: kb });
  let knowledgeBase: KbCounts | undefined;
  const { entries: glossary } = buildGlossary(kb);
  const counts = await writeCatalog(db, modules, hash, now, glossary, async (trx) => {
    knowledgeBase = await writeKnowledgeBase(trx, kb, synonyms);
    await writeTranslations(trx, translations, modules, kb);
  });
  return { imported: true, hash, ...counts, knowledgeBase };
}

/** At server start: imports only when the content's hash differs from the last imported one. */
export async function importContentIfChanged(db: Db, dir: string, now: number = Date.now()): Promise<ImportResult> {
  const hash = hashContent(dir);
  if ((await currentContentHash(db)) === hash) {
    return { imported: false, hash, modules: 0, materials: 0, sections: 0, questions: 0 };
  }
  return importContent(db, dir, now);
}

/** A school's catalog: offer every imported module to the given schools (the demo schools offer all). */
export async function offerAllModules(db: Db, lsclientIDs: readonly string[]): Promise<void> {
  if (lsclientIDs.length === 0) return;
  const clients = await db.selectFrom('clients').select('id').where('lsclient_id', 'in', [...lsclientIDs]).execute();
  const modules = await db.selectFrom('content_modules').select('slug').execute();
  for (const client of clients) {
    for (const m of modules) {
      await db
        .insertInto('school_modules')
        .values({ client_id: client.id, module_slug: m.slug })
        .onConflict((oc) => oc.columns(['client_id', 'module_slug']).doNothing())
        .execute();
      changed('school_modules');
    }
  }
}
