/**
 * Accounts: our rules for user names, passwords (NIST SP 800-63B), codes and names,
 * the limits and messages (kept in accountMessages.ts, re-exported here) and the yup schemas shared by the SPA's forms and the server's routes.
 * SPEC §5: "Registration, password and profile form rules: not shown" — so these are ours.
 */
import * as yup from 'yup';
import { fieldRequired, MESSAGES } from './messages';
import { requiredEmail } from './validation';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, TEMPORARY_PASSWORD_LIFETIME_MS } from './accountMessages';
import type { SessionIdentity } from './types';

export { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, TEMPORARY_PASSWORD_LIFETIME_MS };

/** a–z 0–9 . _ - (stored lower-case) */
export const USER_NAME_PATTERN = /^[a-z0-9._-]+$/;
/** Crockford-like alphabet without I, L, O, U: nothing to misread on a printed slip */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

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

// A required field left empty is named as the form's label reads it (fieldRequired)
const personName = (label: string) => yup.string().trim().required(fieldRequired(label)).max(ACCOUNT_LIMITS.nameMax, ACCOUNT_MESSAGES.nameMax);
const email = requiredEmail(ACCOUNT_LIMITS.emailMax, fieldRequired('E-mail'));
/** Required, and valid by one of our rules (null when valid, else the message it shows). */
const ruledBy = (name: string, label: string, problem: (value: string) => string | null) =>
  yup
    .string()
    .required(fieldRequired(label))
    .test(name, (value, context) => {
      const found = value ? problem(value) : null;
      return found ? context.createError({ message: found }) : true;
    });
const userName = ruledBy('user-name', 'User name', userNameProblem);
/** A new password (NIST rules), named by its field's label: "Password", "New password". */
export const passwordField = (label: string) => ruledBy('password', label, passwordProblem);
const password = passwordField('Password');
/** A course's external id, named by the school's own label for it ("Student ID" unless it has one). */
export const externalIdField = (label = 'Student ID') =>
  yup
    .string()
    .trim()
    .required(fieldRequired(label))
    .max(ACCOUNT_LIMITS.externalIdMax, ACCOUNT_MESSAGES.externalIdMax)
    .matches(/^[A-Za-z0-9._-]+$/, ACCOUNT_MESSAGES.externalIdChars);
const timezone = yup
  .string()
  .required(fieldRequired('Time zone'))
  .test('timezone', ACCOUNT_MESSAGES.timezoneInvalid, (v) => !v || isValidTimezone(v));

export const accessCodeSchema = yup.object({
  code: yup.string().trim().required(ACCOUNT_MESSAGES.codeRequired).max(40, ACCOUNT_MESSAGES.accessCodeNotFound),
});
export const invitationEmailSchema = yup.object({ email, token: yup.string().trim().required().max(200) });
export const recordKeySchema = yup.string().trim().required(ACCOUNT_MESSAGES.recordKeyMissing).max(200, ACCOUNT_MESSAGES.recordInvalid);
export const nameStepSchema = yup.object({ firstName: personName('First name'), lastName: personName('Last name') });
export const externalIdStepSchema = yup.object({ externalId: externalIdField() });
export const termsStepSchema = yup.object({ accepted: yup.boolean().oneOf([true], ACCOUNT_MESSAGES.termsRequired).required(ACCOUNT_MESSAGES.termsRequired) });
export const verifySendSchema = yup.object({ email: email.optional().default(undefined).notRequired() });
export const verificationCodeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required(ACCOUNT_MESSAGES.verificationCodeFormat)
    .matches(new RegExp(`^\\d{${ACCOUNT_LIMITS.verificationCodeDigits}}$`), ACCOUNT_MESSAGES.verificationCodeFormat),
});
export const userNameStepSchema = yup.object({ userName });
export const passwordStepSchema = yup.object({ password });
export const forgotPasswordSchema = yup.object({ login: yup.string().trim().required(fieldRequired('User name or e-mail')).max(ACCOUNT_LIMITS.emailMax, MESSAGES.maxLength(ACCOUNT_LIMITS.emailMax)) });
export const resetPasswordSchema = yup.object({ code: yup.string().trim().required().max(200), password });
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(fieldRequired('Current password')).max(1024),
  // the same password again would sign every other session out and change nothing
  newPassword: passwordField('New password').notOneOf([yup.ref('currentPassword')], ACCOUNT_MESSAGES.passwordUnchanged),
});
export const profileSchema = yup.object({ firstName: personName('First name'), lastName: personName('Last name'), email, timezone });
export const schoolSwitchSchema = yup.object({ lsclientID: yup.string().trim().required().max(100) });

