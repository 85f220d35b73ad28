/** SMTP through nodemailer when SMTP_URL is set; the dev mailbox in env D. */
import { SmtpMailer } from '../../src/server/mail/smtpMailer';
import { defaultMailer } from '../../src/server/app';
import { OutboxMailer } from '../../src/server/mail/mailer';
import { mailTemplates } from '../../src/server/mail/templates';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { createTestApp, type TestApp } from './support/testApp';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

it('sends HTML + text through a real SMTP server', async () => {
  const mailer = new SmtpMailer(sink.url, 'Cashwise <no-reply@example.edu>');
  await mailer.send(mailTemplates.verifyEmail('kid@example.edu', 'Cashwise', '123456', 'http://x.test/v', 10, 'en'));
  mailer.close();
  expect(sink.mails).toHaveLength(1);
  const mail = sink.mails[0]!;
  expect(mail.to).toEqual(['kid@example.edu']);
  const body = decodeQuotedPrintable(mail.raw);
  expect(body).toContain('text/plain');
  expect(body).toContain('text/html');
  expect(body).toContain('123456');
});

it('buildApp picks SMTP only when SMTP_URL is set', async () => {
  const t = await createTestApp({ env: { SMTP_URL: sink.url } });
  try {
    expect(defaultMailer(t.config, t.db, t.clock)).toBeInstanceOf(SmtpMailer);
    expect(defaultMailer({ ...t.config, smtpUrl: undefined }, t.db, t.clock)).toBeInstanceOf(OutboxMailer);
  } finally {
    await t.close();
  }
});

describe('dev mailbox', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('lists outbox mails in development with every value escaped', async () => {
    t = await createTestApp({ env: { APP_ENV: 'D' } });
    await new OutboxMailer(t.db, t.clock).send({ to: 'a@b.cd', subject: '<script>alert(1)</script>', text: 'code 654321', purpose: 'test' });
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('code 654321');
  });

  it('does not exist outside development', async () => {
    t = await createTestApp({ env: { APP_ENV: 'P' } });
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
  });

  it('[ASVS 5.0 v13.4.2] answers only this machine by default: another address, or a request a proxy forwarded, gets Not Found', async () => {
    t = await createTestApp({ env: { APP_ENV: 'D' } });
    expect(t.config.devMailbox).toBe('loopback');
    await new OutboxMailer(t.db, t.clock).send({ to: 'a@b.cd', subject: 'Reset', text: 'https://x.test/password/reset/SECRETCODE', purpose: 'test' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress })).statusCode).toBe(200);
    }
    const refused = [
      await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '10.1.2.3' }),
      await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '192.168.0.20' }),
      await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('SECRETCODE');
    }
  });

  it('DEV_MAILBOX=on answers any address (development only); DEV_MAILBOX=off removes it', async () => {
    t = await createTestApp({ env: { APP_ENV: 'D', DEV_MAILBOX: 'on' } });
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ env: { APP_ENV: 'D', DEV_MAILBOX: 'off' } });
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });

  it('[ASVS 5.0 v13.4.2] does not exist with NODE_ENV=production, even with APP_ENV=D', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', APP_ENV: 'D', TOKEN_SECRET: 'k3Y-f0r-tH3-m41lb0x-t3st-0nly-9f8e7d6c5b4a3210ZyXw', SEED_DEMO: 'false' } });
    expect(t.config.devMailbox).toBe('off');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
