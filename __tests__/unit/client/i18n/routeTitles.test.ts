/**
 * A translated route's title (`titleId` in app/routes.tsx) says in English what its `title` says
 * (SPEC §2's titles stay word for word), and the message is in its feature's catalog.
 */
import { routeTable, type AppRoute } from '../../../../src/client/app/routes';
import { featureCatalogs } from '../../../../scripts/i18n/compileCatalogs';

const english: Record<string, string> = Object.assign({}, ...featureCatalogs().map(({ sources }) => sources.en));

function titled(routes: readonly AppRoute[]): [string, string][] {
  return routes.flatMap((route) => [
    ...(route.titleId ? [[route.titleId, route.title ?? ''] as [string, string]] : []),
    ...titled(route.children ?? []),
  ]);
}

const TITLES = titled(routeTable);

it('the registration, password and profile routes have translated titles', () => {
  expect(TITLES.map(([id]) => id)).toEqual(expect.arrayContaining(['registration.title', 'password.title.forgot', 'profile.title.accessCodes']));
});

it.each(TITLES)('%s is "%s" in English', (id, title) => {
  expect(english[id]).toBe(title);
});
