/**
 * The auth state machine (SPEC §4 "Auth state"). Reducers are pure; the clock reaches them only
 * through payloads (`loggedOut({ now })`). Session events (events.ts) are handled as extraReducers.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sameClientId } from '../../../common/clients';
import type { Session, SessionIdentity, User } from '../../../common/types';
import type { ApiProblem } from '../../api/apiProblem';
import { sessionEnd, sessionRenewed, sessionStart, type SessionEndReason } from './events';
import { isStoredSessionIdle, readServerClockOffset, readStoredSession, sessionExpiry } from './storage';

export type { SessionEndReason };

export type AuthStatus = 'idle' | 'validating' | 'signingIn' | 'succeeded' | 'failed';

export interface AuthState {
  authenticated: boolean;
  /** Epoch ms. Signed out: the time of sign-out ("expiry now"). */
  expiresAt: number;
  session: Session | null;
  status: AuthStatus;
  /** The last sign-in's failure, as it came (the sign-in page words it: loginMessages.ts). */
  error: ApiProblem | null;
  endReason: SessionEndReason | null;
  /**
   * Server clock minus this computer's clock, in ms (common/serverClock.ts), learned from the
   * sign-in, renewal and validation answers. Every SPEC §4 token rule is judged at now + this;
   * inactivity stays local. A fact about the computer: a sign-out keeps it.
   */
  serverOffsetMs: number;
}

export interface SignInRequest {
  username: string;
  password: string;
  redirect?: string | null;
}

/** SPEC S4.01: signed out = not authenticated, expiry now, no session. */
export function signedOutState(now: number, serverOffsetMs = 0): AuthState {
  return { authenticated: false, expiresAt: now, session: null, status: 'idle', error: null, endReason: null, serverOffsetMs };
}

/** SPEC S4.02: signed in = authenticated, with session and expiry. */
export function signedInState(session: Session, expiresAt: number, serverOffsetMs = 0): AuthState {
  return { authenticated: true, expiresAt, session, status: 'idle', error: null, endReason: null, serverOffsetMs };
}

/**
 * SPEC S4.07 / S4.10: a valid stored session gives signed in with the stored expiry; else signed out.
 * A stored session idle for more than 30 minutes gives signed out (reason idle)
 * before anything is shown; the validation saga then ends it (revokes the token, clears storage).
 */
export function authStateFromStorage(storage: Storage, now: number): AuthState {
  // the offset this browser learned last: the token is judged in server time from the first frame
  const offset = readServerClockOffset(storage);
  if (isStoredSessionIdle(storage, now)) return { ...signedOutState(now, offset), endReason: 'idle' };
  const session = readStoredSession(storage, now + offset);
  return session ? signedInState(session, sessionExpiry(session), offset) : signedOutState(now, offset);
}

/** SPEC §7 store action: start-up validation. Type exactly 'auth/validate'. */
export const validate = createAction('auth/validate');
/** SPEC §7 store action: renew the token. Type exactly 'auth/renew'. */
export const renew = createAction('auth/renew');

