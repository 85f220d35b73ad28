/**
 * The catalogs: every language has every message, with the same placeholders, and the compiled
 * files the app loads are the catalogs as they are now.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { COMPILED_DIR, compiledCatalogSource, SOURCES } from '../../../../scripts/i18n/compileCatalogs';
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

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s catalog', (language) => {
  const catalog = SOURCES[language] as Record<string, string>;

  it('has every English message and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))('%s: same placeholders as in English, a translation that is not empty', (id) => {
    expect(catalog[id]?.trim()).toBeTruthy();
    expect(argumentsOf(catalog[id] ?? '')).toEqual(argumentsOf(english[id] ?? ''));
  });
});

it.each(LANGUAGES)('the compiled %s catalog is the catalog as it is (run `npm run i18n:compile`)', (language) => {
  expect(readFileSync(join(COMPILED_DIR, `${language}.ts`), 'utf8')).toBe(compiledCatalogSource(language));
});

it('a catalog missing a message fails the comparison above (the check itself)', () => {
  const { 'login.title': _dropped, ...incomplete } = english;
  expect(Object.keys(incomplete).sort()).not.toEqual(Object.keys(english).sort());
});
