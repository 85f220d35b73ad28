/**
 * content/knowledge-base/synonyms.yaml: the field's spellings and words for the same thing, so a
 * search for one finds the others (W-4 / W4, 401(k) / 401k, FICO / credit score). Content, not
 * code: writers add a group when an article needs one (docs/content-format.md).
 *
 *   - [W-4, W4, withholding form]
 *   - [APR, annual percentage rate]
 *
 * A list of groups; a group lists 2 or more spellings; a spelling is 1 to SYNONYM_MAX_WORDS words
 * (letters and digits; the punctuation between them is free) and belongs to one group only. The
 * file is optional. A problem stops the import with the file, the group and the spelling named.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { KB_SEARCH, isStopWord, searchWords } from '../../common/knowledgeBase';
import { ContentError } from './frontMatter';

export const SYNONYMS_FILE = 'knowledge-base/synonyms.yaml';
export const SYNONYM_MAX_WORDS = 4;
export const SYNONYM_MAX_CHARS = 60;

/** One group: the spellings as the file writes them. */
export type SynonymGroup = string[];

/** The words a query must hold, in order, for a spelling to match (common words dropped, as in a query). */
export function synonymKey(spelling: string): string {
  return searchWords(spelling)
    .filter((word) => !isStopWord(word))
    .map((word) => word.slice(0, KB_SEARCH.maxTermChars))
    .join(' ');
}

/** Validates the parsed file; throws ContentError naming the group and spelling. */
export function validateSynonyms(data: unknown, file: string = SYNONYMS_FILE): SynonymGroup[] {
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new ContentError(file, 'must be a list of groups, each a list of spellings: - [W-4, W4]');
  const owner = new Map<string, { group: number; spelling: string }>();
  return data.map((group: unknown, g): SynonymGroup => {
    const where = `group ${g + 1}`;
    if (!Array.isArray(group)) throw new ContentError(file, `${where} must be a list of spellings, such as [W-4, W4]`);
    if (group.length < 2) throw new ContentError(file, `${where} must list at least 2 spellings`);
    return group.map((entry: unknown, e) => {
      if (typeof entry !== 'string' && typeof entry !== 'number') throw new ContentError(file, `${where}, spelling ${e + 1} must be text`);
      const spelling = String(entry).trim();
      const words = searchWords(spelling);
      if (spelling === '' || words.length === 0) throw new ContentError(file, `${where}, spelling ${e + 1} ("${spelling}") has no letters or digits`);
      if (spelling.length > SYNONYM_MAX_CHARS) throw new ContentError(file, `${where}: "${spelling}" is longer than ${SYNONYM_MAX_CHARS} characters`);
      if (words.length > SYNONYM_MAX_WORDS) throw new ContentError(file, `${where}: "${spelling}" has ${words.length} words; a spelling has at most ${SYNONYM_MAX_WORDS}`);
      const key = synonymKey(spelling);
      if (key === '') throw new ContentError(file, `${where}: "${spelling}" has only common words (such as "the" or "and"), which search ignores`);
      const earlier = owner.get(key);
      if (earlier && earlier.group !== g) {
        throw new ContentError(file, `${where}: "${spelling}" is also in group ${earlier.group + 1} (as "${earlier.spelling}"); a spelling belongs to one group`);
      }
      owner.set(key, { group: g, spelling });
      return spelling;
    });
  });
}

/** Reads `<contentDir>/knowledge-base/synonyms.yaml`; no file → no synonyms. */
export function readSynonyms(contentDir: string, file: string = SYNONYMS_FILE): SynonymGroup[] {
  const abs = path.join(contentDir, file);
  if (!existsSync(abs)) return [];
  let data: unknown;
  try {
    data = parseYaml(readFileSync(abs, 'utf8'), { uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    throw new ContentError(file, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return validateSynonyms(data, file);
}
