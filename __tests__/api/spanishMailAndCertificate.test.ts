/**
 * The server writes to a person in their language: a Spanish speaker's password-reset mail and
 * certificate are Spanish, an English speaker's stay word for word what they were. The language is
 * the saved choice (users.language), else the request's Accept-Language, else English.
 */
import path from 'node:path';
import type { CertificateFile, ReviewView } from '../../src/common/catalog';
import { importContent, offerAllModules } from '../../src/server/content/importContent';
import { pdfText } from '../support/pdfText';
import { lastMail } from './support/accounts';
import { servedAnswers } from './support/reviews';
import { createTestApp, serviceCall, signIn, type TestApp } from './support/testApp';

const FIXTURE = path.resolve(__dirname, '../fixtures/content');
const MAT = '/catalog/modules/budgeting/materials/first-budget';
const SECTIONS = ['track-your-spending', 'needs-and-wants', 'write-the-plan'];
const RIGHT = [0, false, 1, true, 1] as const;
// 11:28 PM on Monday 11/23/26 in Chicago; already 12:28 AM on 11/24 in New York
const LATE_EVENING = Date.UTC(2026, 10, 24, 5, 28, 0);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importContent(t.db, FIXTURE, t.clock());
  await offerAllModules(t.db, ['LINCOLN-HS']);
  t.clock.set(LATE_EVENING);
});
afterAll(async () => {
  await t.close();
});

async function ok<T>(token: string, method: string, p: string, payload?: unknown): Promise<T> {
  const res = await serviceCall(t.app, method, p, { token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

async function chooseLanguage(userName: string, language: 'en' | 'es' | null): Promise<void> {
  if (language === null) {
    await t.db.updateTable('users').set({ language: null }).where('user_name', '=', userName).execute();
    return;
  }
  const { token } = await signIn(t.app, userName);
  await ok(token, 'PUT', '/me/language', { language });
}

/** Asks for a reset (a day later each time: the forgot route limits requests per account) and returns its mail. */
async function resetMailOf(userName: string, headers?: Record<string, string>) {
  t.clock.advance(24 * 60 * 60_000);
  const { email } = await t.db.selectFrom('users').select('email').where('user_name', '=', userName).executeTakeFirstOrThrow();
  const res = await serviceCall(t.app, 'POST', '/password/forgot', { payload: { login: userName }, headers });
  expect(res.statusCode).toBe(200);
  const mail = await lastMail(t.db, email);
  expect(mail?.purpose).toBe('password-reset');
  return mail!;
}

describe('the password-reset mail', () => {
  it('is Spanish for a person who chose Español: subject, text and HTML', async () => {
    await chooseLanguage('learner', 'es');
    const mail = await resetMailOf('learner');
    expect(mail.subject).toBe(`Restablece tu contraseña de ${t.config.productName}`);
    expect(mail.text_body).toContain(`Alguien pidió restablecer la contraseña de la cuenta de ${t.config.productName} "learner".`);
    expect(mail.text_body).toContain('vence en 30 minutos');
    expect(mail.text_body).toMatch(/Elige una contraseña nueva: \S+\/password\/reset\/[A-Za-z0-9_-]{43,}/);
    expect(mail.html_body).toContain('<html lang="es">');
    expect(mail.html_body).not.toContain('Someone asked');
  });

  it("follows the saved choice, not the browser that asks: an English speaker's is unchanged, word for word", async () => {
    await chooseLanguage('learner', 'en');
    const mail = await resetMailOf('learner', { 'accept-language': 'es-MX,es;q=0.9' });
    const product = t.config.productName;
    expect(mail.subject).toBe(`Reset your ${product} password`);
    const link = /Choose a new password: (\S+)/.exec(mail.text_body)?.[1];
    expect(mail.text_body).toBe(
      [
        `Someone asked to reset the password of the ${product} account "learner".`,
        'The link works once and expires in 30 minutes. If you did not ask for it, you can ignore this mail: your password stays the same.',
        `Choose a new password: ${link}`,
        `— ${product}`,
      ].join('\n\n'),
    );
    expect(mail.html_body).toContain('<html lang="en">');
  });

  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'Restablece tu contraseña'],
    ['en-US,en;q=0.9', 'Reset your'],
    [undefined, 'Reset your'],
  ])('before any choice, speaks the Accept-Language of the request (%s)', async (header, start) => {
    await chooseLanguage('learner', null);
    const mail = await resetMailOf('learner', header ? { 'accept-language': header } : undefined);
    expect(mail.subject.startsWith(start)).toBe(true);
  });
});

describe('the certificate', () => {
  beforeAll(() => t.clock.set(LATE_EVENING));

  async function certificateOf(userName: string, headers?: Record<string, string>): Promise<string> {
    const { token } = await signIn(t.app, userName);
    for (const section of SECTIONS) await ok(token, 'POST', `${MAT}/sections/${section}/complete`);
    const review = await ok<ReviewView>(token, 'GET', `${MAT}/review`);
    await ok(token, 'POST', `${MAT}/review/attempts`, await servedAnswers(t.db, review, (i) => RIGHT[i]!));
    const res = await serviceCall(t.app, 'GET', '/certificates/modules/budgeting', { token, headers });
    expect(res.statusCode).toBe(200);
    return pdfText(Buffer.from((res.json() as CertificateFile).pdfBase64, 'base64'));
  }

  it("is Spanish for a learner who chose Español, the day written out in the learner's time zone", async () => {
    await chooseLanguage('learner', 'es');
    const text = await certificateOf('learner');
    expect(text).toContain('Certificado de Finalización');
    expect(text).toContain('Se certifica que');
    expect(text).toContain('completó el módulo');
    expect(text).toContain('el 24 de noviembre de 2026 en Lincoln High School.');
    expect(text).toMatch(/Código de verificación: [A-Z0-9-]+/);
    expect(text).toContain(`Verifícalo en ${t.config.publicUrl}/certificates/`);
    expect(text).not.toContain('Certificate of Completion');
  });

  it("is unchanged for another learner of the class who speaks English, whatever the browser's language", async () => {
    await chooseLanguage('multi', 'en');
    const text = await certificateOf('multi', { 'accept-language': 'es' });
    for (const words of ['Certificate of Completion', 'This certifies that', 'has completed the module', 'on 11/24/26 at Lincoln High School.', 'Verification code: ']) {
      expect(text).toContain(words);
    }
    expect(text).toContain(`Check it at ${t.config.publicUrl}/certificates/`);
    expect(text).not.toContain('Certificado');
  });
});

it('an unreadable Accept-Language header is no failure: the request speaks English', async () => {
  await chooseLanguage('learner', null);
  const mail = await resetMailOf('learner', { 'accept-language': ';;q=x,,*' });
  expect(mail.subject).toBe(`Reset your ${t.config.productName} password`);
});
