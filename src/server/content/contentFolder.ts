/**
 * What the catalog reader (catalog.ts) and the knowledge-base reader (knowledgeBase.ts) share about a
 * content folder: which names count, slugs, front-matter validation and the order of children.
 * Every problem is a ContentError naming the file (docs/content-format.md).
 */
import { readdirSync, statSync } from 'node:fs';
import { ValidationError, type AnySchema } from 'yup';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../common/catalog';
import { ContentError } from './frontMatter';

/** Hidden files and a README are notes for authors, not content. */
const isIgnored = (name: string): boolean => name.startsWith('.') || name.toLowerCase() === 'readme.md';

/** The names in a content folder that are content, sorted. */
export function contentNames(absDir: string): string[] {
  return readdirSync(absDir)
    .filter((name) => !isIgnored(name))
    .sort();
}

export function isDirectory(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

export function checkSlug(slug: string, file: string): void {
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    throw new ContentError(file, `name "${slug}" is not a valid slug (lowercase a-z, 0-9 and single "-", at most ${MAX_SLUG_LENGTH} characters)`);
  }
}

/** Front matter (or a part of it, named by `where`) checked by its schema. */
export function validate<T>(schema: AnySchema, value: unknown, file: string, where = ''): T {
  try {
    return schema.validateSync(value, { abortEarly: true, strict: true }) as T;
  } catch (error) {
    if (error instanceof ValidationError) {
      const at = error.path && !error.message.startsWith(error.path) ? ` (at ${error.path})` : '';
      throw new ContentError(file, `${where}${error.message}${at}`);
    }
    throw error;
  }
}

/**
 * The children of a folder (modules, materials, sections, topics) in their front matter's order,
 * once no two share one; each comes with its file, for the message, which the result leaves out.
 */
export function inOrder<T extends { order: number }>(items: (T & { file: string })[], what: string): T[] {
  const seen = new Map<number, string>();
  for (const item of items) {
    const other = seen.get(item.order);
    if (other) throw new ContentError(item.file, `order ${item.order} is already used by ${other}; ${what} need unique orders`);
    seen.set(item.order, item.file);
  }
  // T has no file of its own: what is left of an item without it is the T it was
  return [...items].sort((a, b) => a.order - b.order).map(({ file: _file, ...item }) => item as unknown as T);
}
