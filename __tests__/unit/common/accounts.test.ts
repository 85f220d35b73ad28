/** Account rules as tables: user names, passwords (NIST SP 800-63B), access codes, steps. */
import * as yup from 'yup';
import {
  changePasswordSchema,
  ACCOUNT_MESSAGES,
  externalIdField,
  forgotPasswordSchema,
  nameStepSchema,
  passwordStepSchema,
  profileSchema,
  userNameStepSchema,
  verificationCodeSchema,
  withConfirmation,
  formatAccessCode,
  isValidTimezone,
  joiningLine,
  listOfNames,
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
    // registering without an e-mail address, where the school allows it
    [{ ...base, emailVerified: false, emailSkipped: true }, 'password'],
    [{ ...base, emailVerified: false, emailSkipped: true, userName: null }, 'username'],
    [{ ...base, emailVerified: false, emailSkipped: false }, 'verify'],
    [{ ...base, emailVerified: false, emailSkipped: true, termsAccepted: false }, 'terms'],
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

describe('every required field of the account forms names the field when it is empty', () => {
  const firstError = (schema: yup.AnyObjectSchema, path: string, values: Record<string, unknown>) =>
    schema
      .validateAt(path, values)
      .then(() => null)
      .catch((error: Error) => error.message);
  it.each([
    ['name step', 'firstName', 'First name is required', nameStepSchema, { firstName: '  ', lastName: 'Tester' }],
    ['name step', 'lastName', 'Last name is required', nameStepSchema, { firstName: 'Quinn', lastName: '' }],
    ['profile', 'firstName', 'First name is required', profileSchema, { firstName: '' }],
    ['profile', 'lastName', 'Last name is required', profileSchema, { lastName: '' }],
    ['profile', 'email', 'E-mail is required', profileSchema, { email: '' }],
    ['profile', 'timezone', 'Time zone is required', profileSchema, { timezone: '' }],
    ['user name step', 'userName', 'User name is required', userNameStepSchema, { userName: '' }],
    ['password step', 'password', 'Password is required', passwordStepSchema, { password: '' }],
    ['password step', 'confirm', ACCOUNT_MESSAGES.confirmRequired, withConfirmation(passwordStepSchema, 'password'), { password: 'a fine passphrase', confirm: '' }],
    ['change password', 'currentPassword', 'Current password is required', changePasswordSchema, { currentPassword: '' }],
    ['change password', 'newPassword', 'New password is required', changePasswordSchema, { currentPassword: 'x', newPassword: '' }],
    ['forgot password', 'login', 'User name or e-mail is required', forgotPasswordSchema, { login: ' ' }],
    ['verify code', 'code', ACCOUNT_MESSAGES.verificationCodeFormat, verificationCodeSchema, { code: '' }],
    ['external id, the school\'s label', 'externalId', 'Learner number is required', yup.object({ externalId: externalIdField('Learner number') }), { externalId: '' }],
    ['external id, no label', 'externalId', 'Student ID is required', yup.object({ externalId: externalIdField() }), { externalId: '' }],
  ] as const)('%s: %s empty → %p', async (_form, path, message, schema, values) => {
    await expect(firstError(schema as unknown as yup.AnyObjectSchema, path, values)).resolves.toBe(message);
  });
});

describe('what a code leads to, in one line', () => {
  const code = { schoolName: 'Lincoln High School', productName: 'Cashwise Financial Literacy' };
  it.each([
    ['a class code with its teacher', { ...code, className: 'Period 2', teachers: ['Dana Rivera'] }, 'Period 2 — Dana Rivera, Lincoln High School'],
    ['two teachers', { ...code, className: 'Period 2', teachers: ['Dana Rivera', 'Sam Lee'] }, 'Period 2 — Dana Rivera and Sam Lee, Lincoln High School'],
    ['a class with no teacher left', { ...code, className: 'Period 2', teachers: [] }, 'Period 2 — Lincoln High School'],
    ["a school's access code: the course at the school", { ...code, className: null, teachers: [] }, 'Cashwise Financial Literacy at Lincoln High School'],
  ] as const)('%s', (_what, preview, line) => {
    expect(joiningLine({ ...preview, teachers: [...preview.teachers] })).toBe(line);
  });

  it.each([
    [[], ''],
    [['A'], 'A'],
    [['A', 'B'], 'A and B'],
    [['A', 'B', 'C'], 'A, B and C'],
  ] as const)('%j → %s', (names, text) => {
    expect(listOfNames(names)).toBe(text);
  });

  it('the success message of joining names the line', () => {
    expect(ACCOUNT_MESSAGES.classJoined('Period 2 — Dana Rivera, Lincoln High School')).toBe('You joined Period 2 — Dana Rivera, Lincoln High School.');
  });
});
