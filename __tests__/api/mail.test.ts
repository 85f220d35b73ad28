/** The embedded default's mail: every message lands in the outbox table, with the clock's time. */
import { OutboxMailer } from '../../src/server/mail/mailer';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('stores a sent message in the outbox, unsent, stamped with the server clock', async () => {
  const mailer = new OutboxMailer(t.db, t.clock);
  await mailer.send({ to: 'help@example.edu', subject: 'Hello', text: 'Plain', html: '<p>Plain</p>', purpose: 'test' });
  const rows = await t.db.selectFrom('outbox').selectAll().execute();
  expect(rows).toEqual([
    expect.objectContaining({
      to_address: 'help@example.edu',
      subject: 'Hello',
      text_body: 'Plain',
      html_body: '<p>Plain</p>',
      purpose: 'test',
      created_at: t.clock(),
      sent_at: null,
    }),
  ]);
});
