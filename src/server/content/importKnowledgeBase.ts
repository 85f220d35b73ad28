/**
 * Content that has a knowledge base but no catalog folder (a knowledge-base-only deployment, or this
 * branch before the catalog content lands): validate and import the knowledge base alone, in one
 * transaction, recording the content version like `importContent` does. With a catalog folder,
 * `importContent` imports both in one transaction instead.
 */
import type { Db } from '../db';
import { changed } from '../db/changes';
import { currentContentHash, hashContent } from './importContent';
import { readSynonyms } from './kbSynonyms';
import { readKnowledgeBase, writeKnowledgeBase, type KbCounts } from './knowledgeBase';
import { writeTranslations } from './importTranslation';
import { readTranslations } from './translation';

export interface KbImportResult {
  imported: boolean;
  hash: string;
  knowledgeBase: KbCounts;
}

export async function importKnowledgeBase(db: Db, dir: string, now: number = Date.now()): Promise<KbImportResult> {
  const hash = hashContent(dir);
  const topics = readKnowledgeBase(dir);
  const synonyms = readSynonyms(dir);
  const translations = readTranslations(dir, { knowledgeBase: topics });
  const knowledgeBase = await db.transaction().execute(async (trx) => {
    const counts = await writeKnowledgeBase(trx, topics, synonyms);
    await writeTranslations(trx, translations, [], topics);
    await trx.insertInto('content_versions').values({ hash, imported_at: now, module_count: 0 }).execute();
    changed('content_versions');
    return counts;
  });
  return { imported: true, hash, knowledgeBase };
}

export async function importKnowledgeBaseIfChanged(db: Db, dir: string, now: number = Date.now()): Promise<KbImportResult> {
  const hash = hashContent(dir);
  if ((await currentContentHash(db)) === hash) return { imported: false, hash, knowledgeBase: { topics: 0, articles: 0 } };
  return importKnowledgeBase(db, dir, now);
}
