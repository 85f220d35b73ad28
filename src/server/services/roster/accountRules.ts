/**
 * The account rules a roster row must keep: the same as registration and the school
 * administration's Users page (common/accounts.ts, common/validation.ts), so an import cannot
 * store what no form would (markup or spreadsheet formulas as user names, names of any length,
 * addresses that are not e-mail addresses). Pure: no database.
 */
import { ACCOUNT_LIMITS, userNameProblem } from '../../../common/accounts';
import { isValidEmail } from '../../../common/validation';
import type { RosterProblem, RosterUser } from './files';

/**
 * A problem for each field of a listed user that breaks an account rule. Empty user names and
 * names are files.ts's problems already; an empty e-mail stays allowed (a roster student may have
 * none, and the import has always taken that).
 */
export function accountFieldProblems(users: readonly RosterUser[]): RosterProblem[] {
  const problems: RosterProblem[] = [];
  for (const user of users) {
    if (!user.active) continue;
    const at = { file: 'users.csv', line: user.line } as const;
    const nameRule = userNameProblem(user.userName);
    if (nameRule) problems.push({ ...at, column: 'username', message: `The username breaks the account rules: ${nameRule}.` });
    for (const column of ['givenName', 'familyName'] as const) {
      if (user[column].length > ACCOUNT_LIMITS.nameMax) {
        problems.push({ ...at, column, message: `The ${column} can be at most ${ACCOUNT_LIMITS.nameMax} characters; it has ${user[column].length}.` });
      }
    }
    if (user.email !== '' && (user.email.length > ACCOUNT_LIMITS.emailMax || !isValidEmail(user.email))) {
      const why = user.email.length > ACCOUNT_LIMITS.emailMax ? `at most ${ACCOUNT_LIMITS.emailMax} characters` : 'an e-mail address (name@example.org)';
      problems.push({ ...at, column: 'email', message: `The email must be ${why}, or empty.` });
    }
  }
  return problems;
}
