/**
 * The server's words for a person in each language (server/i18n): ICU plurals by Lingui, money and
 * dates by Intl (en-US, es-US), the request's language, and the e-mails and certificate built from
 * them — English word for word as before the catalogs, Spanish with `tú`.
 */
import type { Language } from '../../../../src/common/language';
import { acceptedLanguage, acceptedLanguages } from '../../../../src/common/language';
import { formatCurrency, formatDate, languageOr, requestLanguage, t } from '../../../../src/server/i18n';
import { escapeHtml, mailTemplates } from '../../../../src/server/mail/templates';
import { certificateDay, certificateTexts, type CertificateData } from '../../../../src/server/services/catalog/certificatePdf';

describe('plurals', () => {
  it.each<[Language, number, string]>([
    ['es', 1, 'Vence en 1 minuto.'],
    ['es', 0, 'Vence en 0 minutos.'],
    ['es', 10, 'Vence en 10 minutos.'],
    ['es', 1000, 'Vence en 1,000 minutos.'],
    // English keeps its words exactly as the mails always said them
    ['en', 10, 'It expires in 10 minutes.'],
    ['en', 30, 'It expires in 30 minutes.'],
  ])('%s, %d minutes: "…%s"', (language, minutes, expected) => {
    expect(t(language, 'mail.verifyEmail.body', { minutes }).endsWith(expected)).toBe(true);
  });
});

// es-US writes money as the United States does, as en-US: the dollar sign first, comma thousands
describe.each<Language>(['en', 'es'])('currency in %s', (language) => {
  it.each<[number, string]>([
    [1234.5, '$1,234.50'],
    [0.05, '$0.05'],
    [-20, '-$20.00'],
  ])('%d → %s', (amount, expected) => {
    expect(formatCurrency(language, amount)).toBe(expected);
  });
});

// 11:28 PM on Monday 12/07/26 in Chicago; already Tuesday 12/08 in New York and in UTC
const LATE_EVENING = Date.UTC(2026, 11, 8, 5, 28);
describe('dates', () => {
  it.each<[Language, Intl.DateTimeFormatOptions, string]>([
    ['en', { dateStyle: 'long', timeZone: 'America/Chicago' }, 'December 7, 2026'],
    ['es', { dateStyle: 'long', timeZone: 'America/Chicago' }, '7 de diciembre de 2026'],
    ['es', { dateStyle: 'long', timeZone: 'America/New_York' }, '8 de diciembre de 2026'],
    ['es', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'America/Chicago' }, 'lunes, 7 de diciembre'],
  ])('%s, %j → %s', (language, options, expected) => {
    expect(formatDate(language, LATE_EVENING, options)).toBe(expected);
  });

  it.each<[Language, string, string]>([
    ['en', 'America/Chicago', '12/07/26'],
    ['en', 'America/New_York', '12/08/26'],
    ['es', 'America/Chicago', '7 de diciembre de 2026'],
    ['es', 'America/New_York', '8 de diciembre de 2026'],
  ])("a certificate's day in %s, %s: %s (the learner's day)", (language, zone, expected) => {
    expect(certificateDay(language, LATE_EVENING, zone)).toBe(expected);
  });
});

describe("the request's language", () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['es-MX,es;q=0.9,en;q=0.8', ['es-MX', 'es', 'en']],
    ['en;q=0.5, es-419;q=0.9, fr', ['fr', 'es-419', 'en']],
    ['es;q=0, en', ['en']],
    ['*', []],
    ['es;q=abc, en', ['en']],
  ])('Accept-Language %j → %j', (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });

  it.each<[Language | undefined, string | undefined, Language]>([
    [undefined, undefined, 'en'],
    [undefined, 'es-MX,es;q=0.9', 'es'],
    [undefined, 'fr-FR,es;q=0.5', 'es'],
    [undefined, 'fr-FR,de', 'en'],
    ['en', 'es-MX', 'en'],
    ['es', 'en-US', 'es'],
  ])('saved %s, Accept-Language %j → %s', (saved, header, expected) => {
    const identity = { user: saved ? { language: saved } : {} };
    expect(requestLanguage({ identity, language: acceptedLanguage(header) })).toBe(expected);
  });

  it('an anonymous request speaks its header, and a saved language beats a fallback', () => {
    expect(requestLanguage({ identity: null, language: acceptedLanguage('es') })).toBe('es');
    expect([languageOr('es', 'en'), languageOr(null, 'es'), languageOr('xx'), languageOr(undefined)]).toEqual(['es', 'es', 'en', 'en']);
  });
});

