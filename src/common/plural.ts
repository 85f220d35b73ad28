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

/**
 * A unit as content writes it (plural: "dollars", "dollars per hour", "percent") in the form that goes
 * with `count`: singular for exactly one ("1 dollar", "1 dollar per hour", "-1 dollar"), as written
 * otherwise ("0 dollars", "1.5 dollars"). Only the first word is counted, and a word that is not a
 * plural in s ("percent") stays as it is.
 */
export function unitFor(count: number, unit: string): string {
  if (Math.abs(count) !== 1) return unit;
  const [first = '', ...rest] = unit.split(' ');
  const singular = first.endsWith('ies') ? `${first.slice(0, -3)}y` : first.endsWith('s') && !first.endsWith('ss') ? first.slice(0, -1) : first;
  return [singular, ...rest].join(' ');
}
