/**
 * The language feature's surface: the choice (made on /login or in the account menu), the saga
 * that keeps it in the profile, the start-up language, and the switch. The messages themselves
 * are client/i18n's.
 */
export { languageChosen, languageSpoken } from './events';
export { languageSaga } from './sagas';
export { initialLanguage, LANGUAGE_STORAGE_KEY } from './choice';
export { startLanguage } from './start';
export { LanguageSwitch } from './LanguageSwitch';