describe('e-mails', () => {
  it.each<[Language, string, string[]]>([
    // English: the words the mails have always said, byte for byte
    [
      'en',
      'Reset your Cashwise password',
      [
        'Someone asked to reset the password of the Cashwise account "maya<b>".',
        'The link works once and expires in 30 minutes. If you did not ask for it, you can ignore this mail: your password stays the same.',
        'Choose a new password: https://x.test/password/reset/abc',
      ],
    ],
    [
      'es',
      'Restablece tu contraseña de Cashwise',
      [
        'Alguien pidió restablecer la contraseña de la cuenta de Cashwise "maya<b>".',
        'El enlace funciona una sola vez y vence en 30 minutos. Si no lo pediste, puedes ignorar este correo: tu contraseña no cambia.',
        'Elige una contraseña nueva: https://x.test/password/reset/abc',
      ],
    ],
  ])('the password-reset mail in %s: subject, text, and HTML with its lang and the values escaped', (language, subject, paragraphs) => {
    const reset = mailTemplates.passwordReset('maya@example.edu', 'Cashwise', 'maya<b>', 'https://x.test/password/reset/abc', 30, language);
    expect(reset.subject).toBe(subject);
    expect(reset.text).toBe([...paragraphs, '— Cashwise'].join('\n\n'));
    expect(reset.html?.startsWith(`<!doctype html><html lang="${language}">`)).toBe(true);
    expect(reset.html).toContain(`${escapeHtml(paragraphs[0]!)}</p>`);
    expect(reset.html).toContain('&quot;maya&lt;b&gt;&quot;');
  });

  it('the verification code in English, word for word; in Spanish, with `tú`', () => {
    const verify = mailTemplates.verifyEmail('kid@example.edu', 'Cashwise', '123456', 'https://x.test/v', 10, 'en');
    expect([verify.subject, verify.text]).toEqual([
      'Your Cashwise verification code: 123456',
      'Use this code to verify your e-mail address. It expires in 10 minutes.\n\nIf you did not ask for it, you can ignore this mail.\n\n' +
        'Your code: 123456\n\nOr open this link to verify: https://x.test/v\n\n— Cashwise',
    ]);
    expect(mailTemplates.emailChange('a@b.c', 'Cashwise', '123456', 10, 'es').text).toContain('Tu código: 123456');
    expect(mailTemplates.invitation('a@b.c', 'Cashwise', 'Lincoln High School', 'Cashwise', 'https://x.test/i', 'es').subject).toBe(
      'Lincoln High School te invita a Cashwise',
    );
  });

  it.each<[Language, boolean, string]>([
    ['en', true, 'Open My requests'],
    ['en', false, 'Open the help page'],
    ['es', true, 'Abrir Mis solicitudes'],
    ['es', false, 'Abrir la página de ayuda'],
  ])('a support reply in %s (signed in: %s) links with "%s" and quotes the reply as written', (language, signedIn, label) => {
    const mail = mailTemplates.supportReply('a@b.c', 'Cashwise', 'SUP-7', 'Gracias {por} # escribir', 'https://x.test', signedIn, language);
    expect(mail.text).toContain(`${label}: https://x.test`);
    expect(mail.text).toContain('Gracias {por} # escribir');
  });
});

describe('the certificate', () => {
  const base: Omit<CertificateData, 'language'> = {
    learnerName: 'Maya Johnson',
    moduleTitle: 'Budgeting Basics',
    schoolName: 'Lincoln High School',
    completedAt: LATE_EVENING,
    timeZone: 'America/Chicago',
    code: 'ABCD-2345',
    verifyUrl: 'https://x.test/certificates/ABCD-2345',
    productName: 'Cashwise',
  };

  it('English: the words it has always printed', () => {
    expect(certificateTexts({ ...base, language: 'en' })).toEqual({
      documentTitle: 'Certificate: Budgeting Basics',
      documentSubject: 'Verification code ABCD-2345',
      productName: 'Cashwise',
      title: 'Certificate of Completion',
      certifies: 'This certifies that',
      learnerName: 'Maya Johnson',
      completed: 'has completed the module',
      moduleTitle: 'Budgeting Basics',
      when: 'on 12/07/26 at Lincoln High School.',
      code: 'Verification code: ABCD-2345',
      check: 'Check it at https://x.test/certificates/ABCD-2345',
    });
  });

  it('Spanish: its words and the day written out; the module title is what the caller passes', () => {
    expect(certificateTexts({ ...base, language: 'es', moduleTitle: 'Conceptos básicos del presupuesto', schoolName: null })).toEqual({
      documentTitle: 'Certificado: Conceptos básicos del presupuesto',
      documentSubject: 'Código de verificación ABCD-2345',
      productName: 'Cashwise',
      title: 'Certificado de Finalización',
      certifies: 'Se certifica que',
      learnerName: 'Maya Johnson',
      completed: 'completó el módulo',
      moduleTitle: 'Conceptos básicos del presupuesto',
      when: 'el 7 de diciembre de 2026.',
      code: 'Código de verificación: ABCD-2345',
      check: 'Verifícalo en https://x.test/certificates/ABCD-2345',
    });
  });
});
