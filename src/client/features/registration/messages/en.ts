/**
 * The registration pages' messages in English, the source (ICU MessageFormat by id). messages/es.ts
 * has exactly these ids; `npm run i18n:compile` compiles both into messages/compiled/. `<link>…</link>`
 * marks the words of a link (ui/LinkedText.tsx).
 */
export const en = {
  'registration.title': 'Register',
  'registration.title.invitation': 'Invitation',
  'registration.title.name': 'Your Name',
  'registration.title.externalId': 'External ID',
  'registration.title.terms': 'Accept Terms',
  'registration.title.verify': 'Verify Email',
  'registration.title.userName': 'Choose a User Name',
  'registration.title.password': 'Choose a Password',

  'registration.step.name': 'Name',
  'registration.step.externalid': 'External ID',
  'registration.step.terms': 'Terms',
  'registration.step.verify': 'Verify',
  'registration.step.username': 'User Name',
  'registration.step.password': 'Password',
  'registration.next': 'Next',
  'registration.continue': 'Continue',
  'registration.email': 'E-mail',
  'registration.startAgain': 'Start again with a class code',
  'registration.complete': 'This registration is complete.',
  'registration.signIn': 'Sign in',

  'registration.code.intro': 'Enter the class code your teacher gave you. Next we show you the school, the class and the teacher it is for.',
  'registration.code.form': 'Class code',
  'registration.code.label': 'Class code',
  'registration.code.help': 'A school’s access code works here too.',
  'registration.code.checking': 'Checking…',
  'registration.code.haveAccount': 'Already have an account?',
  'registration.preview.joining': 'You are joining',
  'registration.preview.joiningClass': 'You are joining the class',
  'registration.preview.schoolCode': 'Your school gave you this access code.',
  'registration.preview.course': 'Course: {product}.',
  'registration.preview.emailOptional': 'Your school lets you register without an e-mail address.',
  'registration.preview.starting': 'Starting…',
  'registration.preview.yes': 'Yes, continue',
  'registration.preview.other': 'Enter a different code',
  'registration.preview.notYours': 'Not your class? Check the code with your teacher before you go on.',

  'registration.invitation.intro': 'You were invited by e-mail. Enter the e-mail address the invitation was sent to.',
  'registration.invitation.missingToken':
    "This address is missing the invitation's code. Open the link from the e-mail again, or <link>register with a class code</link>.",
  'registration.invitation.form': 'Invitation e-mail',

  'registration.name.intro': 'What is your name?',
  'registration.name.form': 'Your name',
  'registration.name.first': 'First name',
  'registration.name.last': 'Last name',

  'registration.externalId.default': 'Student ID',
  'registration.externalId.intro': 'Your school uses your {label} for this course.',

  'registration.terms.read': 'Please read the <terms>terms of use</terms> and the <privacy>privacy policy</privacy>.',
  'registration.terms.form': 'Terms of use',
  'registration.terms.accept': 'I accept the terms of use and the privacy policy',

  'registration.verify.intro': "We'll send a {digits}-digit code to your e-mail to check it is yours. It works for {minutes} minutes.",
  'registration.verify.introOptional':
    "An e-mail address is optional at your school. We'll send a {digits}-digit code to your e-mail to check it is yours. It works for {minutes} minutes.",
  'registration.verify.sendForm': 'Send a code',
  'registration.verify.sendNew': 'Send a new code',
  'registration.verify.send': 'Send me a code',
  'registration.verify.codeForm': 'Enter the code',
  'registration.verify.code': '{digits}-digit code',
  'registration.verify.submit': 'Verify',
  'registration.verify.checkingLink': 'Checking the code from your e-mail…',
  'registration.noEmail.heading': 'No e-mail address?',
  'registration.noEmail.help':
    'Your school lets you register without one. Without an e-mail address we cannot send you a link if you forget your password: your teacher gives you a temporary password instead.',
  'registration.noEmail.continue': 'Continue without e-mail',

  'registration.userName.intro':
    'Choose the user name you will sign in with: {min} to {max} characters, lower-case letters, digits, dots, underscores or hyphens.',
  'registration.userName.label': 'User name',
  'registration.userName.checking': 'Checking…',
  'registration.userName.available': 'This user name is available.',

  'registration.password.intro': 'Choose a password of at least {min} characters. A few unrelated words make a strong one that is easy to remember.',
  'registration.password.label': 'Password',
  'registration.password.confirm': 'Repeat the password',
  'registration.password.creating': 'Creating your account…',
  'registration.password.create': 'Create my account',
} as const;
