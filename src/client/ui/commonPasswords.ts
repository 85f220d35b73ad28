/**
 * The most common passwords, checked as a student types a new one (NIST SP 800-63B §5.1.1.2). The
 * server refuses about 49 000 of them on submit (server/security/commonPasswords.ts); the SPA knows
 * the most common ones (commonPasswordList.ts) so the strength meter can say "Weak" and why before
 * the student submits. Nothing is sent anywhere: the password stays in the page until submit.
 * Loaded in its own chunk when a password field is first typed into (ui/PasswordStrength.tsx).
 */
import { COMMON_PASSWORD_HASHES } from './commonPasswordList';
import { passwordHash } from './passwordHash';

let hashes: Uint32Array | null = null;

function decode(base64: string): Uint32Array {
  const binary = atob(base64);
  const view = new DataView(Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer);
  const out = new Uint32Array(binary.length / 4);
  for (let i = 0; i < out.length; i += 1) out[i] = view.getUint32(i * 4, true);
  return out;
}

/** True when `password` (trimmed, any letter case) is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  hashes ??= decode(COMMON_PASSWORD_HASHES);
  const target = passwordHash(password);
  let low = 0;
  let high = hashes.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = hashes[middle]!;
    if (value === target) return true;
    if (value < target) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
