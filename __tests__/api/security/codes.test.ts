/**
 * E-mailed codes (OWASP ASVS 5.0 V6.5 one-time secrets, v11.5.1 randomness,
 * v6.3.8 no account enumeration): codes are drawn by a CSPRNG with the right length and alphabet,
 * work once, only for their purpose, and expire; the forgot-password answer is the same for known
 * and unknown accounts in status, body and time — proven by equal work (one code drawn and hashed
 * either way, and the answer not waiting on a slow mail server) plus a loose median check.
 */
import { performance } from 'node:perf_hooks';
import { ACCESS_CODE_ALPHABET, ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../../src/common/accounts';
import type { MailMessage, Mailer } from '../../../src/server/mail/mailer';
import { OutboxMailer } from '../../../src/server/mail/mailer';
import * as codes from '../../../src/server/security/codes';
import { FORGOT_MIN_MS } from '../../../src/server/services/accounts/routes';
import { codeFromMail, lastMail, newCode, service } from '../support/accounts';
import { createTestApp, messageOf, signIn, type TestApp } from '../support/testApp';

const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await t.close();
});

let ipCounter = 0;
const nextIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const resetCodeOf = (text: string) => /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function mailedResetCode(login = 'learner', to = 'maya.johnson@example.edu'): Promise<string> {
  expect((await service(t.app, 'POST', '/password/forgot', { login }, undefined, nextIp())).statusCode).toBe(200);
  return resetCodeOf((await lastMail(t.db, to))?.text_body ?? '');
}

interface Record {
  invitationId: number;
  recordId: number;
  key: string;
}
const rec = (r: Record, step: string) => `/registration/${r.invitationId}/records/${r.recordId}/${step}`;

/** A registration record at the verify step with a code mailed to `email`; returns the record and the code. */
async function recordWithCode(email: string): Promise<{ record: Record; code: string }> {
  const ip = nextIp();
  const record = (await service(t.app, 'POST', '/registration/code', { code: await newCode(t.db, t.clock()) }, undefined, ip)).json() as Record;
  await service(t.app, 'PUT', rec(record, 'name'), { key: record.key, firstName: 'New', lastName: 'Kid' }, undefined, ip);
  await service(t.app, 'PUT', rec(record, 'terms'), { key: record.key, accepted: true }, undefined, ip);
  expect((await service(t.app, 'POST', rec(record, 'verify/send'), { key: record.key, email }, undefined, ip)).statusCode).toBe(200);
  return { record, code: codeFromMail((await lastMail(t.db, email))?.text_body ?? '') };
}

/** A signed-in user's pending e-mail change; returns the session token and the mailed code. */
async function emailChange(userName: string, firstName: string, lastName: string, to: string): Promise<{ token: string; code: string }> {
  const { token } = await signIn(t.app, userName);
  const answer = await service(t.app, 'PUT', '/me/profile', { firstName, lastName, email: to, timezone: 'America/Chicago' }, token, nextIp());
  expect(answer.statusCode).toBe(200);
  return { token, code: codeFromMail((await lastMail(t.db, to))?.text_body ?? '') };
}

