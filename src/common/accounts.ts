/**
 * Accounts (issue #8): our rules for user names, passwords (NIST SP 800-63B), codes and names,
 * the limits, the messages and the yup schemas shared by the SPA's forms and the server's routes.
 * SPEC §5: "Registration, password and profile form rules: not shown" — so these are ours.
 */
import * as yup from 'yup';
import { SUPPORT_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { isValidEmail } from './validation';

export const ACCOUNT_LIMITS = {
  userNameMin: 4,
  userNameMax: 30,
  /** NIST SP 800-63B: at least 8; long passphrases allowed */
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 50,
  externalIdMax: 40,
  emailMax: SUPPORT_LIMITS.emailMax,
  verificationCodeDigits: 6,
  verificationCodeMinutes: 10,
  verificationMaxAttempts: 5,
  verificationResendSeconds: 60,
  resetCodeMinutes: 30,
  /** bytes of randomness in a password reset code (256 bits, ≥ 128 asked) */
  resetCodeBytes: 32,
  /** length of an access code (alphabet of 32 characters: 5 bits each, 60 bits) */
  accessCodeLength: 12,
  registrationRecordDays: 7,
  invitationDays: 14,
} as const;

/** a–z 0–9 . _ - (stored lower-case) */
export const USER_NAME_PATTERN = /^[a-z0-9._-]+$/;
/** Crockford-like alphabet without I, L, O, U: nothing to misread on a printed slip */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ACCOUNT_MESSAGES = {
  userNameLength: `A user name has ${ACCOUNT_LIMITS.userNameMin} to ${ACCOUNT_LIMITS.userNameMax} characters`,
  userNameChars: 'Use only lower-case letters a–z, digits 0–9, dots, underscores and hyphens',
  userNameTaken: 'That user name is taken. Please choose another.',
  passwordMin: `Your password must be at least ${ACCOUNT_LIMITS.passwordMin} characters`,
  passwordMax: `Your password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
  passwordCommon: 'This password is too common and easy to guess. Please choose another.',
  passwordIsUserName: 'Your password must not be your user name.',
  passwordsDiffer: 'The passwords do not match',
  nameMax: `At most ${ACCOUNT_LIMITS.nameMax} characters`,
  externalIdMax: `At most ${ACCOUNT_LIMITS.externalIdMax} characters`,
  externalIdChars: 'Use letters, digits, dots, hyphens and underscores only',
  termsRequired: 'Please accept the terms of use to continue',
  codeRequired: 'Enter the access code from your teacher',
  verificationCodeFormat: `Enter the ${ACCOUNT_LIMITS.verificationCodeDigits}-digit code from the e-mail`,
  timezoneInvalid: 'Choose a time zone from the list',
  // server answers
  accessCodeNotFound: 'That access code is not valid. Check it and try again.',
  accessCodeExpired: 'That access code has expired. Ask your teacher for a new one.',
  accessCodeExhausted: 'That access code has no places left. Ask your teacher for a new one.',
  accessCodeAlreadyRedeemed: 'You have already added this access code.',
  invitationInvalid: 'This invitation link is not valid or has expired. Ask your teacher for a new one.',
  invitationEmailMismatch: 'That is not the e-mail address this invitation was sent to.',
  recordInvalid: 'This registration could not be found. It may have expired: please start again.',
  recordCompleted: 'This registration is already complete. Please sign in.',
  stepOutOfOrder: 'Please finish the earlier steps first.',
  verificationWrong: 'That code is not right. Check the e-mail and try again.',
  verificationExpired: 'That code has expired. Send a new one.',
  verificationTooManyAttempts: 'Too many wrong codes. Send a new one.',
  verificationCooldown: (seconds: number) => `Please wait ${seconds} seconds before sending another code.`,
  verificationSent: 'We sent a 6-digit code to your e-mail.',
  tooManyRequests: (seconds: number) =>
    `Too many attempts. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
  forgotAnswer: 'If an account matches, we have sent an e-mail with a link to reset the password. The link works once, for 30 minutes.',
  resetInvalid: 'This password reset link is not valid. Ask for a new one.',
  resetExpired: 'This password reset link has expired. Ask for a new one.',
  resetUsed: 'This password reset link has already been used. Ask for a new one if you need to.',
  resetDone: 'Your password has been changed. Every other session was signed out. Please sign in.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  profileSaved: 'Your profile has been saved.',
  emailChangeSent: 'We sent a 6-digit code to your new e-mail address. Enter it to confirm the change.',
  emailChanged: 'Your e-mail address has been changed.',
  noPendingEmail: 'There is no e-mail change waiting for a code.',
  productNotFound: 'You do not have this product.',
  schoolNotFound: 'You are not a member of that school.',
  accessCodeAdded: (school: string, product: string) => `Access code added: ${product} at ${school}.`,
} as const;

/** Lower-cases and trims a user name, as it is stored. */
export function normaliseUserName(value: string): string {
  return value.trim().toLowerCase();
}

/** null when valid, else the message. Checks the normalised form. */
export function userNameProblem(raw: string): string | null {
  const value = normaliseUserName(raw);
  if (value.length < ACCOUNT_LIMITS.userNameMin || value.length > ACCOUNT_LIMITS.userNameMax) return ACCOUNT_MESSAGES.userNameLength;
  if (!USER_NAME_PATTERN.test(value)) return ACCOUNT_MESSAGES.userNameChars;
  return null;
}

/**
 * NIST SP 800-63B §5.1.1.2: at least 8 characters, at most 128 (long passphrases welcome, every
 * printable character and space allowed, no composition rules), not in a list of common or
 * breached passwords, not the user name. `isCommon` is injected: the list is large and lives on
 * the server (src/server/security/commonPasswords.ts).
 */
export function passwordProblem(
  password: string,
  options: { userName?: string | null; isCommon?: (password: string) => boolean } = {},
): string | null {
  // count code points, not UTF-16 units (NIST: each Unicode code point is one character)
  const length = [...password].length;
  if (length < ACCOUNT_LIMITS.passwordMin) return ACCOUNT_MESSAGES.passwordMin;
  if (length > ACCOUNT_LIMITS.passwordMax) return ACCOUNT_MESSAGES.passwordMax;
  if (options.userName && password.trim().toLowerCase() === normaliseUserName(options.userName)) return ACCOUNT_MESSAGES.passwordIsUserName;
  if (options.isCommon?.(password)) return ACCOUNT_MESSAGES.passwordCommon;
  return null;
}

/** Upper-cases and drops spaces and hyphens: "abcd-efgh 2345" → "ABCDEFGH2345". */
export function normaliseAccessCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, '');
}

