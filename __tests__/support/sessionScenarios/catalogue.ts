/**
 * The session scenarios QA replays. Each one proves a row or a boundary of the
 * SPEC §4 "Session check" table through the REAL timer saga; `expected` is its event log. Checks run
 * every 30 s after sign-in, so a boundary is hit by choosing times that land ON a check.
 * How to add one: docs/testing-sessions.md.
 */
import { every, min, sec, type SessionScenario } from './format';

const START = ['0:00 auth:session:start', '0:00 auth:ready'];

const DAY = min(24 * 60);

/**
 * Server clock minus browser clock. The timer judges the token in server time (the offset learned
 * from each answer) and inactivity on the local clock, so every skew gives the same log.
 */
const IDLE_SKEWS: [string, number][] = [
  ['no clock skew', 0],
  ['browser clock 7 min fast', -min(7)],
  ['browser clock 7 min slow', min(7)],
  ['browser clock 1 h fast', -min(60)],
  ['browser clock 1 h slow', min(60)],
  ['browser clock 1 day fast', -DAY],
  ['browser clock 1 day slow', DAY],
];

/**
 * An idle learner against the real server's idle cap (30-min tokens): sign-in gives 30:00; the
 * renewal at 20:00 gets 32:00 (last activity 0:00 + 30 min + slack); the one at 22:00 gets 32:00
 * again, so no renewal is asked for until the learner is active (before: one every check up to
 * 25:00, eight in all). The token has 1:30 left at 30:30: signed out for inactivity, not expiry.
 */
const IDLE_WITH_SERVER_CAP = [
  ...START,
  '20:00 auth:session:renew',
  '20:00 auth:session:renewed',
  '22:00 auth:session:renew',
  '22:00 auth:session:renewed',
  '25:30 dialog:shown logoutAt=30:00',
  '30:30 auth:session:end idle',
  '30:30 dialog:hidden',
  '35:00 renewal:requests 2',
];

const stamp = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** `count` failed renewal attempts, one per check from `fromSec`, each answered `latencySec` later. */
function failedRenewals(fromSec: number, count: number, latencySec = 0): string[] {
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = fromSec + i * 30;
    lines.push(`${stamp(at)} auth:session:renew`, `${stamp(at + latencySec)} renewal:failed`);
  }
  return lines;
}

