/**
 * The catalogs, the SPA's and the server's (e-mails, PDFs): every language has every message, with
 * the same placeholders, and the compiled files the app and the server load are the catalogs as
 * they are now.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_SETS, compiledCatalogSource, SOURCES, type CatalogSet } from '../../../../scripts/i18n/compileCatalogs';
import { LANGUAGES } from '../../../../src/common/language';

const clientEnglish = SOURCES.en as Record<string, string>;

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

const SETS = Object.keys(CATALOG_SETS) as CatalogSet[];

describe.each(SETS)('the %s catalogs', (set) => {
  const sources = CATALOG_SETS[set].sources as Record<string, Record<string, string>>;
  const english = sources.en!;

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s catalog', (language) => {
    const catalog = sources[language]!;

    it('has every English message and no other', () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    });

    it.each(Object.keys(english))('%s: same placeholders as in English, a translation that is not empty', (id) => {
      expect(catalog[id]?.trim()).toBeTruthy();
      expect(argumentsOf(catalog[id] ?? '')).toEqual(argumentsOf(english[id] ?? ''));
    });
  });

  it.each(LANGUAGES)('the compiled %s catalog is the catalog as it is (run `npm run i18n:compile`)', (language) => {
    expect(readFileSync(join(CATALOG_SETS[set].dir, `${language}.ts`), 'utf8')).toBe(compiledCatalogSource(language, set));
  });
});

it('a catalog missing a message fails the comparison above (the check itself)', () => {
  const { 'login.title': _dropped, ...incomplete } = clientEnglish;
  expect(Object.keys(incomplete).sort()).not.toEqual(Object.keys(clientEnglish).sort());
});

it('a placeholder renamed, dropped or not a plural of the same argument fails the comparison above (the check itself)', () => {
  const reset = CATALOG_SETS.server.sources.en['mail.passwordReset.body'];
  expect(argumentsOf('Alguien pidió restablecer la contraseña de la cuenta de {product} "{usuario}".')).not.toEqual(argumentsOf(reset));
  expect(argumentsOf('Alguien pidió restablecer la contraseña de la cuenta "{userName}".')).not.toEqual(argumentsOf(reset));
  // a plural over the same argument is the same placeholder
  expect(argumentsOf('Vence en {minutes, plural, one {# minuto} other {# minutos}}.')).toEqual(argumentsOf('It expires in {minutes} minutes.'));
});
