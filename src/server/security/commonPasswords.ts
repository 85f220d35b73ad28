/**
 * The blocklist of NIST SP 800-63B §5.1.1.2: "passwords obtained from previous breach corpuses" and
 * "commonly-used passwords". We use the ~49,000 most common passwords of breach corpora that
 * @zxcvbn-ts/language-common ships as plain data (offline, no network, kept by the zxcvbn-ts
 * project). Compared case-insensitively; loaded once, on first use.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return list.has(password.trim().toLowerCase());
}
