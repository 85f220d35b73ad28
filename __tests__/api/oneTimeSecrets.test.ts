/**
 * A one-time secret is spent in the transaction of the write it authorises: when that transaction
 * fails (here at its commit, a real database failure), the secret is not spent, and the same request
 * sent again succeeds. A password-reset code, an access code's seat and a support ticket's recording
 * upload token; a review's serving and a verification code have their own tests
 * (reviewServingUse, verificationCodes, registration, profile).
 */
import { ACCOUNT_MESSAGES } from '../../src/common/accounts';
import type { SupportTicketCreated } from '../../src/common/support';
import { SUPPORT_DETAILS_MARKER } from '../../src/common/support';
import { lastMail, newCode, service } from './support/accounts';
import { failCommitsWriting } from './support/faults';
import { createTestApp, messageOf, multipartCall, signIn, signInRequest, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `send` once while transactions writing `table` fail, then again: answers both responses. */
async function failedThenRetried<T extends { statusCode: number }>(table: string, op: 'INSERT' | 'UPDATE', send: () => Promise<T>): Promise<{ failed: T; retried: T }> {
  const letThrough = await failCommitsWriting(t.db, table, op);
  const failed = await send();
  await letThrough();
  return { failed, retried: await send() };
}

it('a password reset that fails keeps its code, and the old password, until the retry', async () => {
  await service(t.app, 'POST', '/password/forgot', { login: 'learner' }, undefined, '10.9.0.1');
  const code = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await lastMail(t.db, 'maya.johnson@example.edu'))?.text_body ?? '')?.[1] ?? '';
  const reset = () => service(t.app, 'POST', '/password/reset', { code, password: 'my brand new passphrase' });
  const { failed, retried } = await failedThenRetried('users', 'UPDATE', async () => {
    const res = await reset();
    // between the two, nothing of the reset is kept: the old password still signs in
    if (res.statusCode >= 500) expect((await signInRequest(t.app, 'learner')).statusCode).toBe(200);
    return res;
  });
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  expect([retried.statusCode, messageOf(retried)]).toEqual([200, ACCOUNT_MESSAGES.resetDone]);
  expect((await signInRequest(t.app, 'learner', 'my brand new passphrase')).statusCode).toBe(200);
});

it('an access code whose redemption fails keeps its seat, and the retry redeems it', async () => {
  const { token } = await signIn(t.app, 'multi');
  const code = await newCode(t.db, t.clock(), { seats: 1 });
  const { failed, retried } = await failedThenRetried('access_code_redemptions', 'INSERT', async () => {
    const res = await service(t.app, 'POST', '/me/access-codes', { code }, token);
    if (res.statusCode >= 500) expect(await t.db.selectFrom('access_codes').select('used').where('code', '=', code.replace(/-/g, '')).executeTakeFirst()).toEqual({ used: 0 });
    return res;
  });
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  expect(retried.statusCode).toBe(200);
  expect(await t.db.selectFrom('access_codes').select('used').where('code', '=', code.replace(/-/g, '')).executeTakeFirst()).toEqual({ used: 1 });
});

it("a recording upload that fails keeps the ticket's one-time token, and the retry stores the recording", async () => {
  const { token } = await signIn(t.app, 'multi');
  const recordingId = '00000000-0000-4000-8000-000000000077';
  const created = await service(
    t.app,
    'POST',
    '/whichway/support',
    {
      name: 'Maya Johnson',
      email: 'maya@example.edu',
      subject: 'The quiz will not load',
      description: `Nothing happened.${SUPPORT_DETAILS_MARKER}Name: Maya Johnson`,
      useragent: 'Mozilla/5.0 test',
      url: 'http://localhost/app/catalog',
      recordingId,
    },
    token,
    '10.9.0.2',
  );
  const { issuekey, uploadToken } = created.json() as SupportTicketCreated;
  expect(uploadToken).toEqual(expect.any(String));
  const events = JSON.stringify([{ type: 4, data: { href: 'http://localhost/app' }, timestamp: 1 }, { type: 2, data: {}, timestamp: 2 }]);
  const upload = () =>
    multipartCall(t.app, { method: 'POST', path: `/support/tickets/${issuekey}/recording`, payload: { token: uploadToken } }, { recording: { data: events, filename: 'r.json', type: 'application/json' } }, { token });
  const { failed, retried } = await failedThenRetried('support_recordings', 'INSERT', upload);
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  expect(retried.statusCode).toBe(200);
  expect(await t.db.selectFrom('support_recordings').select('id').where('id', '=', recordingId).execute()).toHaveLength(1);
  // spent now: once only
  expect((await upload()).statusCode).toBe(403);
});
