import { sessionEnd } from '../../../../../src/client/features/auth/events';
import { selectSessionDialog } from '../../../../../src/client/features/session/selectors';
import {
  expiryWarningDismissed,
  expiryWarningShown,
  initialSessionState,
  sessionReducer,
  signOutNowChosen,
  staySignedInChosen,
  type SessionState,
} from '../../../../../src/client/features/session/slice';
import type { UnknownAction } from '@reduxjs/toolkit';

const OPEN: SessionState = { dialog: { open: true, logoutAt: 1_800_000 } };
const CLOSED: SessionState = initialSessionState;

describe('[S4.14] session dialog slice', () => {
  it('starts closed, serializable', () => {
    const state = sessionReducer(undefined, { type: '@@init' });
    expect(state).toEqual({ dialog: { open: false, logoutAt: null } });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it.each<[string, SessionState, UnknownAction, SessionState]>([
    ['expiryWarningShown opens with logoutAt', CLOSED, expiryWarningShown({ logoutAt: 1_800_000 }), OPEN],
    ['expiryWarningShown again replaces logoutAt', OPEN, expiryWarningShown({ logoutAt: 42 }), { dialog: { open: true, logoutAt: 42 } }],
    ['expiryWarningDismissed closes', OPEN, expiryWarningDismissed(), CLOSED],
    ['staySignedInChosen closes', OPEN, staySignedInChosen(), CLOSED],
    ['signOutNowChosen closes', OPEN, signOutNowChosen(), CLOSED],
    ['auth:session:end resets (idle)', OPEN, sessionEnd({ reason: 'idle' }), CLOSED],
    ['auth:session:end resets (signout)', OPEN, sessionEnd({ reason: 'signout' }), CLOSED],
    ['an unrelated action changes nothing', OPEN, { type: 'auth:session:renewed-ish' }, OPEN],
  ])('%s', (_title, before, action, after) => {
    expect(sessionReducer(before, action)).toEqual(after);
  });

  it('events read as session/… in DevTools', () => {
    expect([expiryWarningShown.type, expiryWarningDismissed.type, staySignedInChosen.type, signOutNowChosen.type]).toEqual([
      'session/expiryWarningShown',
      'session/expiryWarningDismissed',
      'session/staySignedInChosen',
      'session/signOutNowChosen',
    ]);
  });

  it('selectSessionDialog reads the dialog', () => {
    expect(selectSessionDialog({ session: OPEN })).toEqual({ open: true, logoutAt: 1_800_000 });
  });
});
