/**
 * The prerendered pages' manifest and the rule that picks a page for an address (
 * src/common/renderAhead/prerendered.ts), shared by the build and the server.
 */
import { prerenderedMatcher, validPrerenderedEntries, type PrerenderedPageEntry } from '../../../../src/common/renderAhead/prerendered';

const ENTRIES: PrerenderedPageEntry[] = [
  { pattern: '/login', file: 'login.html' },
  { pattern: '/app', file: 'app.html' },
  { pattern: '/app/catalog', file: 'app-catalog.html' },
  { pattern: '/app/catalog/:slug', file: 'app-catalog-_slug.html' },
  { pattern: '/app/catalog/:slug/material/:mslug', file: 'app-catalog-_slug-material-_mslug.html' },
  { pattern: '/app/resources/budget-wizard/:id', file: 'app-resources-budget-wizard-_id.html' },
  { pattern: '/app/resources/budget-wizard/create', file: 'app-resources-budget-wizard-create.html' },
  { pattern: '/app/x/:a', file: 'first.html' },
  { pattern: '/app/x/:b', file: 'second.html' },
];

describe('prerenderedMatcher', () => {
  const pages = prerenderedMatcher(ENTRIES);
  it.each<[string, string | undefined]>([
    ['/login', 'login.html'],
    ['/login/', 'login.html'],
    ['/login//', 'login.html'],
    ['/app', 'app.html'],
    ['/app/catalog', 'app-catalog.html'],
    ['/app/catalog/money-basics', 'app-catalog-_slug.html'],
    ['/app/catalog/money-basics/material/banking', 'app-catalog-_slug-material-_mslug.html'],
    ['/app/catalog/money-basics/material', undefined],
    ['/app/catalog/money-basics/materials/banking', undefined],
    // a literal segment wins over a parameter, whatever the order listed
    ['/app/resources/budget-wizard/create', 'app-resources-budget-wizard-create.html'],
    ['/app/resources/budget-wizard/12', 'app-resources-budget-wizard-_id.html'],
    // on a tie, the first listed
    ['/app/x/y', 'first.html'],
    // an empty segment is no segment of any page
    ['/app//catalog', undefined],
    ['/app/catalog//x', undefined],
    ['/', undefined],
    ['', undefined],
    ['/APP/catalog', undefined],
    ['/app/constructor', undefined],
    ['/app/catalog/x/y/z/w', undefined],
  ])('%p → %p', (pathname, file) => {
    expect(pages.match(pathname)?.file).toBe(file);
  });

  it('matches nothing without entries', () => {
    expect(prerenderedMatcher([]).match('/login')).toBeUndefined();
  });
});

describe('validPrerenderedEntries', () => {
  it('keeps well-formed entries and names the others', () => {
    const { entries, problems } = validPrerenderedEntries({
      pages: [
        { pattern: '/login', file: 'login.html' },
        { pattern: 'login', file: 'login.html' },
        { pattern: '/app//x', file: 'x.html' },
        { pattern: '/app/:', file: 'x.html' },
        { pattern: '/app', file: '../secret.html' },
        { pattern: '/app', file: 'sub/app.html' },
        { pattern: '/app', file: 'app.js' },
        { pattern: '/app' },
        null,
        'x',
        { pattern: '/app/catalog/:slug', file: 'app-catalog-_slug.html' },
      ],
    });
    expect(entries).toEqual([
      { pattern: '/login', file: 'login.html' },
      { pattern: '/app/catalog/:slug', file: 'app-catalog-_slug.html' },
    ]);
    expect(problems).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `pages[${i}] is not { pattern: "/…", file: "….html" }`));
  });

  it.each([null, 'pages', {}, { pages: 'x' }, [1]])('refuses a manifest without a pages list: %p', (manifest) => {
    expect(validPrerenderedEntries(manifest)).toEqual({ entries: [], problems: ['no "pages" list'] });
  });
});
