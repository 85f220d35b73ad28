/**
 * The SPA's messages: one Lingui instance, the English catalog in the entry (the SPEC's words) and
 * every other language's catalog loaded on demand, a chunk of its own (an English student never
 * downloads it). Components use `useT()` (re-rendered when the language changes), sagas and plain
 * functions `t()`. Ids are typed by the English catalog: a misspelt id does not compile.
 *
 * Components follow the one instance through useSyncExternalStore, so no provider is needed
 * (a component renders the same in the app, the build's prerender and a test).
 */
import { use, useCallback, useSyncExternalStore } from 'react';
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
const messagesOf: Record<Language, Messages> = { en: { ...english }, es: {} };

export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, locales: FORMAT_LOCALES[DEFAULT_LANGUAGE], messages: messagesOf });

const catalogs: Record<Language, () => Promise<Messages>> = {
  en: async () => english,
  es: async () => (await import(/* webpackChunkName: "i18n-es" */ './compiled/es')).messages,
};
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/**
 * A feature's messages (features/<feature>/messages, compiled into messages/compiled/catalog.ts):
 * English inside the feature's own chunk, every other language a chunk of its own. `Id` is the
 * feature's message ids, so `useT(catalog)` accepts only those. A plain object: nothing happens
 * when it is imported; it joins the instance when a page loads it (`loadCatalogs`, `useT`).
 */
export interface FeatureCatalog<Id extends string = string> {
  readonly name: string;
  readonly en: Messages;
  readonly load: Record<Exclude<Language, 'en'>, () => Promise<Messages>>;
  /** the ids, for the type only */
  readonly ids?: Id;
}

/** The feature catalogs in use, and the languages each has in the instance. */
const featureLanguages = new Map<FeatureCatalog, Set<Language>>();
const featurePending = new Map<string, Promise<void>>();

/**
 * Puts the catalog's English into the instance (at once), and its `language` (a promise, the same
 * one until it is in): undefined once the catalog speaks `language`.
 */
function catalogReady(catalog: FeatureCatalog, language: Language): Promise<void> | undefined {
  let languages = featureLanguages.get(catalog);
  if (!languages) {
    languages = new Set(['en']);
    featureLanguages.set(catalog, languages);
    Object.assign(messagesOf.en, catalog.en);
  }
  if (language === 'en' || languages.has(language)) return undefined;
  const key = `${catalog.name}:${language}`;
  let pending = featurePending.get(key);
  if (!pending) {
    pending = catalog.load[language]().then(
      (messages) => {
        Object.assign(messagesOf[language], messages);
        languages.add(language);
        featurePending.delete(key);
      },
      (error: unknown) => {
        // its chunk did not arrive: the next try asks again (the page's failed-load retry)
        featurePending.delete(key);
        throw error;
      },
    );
    featurePending.set(key, pending);
  }
  return pending;
}

/**
 * Loads feature catalogs in the language spoken (the route table awaits the catalogs of the page
 * it loaded, so the page never renders before its words are in).
 */
export async function loadCatalogs(list: readonly FeatureCatalog[], language: Language = activeLanguage()): Promise<void> {
  await Promise.all(list.map((catalog) => catalogReady(catalog, language)));
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
  // a feature that came into use meanwhile is loaded too
  while ([...featureLanguages.keys()].some((catalog) => catalogReady(catalog, language))) {
    await loadCatalogs([...featureLanguages.keys()], language);
  }
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
 * `t` for components: the component renders again when the language changes. With a feature's
 * catalog, `t` takes that feature's ids; where its messages in the language spoken are not in yet
 * (a page rendered outside the route table, a language switched meanwhile) the component suspends
 * until they are, so it never shows another language or an id.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string;
export function useT<Id extends string>(catalog: FeatureCatalog<Id>): (id: Id, values?: MessageValues) => string;
export function useT(catalog?: FeatureCatalog): (id: string, values?: MessageValues) => string {
  const language = useLanguage();
  const pending = catalog && catalogReady(catalog, language);
  if (pending) use(pending);
  // a new function for each language, so memoised children see the change too
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: string, values?: MessageValues) => (catalog ? translate(catalog, id, values) : t(id as MessageId, values)), [language, catalog]);
}

/** A feature's message; should its language not be in (it always is), English, never the id. */
function translate(catalog: FeatureCatalog, id: string, values?: MessageValues): string {
  return i18n._(id, values, { message: catalog.en[id] as unknown as string });
}

/** A route's title in the language spoken where it has a message id and its catalog is in, else `title`. */
export function routeTitle(title: string | undefined, id: string | undefined): string | undefined {
  return id !== undefined && i18n.messages[id] !== undefined ? i18n._(id) : title;
}

/** A feature's message outside components (sagas, schemas): its catalog is in use by then. */
export function tOf<Id extends string>(catalog: FeatureCatalog<Id>, id: Id, values?: MessageValues): string {
  catalogReady(catalog, activeLanguage());
  return translate(catalog, id, values);
}

/** Money in the active language's conventions ($1,234.50 / 1,234.50 US$ …), by Intl. */
export function formatCurrency(amount: number, currency = 'USD'): string {
  return i18n.number(amount, { style: 'currency', currency });
}

/** A date in the active language's conventions, by Intl (`timeZone` as the person's profile says). */
export function formatDate(date: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return i18n.date(typeof date === 'number' ? new Date(date) : date, options);
}

