/**
 * The features' catalogs (features/<feature>/messages, compiled into messages/compiled/catalog.ts):
 * each feature's English in its own lazy chunk, each other language a chunk of its own, merged into
 * the one Lingui instance as they load. This module is imported by the converted features only, so
 * /login's first download carries none of it (docs/i18n.md, "Feature catalogs").
 */
import { use, useCallback } from 'react';
import type { Messages } from '@lingui/core';
import type { Language } from '../../common/language';
import { activeLanguage, beforeLanguageSwitch, i18n, messagesOf, titleIds, useLanguage, type MessageValues } from './index';

export type { MessageValues } from './index';

/**
 * A feature's messages. `Id` is the feature's message ids, so `useT(catalog)` accepts only those.
 * A plain object: nothing happens when it is imported; it joins the instance when first used.
 */
export interface FeatureCatalog<Id extends string = string> {
  readonly name: string;
  readonly en: Messages;
  readonly load: Record<Exclude<Language, 'en'>, () => Promise<Messages>>;
  /** The route titles it translates: English title → id (its `<feature>.title…` messages). */
  readonly titles: Readonly<Record<string, Id>>;
  /** the ids, for the type only */
  readonly ids?: Id;
}

/** The feature catalogs in use, and the languages each has in the instance. */
const featureLanguages = new Map<FeatureCatalog, Set<Language>>();
const featurePending = new Map<string, Promise<void>>();

/** Before a switch: every catalog in use in the new language (and any that came into use meanwhile). */
async function prepareSwitch(language: Language): Promise<void> {
  while ([...featureLanguages.keys()].some((catalog) => catalogReady(catalog, language))) {
    await loadCatalogs([...featureLanguages.keys()], language);
  }
}

/**
 * Puts the catalog's English into the instance (at once), and its `language` (a promise, the same
 * one until it is in): undefined once the catalog speaks `language`.
 */
function catalogReady(catalog: FeatureCatalog, language: Language): Promise<void> | undefined {
  let languages = featureLanguages.get(catalog);
  if (!languages) {
    if (featureLanguages.size === 0) beforeLanguageSwitch(prepareSwitch);
    languages = new Set(['en']);
    featureLanguages.set(catalog, languages);
    Object.assign(messagesOf.en, catalog.en);
    Object.assign(titleIds, catalog.titles);
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
 * Loads feature catalogs in the language spoken. A pages module exports `ready` (this, with its
 * catalogs): the route table awaits it before the page renders, so it never shows another language
 * or a message id.
 */
export async function loadCatalogs(list: readonly FeatureCatalog[], language: Language = activeLanguage()): Promise<void> {
  await Promise.all(list.map((catalog) => catalogReady(catalog, language)));
}

/** A feature's message; should its language not be in (it always is), English, never the id. */
function translate(catalog: FeatureCatalog, id: string, values?: MessageValues): string {
  return i18n._(id, values, { message: catalog.en[id] as unknown as string });
}

/**
 * `t` for a converted feature's components, typed by its catalog's ids; the component renders again
 * when the language changes. Where the catalog's messages in the language spoken are not in yet (a
 * component rendered outside the route table) it suspends until they are.
 */
export function useT<Id extends string>(catalog: FeatureCatalog<Id>): (id: Id, values?: MessageValues) => string {
  const language = useLanguage();
  const pending = catalogReady(catalog, language);
  if (pending) use(pending);
  // a new function for each language, so memoised children see the change too
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: Id, values?: MessageValues) => translate(catalog, id, values), [language, catalog]);
}

/** A feature's message outside components (sagas): its catalog is in use by then. */
export function tOf<Id extends string>(catalog: FeatureCatalog<Id>, id: Id, values?: MessageValues): string {
  catalogReady(catalog, activeLanguage());
  return translate(catalog, id, values);
}
