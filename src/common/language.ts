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

/**
 * The language of an Accept-Language header ("es-MX,es;q=0.9,en;q=0.8" → 'es'): its tags by
 * weight, the first one Cashwise speaks; English without one.
 */
export function acceptedLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return preferredLanguage(tags.map((t) => t.tag));
}

export const LANGUAGE_MESSAGES = {
  unknownLanguage: `Language must be one of: ${LANGUAGES.join(', ')}`,
  languageSaved: 'Language saved',
} as const;
