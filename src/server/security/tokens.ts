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
 * The signing key as a WebCrypto key, imported once per secret (jose imported the raw
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

/** How many verified tokens `verifyTokenCached` keeps per secret. */
export const VERIFIED_TOKEN_CACHE_SIZE = 5_000;
/** How often (at most) the cache drops its expired entries, in ms of the caller's clock. */
const SWEEP_INTERVAL_MS = 60_000;

interface CachedToken {
  verified: VerifiedToken;
  /** the exp claim, whole epoch seconds, as jwtVerify compares it */
  expSeconds: number;
}

/**
 * Tokens whose signature and claims jose has verified, per secret and keyed by the exact token
 * string (jose's HMAC goes through WebCrypto on libuv's thread pool, a round trip per
 * request). Only the signature check is saved: expiry is checked again on every hit exactly as
 * jwtVerify checks it, an entry leaves once expired, and the session row behind the token is still
 * read on every request, so a revocation or renewal on any instance counts at once.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, CachedToken>();
  private nextSweep = 0;

  constructor(readonly maxEntries = VERIFIED_TOKEN_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  /** The verified claims, or undefined when the token is not cached or has expired at `now`. */
  get(token: string, now: number): VerifiedToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // jwtVerify (clockTolerance 0): expired when exp <= the current time in whole seconds
    if (entry.expSeconds <= Math.floor(now / 1000)) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.verified;
  }

  set(token: string, verified: VerifiedToken, expSeconds: number, now: number): void {
    if (now >= this.nextSweep || this.entries.size >= this.maxEntries) this.sweep(now);
    // still full: the oldest entry goes (Map keeps insertion order)
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { verified, expSeconds });
  }

  /** Drops every entry expired at `now`. */
  sweep(now: number): void {
    const nowSeconds = Math.floor(now / 1000);
    for (const [token, entry] of this.entries) if (entry.expSeconds <= nowSeconds) this.entries.delete(token);
    this.nextSweep = now + SWEEP_INTERVAL_MS;
  }
}

const verifiedTokens = new WeakMap<Uint8Array, VerifiedTokenCache>();

/** The cache `verifyTokenCached` uses for `secret` (tests look at it). */
export function verifiedTokenCache(secret: Uint8Array): VerifiedTokenCache {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new VerifiedTokenCache();
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

/**
 * verifyToken with a bounded cache of verified tokens (see VerifiedTokenCache): the first use of a
 * token is verified by jose; later uses of the exact same string skip the signature check but not
 * the expiry check. Same answers and errors as verifyToken.
 */
export async function verifyTokenCached(token: string, secret: Uint8Array, now: number): Promise<VerifiedToken> {
  const cache = verifiedTokenCache(secret);
  const hit = cache.get(token, now);
  if (hit) return hit;
  const { verified, expSeconds, hasNbf } = await verify(token, secret, now);
  // a token with "nbf" (we never issue one) is checked afresh every time: nbf depends on the clock too
  if (!hasNbf) cache.set(token, verified, expSeconds, now);
  return verified;
}

/**
 * Verifies signature, algorithm, issuer, audience and expiry against `now` (epoch ms).
 * Throws InvalidTokenError for anything else.
 */
export async function verifyToken(token: string, secret: Uint8Array, now: number): Promise<VerifiedToken> {
  return (await verify(token, secret, now)).verified;
}

async function verify(token: string, secret: Uint8Array, now: number): Promise<{ verified: VerifiedToken; expSeconds: number; hasNbf: boolean }> {
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
    const verified: VerifiedToken = Object.freeze({ userId, sessionId: payload.jti, expiresAt: payload.exp * 1000 });
    return { verified, expSeconds: payload.exp, hasNbf: payload.nbf !== undefined };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError((error as Error).message);
  }
}
