/**
 * The signed-in pages the server renders ahead of the app, with the service answers each shows
 * first (app/pageDataRoutes.ts).
 */
import { matchRoutes } from 'react-router';
import { PAGE_DATA_ROUTES, pageDataPaths } from '../../../../src/client/renderAhead/pageDataRoutes';
import { resolveRoute, routes } from '../../../../src/client/app/routes';

describe('PAGE_DATA_ROUTES', () => {
  it.each(PAGE_DATA_ROUTES.map((route) => route.pattern))('%s is a signed-in page of the route table', (pattern) => {
    const address = pattern.replace(/:[^/]+/g, 'x');
    const matches = matchRoutes(routes, address) ?? [];
    // the deepest match is a page written with exactly this pattern (not a catch-all)
    const written = matches
      .map((m) => m.route.path)
      .filter((p): p is string => p !== undefined)
      .join('/')
      .replace(/\/+/g, '/');
    expect(written).toBe(pattern);
    expect(resolveRoute(address)).toMatchObject({ requiresAuth: true, notFound: false });
  });
});

describe('pageDataPaths', () => {
  it.each<[string, string[] | null]>([
    ['/app/catalog', ['/catalog']],
    ['/app/catalog/saving-basics', ['/catalog/modules/saving-basics']],
    ['/app/resources/knowledge-base/budgeting-and-spending/fixed-vs-variable-expenses', ['/kb/articles/budgeting-and-spending/fixed-vs-variable-expenses']],
    // a parameter with an encoded character is decoded by the router, then encoded for the service
    ['/app/catalog/a%20b', ['/catalog/modules/a%20b']],
    ['/app/resources/knowledge-base/t%2Fx/a', ['/kb/articles/t%2Fx/a']],
    // not listed: the app renders them itself
    ['/app/catalog/m/material/x', ['/catalog/modules/m/materials/x']],
    ['/app/catalog/m/material/x/section/s', ['/catalog/modules/m/materials/x/sections/s']],
    ['/app', null],
    ['/app/profile', null],
    ['/app/catalog/m/material/x/review', null],
    ['/app/resources/knowledge-base', null],
    ['/app/resources/knowledge-base/budgeting-and-spending', null],
    // not signed-in pages, or no page at all
    ['/login', null],
    ['/app/about', null],
    ['/app/resources/budget-wizard/abc', null],
    ['/nowhere', null],
    // case matters, as in the router
    ['/app/Catalog', null],
  ])('%s → %p', (pathname, expected) => {
    expect(pageDataPaths(pathname)).toEqual(expected);
  });
});
