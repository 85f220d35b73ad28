/**
 * The password pages' messages in English, the source (ICU MessageFormat by id). messages/es.ts has
 * exactly these ids; `npm run i18n:compile` compiles both into messages/compiled/.
 */
export const en = {
  'password.title.forgot': 'Forgot Password',
  'password.title.reset': 'Reset Password',
  'password.backToSignIn': 'Back to sign in',
  'password.forgot.intro': "Enter your user name or e-mail and we'll send you a link to choose a new password.",
  'password.forgot.form': 'Forgot password',
  'password.forgot.login': 'User name or e-mail',
  'password.forgot.send': 'Send me a link',
  'password.forgot.sending': 'Sending…',
  'password.reset.askAgain': 'Ask for a new link',
  'password.reset.intro': 'Choose a new password of at least {min} characters. Every other session of your account will be signed out.',
  'password.reset.form': 'Reset password',
  'password.reset.newPassword': 'New password',
  'password.reset.confirm': 'Repeat the new password',
  'password.reset.submit': 'Change my password',
  'password.changed': 'Password changed',
  // the strength meter under every new password (SPEC §9: Weak, Medium, Strong)
  'password.strength': 'Password strength: {level}',
  'password.strength.weak': 'Weak',
  'password.strength.medium': 'Medium',
  'password.strength.strong': 'Strong',
  'password.strength.common': 'This password is too common and easy to guess. Please choose another.',
} as const;
