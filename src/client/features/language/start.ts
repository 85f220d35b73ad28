/**
 * The language of the first render, spoken before the app renders (a Spanish catalog is asked for
 * as the app starts, in parallel with the rest of start-up, so the first page is not English then
 * Spanish).
 */
import { activateLanguage } from '../../i18n';
import { readRawStoredSession } from '../auth';
import { initialLanguage } from './choice';

export function startLanguage(): Promise<void> {
  const storage = window.localStorage;
  return activateLanguage(initialLanguage({ storage, session: readRawStoredSession(storage), browserLanguages: navigator.languages }));
}
