/** What a bookmark target names in the learner's catalog, and the list as shown. */
import { catalogPaths } from '../../../../../src/common/catalog';
import { bookmarkList, resolveTarget, TARGET_PATTERN, titleFromSlug } from '../../../../../src/server/services/catalog/bookmarks';
import { TREE } from './fixtures';

describe('resolveTarget', () => {
  it.each<[string, 'material' | 'section' | 'article', string, { title: string; path: string } | null]>([
    ['a material', 'material', 'budgeting/first', { title: 'First', path: catalogPaths.material('budgeting', 'first') }],
    ['a section', 'section', 'budgeting/first/b', { title: 'Section b', path: catalogPaths.section('budgeting', 'first', 'b') }],
    ['a material named as a section', 'section', 'budgeting/first', null],
    ['a section named as a material', 'material', 'budgeting/first/b', null],
    ['a module not in the catalog', 'material', 'retired/first', null],
    ['a section not in the material', 'section', 'budgeting/first/z', null],
    ['an article the knowledge base does not list', 'article', 'nowhere/nothing', null],
  ])('%s', (_name, kind, target, expected) => {
    expect(resolveTarget(TREE, kind, target)).toEqual(expected);
  });
});

describe('TARGET_PATTERN', () => {
  it.each([
    ['budgeting/first', true],
    ['budgeting/first/a', true],
    ['budgeting', false],
    ['a/b/c/d', false],
    ['Budgeting/first', false],
    ['budgeting//a', false],
  ])('%s → %s', (target, ok) => {
    expect(TARGET_PATTERN.test(target)).toBe(ok);
  });
});

describe('bookmarkList', () => {
  it('leaves out what left the catalog and keeps the stored order', () => {
    const rows = [
      { id: 3, kind: 'section', target: 'budgeting/second/c', created_at: 30 },
      { id: 2, kind: 'material', target: 'retired/gone', created_at: 20 },
      { id: 1, kind: 'material', target: 'budgeting/first', created_at: 10 },
    ];
    expect(bookmarkList(TREE, rows, new Map())).toEqual([
      { id: 3, kind: 'section', target: 'budgeting/second/c', title: 'Section c', path: catalogPaths.section('budgeting', 'second', 'c'), createdAt: 30 },
      { id: 1, kind: 'material', target: 'budgeting/first', title: 'First', path: catalogPaths.material('budgeting', 'first'), createdAt: 10 },
    ]);
  });
});

describe('titleFromSlug', () => {
  it.each([
    ['budgeting/fifty-thirty-twenty', 'Fifty thirty twenty'],
    ['credit/apr', 'Apr'],
  ])('%s → %s', (key, title) => {
    expect(titleFromSlug(key)).toBe(title);
  });
});
