/**
 * services/accounts/verificationCodes.ts on a real database, for both owners of codes — a
 * registration record (its e-mail step) and a user changing address: only the newest code counts,
 * a code works once, the minute between sends, and one owner's codes never count for another.
 */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '../../src/common/accounts';
import { HttpError } from '../../src/server/http/errors';
import { findUserByUserName } from '../../src/server/services/auth/repository';
import { startWithAccessCode } from '../../src/server/services/accounts/registration';
import {
  checkVerificationCode,
  issueVerificationCode,
  refuseEarlyResend,
  secondsUntilResend,
  type CodeOwner,
} from '../../src/server/services/accounts/verificationCodes';
import { newCode } from './support/accounts';
import { failCommitsWriting } from './support/faults';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let owners: Record<CodeOwner['purpose'], CodeOwner>;

beforeEach(async () => {
  t = await createTestApp();
  const started = await startWithAccessCode(t.db, await newCode(t.db, t.clock()), t.clock());
  const user = await findUserByUserName(t.db, 'learner');
  owners = {
    registration: { purpose: 'registration', recordId: started.recordId },
    'email-change': { purpose: 'email-change', userId: user!.id },
  };
});
afterEach(async () => {
  await t.close();
});

const other = (code: string) => (code === '000000' ? '111111' : '000000');
/** The HTTP status a call answers with (200 when it does not throw). */
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof HttpError ? error.statusCode : 500),
  );

describe.each(['registration', 'email-change'] as const)('%s codes', (purpose) => {
  it('a code works once; a wrong one is refused', async () => {
    const owner = owners[purpose];
    const { code } = await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    expect(code).toMatch(new RegExp(`^\\d{${ACCOUNT_LIMITS.verificationCodeDigits}}$`));
    await expect(checkVerificationCode(t.db, owner, other(code), null, t.clock())).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.verificationWrong });
    await expect(checkVerificationCode(t.db, owner, code, null, t.clock())).resolves.toEqual({ email: 'kid@example.edu' });
    expect(await status(checkVerificationCode(t.db, owner, code, null, t.clock()))).toBe(410);
  });

  it('only the newest code counts: an earlier one is wrong, and named by its id, used up', async () => {
    const owner = owners[purpose];
    const first = await issueVerificationCode(t.db, owner, 'first@example.edu', t.clock());
    t.clock.advance(ACCOUNT_LIMITS.verificationResendSeconds * 1000);
    const second = await issueVerificationCode(t.db, owner, 'second@example.edu', t.clock());
    expect(second.id).toBeGreaterThan(first.id);
    if (first.code !== second.code) expect(await status(checkVerificationCode(t.db, owner, first.code, null, t.clock()))).toBe(400);
    expect(await status(checkVerificationCode(t.db, owner, first.code, first.id, t.clock()))).toBe(410);
    await expect(checkVerificationCode(t.db, owner, second.code, second.id, t.clock())).resolves.toEqual({ email: 'second@example.edu' });
  });

  it('a new code that fails to be stored leaves the code the owner holds working', async () => {
    const owner = owners[purpose];
    const { code } = await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    t.clock.advance(ACCOUNT_LIMITS.verificationResendSeconds * 1000);
    const letThrough = await failCommitsWriting(t.db, 'verification_codes');
    expect(await status(issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock()))).toBe(500);
    await letThrough();
    await expect(checkVerificationCode(t.db, owner, code, null, t.clock())).resolves.toEqual({ email: 'kid@example.edu' });
  });

  it('a right code whose write fails is not used up', async () => {
    const owner = owners[purpose];
    const { code } = await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    const failing = async () => {
      throw new Error('the write failed');
    };
    await expect(checkVerificationCode(t.db, owner, code, null, t.clock(), failing)).rejects.toThrow('the write failed');
    await expect(checkVerificationCode(t.db, owner, code, null, t.clock())).resolves.toEqual({ email: 'kid@example.edu' });
  });

  it('expires after its minutes', async () => {
    const owner = owners[purpose];
    const { code } = await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    t.clock.advance(ACCOUNT_LIMITS.verificationCodeMinutes * 60_000);
    expect(await status(checkVerificationCode(t.db, owner, code, null, t.clock()))).toBe(410);
  });

  it.each([
    // [ms after the last send, seconds still to wait]
    [0, ACCOUNT_LIMITS.verificationResendSeconds],
    [500, ACCOUNT_LIMITS.verificationResendSeconds],
    [ACCOUNT_LIMITS.verificationResendSeconds * 1000 - 1, 1],
    [ACCOUNT_LIMITS.verificationResendSeconds * 1000, 0],
    [ACCOUNT_LIMITS.verificationResendSeconds * 1000 * 5, 0],
  ])('%p ms after a send, a new one waits %p s', async (after, wait) => {
    const owner = owners[purpose];
    expect(await secondsUntilResend(t.db, owner, t.clock())).toBe(0);
    await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    t.clock.advance(after);
    expect(await secondsUntilResend(t.db, owner, t.clock())).toBe(wait);
  });

  it("never counts another owner's codes", async () => {
    const owner = owners[purpose];
    const stranger = owners[purpose === 'registration' ? 'email-change' : 'registration'];
    const { code, id } = await issueVerificationCode(t.db, owner, 'kid@example.edu', t.clock());
    expect(await secondsUntilResend(t.db, stranger, t.clock())).toBe(0);
    expect(await status(checkVerificationCode(t.db, stranger, code, null, t.clock()))).toBe(400);
    expect(await status(checkVerificationCode(t.db, stranger, code, id, t.clock()))).toBe(400);
    // a new code for the stranger leaves the owner's code working
    await issueVerificationCode(t.db, stranger, 'someone@example.edu', t.clock());
    await expect(checkVerificationCode(t.db, owner, code, null, t.clock())).resolves.toEqual({ email: 'kid@example.edu' });
  });
});

describe('refuseEarlyResend', () => {
  it('is 429 with Retry-After while there is a wait, and nothing without one', () => {
    expect(() => refuseEarlyResend(0)).not.toThrow();
    let refused: unknown;
    try {
      refuseEarlyResend(42);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: ACCOUNT_MESSAGES.verificationCooldown(42), headers: { 'retry-after': '42' } });
  });
});