/** "ABCDEFGH2345" → "ABCD-EFGH-2345" for display and mails. */
export function formatAccessCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export function isValidTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

// ─── yup schemas (forms and payloads) ───

const personName = yup.string().trim().required(MESSAGES.valueRequired).max(ACCOUNT_LIMITS.nameMax, ACCOUNT_MESSAGES.nameMax);
const email = yup
  .string()
  .trim()
  .required(MESSAGES.valueRequired)
  .max(ACCOUNT_LIMITS.emailMax, MESSAGES.emailMax)
  .test('email', MESSAGES.emailInvalid, (v) => !v || isValidEmail(v));
const userName = yup
  .string()
  .required(MESSAGES.valueRequired)
  .test('user-name', (value, context) => {
    const problem = value ? userNameProblem(value) : null;
    return problem ? context.createError({ message: problem }) : true;
  });
const password = yup
  .string()
  .required(MESSAGES.valueRequired)
  .test('password', (value, context) => {
    const problem = value ? passwordProblem(value) : null;
    return problem ? context.createError({ message: problem }) : true;
  });
const externalId = yup
  .string()
  .trim()
  .required(MESSAGES.valueRequired)
  .max(ACCOUNT_LIMITS.externalIdMax, ACCOUNT_MESSAGES.externalIdMax)
  .matches(/^[A-Za-z0-9._-]+$/, ACCOUNT_MESSAGES.externalIdChars);
const timezone = yup
  .string()
  .required(MESSAGES.valueRequired)
  .test('timezone', ACCOUNT_MESSAGES.timezoneInvalid, (v) => !v || isValidTimezone(v));

