/**
 * Markdown + YAML front matter, generic (the catalog and the knowledge base both use it).
 * A file starts with a line `---`, the YAML, a line `---`, then the Markdown body. The YAML is parsed
 * by `yaml` (YAML 1.2 core schema: no custom tags, no code), duplicate keys are errors.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'ContentError';
  }
}

export interface MarkdownFile {
  /** path relative to the content root, with forward slashes (used in messages) */
  file: string;
  data: Record<string, unknown>;
  body: string;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits and parses; throws ContentError naming `file` on any problem. */
export function parseFrontMatter(text: string, file: string): MarkdownFile {
  const open = OPEN.exec(text);
  if (!open) throw new ContentError(file, 'must start with YAML front matter between "---" lines');
  const rest = text.slice(open[0].length);
  // an empty front matter block: "---\n---"
  const close = rest.startsWith('---') ? { index: -1, length: rest.match(/^---[ \t]*(?:\r?\n|$)/)?.[0].length ?? 3 } : null;
  let yamlText: string;
  let body: string;
  if (close) {
    yamlText = '';
    body = rest.slice(close.length);
  } else {
    const match = CLOSE.exec(rest);
    if (!match) throw new ContentError(file, 'front matter is not closed with a "---" line');
    yamlText = rest.slice(0, match.index);
    body = rest.slice(match.index + match[0].length);
  }
  let data: unknown;
  try {
    data = parseYamlLenient(yamlText);
  } catch (error) {
    throw new ContentError(file, `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ContentError(file, 'front matter must be a set of "key: value" fields');
  }
  return { file, data: data as Record<string, unknown>, body: body.replace(/^\s*\n/, '').trimEnd() };
}

const parse = (text: string): unknown => parseYaml(text, { uniqueKeys: true, prettyErrors: true }) ?? {};

/**
 * A plain value holding ": " (docs/content-format.md's own example `title: Review: Making Your First
 * Budget`) is not valid YAML. When the YAML fails on exactly that, such values are quoted and the
 * text parsed again; any other YAML error stands.
 */
const COLON_VALUE = /^(\s*(?:- )?[A-Za-z][\w-]*:[ \t]+)(?!["'[{|>&*!%@`#])([^\n]*?:[ \t][^\n]*?)[ \t]*$/gm;

export function parseYamlLenient(text: string): unknown {
  try {
    return parse(text);
  } catch (error) {
    if (!/Nested mappings are not allowed in compact mappings|Implicit map keys need to be/.test((error as Error).message)) throw error;
    const repaired = text.replace(COLON_VALUE, (_all, key: string, value: string) => `${key}${JSON.stringify(value)}`);
    if (repaired === text) throw error;
    try {
      return parse(repaired);
    } catch {
      throw error;
    }
  }
}

/** `expand` rewrites the file's text before it is parsed (the figures' placeholders: figures.ts). */
export function readMarkdownFile(absolutePath: string, file: string, expand?: (text: string, file: string) => string): MarkdownFile {
  let text: string;
  try {
    text = readFileSync(absolutePath, 'utf8');
  } catch (error) {
    throw new ContentError(file, `cannot be read: ${(error as Error).message}`);
  }
  return parseFrontMatter(expand ? expand(text, file) : text, file);
}
