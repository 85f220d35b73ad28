/**
 * The session scenario format: a session timeline as plain data. All times are
 * milliseconds from the start of the scenario (0). Use the `min`/`sec` helpers for readability:
 * `min(25) + sec(30)` is 25:30. See docs/testing-sessions.md.
 */

export type RenewalOutcome = 'ok' | 'fail';
export type DialogChoice = 'stay' | 'signOut';
/**
 * What another tab of the same browser does, as this tab sees it:
 * 'activity' — the learner works in the other tab (it records cc:lastActivity);
 * 'renewed' — the other tab renewed the token (cc:auth replaced, a fresh token for the full lifetime);
 * 'signedOut' — the other tab signed out (cc:auth removed).
 */
export type TabEvent = 'activity' | 'renewed' | 'signedOut';

export interface SessionScenario {
  /** Shown as the test title; start with the SPEC checklist ids it proves, e.g. '[S4.14] …'. */
  name: string;
  /** How long every token the fake server issues lives (sign-in and each renewal). */
  tokenLifetimeMs: number;
  /** When the learner signs in (auth:session:start + auth:ready). Default 0. Checks follow every 30 s. */
  signInAt?: number;
  /** When the learner moves the mouse. Activity within 1 s of the previous counted one is throttled away. */
  activityAt: number[];
  /** The answers to the 1st, 2nd, … renewal request. Missing entries are 'ok'. */
  renewals?: RenewalOutcome[];
  /** How long the fake server takes to answer a renewal. Default 0. */
  renewLatencyMs?: number;
  /**
   * Server clock minus browser clock: the server's tokens carry its time (`iat`, `exp`), and the
   * timer judges them in server time with the offset it learns from them. Default 0.
   */
  clockSkewMs?: number;
  /**
   * The fake server applies the real one's idle rules: every token expires at the latest at the
   * reported last activity + 30 min + slack (whole seconds), and a renewal that would leave a
   * minute or less is refused ('renewal:failed'). Default false: every token lives tokenLifetimeMs.
   */
  serverIdleCap?: boolean;
  /** The computer sleeps at `at` for `durationMs`: time passes, no timer fires; overdue checks run on wake. */
  sleeps?: { at: number; durationMs: number }[];
  /** Presses a dialog button at `at`. The dialog must be open then, or the runner throws. */
  choices?: { at: number; choice: DialogChoice }[];
  /** What another tab does at `at` (a storage event in this tab). */
  tabs?: { at: number; event: TabEvent }[];
  /**
   * Staff end the session on the server at this time (a teacher's "End all sessions"): the timer
   * gets a session probe (features/session/probe.ts) that the fake server answers with a 401 from
   * then on, as the API saga does with auth:session:end 'unauthorized'. Absent: no probe at all,
   * as in every scenario of SPEC §4 alone.
   */
  revokedAt?: number;
  /** The tab is hidden (another tab or window in front) from `from` until `to`: no probe then. */
  hidden?: { from: number; to: number }[];
  /** The scenario ends at this time (timers due at exactly runForMs still run). */
  runForMs: number;
  /** The expected event log, as formatLog() prints it. The scenario suite compares against it. */
  expected?: string[];
}

/** One line of the event log. `at` is ms from the start of the scenario. */
export interface SessionLogEntry {
  at: number;
  /**
   * 'auth:…' — every session event (auth:session:start / renew / renewed / end, auth:ready);
   * 'session/staySignedInChosen' | 'session/signOutNowChosen' — the learner's dialog choices;
   * 'dialog:shown' | 'dialog:hidden' — the expiry dialog opened / closed (from the store);
   * 'renewal:failed' — the fake server refused a renewal (the real app shows the error alert);
   * 'auth/sessionAdopted' — this tab took over a token another tab renewed (no request of its own);
   * 'probe:requests' — with `revokedAt`, before the last line: how many session probes reached the server;
   * 'renewal:requests' — the last line: how many renewal requests reached the fake server.
   */
  type: string;
  /** auth:session:end: the reason; dialog:shown: `logoutAt=m:ss`. */
  detail?: string;
}

export const sec = (seconds: number) => seconds * 1_000;
export const min = (minutes: number) => minutes * 60_000;

/** [from, from + step, …] up to and including `to`: e.g. activity every minute. */
export function every(stepMs: number, fromMs: number, toMs: number): number[] {
  const times: number[] = [];
  for (let at = fromMs; at <= toMs; at += stepMs) times.push(at);
  return times;
}

/** 'm:ss', or 'm:ss.mmm' when there are milliseconds; minutes are not wrapped into hours (120:00). */
export function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const minutes = Math.floor(abs / 60_000);
  const seconds = Math.floor((abs % 60_000) / 1_000);
  const millis = abs % 1_000;
  const base = `${sign}${minutes}:${String(seconds).padStart(2, '0')}`;
  return millis ? `${base}.${String(millis).padStart(3, '0')}` : base;
}

/** The log as lines: '25:30 dialog:shown logoutAt=30:00', '30:30 auth:session:end idle'. */
export function formatLog(log: SessionLogEntry[]): string[] {
  return log.map(({ at, type, detail }) => `${formatOffset(at)} ${type}${detail ? ` ${detail}` : ''}`);
}
