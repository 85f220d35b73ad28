import {
  decodeToken,
  expFromClaim,
  isExpired,
  isTokenExpired,
  remainingTime,
  tokenExpiry,
} from '../../../src/common/token';

/** An unsigned token with the given payload: the client never verifies signatures. */
function tokenWith(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

describe('token expiry (SPEC §5)', () => {
  it.each([
    [1_700_000_000, 1_700_000_000_000],
    [999_999_999_999, 999_999_999_999_000],
    [1_700_000_000_000, 1_700_000_000_000],
    [0, 0],
  ])('[S5.01] exp %p reads as %p ms (fewer than 13 digits are seconds ×1000)', (exp, expected) => {
    expect(expFromClaim(exp)).toBe(expected);
    expect(tokenExpiry(tokenWith({ exp }))).toBe(expected);
  });

  it.each([
    { label: 'before expiry', expiresAt: 1000, now: 999, expired: false },
    { label: 'at expiry', expiresAt: 1000, now: 1000, expired: true },
    { label: 'past expiry', expiresAt: 1000, now: 1001, expired: true },
    { label: 'no expiry', expiresAt: null, now: 0, expired: true },
  ])('[S5.02] $label → expired: $expired', ({ expiresAt, now, expired }) => {
    expect(isExpired(expiresAt, now)).toBe(expired);
  });

  it('[S5.02] a missing token is expired', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired('', 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
  });

  it('[S5.02] a token is expired at or past its exp, not before', () => {
    const token = tokenWith({ exp: 2000 });
    expect(isTokenExpired(token, 1_999_999)).toBe(false);
    expect(isTokenExpired(token, 2_000_000)).toBe(true);
  });

  it.each([
    ['60 s ahead', 60_000, 60_000],
    ['now', 0, 0],
    ['20 s past (inside the tolerance)', -20_000, -20_000],
    ['20.001 s past', -20_001, 0],
    ['an hour past', -3_600_000, 0],
  ])('[S5.03] remaining time %s', (_label, offset, expected) => {
    const now = 1_000_000_000;
    expect(remainingTime(now + offset, now)).toBe(expected);
  });

  it.each([
    [null, 'Invalid token specified'],
    ['', 'Invalid token specified'],
    ['not-a-token', 'Invalid token specified: missing part #2'],
    ['a.%%%.c', 'Invalid token specified: invalid base64 for part #2'],
  ])('[S5.04] malformed token %p → %p', (token, message) => {
    expect(() => decodeToken(token)).toThrow(message);
  });
});
