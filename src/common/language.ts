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
 * The languages of an Accept-Language header, most preferred first (by q, then by order):
 * "es-MX,es;q=0.9,en;q=0.8" → ['es-MX', 'es', 'en']. A tag with q=0 is one the caller refuses; one
 * with an unreadable q is left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  // a header is a few tags: a long one is cut rather than split and sorted whole
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*(\S*)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of an Accept-Language header: the first of its tags Cashwise speaks; English without one. */
export function acceptedLanguage(header: string | undefined): Language {
  return preferredLanguage(acceptedLanguages(header));
}

export const LANGUAGE_MESSAGES = {
  unknownLanguage: `Language must be one of: ${LANGUAGES.join(', ')}`,
  languageSaved: 'Language saved',
} as const;
