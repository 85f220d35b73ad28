/** Issue #8 rules as tables: user names, passwords (NIST SP 800-63B), access codes, steps. */
import {
  changePasswordSchema,
  ACCOUNT_MESSAGES,
  formatAccessCode,
  isValidTimezone,
  nextRegistrationStep,
  normaliseAccessCode,
  passwordProblem,
  stepReachable,
  userNameProblem,
} from '../../../src/common/accounts';
import { isCommonPassword } from '../../../src/server/security/commonPasswords';
import { newAccessCode, newSecret, newVerificationCode } from '../../../src/server/security/codes';

describe('user names: 4–30 of a–z 0–9 . _ -', () => {
  it.each([
    ['nora', null],
    ['Nora.N', null],
    ['a_b-c.d', null],
    ['abc', ACCOUNT_MESSAGES.userNameLength],
    ['a'.repeat(31), ACCOUNT_MESSAGES.userNameLength],
    ['a'.repeat(30), null],
    ['nora n', ACCOUNT_MESSAGES.userNameChars],
    ['nörä', ACCOUNT_MESSAGES.userNameChars],
    ['nora@x', ACCOUNT_MESSAGES.userNameChars],
  ])('%p → %p', (value, expected) => {
    expect(userNameProblem(value)).toBe(expected);
  });
});

describe('passwords: at least 8, at most 128, not common, not the user name', () => {
  it.each([
    ['short', ACCOUNT_MESSAGES.passwordMin],
    ['1234567', ACCOUNT_MESSAGES.passwordMin],
    ['password', ACCOUNT_MESSAGES.passwordCommon],
    ['Password1', ACCOUNT_MESSAGES.passwordCommon],
    ['qwertyuiop', ACCOUNT_MESSAGES.passwordCommon],
    ['nora.newcomer', ACCOUNT_MESSAGES.passwordIsUserName],
    ['maple leaves in autumn', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), ACCOUNT_MESSAGES.passwordMax],
    ['😀😀😀😀😀😀😀😀', null],
  ])('%p → %p', (value, expected) => {
    expect(passwordProblem(value, { userName: 'nora.newcomer', isCommon: isCommonPassword })).toBe(expected);
  });

  it('ships a blocklist of tens of thousands of common passwords', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('maple leaves in autumn')).toBe(false);
  });
});

describe('codes', () => {
  it.each([
    ['abcd-efgh 2345', 'ABCDEFGH2345'],
    [' ab-cd ', 'ABCD'],
  ])('normalises %p to %p', (raw, expected) => {
    expect(normaliseAccessCode(raw)).toBe(expected);
  });

  it('formats and generates them from crypto randomness', () => {
    expect(formatAccessCode('ABCDEFGH2345')).toBe('ABCD-EFGH-2345');
    expect(newAccessCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(newVerificationCode()).toMatch(/^\d{6}$/);
    expect(Buffer.from(newSecret(), 'base64url')).toHaveLength(32);
    expect(new Set(Array.from({ length: 50 }, () => newSecret())).size).toBe(50);
  });
});

describe('time zones', () => {
  it.each([
    ['America/Chicago', true],
    ['Europe/Paris', true],
    ['Mars/Olympus', false],
  ])('%p → %p', (zone, ok) => {
    expect(isValidTimezone(zone)).toBe(ok);
  });
});

describe('registration steps', () => {
  const base = { firstName: 'A', lastName: 'B', requiresExternalId: false, externalId: null, termsAccepted: true, emailVerified: true, userName: 'ab.cd', completed: false };
  it.each([
    [{ ...base, firstName: null }, 'name'],
    [{ ...base, requiresExternalId: true }, 'externalid'],
    [{ ...base, requiresExternalId: true, externalId: 'S1' }, 'password'],
    [{ ...base, termsAccepted: false }, 'terms'],
    [{ ...base, emailVerified: false }, 'verify'],
    [{ ...base, userName: null }, 'username'],
    [base, 'password'],
    [{ ...base, completed: true }, 'done'],
  ] as const)('%o → %s', (record, step) => {
    expect(nextRegistrationStep(record)).toBe(step);
  });

  it.each([
    ['name', 'verify', true],
    ['verify', 'verify', true],
    ['username', 'verify', false],
    ['password', 'username', false],
  ] as const)('%s reachable when next is %s: %p', (step, next, ok) => {
    expect(stepReachable(step, next)).toBe(ok);
  });
});

describe('change password form: the new password must differ from the current one', () => {
  it.each([
    ['demo-password', 'demo-password', ACCOUNT_MESSAGES.passwordUnchanged],
    ['demo-password', 'a fine new passphrase', null],
    ['demo-password', 'short', ACCOUNT_MESSAGES.passwordMin],
  ])('current %p, new %p → %p', async (currentPassword, newPassword, expected) => {
    const problem = await changePasswordSchema
      .validateAt('newPassword', { currentPassword, newPassword })
      .then(() => null)
      .catch((error: Error) => error.message);
    expect(problem).toBe(expected);
  });
});