/** The SPA's forms add a confirmation field to a password schema; empty, it asks for `requiredMessage`. */
export function withConfirmation<T extends yup.AnyObject>(schema: yup.ObjectSchema<T>, field: string, requiredMessage: string = ACCOUNT_MESSAGES.confirmRequired) {
  return schema.shape({
    confirm: yup
      .string()
      .required(requiredMessage)
      // empty, it says it is required (a oneOf would speak first: "do not match")
      .test('same', ACCOUNT_MESSAGES.passwordsDiffer, (value, context) => !value || value === (context.parent as Record<string, unknown>)[field]),
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
  /** the school lets a student of this class code register without an e-mail address */
  emailOptional: boolean;
  /** the student chose to register without one (counts only while emailOptional) */
  emailSkipped: boolean;
}

/**
 * POST /registration/code/preview: what a code leads to, shown before the student commits; only
 * what the code itself gives (the school, the course, a class code's class and its teachers).
 */
export interface CodePreview {
  schoolName: string;
  productName: string;
  /** a class code's class; null for a school's access code */
  className: string | null;
  /** the class's teachers, the owner first ("Dana Rivera") */
  teachers: string[];
  /** the school lets this class code's students register without an e-mail address */
  emailOptional: boolean;
}

/** "A", "A and B", "A, B and C". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a code leads to, in one line: "Period 2 — Dana Rivera, Lincoln High School", or "Personal Finance at Lincoln High School". */
export function joiningLine(p: Pick<CodePreview, 'schoolName' | 'productName' | 'className' | 'teachers'>): string {
  if (p.className === null) return `${p.productName} at ${p.schoolName}`;
  const teachers = listOfNames(p.teachers);
  return `${p.className} — ${teachers ? `${teachers}, ` : ''}${p.schoolName}`;
}

/** The next step, as a pure rule over what the record holds. */
export function nextRegistrationStep(r: {
  firstName: string | null;
  lastName: string | null;
  requiresExternalId: boolean;
  externalId: string | null;
  termsAccepted: boolean;
  emailVerified: boolean;
  /** registering without an e-mail address, as the school allows */
  emailSkipped?: boolean;
  userName: string | null;
  completed: boolean;
}): RegistrationStep {
  if (r.completed) return 'done';
  if (!r.firstName || !r.lastName) return 'name';
  if (r.requiresExternalId && !r.externalId) return 'externalid';
  if (!r.termsAccepted) return 'terms';
  if (!r.emailVerified && !r.emailSkipped) return 'verify';
  if (!r.userName) return 'username';
  return 'password';
}

export const REGISTRATION_STEP_ORDER: readonly RegistrationStep[] = ['name', 'externalid', 'terms', 'verify', 'username', 'password', 'done'];

/** May the learner open (or submit) `step` while the record's next step is `next`? Earlier steps may be revisited. */
export function stepReachable(step: RegistrationStep, next: RegistrationStep): boolean {
  return REGISTRATION_STEP_ORDER.indexOf(step) <= REGISTRATION_STEP_ORDER.indexOf(next);
}

/** A course: a product at one school (the same product at two schools is two courses). */
export interface ProfileProduct {
  productId: number;
  productName: string;
  schoolName: string;
  /** the school's identifier (SPEC §3 lsclientID): with productId, names the course */
  lsclientID: string;
  requiresExternalId: boolean;
  externalIdLabel: string | null;
  externalId: string | null;
}

/** GET /me/profile: the signed-in identity with what the profile shows beyond it. */
export interface ProfileView extends SessionIdentity {
  products: ProfileProduct[];
  /** a new address waiting for the code sent to it (null: none) */
  pendingEmail: string | null;
  /**
   * the address the school's roster lists when it is not the account's (null: none): the account
   * keeps its own until the user confirms this one with the usual e-mail change
   */
  rosterEmail: string | null;
}

export interface RedeemedAccessCode {
  code: string;
  schoolName: string;
  productName: string;
  redeemedAt: number;
}
