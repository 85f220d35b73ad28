/** Counted nouns in messages: "1 minute", "60 minutes" — never "minute(s)". English plurals only. */

/** `count` with the noun in its singular or plural form. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A wait given in seconds, said in whole minutes rounded up, at least one: 60 → "1 minute", 3600 → "60 minutes". */
export function minutesToWait(seconds: number): string {
  return countOf(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}

/**
 * A number of months said as people say it: 5 → "5 months", 12 → "1 year", 17 → "1 year, 5 months",
 * 24 → "2 years". Never "1 years" or "0 months" tacked on.
 */
export function yearsAndMonths(totalMonths: number): string {
  const months = Math.max(0, Math.trunc(totalMonths));
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return countOf(rest, 'month');
  if (rest === 0) return countOf(years, 'year');
  return `${countOf(years, 'year')}, ${countOf(rest, 'month')}`;
}
