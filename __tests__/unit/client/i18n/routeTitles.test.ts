/**
 * Route titles in the language spoken: a feature catalog translates the route table's titles of its
 * pages by their English (its `<feature>.title…` messages, gathered by the compiler as `titles`).
 * Each such message's English is a title of the table, word for word (SPEC §2's titles stay), and
 * every title of the converted features' routes is translated.
 */
import { routeTable, type AppRoute } from '../../../../src/client/app/routes';
import { featureCatalogs, titlesOf } from '../../../../scripts/i18n/compileCatalogs';

function titles(routes: readonly AppRoute[], under = ''): [string, string][] {
  return routes.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : `${under}/${route.path ?? ''}`;
    return [...(route.title ? [[path, route.title] as [string, string]] : []), ...titles(route.children ?? [], path)];
  });
}

const TABLE = titles(routeTable);
const CATALOGS = featureCatalogs();
const TRANSLATED = CATALOGS.map(({ feature, sources }) => ({ feature, titles: titlesOf(sources.en), spanish: sources.es }));

it.each(TRANSLATED.map((c): [string, (typeof TRANSLATED)[number]] => [c.feature, c]))('the %s catalog translates titles of the route table, word for word', (_f, catalog) => {
  const tableTitles = new Set(TABLE.map(([, title]) => title));
  expect(Object.keys(catalog.titles).length).toBeGreaterThan(0);
  for (const english of Object.keys(catalog.titles)) expect(tableTitles).toContain(english);
});

it.each(TABLE.filter(([path]) => /^(\/register|\/password|\/app\/profile)/.test(path)))('%s: "%s" is translated', (_path, title) => {
  expect(TRANSLATED.some((c) => title in c.titles)).toBe(true);
});

it('a title two catalogs translate has one translation', () => {
  const spanish = new Map<string, string>();
  for (const c of TRANSLATED) {
    for (const [english, id] of Object.entries(c.titles)) {
      const said = c.spanish[id]!;
      expect(spanish.get(english) ?? said).toBe(said);
      spanish.set(english, said);
    }
  }
});
