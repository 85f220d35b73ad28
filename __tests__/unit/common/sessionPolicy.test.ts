/**
 * SPEC §4 "Session check (every 30 seconds)" as a table over the pure policy decide().
 * Every row and both sides of every boundary: moving any rule by one step (a minute or a
 * millisecond) turns at least one row red.
 */
import { SESSION } from '../../../src/common/constants';
import { decide, type SessionDecision } from '../../../src/common/sessionPolicy';

const NOW = Date.UTC(2026, 8, 14, 13, 0, 0);
const MIN = 60_000;
const SEC = 1_000;
/** m:ss(.mmm) → ms */
const t = (m: number, s = 0, ms = 0) => m * MIN + s * SEC + ms;

function run(inactivityMs: number, remainingMs: number): SessionDecision {
  return decide({ now: NOW, lastActivityAt: NOW - inactivityMs, expiresAt: NOW + remainingMs });
}

describe('[S9.01] thresholds are the SPEC §9 values', () => {
  it('check 30 s; prompt 25 min; logout 30 min; renew at ≤ 10 min; logout at ≤ 1 min; tolerance 20000 ms', () => {
    expect(SESSION).toEqual({
      checkIntervalMs: 30_000,
      inactivityPromptMs: 25 * MIN,
      inactivityLogoutMs: 30 * MIN,
      renewWhenRemainingMs: 10 * MIN,
      logoutWhenRemainingMs: 1 * MIN,
      expiryToleranceMs: 20_000,
    });
  });
});

describe('decide(): SPEC §4 session check table', () => {
  // [title, inactivity, remaining, expected]
  it.each<[string, number, number, SessionDecision]>([
    // S4.12: token remaining 1 minute or less → logout (whatever the inactivity)
    ['[S4.12] remaining 1:00 exactly, active', t(0), t(1), 'logout'],
    ['[S4.12] remaining 0:59.999, active', t(0), t(0, 59, 999), 'logout'],
    ['[S4.12] remaining 1:00.001, active → not logout (renew)', t(0), t(1, 0, 1), 'renew'],
    ['[S4.12] remaining 0, active', t(0), 0, 'logout'],
    ['[S4.12] expired 20 000 ms ago (inside the tolerance)', t(0), -20_000, 'logout'],
    ['[S4.12] expired 20 001 ms ago (beyond the tolerance, remaining counts as 0)', t(0), -20_001, 'logout'],
    ['[S4.12] expired an hour ago', t(0), -t(60), 'logout'],
    ['[S4.12] remaining 1:00 while idle 27 min → logout beats the dialog', t(27), t(1), 'logout'],
    ['[S4.12] remaining 1:00 while idle exactly 25:00', t(25), t(1), 'logout'],

    // S4.13: inactivity ≤ 25 min and remaining ≤ 10 min → renewal request
    ['[S4.13] remaining 10:00 exactly, active', t(0), t(10), 'renew'],
    ['[S4.13] remaining 10:00.001, active → none', t(0), t(10, 0, 1), 'none'],
    ['[S4.13] remaining 9:59.999, active', t(0), t(9, 59, 999), 'renew'],
    ['[S4.13] remaining 11:00, active → none (renewing at 11 min would be a bug)', t(0), t(11), 'none'],
    ['[S4.13] remaining 10:01, active → none', t(0), t(10, 1), 'none'],
    ['[S4.13] remaining 5:00, idle exactly 25:00 → renew (≤ 25 min)', t(25), t(5), 'renew'],
    ['[S4.13] remaining 10:00, idle 24:59', t(24, 59), t(10), 'renew'],
    ['[S4.13] remaining 10:00, idle 25:00.001 → dialog, not renewal', t(25, 0, 1), t(10), 'prompt'],
    ['[S4.13] remaining 1:00.001, idle 25:00', t(25), t(1, 0, 1), 'renew'],

    // Nothing to do
    ['active, token fresh', t(0), t(30), 'none'],
    ['idle 24:00, token fresh → none (prompting at 24 min would be a bug)', t(24), t(30), 'none'],
    ['idle 24:59.999, token fresh', t(24, 59, 999), t(30), 'none'],
    ['idle exactly 25:00, token fresh → none (25 min is not yet "between 25 and 30")', t(25), t(30), 'none'],

    // S4.14: inactivity between 25 and 30 minutes → the confirm dialog
    ['[S4.14] idle 25:00.001', t(25, 0, 1), t(30), 'prompt'],
    ['[S4.14] idle 25:01', t(25, 1), t(30), 'prompt'],
    ['[S4.14] idle 27:30', t(27, 30), t(30), 'prompt'],
    ['[S4.14] idle 29:59.999', t(29, 59, 999), t(30), 'prompt'],
    ['[S4.14] idle exactly 30:00 → still the dialog', t(30), t(30), 'prompt'],
    ['[S4.14] idle 26:00, remaining 5:00 → dialog (renewal needs ≤ 25 min)', t(26), t(5), 'prompt'],

    // S4.15: inactivity beyond 30 minutes → logout
    ['[S4.15] idle 30:00.001', t(30, 0, 1), t(30), 'logout'],
    ['[S4.15] idle 30:01', t(30, 1), t(30), 'logout'],
    ['[S4.15] idle 31:00', t(31), t(30), 'logout'],
    ['[S4.15] idle an hour (a slept laptop), token long', t(60), t(120), 'logout'],
  ])('%s → %s', (_title, inactivity, remaining, expected) => {
    expect(run(inactivity, remaining)).toBe(expected);
  });

  it('[S4.16] activity in the future (the clock was set back) counts as no inactivity', () => {
    expect(run(-t(5), t(30))).toBe('none');
  });
});

describe('decide() on a computer whose clock is wrong: time left in server time, inactivity local', () => {
  const DAY = 24 * 60 * MIN;
  // [title, server minus local clock, inactivity, remaining in server time, expected]
  it.each<[string, number, number, number, SessionDecision]>([
    ['[S4.13] clock 7 min fast, 10:00 left by the server → renew', -7 * MIN, t(3), t(10), 'renew'],
    ['[S4.13] clock 7 min fast, 10:00.001 left by the server → nothing (17:00.001 by its own clock would not be either)', -7 * MIN, t(3), t(10, 0, 1), 'none'],
    ['[S4.12] clock 7 min slow, 1:00 left by the server → logout (8:00 by its own clock)', 7 * MIN, t(3), t(1), 'logout'],
    ['[S4.13] clock 1 day slow, 9:00 left by the server → renew', DAY, t(3), t(9), 'renew'],
    ['[S4.12] clock 1 day fast, 20:00 left by the server → nothing (expired by its own clock)', -DAY, t(3), t(20), 'none'],
    ['[S4.14] clock 1 h fast: inactivity 25:00.001 is the dialog, whatever the offset', -60 * MIN, t(25, 0, 1), t(20), 'prompt'],
    ['[S4.15] clock 1 h slow: inactivity 30:00.001 is logout, whatever the offset', 60 * MIN, t(30, 0, 1), t(20), 'logout'],
  ])('%s', (_title, serverOffsetMs, inactivityMs, remainingMs, expected) => {
    // the token's expiry is the server's time: server now (local now + offset) + what is left
    const expiresAt = NOW + serverOffsetMs + remainingMs;
    expect(decide({ now: NOW, lastActivityAt: NOW - inactivityMs, expiresAt, serverOffsetMs })).toBe(expected);
  });
});
