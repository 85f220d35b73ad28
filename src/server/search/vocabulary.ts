/**
 * What the search knows beside the full-text index, the same for both engines: the words of the
 * imported articles (kb_terms, with how many articles hold each) and the synonyms of
 * content/knowledge-base/synonyms.yaml (kb_synonyms). With them a query's words become groups of
 * alternatives the engines OR together (queries.ts):
 * - a word or phrase that is a spelling in a synonyms group → every spelling of the group;
 * - a word no article holds (nor begins with, for the word being typed) → also its closest words
 *   in the articles, one typo away for a short word and up to two for a longer one
 *   (optimal-string-alignment distance: a swap of two letters is one typo).
 *
 * The import rewrites both tables and a generation stamp (server_settings) in its transaction; a
 * search reads the stamp (one primary-key read) and loads the tables again only when it moved, so
 * an import by another process or instance is seen at its next search.
 */
import { randomUUID } from 'node:crypto';
import { KB_SEARCH, isStopWord, searchWords, type SearchTerms } from '../../common/knowledgeBase';
import type { Db } from '../db';
import type { SynonymGroup } from '../content/kbSynonyms';
import { synonymKey } from '../content/kbSynonyms';

const GENERATION = 'kb_search_generation';

/** One way to match a query position: a word or a phrase (words in a row), the last word maybe a prefix. */
export interface Alternative {
  words: string[];
  prefix: boolean;
}

/** A query position: an article must match one of its alternatives. */
export type QueryGroup = Alternative[];

export interface Vocabulary {
  /** word → number of articles holding it */
  terms: Map<string, number>;
  /** the words sorted, for "does any word begin with …" */
  sorted: string[];
  /** words of letters only by length, the candidates for a correction */
  byLength: Map<number, string[]>;
  /** synonym key (words of a spelling, common words dropped) → the group's spellings as words */
  synonyms: Map<string, string[][]>;
  /** the longest synonym key, in words */
  longestKey: number;
  /** a word without its accents → the article words written with them ("credito" → ["crédito"]) */
  accented: Map<string, string[]>;
}

