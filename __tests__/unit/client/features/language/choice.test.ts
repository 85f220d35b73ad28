/** The first language: this computer's choice, else the stored session's, else the browser's. */
import { preferredLanguage, type Language } from '../../../../../src/common/language';
import { createMemoryStorage } from '../../../../../src/client/app/sagaContext';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from '../../../../../src/client/features/language';

it.each<[string, readonly string[] | undefined, string]>([
  ['Spanish (Mexico) first', ['es-MX', 'en-US'], 'es'],
  ['English first', ['en-US', 'es'], 'en'],
  ['a language Cashwise does not speak, then Spanish', ['fr-FR', 'es'], 'es'],
  ['only languages Cashwise does not speak', ['fr-FR', 'de'], 'en'],
  ['upper case', ['ES-us'], 'es'],
  ['nothing', [], 'en'],
  ['no list at all', undefined, 'en'],
])('the browser says %s → %s', (_name, languages, expected) => {
  expect(preferredLanguage(languages)).toBe(expected);
});

it.each([
  ['the choice on this computer wins', { [LANGUAGE_STORAGE_KEY]: 'en' }, 'es', ['es'], 'en'],
  ['then the stored session\'s user', {}, 'es', ['en'], 'es'],
  ['then the browser', {}, undefined, ['es-419'], 'es'],
  ['a stored value that is no language is ignored', { [LANGUAGE_STORAGE_KEY]: 'xx' }, undefined, ['en'], 'en'],
  ["a stored session's language that is no language is ignored", {}, 'fr', ['es'], 'es'],
] as const)('%s', (_name, stored, sessionLanguage, browserLanguages, expected) => {
  // as read from cc:auth: whatever was stored there
  const session = sessionLanguage ? { user: { id: 1, firstName: '', lastName: '', userName: 'u', userEmail: '', timezone: 'UTC', language: sessionLanguage as Language } } : null;
  expect(initialLanguage({ storage: createMemoryStorage({ ...stored }), session, browserLanguages })).toBe(expected);
});
