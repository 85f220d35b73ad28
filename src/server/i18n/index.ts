/**
 * The server's words for a person (e-mails, the certificate PDF) in their language: the same
 * Lingui runtime and compiled ICU catalogs as the SPA (src/client/i18n), one instance per language.
 * A server answers many people at once, so the language is an argument of every call rather than
 * one instance's active locale switched per request.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../common/language';
import type { ServerMessageId } from './catalogs/en';
import { messages as en } from './compiled/en';
import { messages as es } from './compiled/es';

export type { ServerMessageId } from './catalogs/en';
export type MessageValues = Record<string, string | number>;

/** As the SPA: the United States' conventions in each language ($1,234.50 in both, es-US dates). */
const FORMAT_LOCALES: Record<Language, string[]> = { en: ['en-US'], es: ['es-US'] };
const COMPILED = { en, es } as const;

const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i18n = setupI18n({ locale: language, locales: FORMAT_LOCALES[language], messages: { [language]: COMPILED[language] } });
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/** A message in this language. */
export function t(language: Language, id: ServerMessageId, values?: MessageValues): string {
  return instances[language]._(id, values);
}

/** Money as it is written in this language ($1,234.50 in both), by Intl. */
export function formatCurrency(language: Language, amount: number, currency = 'USD'): string {
  return instances[language].number(amount, { style: 'currency', currency });
}

/** A date as it is written in this language ("December 7, 2026" / "7 de diciembre de 2026"); pass the person's `timeZone`. */
export function formatDate(language: Language, date: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return instances[language].date(typeof date === 'number' ? new Date(date) : date, options);
}

/**
 * The language of a request: the signed-in person's saved choice, else the first language of the
 * Accept-Language header Cashwise speaks, else English.
 */
export function requestLanguage(request: { identity: { user: { language?: Language } } | null; language?: Language }): Language {
  const chosen = request.identity?.user.language;
  if (isLanguage(chosen)) return chosen;
  return request.language ?? DEFAULT_LANGUAGE;
}

/** A person's saved language (users.language, null until they choose), else the fallback's. */
export function languageOr(saved: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(saved) ? saved : fallback;
}
