/**
 * Which HTML file answers a client route: the prerendered pages, listed by the build's manifest.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prerenderedMatcher } from '../../../../src/common/renderAhead/prerendered';
import { htmlPageFor, prerenderedPages } from '../../../../src/server/renderAhead/prerenderedPages';

describe('htmlPageFor', () => {
  const pages = prerenderedMatcher([
    { pattern: '/login', file: 'login.html' },
    { pattern: '/app', file: 'app.html' },
    { pattern: '/app/catalog', file: 'app-catalog.html' },
    { pattern: '/app/catalog/:slug', file: 'app-catalog-_slug.html' },
  ]);
  it.each<[string, string]>([
    ['/login', 'login.html'],
    ['/login/', 'login.html'],
    ['/login?redirect=%2Fapp%2Fcatalog', 'login.html'],
    ['/login?reason=idle', 'index.html'],
    ['/login?redirect=%2Fapp&reason=signedOut', 'index.html'],
    ['/app', 'app.html'],
    ['/app?from=bookmark', 'app.html'],
    ['/app/catalog', 'app-catalog.html'],
    ['/app/catalog/money-basics?tab=1', 'app-catalog-_slug.html'],
    ['/app/catalog/money-basics?reason=idle', 'index.html'],
    ['/app/activity', 'index.html'],
    ['/', 'index.html'],
    ['/login/extra', 'index.html'],
    ['/constructor', 'index.html'],
    ['/__proto__', 'index.html'],
  ])('%s → %s', (url, file) => {
    expect(htmlPageFor(url, pages)).toBe(file);
  });

  it('answers index.html for everything without prerendered pages', () => {
    expect(htmlPageFor('/login', prerenderedMatcher([]))).toBe('index.html');
  });
});

describe('prerenderedPages (the build manifest)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cashwise-prerendered-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);

  it('has no pages and no problem without a manifest (a development build)', () => {
    const { pages, problems } = prerenderedPages(dir);
    expect(pages.match('/login')).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it("reads the manifest's pages that are in the build and names the ones that are not", () => {
    write('login.html', '<p>login</p>');
    write('prerendered.json', JSON.stringify({ pages: [{ pattern: '/login', file: 'login.html' }, { pattern: '/app', file: 'app.html' }, { pattern: 'x', file: 'x.html' }] }));
    const { pages, problems } = prerenderedPages(dir);
    expect(pages.match('/login')?.file).toBe('login.html');
    expect(pages.match('/app')).toBeUndefined();
    expect(problems).toEqual([
      'prerendered.json: pages[2] is not { pattern: "/…", file: "….html" }',
      'prerendered.json: app.html (for /app) is not in the build',
    ]);
  });

  it('says so when the manifest cannot be read, and has no pages', () => {
    write('login.html', '<p>login</p>');
    write('prerendered.json', '{ "pages": [');
    const { pages, problems } = prerenderedPages(dir);
    expect(pages.match('/login')).toBeUndefined();
    expect(problems).toEqual([expect.stringMatching(/^prerendered\.json cannot be read: /)]);
  });
});
