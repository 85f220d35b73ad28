/**
 * Recurring characters keep one story (content/characters.yaml): wherever a paragraph names the
 * character and says one of their facts the way `said` describes it, the number it states must be
 * the fact's. `npm run content:check` fails on a paragraph that disagrees and a test holds the course
 * to it. The rules are a person's reading of how the content states each fact, not a parser of
 * English: a fact said some other way is not checked, and a rule nothing matches is reported so
 * it can be fixed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogModule } from './catalog';
import { ContentError, parseYamlLenient } from './frontMatter';
import type { KbTopic } from './knowledgeBase';

export const CHARACTERS_FILE = 'characters.yaml';

export interface Character {
  name: string;
  facts: Map<string, number | string>;
  /** fact name → patterns, each with one capture group: the number the sentence states */
  said: Map<string, RegExp[]>;
}

/** A piece of content to check, named for the report ("catalog/…/review.md question 3"). */
export interface ContentText {
  where: string;
  text: string;
}

export interface Disagreement {
  where: string;
  character: string;
  fact: string;
  expected: number;
  stated: number;
  /** the words that state it */
  text: string;
}

export interface CharacterReport {
  disagreements: Disagreement[];
  /** "Ravi: yearly wages: <pattern>" for each pattern nothing matched */
  unused: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses the file's text; throws ContentError naming the file on a malformed rule. */
export function parseCharacters(text: string, file = CHARACTERS_FILE): Character[] {
  let data: unknown;
  try {
    data = parseYamlLenient(text);
  } catch (error) {
    throw new ContentError(file, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return [];
  if (!isRecord(data)) throw new ContentError(file, 'must map each character\'s name to their facts');
  return Object.entries(data).map(([name, raw]) => {
    if (!isRecord(raw)) throw new ContentError(file, `${name}: must be a map of facts`);
    const { said = {}, where: _where, ...rest } = raw;
    const facts = new Map<string, number | string>();
    for (const [fact, value] of Object.entries(rest)) {
      if (typeof value !== 'number' && typeof value !== 'string') throw new ContentError(file, `${name}: ${fact} must be a number or a short text`);
      facts.set(fact, value);
    }
    if (!isRecord(said)) throw new ContentError(file, `${name}: said must map fact names to lists of patterns`);
    const patterns = new Map<string, RegExp[]>();
    for (const [fact, list] of Object.entries(said)) {
      if (typeof facts.get(fact) !== 'number') throw new ContentError(file, `${name}: said names "${fact}", which is not a number among the facts`);
      if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) throw new ContentError(file, `${name}: said.${fact} must be a list of patterns`);
      patterns.set(
        fact,
        list.map((p: string) => {
          let re: RegExp;
          try {
            re = new RegExp(p, 'g');
          } catch (error) {
            throw new ContentError(file, `${name}: said.${fact}: ${(error as Error).message}`);
          }
          if (new RegExp(`${p}|`).exec('')!.length !== 2) throw new ContentError(file, `${name}: said.${fact}: "${p}" must have exactly one capture group (the number)`);
          return re;
        }),
      );
    }
    return { name, facts, said: patterns };
  });
}

export function readCharacters(contentDir: string): Character[] {
  let text: string;
  try {
    text = readFileSync(path.join(contentDir, CHARACTERS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ContentError(CHARACTERS_FILE, `cannot be read: ${(error as Error).message}`);
  }
  return parseCharacters(text);
}

/**
 * Paragraphs, split at blank lines: a worked example names the character once and goes on with "his",
 * so the paragraph, not the sentence, is what names them.
 */
export const paragraphsOf = (text: string): string[] => text.split(/\n\s*\n/).filter((p) => p.trim() !== '');

const numberOf = (written: string): number => Number(written.replaceAll(',', '').replace(/\.$/, ''));

export function checkCharacters(characters: readonly Character[], texts: readonly ContentText[]): CharacterReport {
  const disagreements: Disagreement[] = [];
  const matched = new Set<RegExp>();
  for (const character of characters) {
    const names = new RegExp(`\\b${character.name}\\b`);
    for (const { where, text } of texts)
      for (const paragraph of paragraphsOf(text)) {
        if (!names.test(paragraph)) continue;
        for (const [fact, patterns] of character.said) {
          const expected = character.facts.get(fact) as number;
          for (const pattern of patterns)
            for (const match of paragraph.matchAll(pattern)) {
              matched.add(pattern);
              const stated = numberOf(match[1] ?? '');
              if (stated !== expected) disagreements.push({ where, character: character.name, fact, expected, stated, text: match[0] });
            }
        }
      }
  }
  const unused = characters.flatMap((c) => [...c.said].flatMap(([fact, patterns]) => patterns.filter((p) => !matched.has(p)).map((p) => `${c.name}: ${fact}: ${p.source}`)));
  return { disagreements, unused };
}

/** Every text of the catalog and the knowledge base a character can appear in, named for the report. */
export function contentTexts(modules: readonly CatalogModule[], topics: readonly KbTopic[]): ContentText[] {
  const texts: ContentText[] = [];
  for (const m of modules)
    for (const mat of m.materials) {
      const folder = `catalog/${m.slug}/${mat.slug}`;
      texts.push({ where: `${folder}/material.md`, text: mat.body });
      for (const s of mat.sections) texts.push({ where: `${folder}/${s.slug}.md`, text: s.body });
      mat.review.questions.forEach((q, i) =>
        texts.push({ where: `${folder}/review.md question ${i + 1}`, text: [q.prompt, ...(q.choices ?? []), q.explanation].join('\n') }),
      );
    }
  for (const t of topics) for (const a of t.articles) texts.push({ where: `knowledge-base/${t.slug}/${a.slug}.md`, text: a.body });
  return texts;
}
