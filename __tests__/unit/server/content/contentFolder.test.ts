/** content/contentFolder.ts: the rules the catalog and the knowledge-base readers share. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { object, string } from 'yup';
import { checkSlug, contentNames, inOrder, isDirectory, validate } from '../../../../src/server/content/contentFolder';
import { ContentError } from '../../../../src/server/content/frontMatter';

describe('inOrder', () => {
  it('sorts by order and leaves the file out', () => {
    const items = [
      { slug: 'c', order: 3, file: 'c.md' },
      { slug: 'a', order: 1, file: 'a.md' },
      { slug: 'b', order: 2, file: 'b.md' },
    ];
    expect(inOrder(items, 'sections of a material')).toEqual([
      { slug: 'a', order: 1 },
      { slug: 'b', order: 2 },
      { slug: 'c', order: 3 },
    ]);
    // the items themselves are left as they were
    expect(items.map((i) => i.slug)).toEqual(['c', 'a', 'b']);
  });

  it('refuses a second item with the same order, naming both files', () => {
    const items = [
      { order: 1, file: 'x/first.md' },
      { order: 2, file: 'x/second.md' },
      { order: 1, file: 'x/third.md' },
    ];
    expect(() => inOrder(items, 'topics')).toThrow(new ContentError('x/third.md', 'order 1 is already used by x/first.md; topics need unique orders'));
  });

  it('takes no items', () => {
    expect(inOrder([], 'modules')).toEqual([]);
  });
});

describe('checkSlug', () => {
  it.each([
    ['budget-basics', true],
    ['a1', true],
    ['Budget', false],
    ['two--dashes', false],
    ['-leading', false],
    ['a'.repeat(200), false],
  ])('%p → %p', (slug, ok) => {
    const check = () => checkSlug(slug, 'catalog/x');
    if (ok) expect(check).not.toThrow();
    else expect(check).toThrow(ContentError);
  });
});

describe('validate', () => {
  const schema = object({ title: string().required('title is required') });
  it('returns valid front matter and names the file (and the place) of a problem', () => {
    expect(validate(schema, { title: 'T' }, 'f.md')).toEqual({ title: 'T' });
    expect(() => validate(schema, {}, 'f.md')).toThrow(new ContentError('f.md', 'title is required'));
    expect(() => validate(schema, {}, 'f.md', 'question 2: ')).toThrow(new ContentError('f.md', 'question 2: title is required'));
  });
});

describe('contentNames and isDirectory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-content-'));
    for (const name of ['b.md', 'a.md', '.hidden', 'README.md', 'readme.MD']) writeFileSync(path.join(dir, name), '');
    mkdirSync(path.join(dir, 'folder'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists what is content, sorted, without hidden files or a README', () => {
    expect(contentNames(dir)).toEqual(['a.md', 'b.md', 'folder']);
  });

  it('tells folders from files and from nothing', () => {
    expect(isDirectory(path.join(dir, 'folder'))).toBe(true);
    expect(isDirectory(path.join(dir, 'a.md'))).toBe(false);
    expect(isDirectory(path.join(dir, 'missing'))).toBe(false);
  });
});
