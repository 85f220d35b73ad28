import { authReady, sessionEnd, sessionRenewed, sessionStart } from '../../../../../src/client/features/auth/events';
import {
  authReducer,
  errorCleared,
  identityLoaded,
  loggedOut,
  profileUpdated,
  renew,
  schoolSwitched,
  signedInState,
  signedOutState,
  signInFailed,
  signInRequested,
  signInSucceeded,
  validate,
  validated,
  type AuthState,
} from '../../../../../src/client/features/auth/slice';
import {
  selectClients,
  selectCurrentSchool,
  selectHasPermission,
  selectIsMultiTenant,
  selectUser,
} from '../../../../../src/client/features/auth/selectors';
import { NOW, makeSession } from '../harness';

const session = makeSession();
const signedIn = signedInState(session, NOW + 60_000);
const signedOut = signedOutState(NOW);

describe('session event and store action types (SPEC S4.09, S7.05)', () => {
  it.each([
    [sessionStart.type, 'auth:session:start'],
    [sessionRenewed.type, 'auth:session:renewed'],
    [authReady.type, 'auth:ready'],
    [sessionEnd.type, 'auth:session:end'],
    [validate.type, 'auth/validate'],
    [renew.type, 'auth/renew'],
  ])('[S4.09][S7.05] %s is exactly %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('auth reducer (SPEC §4 "Auth state")', () => {
  it.each<[string, AuthState, Parameters<typeof authReducer>[1], Partial<AuthState>]>([
    ['[S4.01] logout → signed out, expiry now, no session', signedIn, loggedOut({ now: NOW + 5 }), { authenticated: false, session: null, expiresAt: NOW + 5 }],
    ['sign-in requested → signingIn, error cleared', { ...signedOut, status: 'failed', error: { kind: 'unauthorized', status: 401, message: 'x' } }, signInRequested({ username: 'u', password: 'p' }), { status: 'signingIn', error: null, authenticated: false }],
    ['[S3.02][S4.02][S4.03] sign-in succeeded → signed in (authenticated flag and expiry kept)', signedOut, signInSucceeded({ session, expiresAt: NOW + 1 }), { authenticated: true, session, expiresAt: NOW + 1, status: 'succeeded' }],
    ['[S4.03] auth:session:start → signed in', signedOut, sessionStart({ session, expiresAt: NOW + 2 }), { authenticated: true, session, expiresAt: NOW + 2 }],
    ['[S4.04] sign-in failed → signed out with the error', signedIn, signInFailed({ kind: 'client', status: 429, message: 'wait', retryAfterSeconds: 60 }), { authenticated: false, session: null, status: 'failed', error: { kind: 'client', status: 429, message: 'wait', retryAfterSeconds: 60 } }],
    ['[S4.05] renewal replaces session and expiry', signedIn, sessionRenewed({ session: { ...session, token: 'new' }, expiresAt: NOW + 99 }), { authenticated: true, session: { ...session, token: 'new' }, expiresAt: NOW + 99 }],
    ['auth/validate → validating', signedIn, validate(), { status: 'validating', authenticated: true }],
    ['[S4.08] validated false → signed out', { ...signedIn, status: 'validating' }, validated({ valid: false }), { status: 'idle', authenticated: false, session: null }],
    ['validated true keeps the session', { ...signedIn, status: 'validating' }, validated({ valid: true }), { status: 'idle', authenticated: true, session }],
    ['auth/renew alone changes nothing (S8.09: state unchanged until renewed)', signedIn, renew(), signedIn],
    ['auth:session:end drops the session at once and keeps the reason', signedIn, sessionEnd({ reason: 'idle' }), { authenticated: false, session: null, endReason: 'idle' }],
    ['errorCleared', { ...signedOut, status: 'failed', error: { kind: 'client', message: 'x' } }, errorCleared(), { status: 'idle', error: null }],
  ])('%s', (_label, before, action, expected) => {
    expect(authReducer(before, action)).toMatchObject(expected);
  });

  it('[S4.06] a profile update changes only the supplied user fields', () => {
    const next = authReducer(signedIn, profileUpdated({ firstName: 'Lenora', userEmail: 'new@example.edu' }));
    expect(next.session?.user).toEqual({ ...session.user, firstName: 'Lenora', userEmail: 'new@example.edu' });
    expect(next.session?.token).toBe(session.token);
    expect(next.session?.clients).toBe(session.clients);
    expect(next.expiresAt).toBe(signedIn.expiresAt);
  });

  it('[S4.06] undefined fields are not applied; signed out nothing changes', () => {
    expect(authReducer(signedIn, profileUpdated({ lastName: undefined })).session?.user).toEqual(session.user);
    expect(authReducer(signedOut, profileUpdated({ firstName: 'x' }))).toEqual(signedOut);
  });

  it('a whole identity says whether a temporary password is in force; a partial one leaves it', () => {
    const temporary = authReducer(signedIn, identityLoaded({ user: session.user, mustChangePassword: true }));
    expect(temporary.session?.mustChangePassword).toBe(true);
    expect(authReducer(temporary, identityLoaded({ clients: [] })).session?.mustChangePassword).toBe(true);
    expect(authReducer(temporary, identityLoaded({ user: session.user })).session).not.toHaveProperty('mustChangePassword');
  });

  it('identity from /api/auth/user refreshes user, clients and permissions, not the token', () => {
    const next = authReducer(signedIn, identityLoaded({ permissions: ['A'], clients: [] }));
    expect(next.session).toEqual({ ...session, permissions: ['A'], clients: [] });
  });

  it.each([
    ['roosevelt', ['ROOSEVELT', 'LINCOLN']],
    ['ROOSEVELT', ['ROOSEVELT', 'LINCOLN']],
    ['lincoln', ['LINCOLN', 'ROOSEVELT']],
    ['unknown', ['LINCOLN', 'ROOSEVELT']],
  ])('[S3.04][S1.03] switching to %p (case-insensitive) makes it the current school', (id, order) => {
    const next = authReducer(signedIn, schoolSwitched({ lsclientID: id }));
    expect(next.session?.clients.map((c) => c.lsclientID)).toEqual(order);
    expect(selectCurrentSchool({ auth: next })?.lsclientID).toBe(order[0]);
  });
});

describe('auth selectors', () => {
  it('[S1.03] multi-tenant with more than one client; the first is the current school', () => {
    expect(selectIsMultiTenant({ auth: signedIn })).toBe(true);
    expect(selectCurrentSchool({ auth: signedIn })).toEqual(session.clients[0]);
    const single = signedInState(makeSession({ clients: [session.clients[0]!] }), 1);
    expect(selectIsMultiTenant({ auth: single })).toBe(false);
  });

  it('signed out: no user, stable empty lists, no school', () => {
    expect(selectUser({ auth: signedOut })).toBeNull();
    expect(selectClients({ auth: signedOut })).toBe(selectClients({ auth: signedOut }));
    expect(selectCurrentSchool({ auth: signedOut })).toBeNull();
    expect(selectHasPermission({ auth: signedOut }, 'support')).toBe(false);
  });

  it.each([
    [['SUPPORT'], 'support', true],
    [['SUPPORT'], 'admin', false],
    [['GADMINSUPERUSER'], 'anything', true],
  ])('[S6.01][S6.02] permissions %p, asking %p → %p', (permissions, wanted, expected) => {
    const state = { auth: signedInState(makeSession({ permissions }), 1) };
    expect(selectHasPermission(state, wanted)).toBe(expected);
  });
});
