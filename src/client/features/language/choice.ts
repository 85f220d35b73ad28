/**
 * Which language to speak, before anything is known of the person: the choice made on this
 * computer (localStorage `cc:language`), else the signed-in user's saved one (the stored session),
 * else the browser's preferred languages. The profile's choice takes over once the session is
 * validated (sagas.ts).
 */
import { isLanguage, preferredLanguage, type Language } from '../../../common/language';
import type { Session } from '../../../common/types';

export const LANGUAGE_STORAGE_KEY = 'cc:language';

export function readChosenLanguage(storage: Storage): Language | null {
  try {
    const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function writeChosenLanguage(storage: Storage, language: Language): void {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage full or disabled: the choice holds for this page, and the profile keeps it
  }
}

export function initialLanguage(options: { storage: Storage; session: Pick<Session, 'user'> | null; browserLanguages: readonly string[] | undefined }): Language {
  const saved: unknown = options.session?.user.language;
  return readChosenLanguage(options.storage) ?? (isLanguage(saved) ? saved : preferredLanguage(options.browserLanguages));
}
