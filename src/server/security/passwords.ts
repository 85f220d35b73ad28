/** Password hashing with argon2id at OWASP's parameters (config.passwordHashing). */
import argon2 from 'argon2';
import type { PasswordHashing } from '../config';

export function hashPassword(password: string, params: PasswordHashing): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...params });
}

/** true when the password matches; false for a wrong password or a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
