/**
 * SPEC §4 session events. Their `type` is exactly the spec's name, so a whole session reads in
 * Redux DevTools as these events.
 */
import { createAction } from '@reduxjs/toolkit';
import type { Session } from '../../../common/types';

/** 'otherTab': another tab of this browser ended the session (cc:auth removed). */
export type SessionEndReason = 'signout' | 'idle' | 'expired' | 'unauthorized' | 'invalid' | 'guard' | 'otherTab';

export interface SessionStartPayload {
  session: Session;
  expiresAt: number;
  /** When present (even null) the start navigates to landingPath(permissions, redirect) (app/access.ts); absent: no navigation. */
  redirect?: string | null;
}

export interface SessionRenewedPayload {
  session: Session;
  expiresAt: number;
}

export interface SessionEndPayload {
  reason: SessionEndReason;
  /** The page to come back to after signing in again (used for 'guard', 'idle', 'expired'). */
  redirect?: string;
}

/** A session began (sign-in succeeded): leads to auth:ready and the redirect. */
export const sessionStart = createAction<SessionStartPayload>('auth:session:start');
/** A renewal is requested (optionally telling the server when the learner was last active). */
export const sessionRenew = createAction<{ lastActivityAt?: number } | undefined>('auth:session:renew');
/** The renewal succeeded: session and expiry are replaced. */
export const sessionRenewed = createAction<SessionRenewedPayload>('auth:session:renewed');
/** The signed-in session is known good; the session timer forks here. */
export const authReady = createAction('auth:ready');
/** The session ends: storage cleared, logout committed, /login. */
export const sessionEnd = createAction<SessionEndPayload>('auth:session:end');

/**
 * The learner's current school changed, as the server now has it (ours, not the spec's): this tab's
 * switch was stored (profile/schoolSwitch.ts), or another tab's reached this one (session/tabs.ts).
 * What depends on the school (the catalog) is loaded again.
 */
export const currentSchoolChanged = createAction<{ lsclientID: string }>('auth/currentSchoolChanged');
