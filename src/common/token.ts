/**
 * Token expiry math, SPEC §5. Pure functions: the clock is always passed in.
 * Used by the SPA (session, API layer) and by the server's tests.
 */
import { InvalidTokenError, jwtDecode, type JwtPayload } from 'jwt-decode';
import { SESSION } from './constants';
import { SESSION_MESSAGES } from './sessionMessages';

export { InvalidTokenError };

/**
 * Decodes a token's payload without verifying it (the server verifies).
 * A missing token throws 'Invalid token specified'; a malformed one throws
 * 'Invalid token specified: {reason}' (SPEC §5, §8).
 */
export function decodeToken(token: string | null | undefined): JwtPayload {
  if (!token) throw new InvalidTokenError(SESSION_MESSAGES.invalidToken);
  return jwtDecode<JwtPayload>(token);
}

/** SPEC §5: `exp` with fewer than 13 digits is in seconds and is multiplied by 1000. */
export function expFromClaim(exp: number): number {
  const digits = String(Math.trunc(Math.abs(exp))).length;
  return digits < 13 ? exp * 1000 : exp;
}

/** The token's expiry in epoch milliseconds, or null when the token has no usable `exp`. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const { exp } = decodeToken(token);
  return typeof exp === 'number' && Number.isFinite(exp) ? expFromClaim(exp) : null;
}

/** SPEC §5: expired when now is at or past expiry; a missing expiry is expired. */
export function isExpired(expiresAt: number | null | undefined, now: number): boolean {
  return expiresAt == null || now >= expiresAt;
}

/**
 * SPEC §5: a missing token is expired; so is one that cannot be decoded.
 */
export function isTokenExpired(token: string | null | undefined, now: number): boolean {
  if (!token) return true;
  try {
    return isExpired(tokenExpiry(token), now);
  } catch {
    return true;
  }
}

/**
 * SPEC §5: milliseconds until expiry, or 0 if expiry is more than 20 seconds in the past.
 * Within the tolerance the (negative) difference is returned as is.
 */
export function remainingTime(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  return remaining < -SESSION.expiryToleranceMs ? 0 : remaining;
}
