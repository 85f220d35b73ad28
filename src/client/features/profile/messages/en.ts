/**
 * The profile pages' messages in English, the source (ICU MessageFormat by id). messages/es.ts has
 * exactly these ids; `npm run i18n:compile` compiles both into messages/compiled/.
 */
export const en = {
  'profile.title': 'Profile',
  'profile.title.accessCodes': 'Access Codes',
  'profile.title.edit': 'Edit Profile',
  'profile.title.password': 'Change Password',
  'profile.title.externalId': 'External ID',
  'profile.title.addCode': 'Add Access Code',
  'profile.tab.account': 'Account',
  'profile.tab.password': 'Password',
  'profile.tabs': 'Profile sections',
  'profile.crumb.home': 'Home',
  'profile.tryAgain': 'Try again',
  'profile.save': 'Save',
  'profile.joinClass': 'Join a class',

  'profile.account.name': 'Name',
  'profile.account.userName': 'User name',
  'profile.account.email': 'E-mail',
  'profile.account.pendingEmail': ' (change to {email} waiting for its code)',
  'profile.account.timeZone': 'Time zone',
  'profile.account.schools': 'Schools',
  'profile.account.yourSchools': 'Your schools',
  'profile.account.currentSchool': 'Current school',
  'profile.account.courses': 'Courses',
  'profile.account.yourCourses': 'Your courses',
  'profile.account.externalId': 'External ID',
  'profile.account.externalIdValue': '{label}: {value}',
  'profile.account.notSet': 'not set',
  'profile.account.setExternalId': 'Set {label}',
  'profile.account.setExternalIdDefault': 'Set external ID',
  'profile.account.edit': 'Edit profile',

  'profile.emailCode.sent': 'We sent a 6-digit code to {email}. Enter it to confirm your new e-mail address.',
  'profile.emailCode.form': 'Confirm new e-mail',
  'profile.emailCode.code': '6-digit code',
  'profile.emailCode.confirm': 'Confirm e-mail',

  'profile.edit.form': 'Edit profile',
  'profile.edit.firstName': 'First name',
  'profile.edit.lastName': 'Last name',
  'profile.edit.emailHelp': 'A new address is used once you enter the code we send to it.',

  'profile.password.temporary':
    'Your teacher gave you a temporary password. Choose your own password to go on: enter the temporary one as your current password.',
  'profile.password.intro': 'Your other sessions (on other computers) are signed out when you change your password.',
  'profile.password.form': 'Change password',
  'profile.password.current': 'Current password',
  'profile.password.new': 'New password',
  'profile.password.confirm': 'Repeat the new password',
  'profile.password.submit': 'Change password',

  'profile.codes.none': 'You have not added a class code or an access code yet.',
  'profile.codes.table': 'Your access codes',
  'profile.codes.code': 'Code',
  'profile.codes.school': 'School',
  'profile.codes.course': 'Course',
  'profile.codes.added': 'Added',
  'profile.codes.addedOn': 'Added {date}',

  'profile.externalId.notYours': 'You do not have this course. Check the address, or join a class with its class code.',
  'profile.externalId.course': '{product} at {school}',

  'profile.addCode.intro': 'Join another class: enter the class code your teacher gave you. You stay in your other classes.',
  'profile.addCode.join': 'Join',
  'profile.addCode.label': 'Class code',
  'profile.addCode.help': 'A school’s access code works here too.',
  'profile.addCode.seeCodes': 'See the codes you have added',

  'profile.rosterEmail.region': 'E-mail in your school’s records',
  'profile.rosterEmail.text': 'Your school’s records list your e-mail as <b>{email}</b>.',
  'profile.rosterEmail.how': 'To use it, we send a 6-digit code to it; your address changes once you enter the code.',
  'profile.rosterEmail.use': 'Use this address',
  'profile.rosterEmail.notMine': 'Not mine',

  'profile.sso.heading': 'School sign-in',
  'profile.sso.link': 'Link',
  'profile.sso.unlink': 'Unlink',
  'profile.sso.linkProvider': 'Link {provider}',
  'profile.sso.unlinkProvider': 'Unlink {provider}',
  'profile.sso.linked': 'Linked',
  'profile.sso.linkedAs': 'Linked ({email})',
  'profile.sso.notLinked': 'Not linked',

  'profile.timeZone': 'Time zone',
} as const;
