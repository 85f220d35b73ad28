/**
 * The catalogs, the SPA's core one, every feature's (features/<feature>/messages) and the server's
 * (e-mails, PDFs): every language has every message, with the same placeholders and marked parts,
 * and the compiled files the app and the server load are the catalogs as they are now.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_SETS, compiledCatalogSource, featureCatalogs, featureCompiledFiles, SOURCES, type CatalogSet } from '../../../../scripts/i18n/compileCatalogs';
import { LANGUAGES } from '../../../../src/common/language';

const english = SOURCES.en as Record<string, string>;

/** The placeholders and plural/select arguments of an ICU message, by name. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (compiled: unknown): void => {
    if (!Array.isArray(compiled)) return;
    for (const part of compiled) {
      if (!Array.isArray(part)) continue;
      const [name, , cases] = part as [string, string?, Record<string, unknown>?];
      names.add(name);
      if (cases && typeof cases === 'object') Object.values(cases).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/** The parts a message marks for TaggedText (`<link>…</link>`), by name. */
const tagsOf = (message: string) => [...message.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

const FEATURES = featureCatalogs();
/** Every catalog: the core one, then each feature's, by its English and its other languages. */
const SPA_CATALOGS: [string, Record<string, Record<string, string>>][] = [
  ['core', SOURCES as unknown as Record<string, Record<string, string>>],
  ...FEATURES.map(({ feature, sources }): [string, Record<string, Record<string, string>>] => [feature, sources]),
];
/** …and the server's, which has a Lingui instance of its own (its ids may repeat the SPA's). */
const CATALOGS = [...SPA_CATALOGS, ['server', CATALOG_SETS.server.sources as unknown as Record<string, Record<string, string>>] as [string, Record<string, Record<string, string>>]];

describe.each(CATALOGS)('the %s catalog', (_name, sources) => {
  const source = sources.en!;
  describe.each(LANGUAGES.filter((l) => l !== 'en'))('in %s', (language) => {
    const catalog = sources[language]!;

    it('has every English message and no other', () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(source).sort());
    });

    it.each(Object.keys(source))('%s: same placeholders and parts as in English, a translation that is not empty', (id) => {
      expect(catalog[id]?.trim()).toBeTruthy();
      expect(argumentsOf(catalog[id] ?? '')).toEqual(argumentsOf(source[id] ?? ''));
      expect(tagsOf(catalog[id] ?? '')).toEqual(tagsOf(source[id] ?? ''));
    });
  });
});

it('the converted features have catalogs (the checks above run on them)', () => {
  expect(FEATURES.map((f) => f.feature)).toEqual(expect.arrayContaining(['password', 'profile', 'registration']));
});

it('feature message ids start with the feature: no two catalogs share an id', () => {
  const ids = SPA_CATALOGS.flatMap(([, sources]) => Object.keys(sources.en!));
  expect(new Set(ids).size).toBe(ids.length);
  for (const { feature, sources } of FEATURES) for (const id of Object.keys(sources.en)) expect(id.startsWith(`${feature}.`)).toBe(true);
});

it.each(FEATURES.map((f): [string, (typeof FEATURES)[number]] => [f.feature, f]))(
  "the %s feature's compiled files are its catalogs as they are (run `npm run i18n:compile`)",
  (_feature, catalog) => {
    for (const [name, text] of Object.entries(featureCompiledFiles(catalog))) {
      expect(readFileSync(join(catalog.dir, 'compiled', name), 'utf8')).toBe(text);
    }
  },
);

describe.each(Object.keys(CATALOG_SETS) as CatalogSet[])('the %s catalog set', (set) => {
  it.each(LANGUAGES)('the compiled %s catalog is the catalog as it is (run `npm run i18n:compile`)', (language) => {
    expect(readFileSync(join(CATALOG_SETS[set].dir, `${language}.ts`), 'utf8')).toBe(compiledCatalogSource(language, set));
  });
});

it('a catalog missing a message fails the comparison above (the check itself)', () => {
  const { 'login.title': _dropped, ...incomplete } = english;
  expect(Object.keys(incomplete).sort()).not.toEqual(Object.keys(english).sort());
});

it('a placeholder renamed, dropped or not a plural of the same argument fails the comparison above (the check itself)', () => {
  const reset = CATALOG_SETS.server.sources.en['mail.passwordReset.body'];
  expect(argumentsOf('Alguien pidió restablecer la contraseña de la cuenta de {product} "{usuario}".')).not.toEqual(argumentsOf(reset));
  expect(argumentsOf('Alguien pidió restablecer la contraseña de la cuenta "{userName}".')).not.toEqual(argumentsOf(reset));
  // a plural over the same argument is the same placeholder
  expect(argumentsOf('Vence en {minutes, plural, one {# minuto} other {# minutos}}.')).toEqual(argumentsOf('It expires in {minutes} minutes.'));
});
