/**
 * Session tokens: HS256 JWTs signed with jose. The algorithm, issuer and audience are pinned;
 * headers that point at other keys (jku, jwk, kid, x5u, x5c) or demand extensions (crit) are refused:
 * there is one key and we never issue a token naming one.
 */
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import type { webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;

export const TOKEN_ISSUER = 'cashwise';
export const TOKEN_AUDIENCE = 'cashwise-web';
export const TOKEN_ALGORITHM = 'HS256';
const FORBIDDEN_HEADERS = ['jku', 'jwk', 'kid', 'x5u', 'x5c', 'crit'] as const;

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** epoch ms; written as whole seconds */
  issuedAt: number;
  /** epoch ms; written as whole seconds (SPEC §5: exp in seconds) */
  expiresAt: number;
}

/**
 * The signing key as a WebCrypto key, imported once per secret (issue #9: jose imported the raw
 * secret again for every token it signed or verified, a large share of an authenticated request).
 */
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
export function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(claims: TokenClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(String(claims.userId))
    .setJti(claims.sessionId)
    .setIssuedAt(Math.floor(claims.issuedAt / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt / 1000))
    .sign(await hmacKey(secret));
}

export interface VerifiedToken {
  userId: number;
  sessionId: string;
  /** epoch ms */
  expiresAt: number;
}

export class InvalidTokenError extends Error {}

/**
 * Verifies signature, algorithm, issuer, audience and expiry against `now` (epoch ms).
 * Throws InvalidTokenError for anything else.
 */
export async function verifyToken(token: string, secret: Uint8Array, now: number): Promise<VerifiedToken> {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    throw new InvalidTokenError('malformed token');
  }
  if (header.alg !== TOKEN_ALGORITHM) throw new InvalidTokenError('algorithm not allowed');
  if (FORBIDDEN_HEADERS.some((name) => name in header)) throw new InvalidTokenError('header not allowed');
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      currentDate: new Date(now),
      clockTolerance: 0,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      throw new InvalidTokenError('bad claims');
    }
    return { userId, sessionId: payload.jti, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError((error as Error).message);
  }
}
