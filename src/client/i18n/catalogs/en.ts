/**
 * English, the source catalog: ICU MessageFormat messages by id. Every other language has exactly
 * these ids (catalogs/es.ts is typed by them, and a test compares the sets). Texts the SPEC quotes
 * are its words exactly (a test compares them with SPEC.md).
 *
 * After editing a catalog, run `npm run i18n:compile` (compiled/*.ts is what the app loads; a test
 * fails while they differ).
 */
export const en = {
  // ─── language switch ───
  'language.label': 'Language',

  // ─── /login ───
  'login.title': 'Sign in',
  'login.intro': 'Welcome to {product}. Sign in with the user name and password from your school.',
  'login.formLabel': 'Sign in',
  'login.userName': 'User name',
  'login.password': 'Password',
  'login.userNameRequired': 'Please enter your user name',
  'login.passwordRequired': 'Please enter your password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.forgotPassword': 'Forgot password?',
  'login.register': 'Register with a class code',
  'login.needHelp': 'Need help?',
  'login.helpLink': 'Visit the help page',
  'login.error.credentials': 'Your user name or password is incorrect. Please check them and try again.',
  'login.error.lockedOut': 'Too many sign-in attempts. For your security, please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  'login.error.lockedOutUnknown': 'Too many sign-in attempts. For your security, please wait a few minutes and try again.',
  'login.error.unreachable': "We can't reach Cashwise right now. Check your internet connection and try again in a moment.",
  'login.error.serverError':
    'Cashwise has a problem on its side right now, so you could not be signed in. Please try again in a few minutes. If it keeps happening, tell your teacher or contact support.',
  'login.error.appKey': 'This copy of Cashwise is not recognised by the server. Please tell your teacher or contact support.',
  'login.error.unknown': 'Something went wrong while signing in. Please try again.',
  'login.ended.idle': 'You were signed out after {minutes, plural, one {# minute} other {# minutes}} without activity.',
  'login.ended.expired': 'Your session expired. Please sign in again.',
  'login.ended.otherTab': 'You were signed out in another tab.',
  'login.ended.signout': 'You have signed out.',
  'login.ended.unauthorized': 'Your session has ended. Please sign in again.',
  'login.sharedComputer': 'Signing out of Cashwise does not sign you out of your Google or Microsoft school account on this computer:',
  'login.sharedComputer.or': 'or',

  // ─── the session-expiry warning (SPEC §4) ───
  'session.dialog.title': 'Your session is about to expire',
  'session.dialog.text': 'Do you want to stay signed in?',
  'session.dialog.stay': 'Stay Signed In',
  'session.dialog.signOut': 'Sign Out Now',
  'session.dialog.countdown': 'You will be signed out in {time}',
  'session.dialog.announcement':
    '{minutes, plural, =1 {You will be signed out in less than a minute} other {You will be signed out in # minutes}}',

  // ─── the app shell ───
  'shell.nav.home': 'Home',
  'shell.nav.catalog': 'Catalog',
  'shell.nav.resources': 'Resources',
  'shell.nav.activity': 'Activity',
  'shell.nav.classes': 'Classes',
  'shell.nav.school': 'School',
  'shell.nav.support': 'Support',
  'shell.nav.learn': 'Learn',
  'shell.nav.main': 'Main',
  'shell.openNavigation': 'Open navigation',
  'shell.loadingPage': 'Loading page',
  'shell.getHelp': 'Get Help',
  'account.signIn': 'Sign in',
  'account.menu': 'Account menu',
  'account.menuFor': 'Account menu for {name}',
  'account.signedInAs': 'Signed in as',
  'account.profile': 'Profile',
  'account.myRequests': 'My requests',
  'account.signOut': 'Sign out',
} as const;

export type MessageId = keyof typeof en;
