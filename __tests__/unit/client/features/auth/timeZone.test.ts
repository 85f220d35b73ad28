/** [S3.03] [S9.05] the signed-in person's time zone, the one every date on the SPA's pages is shown in. */
import { selectTimeZone } from '../../../../../src/client/features/auth/timeZone';
import { signedInState, signedOutState, type AuthState } from '../../../../../src/client/features/auth/slice';
import type { User } from '../../../../../src/common/types';

const user = (timezone: string | undefined): User =>
  ({ id: 7, firstName: 'Sam', lastName: 'Student', userName: 'sam', userEmail: 'sam@example.edu', timezone }) as User;
const signedIn = (timezone: string | undefined): AuthState =>
  signedInState({ token: 't', user: user(timezone), clients: [], permissions: [] }, Date.UTC(2026, 2, 10));

describe('[S9.05] selectTimeZone', () => {
  it.each<[what: string, auth: AuthState, expected: string]>([
    ['a learner in Chicago', signedIn('America/Chicago'), 'America/Chicago'],
    ['a learner in Tokyo', signedIn('Asia/Tokyo'), 'Asia/Tokyo'],
    ['a support agent in New York', signedIn('America/New_York'), 'America/New_York'],
    ['a user with no zone (S3.03: default)', signedIn(undefined), 'America/Chicago'],
    ['a user with an empty zone', signedIn(''), 'America/Chicago'],
    ['nobody signed in', signedOutState(0), 'America/Chicago'],
  ])('%s: %s', (_what, auth, expected) => {
    expect(selectTimeZone({ auth })).toBe(expected);
  });
});
