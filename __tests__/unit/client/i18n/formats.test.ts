/**
 * Plurals, money and dates in each language: ICU plurals by Lingui, numbers and dates by Intl (es-US,
 * en-US). The messages are this test's own catalog, compiled as i18n:compile does (a page's messages
 * live in its feature's catalog; none of these is in /login's download).
 */
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../../../../src/common/language';
import { activateLanguage, formatCurrency, formatDate } from '../../../../src/client/i18n';
import { loadCatalogs, tOf, type FeatureCatalog, type MessageValues } from '../../../../src/client/i18n/features';

const ENGLISH = {
  'format.lessons': '{count, plural, one {# lesson} other {# lessons}}',
  'format.balance': 'Your balance is {amount}.',
  'format.dueOn': 'Due {date}',
} as const;
const SPANISH: Record<keyof typeof ENGLISH, string> = {
  'format.lessons': '{count, plural, one {# lección} other {# lecciones}}',
  'format.balance': 'Tu saldo es {amount}.',
  'format.dueOn': 'Fecha de entrega: {date}',
};
const compiled = (source: Record<string, string>) => Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)])) as Messages;
const formats: FeatureCatalog<keyof typeof ENGLISH> = { name: 'format', en: compiled(ENGLISH), titles: {}, load: { es: async () => compiled(SPANISH) } };
const t = (id: keyof typeof ENGLISH, values?: MessageValues) => tOf(formats, id, values);

beforeAll(() => loadCatalogs([formats], 'es'));
afterAll(() => activateLanguage('en'));

describe.each<[Language, number, string]>([
  ['en', 0, '0 lessons'],
  ['en', 1, '1 lesson'],
  ['en', 2, '2 lessons'],
  ['en', 1000, '1,000 lessons'],
  ['es', 0, '0 lecciones'],
  ['es', 1, '1 lección'],
  ['es', 2, '2 lecciones'],
  ['es', 1000, '1,000 lecciones'],
])('plurals: %s, %d', (language, count, expected) => {
  it(`says "${expected}"`, async () => {
    await activateLanguage(language);
    expect(t('format.lessons', { count })).toBe(expected);
  });
});

describe.each<[Language, number, string]>([
  ['en', 1234.5, '$1,234.50'],
  ['en', 0.05, '$0.05'],
  ['en', -20, '-$20.00'],
  ['es', 1234.5, '$1,234.50'],
  ['es', 0.05, '$0.05'],
  ['es', -20, '-$20.00'],
])('currency: %s, %d', (language, amount, expected) => {
  it(`writes ${expected}, also inside a message`, async () => {
    await activateLanguage(language);
    expect(formatCurrency(amount)).toBe(expected);
    expect(t('format.balance', { amount: formatCurrency(amount) })).toContain(expected);
  });
});

const JAN_5 = Date.UTC(2026, 0, 5, 12);
describe.each<[Language, Intl.DateTimeFormatOptions, string]>([
  ['en', { dateStyle: 'long', timeZone: 'America/Chicago' }, 'January 5, 2026'],
  ['en', { dateStyle: 'short', timeZone: 'America/Chicago' }, '1/5/26'],
  ['en', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'America/Chicago' }, 'Monday, January 5'],
  ['es', { dateStyle: 'long', timeZone: 'America/Chicago' }, '5 de enero de 2026'],
  ['es', { dateStyle: 'short', timeZone: 'America/Chicago' }, '5/1/2026'],
  ['es', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'America/Chicago' }, 'lunes, 5 de enero'],
])('dates: %s, %j', (language, options, expected) => {
  it(`writes ${expected}`, async () => {
    await activateLanguage(language);
    expect(formatDate(JAN_5, options)).toBe(expected);
  });
});

it.each<[Language, string]>([
  ['en', 'Due January 5, 2026'],
  ['es', 'Fecha de entrega: 5 de enero de 2026'],
])('a date inside a message (%s)', async (language, expected) => {
  await activateLanguage(language);
  expect(t('format.dueOn', { date: formatDate(JAN_5, { dateStyle: 'long', timeZone: 'UTC' }) })).toBe(expected);
});

it('<html lang> follows the language spoken', async () => {
  await activateLanguage('es');
  expect(document.documentElement.lang).toBe('es');
  await activateLanguage('en');
  expect(document.documentElement.lang).toBe('en');
});