export const accessCodeSchema = yup.object({
  code: yup.string().trim().required(ACCOUNT_MESSAGES.codeRequired).max(40, ACCOUNT_MESSAGES.accessCodeNotFound),
});
export const invitationEmailSchema = yup.object({ email, token: yup.string().trim().required().max(200) });
export const recordKeySchema = yup.string().trim().required().max(200);
export const nameStepSchema = yup.object({ firstName: personName, lastName: personName });
export const externalIdStepSchema = yup.object({ externalId });
export const termsStepSchema = yup.object({ accepted: yup.boolean().oneOf([true], ACCOUNT_MESSAGES.termsRequired).required(ACCOUNT_MESSAGES.termsRequired) });
export const verifySendSchema = yup.object({ email: email.optional().default(undefined).notRequired() });
export const verificationCodeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required(MESSAGES.valueRequired)
    .matches(new RegExp(`^\\d{${ACCOUNT_LIMITS.verificationCodeDigits}}$`), ACCOUNT_MESSAGES.verificationCodeFormat),
});
export const userNameStepSchema = yup.object({ userName });
export const passwordStepSchema = yup.object({ password });
export const forgotPasswordSchema = yup.object({ login: yup.string().trim().required(MESSAGES.valueRequired).max(ACCOUNT_LIMITS.emailMax, MESSAGES.maxLength(ACCOUNT_LIMITS.emailMax)) });
export const resetPasswordSchema = yup.object({ code: yup.string().trim().required().max(200), password });
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(MESSAGES.valueRequired).max(1024),
  newPassword: password,
});
export const profileSchema = yup.object({ firstName: personName, lastName: personName, email, timezone });
export const schoolSwitchSchema = yup.object({ lsclientID: yup.string().trim().required().max(100) });

/** The SPA's forms add a confirmation field to a password schema. */
export function withConfirmation<T extends yup.AnyObject>(schema: yup.ObjectSchema<T>, field: string) {
  return schema.shape({
    confirm: yup
      .string()
      .required(MESSAGES.valueRequired)
      .oneOf([yup.ref(field)], ACCOUNT_MESSAGES.passwordsDiffer),
  });
}

export type RegistrationStep = 'name' | 'externalid' | 'terms' | 'verify' | 'username' | 'password' | 'done';

/** What the server tells the SPA about a registration record. */
export interface RegistrationRecordView {
  id: number;
  invitationId: number;
  /** the first step still to do */
  step: RegistrationStep;
  schoolName: string;
  productName: string;
  requiresExternalId: boolean;
  externalIdLabel: string | null;
  firstName: string | null;
  lastName: string | null;
  externalId: string | null;
  termsAccepted: boolean;
  email: string | null;
  /** true when the e-mail is fixed by an invitation */
  emailLocked: boolean;
  emailVerified: boolean;
  userName: string | null;
  /** seconds until another code may be sent (0: now) */
  resendInSeconds: number;
}

/** The next step, as a pure rule over what the record holds. */
export function nextRegistrationStep(r: {
  firstName: string | null;
  lastName: string | null;
  requiresExternalId: boolean;
  externalId: string | null;
  termsAccepted: boolean;
  emailVerified: boolean;
  userName: string | null;
  completed: boolean;
}): RegistrationStep {
  if (r.completed) return 'done';
  if (!r.firstName || !r.lastName) return 'name';
  if (r.requiresExternalId && !r.externalId) return 'externalid';
  if (!r.termsAccepted) return 'terms';
  if (!r.emailVerified) return 'verify';
  if (!r.userName) return 'username';
  return 'password';
}

export const REGISTRATION_STEP_ORDER: readonly RegistrationStep[] = ['name', 'externalid', 'terms', 'verify', 'username', 'password', 'done'];

/** May the learner open (or submit) `step` while the record's next step is `next`? Earlier steps may be revisited. */
export function stepReachable(step: RegistrationStep, next: RegistrationStep): boolean {
  return REGISTRATION_STEP_ORDER.indexOf(step) <= REGISTRATION_STEP_ORDER.indexOf(next);
}

export interface ProfileProduct {
  productId: number;
  productName: string;
  schoolName: string;
  requiresExternalId: boolean;
  externalIdLabel: string | null;
  externalId: string | null;
}

export interface RedeemedAccessCode {
  code: string;
  schoolName: string;
  productName: string;
  redeemedAt: number;
}
