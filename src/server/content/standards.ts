/**
 * The National Standards for Personal Financial Education (content/standards.yaml): six topics and
 * their grade-12 benchmarks (ids like EI.12.1). Sections name the benchmarks they teach; the import
 * refuses an id this file does not list. `knownGaps` names benchmarks no section teaches yet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, parseYamlLenient } from './frontMatter';

export const STANDARDS_FILE = 'standards.yaml';

export interface Benchmark {
  id: string;
  text: string;
}
export interface StandardsTopic {
  id: string;
  title: string;
  benchmarks: Benchmark[];
}
export interface Standards {
  publication: string;
  wordingChecked: boolean;
  topics: StandardsTopic[];
  knownGaps: string[];
  /** every benchmark id, for the import's check */
  ids: ReadonlySet<string>;
}

const TOPIC_ID = /^[A-Z]{2}$/;
const BENCHMARK_ID = /^([A-Z]{2})\.12\.(\d+)$/;

const fail = (problem: string): never => {
  throw new ContentError(STANDARDS_FILE, problem);
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, what: string): string => (typeof value === 'string' && value.trim() !== '' ? value : fail(`${what} must be text`));

export function parseStandards(source: string): Standards {
  let data: unknown;
  try {
    data = parseYamlLenient(source);
  } catch (error) {
    return fail(`is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isRecord(data)) return fail('must hold publication, wordingChecked, topics and knownGaps');
  const extra = Object.keys(data).filter((key) => !['publication', 'wordingChecked', 'topics', 'knownGaps'].includes(key));
  if (extra.length > 0) fail(`unknown field ${extra.join(', ')} (allowed: publication, wordingChecked, topics, knownGaps)`);
  const publication = text(data.publication, 'publication');
  if (typeof data.wordingChecked !== 'boolean') fail('wordingChecked must be true or false');
  if (!Array.isArray(data.topics) || data.topics.length === 0) fail('topics must be a list');
  const ids = new Set<string>();
  const topics = (data.topics as unknown[]).map((raw, index): StandardsTopic => {
    if (!isRecord(raw)) return fail(`topic ${index + 1} must be a set of id, title and benchmarks`);
    const id = text(raw.id, `topic ${index + 1}: id`);
    if (!TOPIC_ID.test(id)) fail(`topic id "${id}" must be two capital letters, like EI`);
    const title = text(raw.title, `topic ${id}: title`);
    if (!isRecord(raw.benchmarks) || Object.keys(raw.benchmarks).length === 0) fail(`topic ${id}: benchmarks must be a set of "<id>: <statement>" lines`);
    const benchmarks = Object.entries(raw.benchmarks as Record<string, unknown>).map(([benchmarkId, statement]): Benchmark => {
      const match = BENCHMARK_ID.exec(benchmarkId);
      if (!match || match[1] !== id) fail(`benchmark id "${benchmarkId}" must be ${id}.12.<number>`);
      if (ids.has(benchmarkId)) fail(`benchmark id "${benchmarkId}" is listed twice`);
      ids.add(benchmarkId);
      return { id: benchmarkId, text: text(statement, `benchmark ${benchmarkId}`) };
    });
    return { id, title, benchmarks };
  });
  const knownGaps = data.knownGaps ?? [];
  if (!Array.isArray(knownGaps) || knownGaps.some((gap) => typeof gap !== 'string')) fail('knownGaps must be a list of benchmark ids');
  for (const gap of knownGaps as string[]) if (!ids.has(gap)) fail(`knownGaps lists "${gap}", which is not a benchmark`);
  return { publication, wordingChecked: data.wordingChecked as boolean, topics, knownGaps: knownGaps as string[], ids };
}

/** Reads `<contentDir>/standards.yaml`; content without one knows no standards (a section naming one is refused). */
export function readStandards(contentDir: string): Standards | null {
  let source: string;
  try {
    source = readFileSync(path.join(contentDir, STANDARDS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return fail(`cannot be read: ${(error as Error).message}`);
  }
  return parseStandards(source);
}

/** Benchmark id → the sections (by "<module>/<material>/<section>") that name it. */
export function coverage(standards: Standards, sections: readonly { key: string; standards: readonly string[] }[]): Map<string, string[]> {
  const map = new Map<string, string[]>([...standards.ids].map((id) => [id, []]));
  for (const section of sections) for (const id of section.standards) map.get(id)?.push(section.key);
  return map;
}
