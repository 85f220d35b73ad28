/** Random codes (crypto only) and their one-way hashes. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCOUNT_LIMITS } from '../../common/accounts';

/** A 6-digit code, uniformly random (crypto.randomInt). */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** ACCOUNT_LIMITS.verificationCodeDigits)).padStart(ACCOUNT_LIMITS.verificationCodeDigits, '0');
}

/** 256 random bits, URL-safe: password reset codes, record keys, invitation tokens. */
export function newSecret(bytes: number = ACCOUNT_LIMITS.resetCodeBytes): string {
  return randomBytes(bytes).toString('base64url');
}

/** An access code: 12 characters of a 32-letter alphabet (60 bits). */
export function newAccessCode(length: number = ACCOUNT_LIMITS.accessCodeLength): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ACCESS_CODE_ALPHABET[randomInt(0, ACCESS_CODE_ALPHABET.length)];
  return code;
}

/**
 * SHA-256, hex. Enough for high-entropy secrets (reset codes, keys, tokens). A 6-digit code has a
 * small space, so its hash is salted with the row's context (see verification) and guarded by
 * the 5-attempt limit and the 10-minute expiry, never by the hash alone.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A salted hash of a short code, bound to what it verifies. */
export function codeHash(code: string, context: string): string {
  return sha256(`${context}\u0000${code}`);
}

/** Whether two secrets (or hashes of them) are the same, in a time that does not tell where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
