/**
 * The account limits and messages, apart from accounts.ts and its yup schemas so that code
 * in the SPA's first download (the password saga) can use them without bringing yup along
 * (docs/performance.md). accounts.ts re-exports both: import from either.
 */
import { countOf, minutesToWait } from './plural';

import { SUPPORT_LIMITS } from './support';

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
  /** a temporary password (a teacher's, the school office's) signs in once, within this many hours */
  temporaryPasswordHours: 72,
} as const;

export const TEMPORARY_PASSWORD_LIFETIME_MS = ACCOUNT_LIMITS.temporaryPasswordHours * 3_600_000;

export const ACCOUNT_MESSAGES = {
  userNameLength: `A user name has ${ACCOUNT_LIMITS.userNameMin} to ${ACCOUNT_LIMITS.userNameMax} characters`,
  userNameChars: 'Use only lower-case letters a–z, digits 0–9, dots, underscores and hyphens',
  userNameTaken: 'That user name is taken. Please choose another.',
  passwordMin: `Your password must be at least ${ACCOUNT_LIMITS.passwordMin} characters`,
  passwordMax: `Your password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
  passwordCommon: 'This password is too common and easy to guess. Please choose another.',
  passwordIsUserName: 'Your password must not be your user name.',
  passwordsDiffer: 'The passwords do not match',
  confirmRequired: 'Type the password again to confirm it',
  newConfirmRequired: 'Type the new password again to confirm it',
  nameMax: `At most ${ACCOUNT_LIMITS.nameMax} characters`,
  externalIdMax: `At most ${ACCOUNT_LIMITS.externalIdMax} characters`,
  externalIdChars: 'Use letters, digits, dots, hyphens and underscores only',
  termsRequired: 'Please accept the terms of use to continue',
  codeRequired: 'Enter the class code from your teacher',
  verificationCodeFormat: `Enter the ${ACCOUNT_LIMITS.verificationCodeDigits}-digit code from the e-mail`,
  timezoneInvalid: 'Choose a time zone from the list',
  // server answers
  accessCodeNotFound: 'That code is not valid. Check it and try again.',
  accessCodeExpired: 'That access code has expired. Ask your teacher for a new one.',
  accessCodeExhausted: 'That access code has no places left. Ask your teacher for a new one.',
  accessCodeAlreadyRedeemed: 'You have already added this access code.',
  classCodeExpired: 'That class code no longer works. Ask your teacher for the class’s code.',
  classCodeExhausted: 'That class code has no places left. Ask your teacher.',
  classCodeAlreadyRedeemed: 'You have already joined with this class code.',
  classArchived: 'This class has been archived, so its class code no longer works. Ask your teacher which class to join.',
  emailRequiredBySchool: 'Your school asks for an e-mail address: enter yours and we will send a code to check it.',
  invitationInvalid: 'This invitation link is not valid or has expired. Ask your teacher for a new one.',
  invitationEmailMismatch: 'That is not the e-mail address this invitation was sent to.',
  recordInvalid: 'This registration could not be found. It may have expired: please start again.',
  recordCompleted: 'This registration is already complete. Please sign in.',
  recordKeyMissing:
    "This registration was started in another browser or on another computer, so it can't be continued here. Start again with your class code, or open the invitation link from your e-mail again.",
  stepOutOfOrder: 'Please finish the earlier steps first.',
  verificationWrong: 'That code is not right. Check the e-mail and try again.',
  verificationExpired: 'That code has expired. Send a new one.',
  verificationTooManyAttempts: 'Too many wrong codes. Send a new one.',
  verificationCooldown: (seconds: number) => `Please wait ${countOf(seconds, 'second')} before sending another code.`,
  verificationSent: 'We sent a 6-digit code to your e-mail.',
  tooManyRequests: (seconds: number) =>
    `Too many attempts. Please try again in ${minutesToWait(seconds)}.`,
  forgotAnswer: 'If an account matches, we have sent an e-mail with a link to reset the password. The link works once, for 30 minutes.',
  resetInvalid: 'This password reset link is not valid. Ask for a new one.',
  resetExpired: 'This password reset link has expired. Ask for a new one.',
  resetUsed: 'This password reset link has already been used. Ask for a new one if you need to.',
  resetDone: 'Your password has been changed. Every other session was signed out. Please sign in.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordUnchanged: 'Your new password must be different from your current password.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  profileSaved: 'Your profile has been saved.',
  emailChangeSent: 'We sent a 6-digit code to your new e-mail address. Enter it to confirm the change.',
  emailChanged: 'Your e-mail address has been changed.',
  noPendingEmail: 'There is no e-mail change waiting for a code.',
  rosterEmailDismissed: 'The address from your school’s records is no longer offered. If it is wrong, tell your school.',
  productNotFound: 'You do not have this product.',
  schoolNotFound: 'You are not a member of that school.',
  accessCodeAdded: (school: string, product: string) => `Access code added: ${product} at ${school}.`,
  /** a class code: `line` is joiningLine's "Period 2 — Dana Rivera, Lincoln High School" */
  classJoined: (line: string) => `You joined ${line}.`,
} as const;
