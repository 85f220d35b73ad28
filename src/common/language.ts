/**
 * The languages Cashwise speaks, shared by the SPA (catalogs, the choice on /login) and the server
 * (the profile's saved choice). English is the default and the SPEC's wording.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's preferred languages Cashwise speaks ('es-MX' → 'es'), else English:
 * the first default of someone who has not chosen yet.
 */
export function preferredLanguage(browserLanguages: readonly string[] | undefined): Language {
  for (const tag of browserLanguages ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export const LANGUAGE_MESSAGES = {
  unknownLanguage: `Language must be one of: ${LANGUAGES.join(', ')}`,
  languageSaved: 'Language saved',
} as const;
