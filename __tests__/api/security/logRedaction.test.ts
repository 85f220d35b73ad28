/**
 * Secrets never reach the log: the request log writes every URL at the default level, and e-mailed
 * links carry password-reset codes, invitation tokens and registration keys; error reports quote
 * addresses too. These tests read what the logger really wrote.
 */
import { Writable } from 'node:stream';
import { IN_PROCESS_MODULES } from '../../../src/server/services/registry';
import { lastMail, service } from '../support/accounts';
import { appKeyHeader, createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let lines: string[];

const SECRETS = {
  reset: '', // from a real forgot-password mail
  invitationToken: 'Zq8xW2vB7nK4pLm9Rt3sYc6Hd1Fg5Ja0',
  registrationKey: 'kR7mN2pQ9sT4vW6xY8zA1bC3dE5fG7hJ',
  certificate: 'ABCD-EFGH-JK23',
  verificationCode: '482913',
};

beforeAll(async () => {
  lines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      done();
    },
  });
  t = await createTestApp({
    logger: { level: 'info', stream },
    modules: {
      ...IN_PROCESS_MODULES,
      Legacy: {
        routes: [
          {
            method: 'GET',
            path: '/crash',
            access: 'public',
            handler: async () => {
              throw new Error(`mail link http://localhost:3000/password/reset/${SECRETS.reset} failed; invitation /register/4?token=${SECRETS.invitationToken}`);
            },
          },
        ],
      },
    },
  });
  await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.9.0.1');
  SECRETS.reset = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await lastMail(t.db))?.text_body ?? '')?.[1] ?? '';
  expect(SECRETS.reset.length).toBeGreaterThanOrEqual(40);
});
afterAll(async () => {
  await t.close();
});

const logged = () => lines.join('\n');

describe('the request log', () => {
  it.each([
    ['a password-reset link', () => `/password/reset/${SECRETS.reset}`, () => [SECRETS.reset], '/password/reset/[redacted]'],
    ['an invitation link', () => `/register/4?token=${SECRETS.invitationToken}`, () => [SECRETS.invitationToken], '/register/4?token=[redacted]'],
    [
      'a registration verification link',
      () => `/register/4/record/9/verify/12?code=${SECRETS.verificationCode}&key=${encodeURIComponent(SECRETS.registrationKey)}`,
      () => [SECRETS.verificationCode, SECRETS.registrationKey],
      '/register/4/record/9/verify/12?code=[redacted]&key=[redacted]',
    ],
    ['a certificate check', () => `/certificates/${SECRETS.certificate}`, () => [SECRETS.certificate], '/certificates/[redacted]'],
    ['an unknown address holding a token', () => `/api/anything/${SECRETS.registrationKey}?q=budget`, () => [SECRETS.registrationKey], '/api/anything/[redacted]?q=budget'],
  ])('[ASVS 5.0 v16.2.5] writes %s without its secret', async (_name, url, secrets, shown) => {
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: url(), headers: { accept: 'text/html' } });
    const written = lines.slice(before).join('\n');
    expect(written).toContain('incoming request');
    expect(written).toContain(shown);
    for (const secret of secrets()) expect(written).not.toContain(secret);
  });

  it('[ASVS 5.0 v16.2.5] a URL that does not decode is logged (and its error reported) without the secret', async () => {
    const before = lines.length;
    const response = await t.app.inject({ method: 'GET', url: `/password/reset/${SECRETS.reset}%` });
    expect(response.statusCode).toBe(400);
    const written = lines.slice(before).join('\n');
    expect(written).toContain('/password/reset/[redacted]');
    expect(written).not.toContain(SECRETS.reset);
  });
});

describe('error reports', () => {
  it('[ASVS 5.0 v16.2.5] a 500 logs its error with the addresses inside the message and the stack redacted', async () => {
    const before = lines.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/service', headers: appKeyHeader, payload: { service: 'Legacy', method: 'GET', path: '/crash' } });
    expect(response.statusCode).toBe(500);
    const written = lines.slice(before).join('\n');
    expect(written).toContain('unhandled error');
    expect(written).toContain('http://localhost:3000/password/reset/[redacted]');
    expect(written).toContain('/register/4?token=[redacted]');
    expect(written).not.toContain(SECRETS.reset);
    expect(written).not.toContain(SECRETS.invitationToken);
  });

  it('a support ticket sent from a page whose address holds a secret stores and mails the address redacted', async () => {
    const page = `http://localhost:3000/password/reset/${SECRETS.reset}`;
    const response = await service(t.app, 'POST', '/whichway/support', {
      name: 'Maya Johnson',
      email: 'maya@example.edu',
      subject: 'The reset link does not work',
      description: 'It says the link expired.',
      useragent: 'test',
      url: page,
    }, undefined, '10.9.0.2');
    expect(response.statusCode).toBe(200);
    const row = await t.db.selectFrom('support_tickets').select('page_url').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.page_url).toBe('http://localhost:3000/password/reset/[redacted]');
    expect((await lastMail(t.db))?.text_body).not.toContain(SECRETS.reset);
    expect(logged()).not.toContain(SECRETS.reset);
  });
});
