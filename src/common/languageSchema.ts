/** PUT /me/language's payload (yup stays out of /login's download: language.ts is imported there). */
import * as yup from 'yup';
import { LANGUAGE_MESSAGES, LANGUAGES } from './language';

export const languageSchema = yup.object({
  language: yup.string().required(LANGUAGE_MESSAGES.unknownLanguage).oneOf([...LANGUAGES], LANGUAGE_MESSAGES.unknownLanguage),
});
