import { createAction } from '@reduxjs/toolkit';
import type { Language } from '../../../common/language';

/** The person picked a language (the switch on /login, the account menu). */
export const languageChosen = createAction<Language>('language/chosen');
