import { createAction } from '@reduxjs/toolkit';
import type { Language } from '../../../common/language';

/** The person picked a language (the switch on /login, the account menu). */
export const languageChosen = createAction<Language>('language/chosen');

/** The app speaks `language` now (its messages are in): what is shown in the old one is to be loaded again. */
export const languageSpoken = createAction<Language>('language/spoken');
