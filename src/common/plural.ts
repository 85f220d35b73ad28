/** Counted nouns in messages: "1 minute", "60 minutes" — never "minute(s)". English plurals only. */

/** `count` with the noun in its singular or plural form. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A wait given in seconds, said in whole minutes rounded up, at least one: 60 → "1 minute", 3600 → "60 minutes". */
export function minutesToWait(seconds: number): string {
  return countOf(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}
