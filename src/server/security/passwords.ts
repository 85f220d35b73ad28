/**
 * Password hashing with argon2id at OWASP's parameters (config.passwordHashing).
 *
 * At most HASH_CONCURRENCY hashes or verifications run at once (one per CPU core); the rest wait
 * their turn here, first come first served. argon2 runs on libuv's thread pool, which also serves
 * the token signatures (WebCrypto HMAC), file reads and DNS: unbounded, a class signing in at once
 * would fill every pool thread with 19 MiB hashes and every signed-in request would queue behind
 * them. src/server/threadpool.ts sizes the pool with room to spare.
 */
import os from 'node:os';
import argon2 from 'argon2';
import type { PasswordHashing } from '../config';

export const HASH_CONCURRENCY = Math.max(1, os.availableParallelism());

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once fewer than HASH_CONCURRENCY argon2 operations are in flight. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // hand the slot straight to the next in line; otherwise free it
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string, params: PasswordHashing): Promise<string> {
  return limited(() => argon2.hash(password, { type: argon2.argon2id, ...params }));
}

/** true when the password matches; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/**
 * true when a stored hash was made with other parameters (or another argon2 variant) than
 * `params`: sign-in then stores a new hash of the password it just verified, so a change of
 * parameters reaches every active account without a reset. Old hashes keep verifying meanwhile.
 */
export function needsRehash(hash: string, params: PasswordHashing): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(hash, params);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a password nobody can type, made with the same parameters as real hashes (once per
 * parameter set), so verifying an unknown user costs the same time as a wrong password.
 */
export function dummyHash(params: PasswordHashing): Promise<string> {
  const key = `${params.memoryCost}/${params.timeCost}/${params.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('\u0000cashwise-dummy-password\u0000', params);
    dummyHashes.set(key, hash);
  }
  return hash;
}
