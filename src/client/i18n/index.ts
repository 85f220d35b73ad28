/**
 * The SPA's messages: one Lingui instance, the English catalog in the entry (the SPEC's words) and
 * every other language's catalog loaded on demand, a chunk of its own (an English student never
 * downloads it). Components use `useT()` (re-rendered when the language changes), sagas and plain
 * functions `t()`. Ids are typed by the English catalog: a misspelt id does not compile.
 *
 * Components follow the one instance through useSyncExternalStore, so no provider is needed
 * (a component renders the same in the app, the build's prerender and a test).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '../../common/language';
import type { MessageId } from './catalogs/en';
import { messages as english } from './compiled/en';

export type { MessageId } from './catalogs/en';
export type MessageValues = Record<string, string | number>;

/**
 * Numbers, money and dates as they are written in the United States in each language: es-US
 * writes $1,234.50 where plain es (Spain) writes 1234,50 US$.
 */
const FORMAT_LOCALES: Record<Language, string[]> = { en: ['en-US'], es: ['es-US'] };

/**
 * Each language's messages, the objects the instance holds (Lingui merges what it loads into them):
 * the features' catalogs are merged in as they load, without a change event in the middle of a render.
 */
export const messagesOf: Record<Language, Messages> = { en: { ...english }, es: {} };

export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, locales: FORMAT_LOCALES[DEFAULT_LANGUAGE], messages: messagesOf });

const catalogs: Record<Language, () => Promise<Messages>> = {
  en: async () => english,
  es: async () => (await import(/* webpackChunkName: "i18n-es" */ './compiled/es')).messages,
};
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/**
 * What must be ready before a language is spoken: the feature catalogs in use register here
 * (i18n/features.ts, when the first one is used), so this entry carries none of their code.
 */
const beforeSwitch = new Set<(language: Language) => Promise<void>>();

/** Runs `prepare` (to its end) before every later switch of language. */
export function beforeLanguageSwitch(prepare: (language: Language) => Promise<void>): void {
  beforeSwitch.add(prepare);
}

/**
 * Loads the language's catalog, and the catalogs of the features already in use, if needed, then
 * speaks it; `<html lang>` follows. Nothing changes on screen until every word is in.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    i18n.load(language, await catalogs[language]());
    loaded.add(language);
  }
  await Promise.all([...beforeSwitch].map((prepare) => prepare(language)));
  i18n.activate(language, FORMAT_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function activeLanguage(): Language {
  return i18n.locale as Language;
}

/** A message in the active language (sagas, plain functions). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The language spoken, for components (re-rendered when it changes). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
}

/**
 * `t` for components: the component renders again when the language changes. A converted feature's
 * pages use `useT(catalog)` of i18n/features.ts instead (their own catalog, loaded with them).
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const language = useLanguage();
  // a new function for each language, so memoised children see the change too
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: MessageId, values?: MessageValues) => t(id, values), [language]);
}

/**
 * The message ids of route titles by their English (the route table's words), filled by the feature
 * catalogs as they come into use (their `titles`, i18n/features.ts).
 */
export const titleIds: Record<string, string> = {};

/** A route's title in the language spoken where a loaded catalog translates it, else as given. */
export function routeTitle(title: string | undefined): string | undefined {
  const id = title === undefined ? undefined : titleIds[title];
  return id !== undefined && i18n.messages[id] !== undefined ? i18n._(id) : title;
}

/** Money in the active language's conventions ($1,234.50 / 1,234.50 US$ …), by Intl. */
export function formatCurrency(amount: number, currency = 'USD'): string {
  return i18n.number(amount, { style: 'currency', currency });
}

/** A date in the active language's conventions, by Intl (`timeZone` as the person's profile says). */
export function formatDate(date: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return i18n.date(typeof date === 'number' ? new Date(date) : date, options);
}