/** A word without accents or other marks: "crédito" → "credito", "año" → "ano" (same length). */
export const withoutAccents = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** Counts every word (not a common one) of the articles' texts: in how many articles it is. */
export function countTerms(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(searchWords(text))) {
      if (word.length > KB_SEARCH.maxTermChars || isStopWord(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Rewrites a language's vocabulary (inside the import's transaction) and moves the generation:
 * English in kb_terms and kb_synonyms (0014), another language in kb_language_terms and
 * kb_language_synonyms (0035).
 */
export async function writeVocabulary(trx: Db, texts: readonly string[], synonyms: readonly SynonymGroup[], language: string = 'en'): Promise<void> {
  const rows = [...countTerms(texts)].map(([term, articles]) => ({ term, articles }));
  const synonymRows = synonyms.flatMap((group, g) => group.map((phrase, position) => ({ group_no: g + 1, position, phrase })));
  // a few hundred rows a statement: under both engines' limits on bound parameters
  if (language === 'en') {
    await trx.deleteFrom('kb_terms').execute();
    await trx.deleteFrom('kb_synonyms').execute();
    for (let i = 0; i < rows.length; i += 400) await trx.insertInto('kb_terms').values(rows.slice(i, i + 400)).execute();
    for (let i = 0; i < synonymRows.length; i += 300) await trx.insertInto('kb_synonyms').values(synonymRows.slice(i, i + 300)).execute();
  } else {
    await trx.deleteFrom('kb_language_terms').where('language', '=', language).execute();
    await trx.deleteFrom('kb_language_synonyms').where('language', '=', language).execute();
    for (let i = 0; i < rows.length; i += 300) await trx.insertInto('kb_language_terms').values(rows.slice(i, i + 300).map((r) => ({ language, ...r }))).execute();
    for (let i = 0; i < synonymRows.length; i += 200) await trx.insertInto('kb_language_synonyms').values(synonymRows.slice(i, i + 200).map((r) => ({ language, ...r }))).execute();
  }
  await trx
    .insertInto('server_settings')
    .values({ name: GENERATION, value: randomUUID() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
}

export function buildVocabulary(terms: Iterable<readonly [string, number]>, groups: readonly (readonly string[])[]): Vocabulary {
  const map = new Map(terms);
  const sorted = [...map.keys()].sort();
  const byLength = new Map<number, string[]>();
  for (const word of sorted) {
    if (!/^\p{L}+$/u.test(word)) continue;
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  const accented = new Map<string, string[]>();
  for (const word of sorted) {
    const plain = withoutAccents(word);
    if (plain !== word) accented.set(plain, [...(accented.get(plain) ?? []), word]);
  }
  const synonyms = new Map<string, string[][]>();
  let longestKey = 0;
  for (const group of groups) {
    const spellings = group.map((spelling) => searchWords(spelling)).filter((words) => words.length > 0);
    for (const spelling of group) {
      const key = synonymKey(spelling);
      if (key === '') continue;
      synonyms.set(key, spellings);
      // typed without its accents, a spelling still names its group
      if (!synonyms.has(withoutAccents(key))) synonyms.set(withoutAccents(key), spellings);
      longestKey = Math.max(longestKey, key.split(' ').length);
    }
  }
  return { terms: map, sorted, byLength, synonyms, longestKey, accented };
}

// one entry per database generation seen lately (tests open many databases; a server one or two)
const loaded = new Map<string, Vocabulary>();
const KEPT_GENERATIONS = 8;

/** A language's words and synonym groups as the import wrote them. */
async function readVocabularyRows(db: Db, language: string) {
  if (language === 'en') {
    return Promise.all([
      db.selectFrom('kb_terms').select(['term', 'articles']).execute(),
      db.selectFrom('kb_synonyms').select(['group_no', 'phrase']).orderBy('group_no').orderBy('position').execute(),
    ]);
  }
  return Promise.all([
    db.selectFrom('kb_language_terms').select(['term', 'articles']).where('language', '=', language).execute(),
    db.selectFrom('kb_language_synonyms').select(['group_no', 'phrase']).where('language', '=', language).orderBy('group_no').orderBy('position').execute(),
  ]);
}

/** A language's vocabulary of the last import, from memory unless an import moved the generation since. */
export async function loadVocabulary(db: Db, language: string = 'en'): Promise<Vocabulary> {
  const stamp = await db.selectFrom('server_settings').select('value').where('name', '=', GENERATION).executeTakeFirst();
  const generation = stamp === undefined ? undefined : `${stamp.value}:${language}`;
  const kept = generation === undefined ? undefined : loaded.get(generation);
  if (kept) return kept;
  const [terms, synonymRows] = await readVocabularyRows(db, language);
  const groups = new Map<number, string[]>();
  for (const row of synonymRows) groups.set(row.group_no, [...(groups.get(row.group_no) ?? []), row.phrase]);
  const vocabulary = buildVocabulary(
    terms.map((row) => [row.term, Number(row.articles)] as const),
    [...groups.values()],
  );
  if (generation !== undefined) {
    if (loaded.size >= KEPT_GENERATIONS) loaded.delete(loaded.keys().next().value as string);
    loaded.set(generation, vocabulary);
  }
  return vocabulary;
}

/**
 * Optimal-string-alignment distance between a and b, or max + 1 as soon as it must exceed max
 * (the rows' minimum passed it). Hand-written: the Levenshtein packages in the tree count a swap of
 * two letters ("recieve") as two typos and cannot stop early.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** Typos forgiven in a word of this length (0: too short to correct safely). */
export function typosAllowed(word: string): number {
  if (word.length < KB_SEARCH.correctMinChars || !/^\p{L}+$/u.test(word)) return 0;
  return word.length <= KB_SEARCH.oneTypoMaxChars ? 1 : 2;
}

/** The article words closest to `word` (fewest typos, then in most articles), at most `limit`. */
export function corrections(vocabulary: Vocabulary, word: string, limit: number = KB_SEARCH.correctionsPerWord): string[] {
  const max = typosAllowed(word);
  if (max === 0) return [];
  const found: { word: string; distance: number; articles: number }[] = [];
  for (let length = word.length - max; length <= word.length + max; length += 1) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      // an accent left out is no typo: Spanish is typed without them as often as with them
      const distance = typoDistance(withoutAccents(word), withoutAccents(candidate), max);
      if (distance <= max) found.push({ word: candidate, distance, articles: vocabulary.terms.get(candidate) ?? 0 });
    }
  }
  if (found.length === 0) return [];
  const best = Math.min(...found.map((f) => f.distance));
  return found
    .filter((f) => f.distance === best)
    .sort((x, y) => y.articles - x.articles || x.word.localeCompare(y.word))
    .slice(0, limit)
    .map((f) => f.word);
}

/** True when an article holds `word`, or (being typed) a word that begins with it. */
function known(vocabulary: Vocabulary, word: string, prefix: boolean): boolean {
  if (vocabulary.terms.has(word)) return true;
  if (!prefix) return false;
  let lo = 0;
  let hi = vocabulary.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocabulary.sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary.sorted[lo]?.startsWith(word) ?? false;
}

function addUnique(group: QueryGroup, alternative: Alternative): void {
  const same = (a: Alternative) => a.prefix === alternative.prefix && a.words.join(' ') === alternative.words.join(' ');
  if (!group.some(same)) group.push(alternative);
}

export interface ExpandedQuery {
  groups: QueryGroup[];
  /** typed word → the correction offered for it ("Did you mean …") */
  corrected: Map<string, string>;
}

/** The query's words → groups of alternatives (synonyms, corrections), left to right. */
export function expandQuery(vocabulary: Vocabulary, { terms, prefixLast }: SearchTerms): ExpandedQuery {
  const groups: QueryGroup[] = [];
  const corrected = new Map<string, string>();
  let i = 0;
  while (i < terms.length) {
    // the longest run of words from here that is a synonym spelling
    let matched = 0;
    for (let n = Math.min(vocabulary.longestKey, terms.length - i); n >= 1 && matched === 0; n -= 1) {
      const run = terms.slice(i, i + n).join(' ');
      const spellings = vocabulary.synonyms.get(run) ?? vocabulary.synonyms.get(withoutAccents(run));
      if (spellings) {
        const group: QueryGroup = [];
        for (const words of spellings) addUnique(group, { words, prefix: false });
        groups.push(group);
        matched = n;
      }
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    const term = terms[i]!;
    const prefix = prefixLast && i === terms.length - 1;
    const group: QueryGroup = [{ words: [term], prefix }];
    const accented = known(vocabulary, term, prefix) ? [] : (vocabulary.accented.get(withoutAccents(term)) ?? []);
    for (const word of accented) {
      addUnique(group, { words: [word], prefix: false });
      for (const words of vocabulary.synonyms.get(word) ?? []) addUnique(group, { words, prefix: false });
    }
    if (accented.length === 0 && !known(vocabulary, term, prefix)) {
      const near = corrections(vocabulary, term);
      if (near.length > 0) corrected.set(term, near[0]!);
      for (const word of near) {
        addUnique(group, { words: [word], prefix: false });
        for (const words of vocabulary.synonyms.get(word) ?? []) addUnique(group, { words, prefix: false });
      }
    }
    groups.push(group);
    i += 1;
  }
  return { groups, corrected };
}

/** The typed query with each corrected word replaced (a capital first letter kept), or null. */
export function didYouMean(query: string, corrected: ReadonlyMap<string, string>): string | null {
  if (corrected.size === 0) return null;
  const text = query.normalize('NFKC').replace(/[\p{L}\p{N}]+/gu, (word) => {
    const fix = corrected.get(word.toLowerCase());
    if (fix === undefined) return word;
    return /^\p{Lu}/u.test(word) ? fix.charAt(0).toUpperCase() + fix.slice(1) : fix;
  });
  return text.trim().replace(/\s+/g, ' ');
}
