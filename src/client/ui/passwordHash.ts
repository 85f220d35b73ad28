/**
 * A 32-bit FNV-1a hash of a password as the common-password check compares it: trimmed and in lower
 * case, as the server's blocklist is (server/security/commonPasswords.ts). The SPA's short list of the
 * most common passwords is kept as these hashes (commonPasswordList.ts), so the bundle carries no
 * readable word list. Pure.
 */
export function passwordHash(password: string): number {
  const text = password.trim().toLowerCase();
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
