/** Bookmarks: what a bookmark target names in the learner's catalog, and the list as shown. Pure. */
import { catalogPaths, isKnownArticleKey, type Bookmark, type BookmarkKind } from '../../../common/catalog';
import type { TreeModule } from './repository';

/** A bookmark target: "module/material", "module/material/section" or "topic/article". */
export const TARGET_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}$/;

/** An article's title from its slug, for an article the knowledge base does not hold (yet). */
export const titleFromSlug = (key: string) => (key.split('/')[1] ?? key).replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Resolves a bookmark target to its title and page, or null when nothing is there. */
export function resolveTarget(tree: readonly TreeModule[], kind: BookmarkKind, target: string): { title: string; path: string } | null {
  const parts = target.split('/');
  if (kind === 'article') {
    if (!isKnownArticleKey(target)) return null;
    return { title: titleFromSlug(target), path: catalogPaths.article(target) };
  }
  const m = tree.find((x) => x.slug === parts[0]);
  const mat = m?.materials.find((x) => x.slug === parts[1]);
  if (!m || !mat) return null;
  if (kind === 'material') return parts.length === 2 ? { title: mat.title, path: catalogPaths.material(m.slug, mat.slug) } : null;
  const s = parts.length === 3 ? mat.sections.find((x) => x.slug === parts[2]) : undefined;
  return s ? { title: s.title, path: catalogPaths.section(m.slug, mat.slug, s.slug) } : null;
}

/** A stored bookmark (a row of bookmarks). */
export interface StoredBookmark {
  id: number;
  kind: string;
  target: string;
  created_at: number | string;
}

/**
 * The learner's bookmarks as listed, knowledge-base articles under their real titles
 * (`articleTitles`, "topic/article" → title). A bookmark whose item left the school's catalog is
 * not shown (it stays stored for if it returns).
 */
export function bookmarkList(tree: readonly TreeModule[], rows: readonly StoredBookmark[], articleTitles: ReadonlyMap<string, string>): Bookmark[] {
  const list: Bookmark[] = [];
  for (const row of rows) {
    const resolved = resolveTarget(tree, row.kind as BookmarkKind, row.target);
    if (!resolved) continue;
    const title = (row.kind === 'article' && articleTitles.get(row.target)) || resolved.title;
    list.push({ id: row.id, kind: row.kind as BookmarkKind, target: row.target, title, path: resolved.path, createdAt: Number(row.created_at) });
  }
  return list;
}
