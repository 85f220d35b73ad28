/** A roster row's fields against the account rules of registration and the Users page. */
import { ACCOUNT_LIMITS } from '../../../../../src/common/accounts';
import { accountFieldProblems } from '../../../../../src/server/services/roster/accountRules';
import type { RosterUser } from '../../../../../src/server/services/roster/files';

const row = (fields: Partial<RosterUser>): RosterUser => ({
  sourcedId: 's-1',
  userName: 'ava.stone',
  givenName: 'Ava',
  familyName: 'Stone',
  email: 'ava.stone@district.example.edu',
  identifier: '',
  role: 'student',
  orgSourcedIds: ['sch-1'],
  active: true,
  line: 7,
  ...fields,
});

it.each<[string, Partial<RosterUser>, string[]]>([
  ['a sound row', {}, []],
  ['names at the limit', { givenName: 'a'.repeat(ACCOUNT_LIMITS.nameMax), familyName: 'b'.repeat(ACCOUNT_LIMITS.nameMax) }, []],
  ['a given name over the limit', { givenName: 'a'.repeat(ACCOUNT_LIMITS.nameMax + 1) }, ['givenName']],
  ['a family name of 200,000 characters', { familyName: 'x'.repeat(200_000) }, ['familyName']],
  ['markup as a user name', { userName: '<img src=x onerror=alert(1)>' }, ['username']],
  ['a spreadsheet formula as a user name', { userName: "=cmd|' /c calc'!a0" }, ['username']],
  ['a user name too short', { userName: 'abc' }, ['username']],
  ['a user name too long', { userName: 'a'.repeat(ACCOUNT_LIMITS.userNameMax + 1) }, ['username']],
  ['no e-mail (a roster student may have none)', { email: '' }, []],
  ['not an e-mail', { email: 'not-an-email' }, ['email']],
  ['an e-mail over the limit', { email: `${'a'.repeat(ACCOUNT_LIMITS.emailMax)}@example.org` }, ['email']],
  ['a row no longer listed is not checked', { active: false, userName: '<b>' }, []],
])('%s', (_name, fields, columns) => {
  const problems = accountFieldProblems([row(fields)]);
  expect(problems.map((p) => p.column)).toEqual(columns);
  for (const p of problems) expect(p).toMatchObject({ file: 'users.csv', line: 7 });
});
