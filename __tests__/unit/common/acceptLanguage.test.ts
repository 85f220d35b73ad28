/** The language of a request's Accept-Language header: the course's answers come in it. */
import { acceptedLanguage } from '../../../src/common/language';

it.each<[string, string | undefined, string]>([
  ['the app’s own header', 'es', 'es'],
  ['a region and weights', 'es-US,es;q=0.9,en;q=0.5', 'es'],
  ['English first', 'en-US,en;q=0.9,es;q=0.8', 'en'],
  ['weights over order', 'en;q=0.4,es;q=0.9', 'es'],
  ['a language Cashwise does not speak, then Spanish', 'fr-FR,es;q=0.5', 'es'],
  ['refused (q=0)', 'es;q=0,en', 'en'],
  ['any language', '*', 'en'],
  ['none', undefined, 'en'],
  ['junk', ';;,,q=,', 'en'],
])('%s: %j → %s', (_what, header, language) => {
  expect(acceptedLanguage(header)).toBe(language);
});
