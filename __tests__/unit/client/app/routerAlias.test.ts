/**
 * The app's router starts with the part of the route table its first address needs, never the `/`
 * alias of /app unless that address is the alias's (its creation flattens every route in
 * one of the start-up's long tasks), and adds the rest the first time an address needs it
 * (routes.tsx appRouterOptions). Every address must still land where the whole table sends it.
 */
import { createTestRouter, type AppRouter } from '../../../../src/client/app/router';
import { resolveRoute } from '../../../../src/client/app/routes';
import { NOT_FOUND_TITLE, routeMeta } from '../../../../src/client/app/routeMeta';

const hasAlias = (router: AppRouter) => router.routes[0]!.children!.some((route) => route.path === '/');

/** The router's top-level routes: a path, or a layout by its first child's path. */
const topLevel = (router: AppRouter) =>
  router.routes[0]!.children!.map((route) => route.path ?? `layout of ${route.children?.[0]?.path ?? '?'}`);

function metaOf(router: AppRouter) {
  return routeMeta(router.state.matches.map((m) => ({ handle: m.route.handle, params: m.params })));
}

async function settled(router: AppRouter): Promise<void> {
  if (router.state.initialized && router.state.navigation.state === 'idle') return;
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      unsubscribe();
      resolve();
    });
  });
}

let router: AppRouter | undefined;
afterEach(() => {
  router?.dispose();
  router = undefined;
});

describe('the router without the / alias until it is needed', () => {
  // [address, whether it needs the alias, the address of the whole table it must land like]
  it.each([
    ['/login', false, '/login'],
    ['/app', false, '/app'],
    ['/app/catalog', false, '/app/catalog'],
    ['/app/catalog/some-module', false, '/app/catalog/some-module'],
    ['/app/resources/knowledge-base/topic/article', false, '/app/resources/knowledge-base/topic/article'],
    ['/register/12/record/3/name', false, '/register/12/record/3/name'],
    ['/password/reset/abc', false, '/password/reset/abc'],
    ['/certificates/ABCD-EFGH-JKLM', false, '/certificates/ABCD-EFGH-JKLM'],
    // [S2.01] the alias lands where /app… does
    ['/', true, '/app'],
    ['/catalog', true, '/app/catalog'],
    ['/catalog/some-module/material/basics/section/intro', true, '/app/catalog/some-module/material/basics/section/intro'],
    ['/resources/budget-wizard/7', true, '/app/resources/budget-wizard/7'],
    ['/profile/password', true, '/app/profile/password'],
  ])('[S2.01] %s: alias added %s, lands like %s', async (path, aliasNeeded, like) => {
    router = createTestRouter([path]);
    await settled(router);
    expect(hasAlias(router)).toBe(aliasNeeded);
    const meta = metaOf(router);
    const expected = resolveRoute(like);
    expect({ title: meta.title, requiresAuth: meta.requiresAuth, notFound: meta.notFound }).toEqual({
      title: expected.title,
      requiresAuth: expected.requiresAuth,
      notFound: false,
    });
  });

  it('an unknown address is Not Found without the alias', async () => {
    router = createTestRouter(['/no-such-page']);
    await settled(router);
    expect(hasAlias(router)).toBe(false);
    expect(metaOf(router).title).toBe(NOT_FOUND_TITLE);
  });

  it('adds the alias once, on the first navigation that needs it; unknown addresses stay Not Found', async () => {
    router = createTestRouter(['/login']);
    await settled(router);
    await router.navigate('/app/catalog');
    expect(hasAlias(router)).toBe(false);
    await router.navigate('/catalog');
    expect(hasAlias(router)).toBe(true);
    expect(metaOf(router).title).toBe('Catalog');
    expect(router.state.location.pathname).toBe('/catalog');
    const count = router.routes[0]!.children!.length;
    await router.navigate('/no-such-page');
    expect(metaOf(router).title).toBe(NOT_FOUND_TITLE);
    await router.navigate('/catalog/some-module/nothing-here');
    expect(metaOf(router).title).toBe(NOT_FOUND_TITLE);
    await router.navigate('/');
    expect(metaOf(router).title).toBe('Home');
    expect(router.routes[0]!.children!.length).toBe(count);
  });
});

describe('the router with the part of the table its address needs', () => {
  // [first address, the top-level routes it starts with]
  it.each([
    ['/login', ['layout of /help']],
    ['/register/12/record/3/name', ['layout of /help']],
    ['/no-such-page', ['layout of /help']],
    ['/app/catalog', ['/app', 'layout of /help']],
    ['/', ['/', 'layout of /help']],
    ['/intro', ['layout of /intro', 'layout of /help']],
  ])('%s starts with %j (the public layout, whose catch-all makes every other address ask for more, always)', async (path, expected) => {
    router = createTestRouter([path]);
    await settled(router);
    expect(topLevel(router)).toEqual(expected);
  });

  it('adds what a navigation needs, once, and every address lands as with the whole table', async () => {
    router = createTestRouter(['/login']);
    await settled(router);
    await router.navigate('/app/catalog');
    expect(topLevel(router)).toEqual(['layout of /help', '/app']);
    expect(metaOf(router).title).toBe(resolveRoute('/app/catalog').title);
    await router.navigate('/app/profile/password');
    await router.navigate('/intro');
    expect(topLevel(router)).toEqual(['layout of /help', '/app', 'layout of /intro']);
    expect(metaOf(router).title).toBe('Intro');
    await router.navigate('/no-such-page');
    await router.navigate('/app/no-such-page');
    expect(metaOf(router).title).toBe(NOT_FOUND_TITLE);
    expect(topLevel(router)).toEqual(['layout of /help', '/app', 'layout of /intro']);
    await router.navigate('/login');
    expect(metaOf(router).title).toBe('Sign In');
  });
});
