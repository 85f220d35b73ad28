/**
 * The route table against SPEC §2: every path resolves to its title and requiresAuth, numeric ids are
 * enforced, unknown paths are Not Found. Pure: matchRoutes over the table, nothing rendered.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { requestRouteChunks, resolveRoute, routes } from '../../../../src/client/app/routes';

const AUTH = true;
const PUBLIC = false;

type Row = [path: string, title: string, requiresAuth: boolean];

function expectRows(rows: Row[]) {
  for (const [path, title, requiresAuth] of rows) {
    const meta = resolveRoute(path);
    expect({ path, title: meta.title, requiresAuth: meta.requiresAuth, notFound: meta.notFound }).toEqual({
      path,
      title,
      requiresAuth,
      notFound: false,
    });
  }
}

describe('route table (SPEC §2)', () => {
  it('[S2.01] /app (alias /) requires auth; its home is titled Home', () => {
    expectRows([
      ['/app', 'Home', AUTH],
      ['/', 'Home', AUTH],
    ]);
    // The /app route itself is titled Intro and requires auth.
    const appRoute = matchRoutes(routes, '/app')?.find((m) => m.route.path === '/app');
    expect(appRoute?.route.handle).toEqual({ title: 'Intro', requiresAuth: true });
    const aliasRoute = matchRoutes(routes, '/')?.find((m) => m.route.path === '/');
    expect(aliasRoute?.route.handle).toEqual({ title: 'Intro', requiresAuth: true });
  });

  it('[S2.01] /app has no layout wrapper: its element is a bare outlet; the shell is a pathless child', () => {
    const matches = matchRoutes(routes, '/app/catalog') ?? [];
    const appIndex = matches.findIndex((m) => m.route.path === '/app');
    const shell = matches[appIndex + 1];
    expect(shell?.route.path).toBeUndefined();
    expect(shell?.route.index).toBeUndefined();
  });

  it('[S2.02] /app/activity is titled Catalog, transcripts by default, and bookmarks-budgets', () => {
    expectRows([
      ['/app/activity', 'Catalog', AUTH],
      ['/app/activity/transcripts', 'Catalog', AUTH],
      ['/app/activity/bookmarks-budgets', 'Catalog', AUTH],
    ]);
  });

  it('[S2.03] [S2.04] catalog: module list, module home, material (section or review) and section', () => {
    expectRows([
      ['/app/catalog', 'Catalog', AUTH],
      ['/app/catalog/budgeting-basics', 'Module', AUTH],
      ['/app/catalog/budgeting-basics/material/needs-and-wants', 'Material', AUTH],
      ['/app/catalog/budgeting-basics/material/needs-and-wants/review', 'Review', AUTH],
      ['/app/catalog/budgeting-basics/material/needs-and-wants/section/intro', 'Section', AUTH],
    ]);
  });

  it('[S2.05] [S2.06] resources: home, knowledge base, budget wizard (numeric id) and worksheets', () => {
    expectRows([
      ['/app/resources', 'Resources', AUTH],
      ['/app/resources/knowledge-base', 'Knowledge Base', AUTH],
      ['/app/resources/knowledge-base/saving', 'Topic', AUTH],
      ['/app/resources/knowledge-base/saving/emergency-fund', 'Article', AUTH],
      ['/app/resources/glossary', 'Glossary', AUTH],
      ['/app/resources/budget-wizard', 'Budget Wizard', AUTH],
      ['/app/resources/budget-wizard/create', 'Create Budget', AUTH],
      ['/app/resources/budget-wizard/42', 'Edit Budget', AUTH],
      ['/app/resources/worksheets', 'Worksheets', AUTH],
      ['/app/resources/worksheets/paycheck', 'Worksheet', AUTH],
      ['/app/resources/worksheets/paycheck/7', 'Worksheet', AUTH],
    ]);
  });

  it('[S2.07] /app/support requires auth; /app/about, /app/terms, /app/privacy are public', () => {
    expectRows([
      ['/app/support', 'Support', AUTH],
      ['/app/about', 'About Cashwise', PUBLIC],
      ['/app/terms', 'Terms of Use', PUBLIC],
      ['/app/privacy', 'Privacy Policy', PUBLIC],
    ]);
  });

  it('[S2.08] /app/profile: account, access-codes, edit, password, externalid/{productid}, code', () => {
    expectRows([
      ['/app/profile', 'Profile', AUTH],
      ['/app/profile/access-codes', 'Access Codes', AUTH],
      ['/app/profile/edit', 'Edit Profile', AUTH],
      ['/app/profile/password', 'Change Password', AUTH],
      ['/app/profile/externalid/budget-pro', 'External ID', AUTH],
      ['/app/profile/code', 'Add Access Code', AUTH],
    ]);
  });

  it('[S2.09] /intro requires auth; /help, /terms-of-use, /privacy-policy, /about-us are public', () => {
    expectRows([
      ['/intro', 'Intro', AUTH],
      ['/help', 'Help', PUBLIC],
      ['/terms-of-use', 'Terms of Use', PUBLIC],
      ['/privacy-policy', 'Privacy Policy', PUBLIC],
      ['/about-us', 'About Cashwise', PUBLIC],
    ]);
  });

  it('[S2.10] /login, /password/reset/{code}, /password and /signout are public', () => {
    expectRows([
      ['/login', 'Sign In', PUBLIC],
      ['/password/reset/abc123', 'Reset Password', PUBLIC],
      ['/password', 'Forgot Password', PUBLIC],
      ['/signout', 'Signing Out', PUBLIC],
    ]);
  });

  it('[S2.11] /register: code (default, also email) and the numeric invitation with its email step', () => {
    expectRows([
      ['/register', 'Register', PUBLIC],
      ['/register/code', 'Register', PUBLIC],
      ['/register/email', 'Register', PUBLIC],
      ['/register/12', 'Invitation', PUBLIC],
      ['/register/12/email', 'Invitation', PUBLIC],
    ]);
  });

  it('[S2.12] record steps: name (default), externalid, terms, verify, verify/{otid}, username, password', () => {
    expectRows([
      ['/register/12/record/34', 'Your Name', PUBLIC],
      ['/register/12/record/34/name', 'Your Name', PUBLIC],
      ['/register/12/record/34/externalid', 'External ID', PUBLIC],
      ['/register/12/record/34/terms', 'Accept Terms', PUBLIC],
      ['/register/12/record/34/verify', 'Verify Email', PUBLIC],
      ['/register/12/record/34/verify/56', 'Verify Email', PUBLIC],
      ['/register/12/record/34/username', 'Choose a User Name', PUBLIC],
      ['/register/12/record/34/password', 'Choose a Password', PUBLIC],
    ]);
  });

  it.each([
    '/app/resources/budget-wizard/abc',
    '/app/resources/budget-wizard/12abc',
    '/register/abc',
    '/register/abc/email',
    '/register/12/record/x9',
    '/register/12/record/34/verify/code',
    '/app/resources/worksheets/paycheck/abc',
  ])('[S2.06] [S2.11] [S2.12] a non-numeric id in %s is Not Found', (path) => {
    expect(resolveRoute(path)).toMatchObject({ title: 'Page Not Found', notFound: true });
  });

  it.each(['/nowhere', '/app/nowhere', '/app/catalog/a/b', '/register/12/record/34/nope'])(
    'an unknown path %s is Not Found',
    (path) => {
      expect(resolveRoute(path).title).toBe('Page Not Found');
    },
  );
});

describe('requestRouteChunks: the address\'s route chunks asked for ahead of the router (TBT)', () => {
  /** A table of the app's shape: a layout with a lazy chunk, pages with their own. */
  function table() {
    const chunk = () => jest.fn(async () => ({ Component: () => null }));
    const lazy = { shell: chunk(), catalog: chunk(), section: chunk(), login: chunk() };
    const tableRoutes: RouteObject[] = [
      {
        id: 'root',
        path: '/',
        children: [
          {
            path: 'app',
            lazy: lazy.shell,
            children: [
              { path: 'catalog', lazy: lazy.catalog },
              { path: 'catalog/:slug/section/:id', lazy: lazy.section },
            ],
          },
          { path: 'login', lazy: lazy.login },
        ],
      },
    ];
    return { tableRoutes, lazy };
  }

  it.each<[string, string[]]>([
    ['/app/catalog', ['shell', 'catalog']],
    ['/app/catalog/saving/section/7', ['shell', 'section']],
    ['/login', ['login']],
    ['/nowhere', []],
  ])('%s → asks for %p, after a task of its own, once each', async (path, expected) => {
    const { tableRoutes, lazy } = table();
    const asked = requestRouteChunks(path, tableRoutes);
    // the matching is this task's; the requests wait for the next
    expect(Object.values(lazy).every((load) => load.mock.calls.length === 0)).toBe(true);
    await asked;
    const called = Object.entries(lazy).filter(([, load]) => load.mock.calls.length > 0).map(([name]) => name);
    expect(called).toEqual(expected);
    expect(Object.values(lazy).every((load) => load.mock.calls.length <= 1)).toBe(true);
  });

  it("each route's chunk is asked for in a task of its own, the layout's first", async () => {
    // the browser's scheduler.yield, let go of by the test one yield at a time
    const waiting: (() => void)[] = [];
    Object.defineProperty(globalThis, 'scheduler', { value: { yield: () => new Promise<void>((resolve) => waiting.push(resolve)) }, configurable: true });
    try {
      const { tableRoutes, lazy } = table();
      const asked = requestRouteChunks('/app/catalog', tableRoutes);
      const calledAfterAYield = async () => {
        await Promise.resolve();
        waiting.shift()!();
        await new Promise((resolve) => setTimeout(resolve));
        return [lazy.shell, lazy.catalog].map((load) => load.mock.calls.length);
      };
      await expect(calledAfterAYield()).resolves.toEqual([1, 0]);
      await expect(calledAfterAYield()).resolves.toEqual([1, 1]);
      await asked;
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });

  it('a chunk that fails is left to the router: no unhandled rejection', async () => {
    const { tableRoutes, lazy } = table();
    lazy.catalog.mockImplementation(async () => Promise.reject(new Error('ChunkLoadError')));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await requestRouteChunks('/app/catalog', tableRoutes);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lazy.catalog).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('asks for every chunk of the real table\'s signed-in catalog', async () => {
    const matched = (matchRoutes(routes, '/app/catalog') ?? []).filter(({ route }) => typeof route.lazy === 'function');
    // the signed-in shell and the catalog's page
    expect(matched.length).toBe(2);
  });
});