const authSlice = createSlice({
  name: 'auth',
  initialState: signedOutState(0),
  reducers: {
    signInRequested: {
      reducer(state, _action: PayloadAction<SignInRequest>) {
        state.status = 'signingIn';
        state.error = null;
        state.endReason = null;
      },
      prepare(request: SignInRequest) {
        return { payload: request };
      },
    },
    /** A school sign-in came back from the provider: its hand-off is traded for the session (schoolSignIn.ts). */
    schoolSignInRequested(state, _action: PayloadAction<{ handoff: string }>) {
      state.status = 'signingIn';
      state.error = null;
      state.endReason = null;
    },
    signInSucceeded(state, action: PayloadAction<{ session: Session; expiresAt: number }>) {
      state.authenticated = true;
      state.session = action.payload.session;
      state.expiresAt = action.payload.expiresAt;
      state.status = 'succeeded';
      state.error = null;
      state.endReason = null;
    },
    /** SPEC S4.04 / S8.06: signed out, the failure's problem kept for the page. */
    signInFailed(state, action: PayloadAction<ApiProblem>) {
      state.authenticated = false;
      state.session = null;
      state.status = 'failed';
      state.error = action.payload;
    },
    /** SPEC S4.01 / S4.04: signed out, expiry now. Keeps endReason (set by auth:session:end). */
    loggedOut(state, action: PayloadAction<{ now: number }>) {
      state.authenticated = false;
      state.session = null;
      state.expiresAt = action.payload.now;
      state.status = 'idle';
      state.error = null;
    },
    validated(state, action: PayloadAction<{ valid: boolean }>) {
      if (state.status === 'validating') state.status = 'idle';
      if (!action.payload.valid) {
        state.authenticated = false;
        state.session = null;
      }
    },
    /** GET /api/auth/user answered: fresh user, clients and permissions (the token stays). */
    identityLoaded(state, action: PayloadAction<Partial<SessionIdentity>>) {
      if (!state.session) return;
      const { user, clients, permissions, mustChangePassword, helpBufferOff } = action.payload;
      if (user) state.session.user = { ...state.session.user, ...user };
      if (clients) state.session.clients = clients;
      if (permissions) state.session.permissions = permissions;
      // the server's word on a temporary password, with a whole identity (GET /api/auth/user)
      if (user && mustChangePassword === true) state.session.mustChangePassword = true;
      else if (user) delete state.session.mustChangePassword;
      // likewise the current school's Get Help setting
      if (user && helpBufferOff === true) state.session.helpBufferOff = true;
      else if (user) delete state.session.helpBufferOff;
    },
    /** The temporary password a teacher gave was replaced (PUT /me/password): the session may go on. */
    temporaryPasswordReplaced(state) {
      if (state.session) delete state.session.mustChangePassword;
    },
    /** SPEC S4.06: only the supplied user fields change. */
    profileUpdated(state, action: PayloadAction<Partial<User>>) {
      if (!state.session) return;
      const changes = Object.fromEntries(
        Object.entries(action.payload).filter(([, value]) => value !== undefined),
      ) as Partial<User>;
      state.session.user = { ...state.session.user, ...changes };
    },
    /** The chosen school becomes the first client, i.e. the current school (SPEC S1.03, S3.04). */
    schoolSwitched(state, action: PayloadAction<{ lsclientID: string }>) {
      const clients = state.session?.clients;
      if (!clients) return;
      const index = clients.findIndex((c) => sameClientId(c.lsclientID, action.payload.lsclientID));
      if (index <= 0) return;
      const [chosen] = clients.splice(index, 1);
      if (chosen) clients.unshift(chosen);
    },
    /**
     * Another tab of this browser renewed the session: its session and expiry
     * replace ours, without a request of our own.
     */
    sessionAdopted(state, action: PayloadAction<{ session: Session; expiresAt: number }>) {
      if (!state.authenticated) return;
      state.session = action.payload.session;
      state.expiresAt = action.payload.expiresAt;
    },
    /**
     * Another tab changed the learner's details or current school (same token, cc:auth rewritten):
     * this tab shows them too. Not written back to cc:auth, which already holds them.
     */
    sessionDetailsAdopted(state, action: PayloadAction<Pick<Session, 'user' | 'clients'>>) {
      if (!state.session) return;
      state.session.user = action.payload.user;
      state.session.clients = action.payload.clients;
    },
    /** An answer of the server told its time (common/serverClock.ts): the offset every token rule uses. */
    serverClockLearned(state, action: PayloadAction<{ offsetMs: number }>) {
      state.serverOffsetMs = action.payload.offsetMs;
    },
    /** The route guard refused a page (SPEC S2.13); the saga ends any active session and redirects. */
    guardDenied(_state, _action: PayloadAction<{ wanted: string }>) {},
    errorCleared(state) {
      state.error = null;
      if (state.status === 'failed') state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(validate, (state) => {
        state.status = 'validating';
      })
      .addCase(sessionStart, (state, action) => {
        state.authenticated = true;
        state.session = action.payload.session;
        state.expiresAt = action.payload.expiresAt;
        state.endReason = null;
      })
      .addCase(sessionRenewed, (state, action) => {
        state.authenticated = true;
        state.session = action.payload.session;
        state.expiresAt = action.payload.expiresAt;
      })
      .addCase(sessionEnd, (state, action) => {
        // Learner data leaves the state at once; loggedOut({ now }) then sets the expiry.
        state.authenticated = false;
        state.session = null;
        state.error = null;
        state.status = 'idle';
        state.endReason = action.payload.reason;
      });
  },
});

export const {
  temporaryPasswordReplaced,
  signInRequested,
  schoolSignInRequested,
  signInSucceeded,
  signInFailed,
  loggedOut,
  validated,
  identityLoaded,
  profileUpdated,
  schoolSwitched,
  sessionDetailsAdopted,
  guardDenied,
  errorCleared,
  sessionAdopted,
  serverClockLearned,
} = authSlice.actions;

export const authReducer = authSlice.reducer;
export default authSlice.reducer;
