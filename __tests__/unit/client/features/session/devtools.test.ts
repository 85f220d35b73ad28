/**
 * The DevTools sanitizer: a session reads in Redux DevTools as its events; the token they
 * carry is hidden by the store's sanitizers; the session slice itself holds nothing secret.
 */
import { HIDDEN, hideSecrets } from '../../../../../src/client/app/store';
import { sessionRenew, sessionRenewed, sessionStart } from '../../../../../src/client/features/auth/events';
import { expiryWarningShown, sessionReducer } from '../../../../../src/client/features/session/slice';
import type { Session } from '../../../../../src/common/types';

const session = { token: 'eyJ.secret.token', user: { id: 1 }, clients: [], permissions: [] } as unknown as Session;

describe('[S4.09] session events in DevTools', () => {
  it.each([sessionStart({ session, expiresAt: 1 }), sessionRenewed({ session, expiresAt: 2 })])(
    '$type: the token is hidden, the rest is readable',
    (action) => {
      const shown = hideSecrets(action);
      expect(JSON.stringify(shown)).not.toContain('eyJ.secret.token');
      expect(shown.payload.session.token).toBe(HIDDEN);
      expect(shown.payload.expiresAt).toBe(action.payload.expiresAt);
    },
  );

  it('the timer’s own actions carry no secret (last activity time and dialog deadline only)', () => {
    expect(hideSecrets(sessionRenew({ lastActivityAt: 5 }))).toEqual(sessionRenew({ lastActivityAt: 5 }));
    const state = sessionReducer(undefined, expiryWarningShown({ logoutAt: 9 }));
    expect(hideSecrets(state)).toEqual(state);
  });
});