describe('[ASVS 5.0 v11.5.1] codes are random', () => {
  it('[ASVS 5.0 v6.5.3] [ASVS 5.0 v6.5.4] verification codes: 6 digits, every digit equally likely in every place, from crypto (never Math.random)', () => {
    const mathRandom = jest.spyOn(Math, 'random');
    const draws = 20_000;
    const counts = Array.from({ length: ACCOUNT_LIMITS.verificationCodeDigits }, () => new Array<number>(10).fill(0));
    const bad: string[] = [];
    for (let i = 0; i < draws; i += 1) {
      const code = codes.newVerificationCode();
      if (!/^\d{6}$/.test(code)) bad.push(code);
      for (let place = 0; place < code.length; place += 1) counts[place]![code.charCodeAt(place) - 48]! += 1;
    }
    expect(bad).toEqual([]);
    expect(mathRandom).not.toHaveBeenCalled();
    // each count is Binomial(20000, 0.1): mean 2000, sd ≈ 42; 6 sd either way never fails by chance in practice
    for (const place of counts) for (const count of place) expect(Math.abs(count - draws / 10)).toBeLessThan(6 * 42.5);
  });

  it('[ASVS 5.0 v11.5.1] reset codes: 256 random bits, base64url, no repeats over 5000 draws; access codes: 12 of the 32-letter alphabet, no repeats', () => {
    const mathRandom = jest.spyOn(Math, 'random');
    const secrets = new Set<string>();
    const accessCodes = new Set<string>();
    const bad: string[] = [];
    const alphabet = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCOUNT_LIMITS.accessCodeLength}}$`);
    for (let i = 0; i < 5000; i += 1) {
      const secret = codes.newSecret();
      if (!/^[A-Za-z0-9_-]{43}$/.test(secret) || Buffer.from(secret, 'base64url').length !== 32) bad.push(secret);
      secrets.add(secret);
      const access = codes.newAccessCode();
      if (!alphabet.test(access)) bad.push(access);
      accessCodes.add(access);
    }
    expect(bad).toEqual([]);
    expect(secrets.size).toBe(5000);
    expect(accessCodes.size).toBe(5000);
    expect(mathRandom).not.toHaveBeenCalled();
    expect(ACCESS_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(32);
  });

  it('[ASVS 5.0 v6.5.2] [ASVS 5.0 v11.5.1] mailed reset codes differ every time and are stored only as hashes', async () => {
    const mailed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      mailed.push(await mailedResetCode());
      t.clock.advance(HOUR);
    }
    expect(new Set(mailed).size).toBe(3);
    for (const code of mailed) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.selectFrom('password_reset_codes').select('code_hash').execute();
    for (const code of mailed) {
      expect(rows.map((r) => r.code_hash)).not.toContain(code);
      expect(rows.map((r) => r.code_hash)).toContain(codes.sha256(code));
    }
    // verification codes: never stored in the clear either
    const { code } = await recordWithCode('kid.one@example.edu');
    const stored = await t.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });
});

describe('[ASVS 5.0 v6.5.1] single use', () => {
  it('[ASVS 5.0 v6.5.1] a reset code works once', async () => {
    const code = await mailedResetCode();
    expect((await service(t.app, 'POST', '/password/reset', { code, password: 'a first new passphrase' })).statusCode).toBe(200);
    const again = await service(t.app, 'POST', '/password/reset', { code, password: 'a second new passphrase' });
    expect([again.statusCode, messageOf(again)]).toEqual([410, ACCOUNT_MESSAGES.resetUsed]);
  });

  it('[ASVS 5.0 v6.5.1] a verification code works once (registration and e-mail change)', async () => {
    const { record, code } = await recordWithCode('kid.two@example.edu');
    expect((await service(t.app, 'POST', rec(record, 'verify'), { key: record.key, code })).statusCode).toBe(200);
    const row = await t.db.selectFrom('verification_codes').select('consumed_at').where('record_id', '=', record.recordId).executeTakeFirstOrThrow();
    expect(row.consumed_at).not.toBeNull();
    const again = await service(t.app, 'POST', rec(record, 'verify'), { key: record.key, code });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);

    const change = await emailChange('learner', 'Maya', 'Johnson', 'maya.two@example.edu');
    expect((await service(t.app, 'POST', '/me/email/verify', { code: change.code }, change.token)).statusCode).toBe(200);
    const twice = await service(t.app, 'POST', '/me/email/verify', { code: change.code }, change.token);
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
  });
});

describe('[ASVS 5.0 v9.2.2] purpose-bound', () => {
  it('[ASVS 5.0 v9.2.2] a verification code is no reset code, and a reset code no verification code or access code', async () => {
    const { record, code } = await recordWithCode('kid.three@example.edu');
    const asReset = await service(t.app, 'POST', '/password/reset', { code, password: 'a long passphrase here' });
    expect([asReset.statusCode, messageOf(asReset)]).toEqual([404, ACCOUNT_MESSAGES.resetInvalid]);
    const resetCode = await mailedResetCode();
    const asVerify = await service(t.app, 'POST', rec(record, 'verify'), { key: record.key, code: resetCode });
    expect(asVerify.statusCode).toBe(400);
    const asAccess = await service(t.app, 'POST', '/registration/code', { code: resetCode }, undefined, nextIp());
    expect([400, 404]).toContain(asAccess.statusCode);
    // and the reset code is still good for what it is for
    expect((await service(t.app, 'POST', '/password/reset/check', { code: resetCode })).statusCode).toBe(200);
  });

  it('[ASVS 5.0 v9.2.2] a code verifies only its own record or its own user\'s e-mail change', async () => {
    const a = await recordWithCode('kid.a@example.edu');
    const b = await recordWithCode('kid.b@example.edu');
    const crossed = await service(t.app, 'POST', rec(b.record, 'verify'), { key: b.record.key, code: a.code });
    expect([crossed.statusCode, messageOf(crossed)]).toEqual([400, ACCOUNT_MESSAGES.verificationWrong]);
    // a registration code is no e-mail-change code, and one user's change code is not another's
    const maya = await emailChange('learner', 'Maya', 'Johnson', 'maya.three@example.edu');
    const daniel = await emailChange('multi', 'Daniel', 'Rivera', 'daniel.two@example.edu');
    expect((await service(t.app, 'POST', '/me/email/verify', { code: a.code }, maya.token)).statusCode).toBe(400);
    expect((await service(t.app, 'POST', '/me/email/verify', { code: daniel.code }, maya.token)).statusCode).toBe(400);
    // a record's code with another record's key: the record is simply not found
    const wrongKey = await service(t.app, 'POST', rec(a.record, 'verify'), { key: b.record.key, code: a.code });
    expect(wrongKey.statusCode).toBe(404);
    // the right pairs still work
    expect((await service(t.app, 'POST', rec(b.record, 'verify'), { key: b.record.key, code: b.code })).statusCode).toBe(200);
    expect((await service(t.app, 'POST', '/me/email/verify', { code: maya.code }, maya.token)).statusCode).toBe(200);
  });
});

describe('[ASVS 5.0 v6.5.5] codes expire', () => {
  it('[ASVS 5.0 v6.5.5] a verification code dies after 10 minutes, a reset code after 30, an access code at its expiry', async () => {
    expect(ACCOUNT_LIMITS.verificationCodeMinutes).toBeLessThanOrEqual(10);
    const { record, code } = await recordWithCode('kid.four@example.edu');
    const resetCode = await mailedResetCode();
    const access = await newCode(t.db, t.clock(), { expiresAt: t.clock() + 20 * MIN });
    t.clock.advance(ACCOUNT_LIMITS.verificationCodeMinutes * MIN + 1000);
    const late = await service(t.app, 'POST', rec(record, 'verify'), { key: record.key, code });
    expect([late.statusCode, messageOf(late)]).toEqual([410, ACCOUNT_MESSAGES.verificationExpired]);
    t.clock.advance(20 * MIN);
    const lateReset = await service(t.app, 'POST', '/password/reset/check', { code: resetCode });
    expect([lateReset.statusCode, messageOf(lateReset)]).toEqual([410, ACCOUNT_MESSAGES.resetExpired]);
    const lateAccess = await service(t.app, 'POST', '/registration/code', { code: access }, undefined, nextIp());
    expect([lateAccess.statusCode, messageOf(lateAccess)]).toEqual([410, ACCOUNT_MESSAGES.accessCodeExpired]);
  });
});

describe('[ASVS 5.0 v6.3.8] the forgot answer does not tell whether an account exists', () => {
  const forgot = (app: TestApp, login: string) => service(app.app, 'POST', '/password/forgot', { login }, undefined, nextIp());

  it('[ASVS 5.0 v6.3.8] same status, body and headers for a user name, an e-mail address and an unknown login', async () => {
    const answers = [await forgot(t, 'learner'), await forgot(t, 'maya.johnson@example.edu'), await forgot(t, 'nobody-here'), await forgot(t, 'no.one@example.edu')];
    const shape = (a: (typeof answers)[number]) => ({
      status: a.statusCode,
      body: a.body,
      type: a.headers['content-type'],
      length: a.headers['content-length'],
      cache: a.headers['cache-control'],
    });
    for (const answer of answers) expect(shape(answer)).toEqual(shape(answers[2]!));
    expect(messageOf(answers[0]!)).toBe(ACCOUNT_MESSAGES.forgotAnswer);
  });

  it('[ASVS 5.0 v6.3.8] equal work: one code is drawn and hashed whether or not the account exists', async () => {
    const drawn = jest.spyOn(codes, 'newSecret');
    const hashed = jest.spyOn(codes, 'sha256');
    await forgot(t, 'learner');
    const known = { drawn: drawn.mock.calls.length, hashed: hashed.mock.calls.length };
    drawn.mockClear();
    hashed.mockClear();
    await forgot(t, 'nobody-here');
    expect({ drawn: drawn.mock.calls.length, hashed: hashed.mock.calls.length }).toEqual(known);
    expect(known).toEqual({ drawn: 1, hashed: 1 });
  });

  it('[ASVS 5.0 v6.3.8] a slow mail server does not slow the answer for a real account (the mail still goes out)', async () => {
    const sent: MailMessage[] = [];
    let outbox: OutboxMailer | null = null;
    const slowMailer: Mailer = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 3 * FORGOT_MIN_MS));
        sent.push(message);
        await outbox?.send(message);
      },
    };
    const slow = await createTestApp({ mailer: slowMailer });
    outbox = new OutboxMailer(slow.db, slow.clock);
    try {
      const started = performance.now();
      const answer = await forgot(slow, 'learner');
      const took = performance.now() - started;
      expect(answer.statusCode).toBe(200);
      expect(took).toBeLessThan(2 * FORGOT_MIN_MS);
      expect(took).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
      // the mail arrives after the answer
      await new Promise((resolve) => setTimeout(resolve, 3 * FORGOT_MIN_MS));
      expect(sent.map((m) => m.to)).toContain('maya.johnson@example.edu');
    } finally {
      await slow.close();
    }
  });

  it('[ASVS 5.0 v6.3.8] no measurable timing difference: medians of known and unknown logins agree (loosely)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const logins = ['learner', 'multi', 'support', 'admin'];
    for (let round = 0; round < 8; round += 1) {
      // alternate the order so drift on a shared machine hits both alike; a new hour keeps the limits out of it
      const pair: [string, number[]][] = [
        [logins[round % logins.length]!, known],
        [`nobody-${round}`, unknown],
      ];
      if (round % 2 === 1) pair.reverse();
      for (const [login, into] of pair) {
        const started = performance.now();
        expect((await forgot(t, login)).statusCode).toBe(200);
        into.push(performance.now() - started);
      }
      t.clock.advance(HOUR);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // both answers wait for the same fixed time; the bound is generous for a busy 2-core machine
    expect(median(known)).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(median(unknown)).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(median(known) / median(unknown)).toBeGreaterThan(0.67);
    expect(median(known) / median(unknown)).toBeLessThan(1.5);
  });
});
