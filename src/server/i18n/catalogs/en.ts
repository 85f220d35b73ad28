/**
 * The server's English words for a person (e-mails, the certificate PDF): ICU MessageFormat by id,
 * the same format and compile step as the SPA's catalogs (src/client/i18n). These are the texts the
 * server wrote before it spoke Spanish, word for word (tests compare mails and PDFs with them).
 *
 * After editing a catalog, run `npm run i18n:compile` (compiled/*.ts is what the server loads; a
 * test fails while they differ).
 */
export const en = {
  // ─── every mail ───
  'mail.code': 'Your code: {code}',
  'mail.signature': '— {product}',

  // ─── the e-mail verification code (registration) ───
  'mail.verifyEmail.subject': 'Your {product} verification code: {code}',
  'mail.verifyEmail.body': 'Use this code to verify your e-mail address. It expires in {minutes} minutes.',
  'mail.verifyEmail.action': 'Or open this link to verify',
  'mail.ignore': 'If you did not ask for it, you can ignore this mail.',

  // ─── password reset ───
  'mail.passwordReset.subject': 'Reset your {product} password',
  'mail.passwordReset.body': 'Someone asked to reset the password of the {product} account "{userName}".',
  'mail.passwordReset.expiry':
    'The link works once and expires in {minutes} minutes. If you did not ask for it, you can ignore this mail: your password stays the same.',
  'mail.passwordReset.action': 'Choose a new password',

  // ─── invitation ───
  'mail.invitation.subject': 'You are invited to {product} by {school}',
  'mail.invitation.body': '{school} invites you to create your {product} account for {productLabel}.',
  'mail.invitation.start': 'Open the link and confirm this e-mail address to start.',
  'mail.invitation.action': 'Create your account',

  // ─── a new e-mail address's code ───
  'mail.emailChange.subject': 'Confirm your new {product} e-mail address',
  'mail.emailChange.body': 'Enter this code on your profile page to confirm this address. It expires in {minutes} minutes.',

  // ─── a support reply ───
  'mail.supportReply.subject': '{product} support replied to your request {issueKey}',
  'mail.supportReply.body': 'Our support team replied to your request {issueKey}:',
  'mail.supportReply.signedIn': 'Sign in and open My requests on the Support page to read the whole conversation and answer.',
  'mail.supportReply.anonymous': 'To answer, send a new request from the help page and mention {issueKey}.',
  'mail.supportReply.signedInAction': 'Open My requests',
  'mail.supportReply.anonymousAction': 'Open the help page',

  // ─── password changed ───
  'mail.passwordChanged.subject': 'Your {product} password was changed',
  'mail.passwordChanged.body': 'The password of the account "{userName}" was just changed and every other session was signed out.',
  'mail.passwordChanged.warning': 'If this was not you, ask for a password reset at once and tell your teacher.',

  // ─── the certificate PDF ───
  'certificate.documentTitle': 'Certificate: {module}',
  'certificate.documentSubject': 'Verification code {code}',
  'certificate.title': 'Certificate of Completion',
  'certificate.certifies': 'This certifies that',
  'certificate.completed': 'has completed the module',
  'certificate.when': 'on {date}.',
  'certificate.whenAt': 'on {date} at {school}.',
  'certificate.code': 'Verification code: {code}',
  'certificate.check': 'Check it at {url}',
} as const;

export type ServerMessageId = keyof typeof en;