export const sessionScenarios: SessionScenario[] = [
  // ── S4.14 / S4.15: inactivity 25 and 30 minutes ───────────────────────────────────────────
  {
    name: '[S4.14] idle exactly 25:00 at a check → no dialog; the next check (25:30) → dialog',
    tokenLifetimeMs: min(60),
    activityAt: [],
    runForMs: min(26),
    expected: [...START, '25:30 dialog:shown logoutAt=30:00', '26:00 renewal:requests 0'],
  },
  {
    name: '[S4.14] [S4.16] activity at 20:00 restarts the count: no dialog at 25:30, dialog at 45:30 (not 45:00)',
    tokenLifetimeMs: min(60),
    activityAt: [min(20)],
    runForMs: min(46),
    expected: [...START, '45:30 dialog:shown logoutAt=50:00', '46:00 renewal:requests 0'],
  },
  {
    name: '[S4.14] [S4.15] idle exactly 30:00 → still the dialog; 30:30 → logout, reason idle',
    tokenLifetimeMs: min(60),
    activityAt: [],
    runForMs: min(35),
    expected: [...START, '25:30 dialog:shown logoutAt=30:00', '30:30 auth:session:end idle', '30:30 dialog:hidden', '35:00 renewal:requests 0'],
  },
  {
    name: '[S4.14] [S4.15] idle 25:00.001 at a check → dialog; idle 30:00.001 at a check → logout (the limits are exclusive)',
    tokenLifetimeMs: min(60),
    activityAt: [sec(29) + 999], // the checks at 25:30 and 30:30 then see 25:00.001 and 30:00.001
    runForMs: min(31),
    expected: [...START, '25:30 dialog:shown logoutAt=30:29.999', '30:30 auth:session:end idle', '30:30 dialog:hidden', '31:00 renewal:requests 0'],
  },
  {
    name: '[S4.14] [S4.16] activity while the dialog is open resets inactivity: the next check closes the dialog, no sign-out',
    tokenLifetimeMs: min(60),
    activityAt: [min(27), min(28) + sec(10)],
    runForMs: min(35),
    expected: [...START, '25:30 dialog:shown logoutAt=30:00', '27:30 dialog:hidden', '35:00 renewal:requests 0'],
  },
  {
    name: "[S4.14] 'Stay Signed In' → renewal requested, dialog hidden, inactivity restarts from the choice",
    tokenLifetimeMs: min(30),
    activityAt: [],
    choices: [{ at: min(26) + sec(10), choice: 'stay' }],
    runForMs: min(52),
    expected: [
      ...START,
      '20:00 auth:session:renew',
      '20:00 auth:session:renewed',
      '25:30 dialog:shown logoutAt=30:00',
      '26:10 session/staySignedInChosen',
      '26:10 dialog:hidden',
      '26:10 auth:session:renew',
      '26:10 auth:session:renewed',
      '46:30 auth:session:renew', // the new token (56:10) has 10 min or less left; inactivity 20:20
      '46:30 auth:session:renewed',
      '51:30 dialog:shown logoutAt=56:10',
      '52:00 renewal:requests 3',
    ],
  },
  {
    name: "[S4.14] 'Sign Out Now' → session ends at once, reason signout; no check runs after it",
    tokenLifetimeMs: min(60),
    activityAt: [],
    choices: [{ at: min(27), choice: 'signOut' }],
    runForMs: min(40),
    expected: [
      ...START,
      '25:30 dialog:shown logoutAt=30:00',
      '27:00 session/signOutNowChosen',
      '27:00 dialog:hidden',
      '27:00 auth:session:end signout',
      '40:00 renewal:requests 0',
    ],
  },

  // ── S4.13: renewal at 10 minutes remaining (and inactivity up to 25) ──────────────────────
  {
    name: '[S4.13] remaining exactly 10:00 at a check → renewal (10:30 on a 20:30 token)',
    tokenLifetimeMs: min(20) + sec(30),
    activityAt: [],
    runForMs: min(11),
    expected: [...START, '10:30 auth:session:renew', '10:30 auth:session:renewed', '11:00 renewal:requests 1'],
  },
  {
    name: '[S4.13] remaining 10:00 + 1 ms at a check → nothing; the next check renews',
    tokenLifetimeMs: min(20) + sec(30) + 1,
    activityAt: [],
    runForMs: min(11),
    expected: [...START, '11:00 auth:session:renew', '11:00 auth:session:renewed', '11:00 renewal:requests 1'],
  },
  {
    name: '[S4.13] [S4.14] idle exactly 25:00 with 10:00 left → renewal; idle 25:30 → the dialog, not a renewal',
    tokenLifetimeMs: min(35),
    activityAt: [],
    runForMs: min(26),
    expected: [...START, '25:00 auth:session:renew', '25:00 auth:session:renewed', '25:30 dialog:shown logoutAt=30:00', '26:00 renewal:requests 1'],
  },
  {
    name: '[S4.13] [S4.16] steady activity for 2 h with a 30-min token → renewed every 20 min, never prompted',
    tokenLifetimeMs: min(30),
    activityAt: every(min(1), sec(15), min(120)),
    runForMs: min(120),
    expected: [
      ...START,
      ...[20, 40, 60, 80, 100, 120].flatMap((m) => [`${m}:00 auth:session:renew`, `${m}:00 auth:session:renewed`]),
      '120:00 renewal:requests 6',
    ],
  },
  {
    name: '[S4.13] [S4.17] a renewal fails, the next check (30 s later) tries again and succeeds',
    tokenLifetimeMs: min(30),
    activityAt: [],
    renewals: ['fail', 'ok'],
    runForMs: min(21),
    expected: [...START, ...failedRenewals(20 * 60, 1), '20:30 auth:session:renew', '20:30 auth:session:renewed', '21:00 renewal:requests 2'],
  },
  {
    name: "[S4.13] 'Stay Signed In' with the token nearly out: the check 20 s later does not request a second renewal",
    tokenLifetimeMs: min(30),
    activityAt: [],
    renewLatencyMs: sec(25),
    renewals: Array.from({ length: 11 }, () => 'fail' as const), // 20:00 … 25:00 fail; the choice's renewal works
    choices: [{ at: min(26) + sec(10), choice: 'stay' }],
    runForMs: min(27),
    expected: [
      ...START,
      ...failedRenewals(20 * 60, 11, 25),
      '25:30 dialog:shown logoutAt=30:00',
      '26:10 session/staySignedInChosen',
      '26:10 dialog:hidden',
      '26:10 auth:session:renew',
      // 26:30: remaining 3:30 says 'renew', but the choice's request is in flight: nothing
      '26:35 auth:session:renewed',
      '27:00 renewal:requests 12',
    ],
  },

  // ── S4.12: token remaining 1 minute or less ───────────────────────────────────────────────
  {
    name: '[S4.12] [S4.17] renewals keep failing; remaining exactly 1:00 at a check → logout, reason expired',
    tokenLifetimeMs: min(4),
    activityAt: [],
    renewals: ['fail', 'fail', 'fail', 'fail', 'fail', 'fail'],
    runForMs: min(6),
    expected: [...START, ...failedRenewals(30, 5), '3:00 auth:session:end expired', '6:00 renewal:requests 5'],
  },
  {
    name: '[S4.12] remaining 1:00 + 1 ms at a check → one more renewal attempt; 0:30 left → logout',
    tokenLifetimeMs: min(4) + 1,
    activityAt: [],
    renewals: ['fail', 'fail', 'fail', 'fail', 'fail', 'fail'],
    runForMs: min(6),
    expected: [...START, ...failedRenewals(30, 6), '3:30 auth:session:end expired', '6:00 renewal:requests 6'],
  },
  {
    name: '[S4.12] [S9.01] token 20 000 ms past expiry on wake (inside the tolerance) → logout expired, no renewal',
    tokenLifetimeMs: min(20),
    activityAt: [],
    sleeps: [{ at: min(5) + sec(10), durationMs: min(15) + sec(10) }],
    runForMs: min(25),
    expected: [...START, '20:20 auth:session:end expired', '25:00 renewal:requests 0'],
  },
  {
    name: '[S4.12] [S9.01] token 20 001 ms past expiry on wake (beyond the tolerance: remaining 0) → logout expired',
    tokenLifetimeMs: min(20),
    activityAt: [],
    sleeps: [{ at: min(5) + sec(10), durationMs: min(15) + sec(10) + 1 }],
    runForMs: min(25),
    expected: [...START, '20:20.001 auth:session:end expired', '25:00 renewal:requests 0'],
  },

  // ── The real world: clock skew and sleep ──────────────────────────────────────────────────
  {
    name: '[S4.13] server clock 2 min AHEAD of the browser: judged in server time, the 30-min token renews at 20:00, as without skew',
    tokenLifetimeMs: min(30),
    clockSkewMs: min(2),
    activityAt: [min(21)],
    runForMs: min(23),
    expected: [...START, '20:00 auth:session:renew', '20:00 auth:session:renewed', '23:00 renewal:requests 1'],
  },
  {
    name: '[S4.13] server clock 2 min BEHIND the browser: judged in server time, the 30-min token renews at 20:00, as without skew',
    tokenLifetimeMs: min(30),
    clockSkewMs: -min(2),
    activityAt: [],
    runForMs: min(21),
    expected: [...START, '20:00 auth:session:renew', '20:00 auth:session:renewed', '21:00 renewal:requests 1'],
  },
  {
    name: '[S4.15] a laptop that slept for an hour → the overdue check on wake logs out, reason idle',
    tokenLifetimeMs: min(30),
    activityAt: [min(10)],
    sleeps: [{ at: min(12) + sec(10), durationMs: min(60) }],
    runForMs: min(80),
    expected: [...START, '72:10 auth:session:end idle', '80:00 renewal:requests 0'],
  },
  {
    name: '[S4.12] [S4.13] sign-in later than 0: checks count from sign-in (renew at 5:00 + 20:00)',
    tokenLifetimeMs: min(30),
    signInAt: min(5),
    activityAt: [],
    runForMs: min(26),
    expected: [
      '5:00 auth:session:start',
      '5:00 auth:ready',
      '25:00 auth:session:renew',
      '25:00 auth:session:renewed',
      '26:00 renewal:requests 1',
    ],
  },

  // ── all tabs, one session: what another tab does, seen from this one ──────
  {
    name: '[S4.16] activity in another tab at 20:00 counts here too: no dialog at 25:30, dialog at 45:30',
    tokenLifetimeMs: min(60),
    activityAt: [],
    tabs: [{ at: min(20), event: 'activity' }],
    runForMs: min(46),
    expected: [...START, '45:30 dialog:shown logoutAt=50:00', '46:00 renewal:requests 0'],
  },
  {
    name: '[S4.13] another tab renews at 5:00: adopted without a request, so this tab renews at 25:00, not 20:00',
    tokenLifetimeMs: min(30),
    activityAt: [],
    tabs: [{ at: min(5), event: 'renewed' }],
    runForMs: min(26),
    expected: [
      ...START,
      '5:00 auth/sessionAdopted',
      '25:00 auth:session:renew',
      '25:00 auth:session:renewed',
      '25:30 dialog:shown logoutAt=30:00',
      '26:00 renewal:requests 1',
    ],
  },
  {
    name: '[S4.11] another tab signs out at 10:00: this tab ends at once (reason otherTab), no more checks',
    tokenLifetimeMs: min(30),
    activityAt: [],
    tabs: [{ at: min(10), event: 'signedOut' }],
    runForMs: min(31),
    expected: [...START, '10:00 auth:session:end otherTab', '31:00 renewal:requests 0'],
  },

  // ── The server's idle cap: no renewal storm; any clock skew, the same session ───────────────
  ...IDLE_SKEWS.map(
    ([label, clockSkewMs]): SessionScenario => ({
      name: `[S4.13] [S4.14] [S4.15] idle learner, ${label}: renewals at 20:00 and 22:00 (it gains nothing: no more requests), dialog at 25:30, signed out idle at 30:30`,
      tokenLifetimeMs: min(30),
      serverIdleCap: true,
      clockSkewMs,
      activityAt: [],
      runForMs: min(35),
      expected: IDLE_WITH_SERVER_CAP,
    }),
  ),
  ...IDLE_SKEWS.filter(([, skew]) => Math.abs(skew) === min(7)).map(
    ([label, clockSkewMs]): SessionScenario => ({
      name: `[S4.14] idle learner, ${label}: dialog at 25:30, 'Sign Out Now' at 26:00 ends the session (reason signout)`,
      tokenLifetimeMs: min(30),
      serverIdleCap: true,
      clockSkewMs,
      activityAt: [],
      choices: [{ at: min(26), choice: 'signOut' }],
      runForMs: min(30),
      expected: [
        ...START,
        '20:00 auth:session:renew',
        '20:00 auth:session:renewed',
        '22:00 auth:session:renew',
        '22:00 auth:session:renewed',
        '25:30 dialog:shown logoutAt=30:00',
        '26:00 session/signOutNowChosen',
        '26:00 dialog:hidden',
        '26:00 auth:session:end signout',
        '30:00 renewal:requests 2',
      ],
    }),
  ),
  {
    name: '[S4.13] [S4.16] a renewal that gained nothing pauses renewals only until the learner is active again',
    tokenLifetimeMs: min(30),
    serverIdleCap: true,
    activityAt: [min(24)],
    runForMs: min(47),
    expected: [
      ...START,
      '20:00 auth:session:renew',
      '20:00 auth:session:renewed', // capped: 0:00 + 32:00
      '22:00 auth:session:renew',
      '22:00 auth:session:renewed', // 32:00 again: nothing gained, no request at 22:30 … 24:00
      '24:30 auth:session:renew', // activity at 24:00: the server now caps at 56:00
      '24:30 auth:session:renewed', // 54:30 (now + 30:00)
      '44:30 auth:session:renew',
      '44:30 auth:session:renewed', // 56:00 (24:00 + 32:00)
      '46:00 auth:session:renew',
      '46:00 auth:session:renewed', // 56:00 again: paused
      '47:00 renewal:requests 5',
    ],
  },
  {
    name: '[S4.13] [S4.16] steady activity for 2 h, server idle cap, browser clock a day slow: the same renewals as without skew',
    tokenLifetimeMs: min(30),
    serverIdleCap: true,
    clockSkewMs: DAY,
    activityAt: every(min(1), sec(15), min(120)),
    runForMs: min(120),
    expected: [
      ...START,
      ...[20, 40, 60, 80, 100, 120].flatMap((m) => [`${m}:00 auth:session:renew`, `${m}:00 auth:session:renewed`]),
      '120:00 renewal:requests 6',
    ],
  },

  // ── Staff end the session on the server (a teacher's "End all sessions") ─────────────────────
  {
    name: '[S8.01] staff end the session at 10:10: the idle open tab asks at each check and ends at 10:30 (unauthorized), one probe per check',
    tokenLifetimeMs: min(60),
    activityAt: [min(5)],
    revokedAt: min(10) + sec(10),
    runForMs: min(12),
    // checks at 0:30 … 10:30: 21 probes, the last one refused
    expected: [...START, '10:30 auth:session:end unauthorized', '12:00 probe:requests 21', '12:00 renewal:requests 0'],
  },
  {
    name: '[S8.01] [S4.12] a check that renews does not probe too; the session ended at 21:00 ends at the next check',
    tokenLifetimeMs: min(30),
    activityAt: every(min(1), sec(15), min(25)),
    revokedAt: min(21),
    runForMs: min(23),
    // 41 checks from 0:30 to 20:30 but the one at 20:00 renews: 40 probes, then 21:00 is refused
    expected: [...START, '20:00 auth:session:renew', '20:00 auth:session:renewed', '21:00 auth:session:end unauthorized', '23:00 probe:requests 41', '23:00 renewal:requests 1'],
  },
  {
    name: '[S8.01] a hidden tab does not ask: staff end the session at 9:00 while it is hidden (8:00–12:00); the first check on screen (12:00) ends it',
    tokenLifetimeMs: min(60),
    activityAt: [],
    hidden: [{ from: min(8), to: min(12) }],
    revokedAt: min(9),
    runForMs: min(14),
    // probes at 0:30 … 7:30 (15), none while hidden, then the one at 12:00
    expected: [...START, '12:00 auth:session:end unauthorized', '14:00 probe:requests 16', '14:00 renewal:requests 0'],
  },
  {
    name: '[S8.01] [S4.14] the dialog is open (idle 25:30) when staff end the session at 25:45: the 26:00 check ends it (unauthorized, not idle)',
    tokenLifetimeMs: min(60),
    activityAt: [],
    revokedAt: min(25) + sec(45),
    runForMs: min(28),
    // a probe at every check, the dialog's too: 0:30 … 26:00
    expected: [...START, '25:30 dialog:shown logoutAt=30:00', '26:00 auth:session:end unauthorized', '26:00 dialog:hidden', '28:00 probe:requests 52', '28:00 renewal:requests 0'],
  },
];
