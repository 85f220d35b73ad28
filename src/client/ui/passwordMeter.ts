/**
 * The password strength estimate: zxcvbn-ts (pattern matching against breach lists, common words,
 * names, keyboard walks, dates and l33t) in place of a hand-kept rule. Loaded in its own chunk when a
 * password field is first typed into (ui/PasswordStrength.tsx). Nothing is sent anywhere: the
 * password stays in the page until submit.
 *
 * Dictionaries: the breach-corpus passwords and the keyboard graphs of @zxcvbn-ts/language-common
 * (the same list the server refuses on submit, server/security/commonPasswords.ts), and English
 * common words and first names. English last names (~320 KiB gzip) and Wikipedia words (~130 KiB)
 * are left out: they would double the chunk a student downloads on a school network for a small
 * change in the estimate.
 */
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import adjacencyGraphs from '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.js';
import passwords from '@zxcvbn-ts/language-common/dist/passwords.json.js';
import commonWords from '@zxcvbn-ts/language-en/dist/commonWords.json.js';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.js';
import translations from '@zxcvbn-ts/language-en/dist/translations.js';

zxcvbnOptions.setOptions({
  dictionary: { passwords, commonWords, firstnames },
  graphs: adjacencyGraphs,
  translations,
});

let common: Set<string> | null = null;

/** True when `password` is on the breach list, compared as the server compares (trimmed, any case). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(passwords.map((p: string) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export interface PasswordEstimate {
  /** zxcvbn's guessability score: 0 (too guessable) … 4 (very unguessable) */
  score: 0 | 1 | 2 | 3 | 4;
  /** on the breach list: the server refuses it */
  common: boolean;
}

/** `userInputs`: words of the account (user name, names, e-mail) that make a password easy to guess for it. */
export function estimatePassword(password: string, userInputs: readonly string[] = []): PasswordEstimate {
  const { score } = zxcvbn(password, userInputs.filter((input) => input !== ''));
  return { score, common: isCommonPassword(password) };
}
