/**
 * [S9.07] times: a moment in the signed-in person's zone, named when the browser's clock shows
 * another, so the dashboard's "Updated …" and the audit trail's "When" agree, and neither passes
 * for local time when it is not.
 */
import { formatTime, zoneName } from '../../../../src/client/ui/format';

// 2026-12-07 13:57 UTC: 8:57 AM in New York (EST), 7:57 AM in Chicago (CST)
const WINTER = Date.UTC(2026, 11, 7, 13, 57, 5);
// 2026-07-04 16:30 UTC: 12:30 PM in New York (EDT)
const SUMMER = Date.UTC(2026, 6, 4, 16, 30);
/** ICU writes a narrow no-break space before AM/PM; the table reads plainer with a space */
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('[S9.07] formatTime: the time in the given zone, its name when it is not the browser’s', () => {
  it.each<[at: number | string | Date, timeZone: string, browserZone: string, options: { day?: boolean; seconds?: boolean }, expected: string]>([
    // the same zone as the browser: no name
    [WINTER, 'America/New_York', 'America/New_York', {}, '8:57 AM'],
    [WINTER, 'America/New_York', 'America/New_York', { day: true }, '12/07/26, 8:57 AM'],
    [WINTER, 'America/New_York', 'America/New_York', { seconds: true }, '8:57:05 AM'],
    // an alias of the same zone is the same zone
    [WINTER, 'America/New_York', 'US/Eastern', {}, '8:57 AM'],
    // another zone: named, daylight time or not
    [WINTER, 'America/New_York', 'America/Chicago', {}, '8:57 AM EST'],
    [SUMMER, 'America/New_York', 'America/Chicago', {}, '12:30 PM EDT'],
    [WINTER, 'America/Chicago', 'America/New_York', { day: true }, '12/07/26, 7:57 AM CST'],
    [WINTER, 'America/Los_Angeles', 'UTC', { seconds: true }, '5:57:05 AM PST'],
    [WINTER, 'UTC', 'America/New_York', {}, '1:57 PM UTC'],
    // a zone without an English abbreviation: its offset
    [WINTER, 'Asia/Tokyo', 'America/New_York', { day: true }, '12/07/26, 10:57 PM GMT+9'],
    // the day is the zone's day, not the browser's
    [Date.UTC(2026, 11, 8, 3, 30), 'America/Chicago', 'Asia/Tokyo', { day: true }, '12/07/26, 9:30 PM CST'],
    // a zone name the runtime does not know: the default zone, America/Chicago, named
    [WINTER, 'Not/A_Zone', 'America/New_York', {}, '7:57 AM CST'],
    [new Date(WINTER), 'America/New_York', 'America/New_York', {}, '8:57 AM'],
    ['2026-12-07T13:57:05Z', 'America/New_York', 'Europe/Paris', {}, '8:57 AM EST'],
  ])('formatTime(%p, %p) read in %p %j is %p', (at, timeZone, browserZone, options, expected) => {
    expect(plain(formatTime(at, timeZone, { ...options, browserZone }))).toBe(expected);
  });

  it('is empty for a missing or invalid moment', () => {
    for (const value of [null, undefined, '', 'not a date']) expect(formatTime(value, 'America/New_York', { browserZone: 'UTC' })).toBe('');
  });

  it('without a browser zone given, compares with the runtime’s own', () => {
    const own = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(plain(formatTime(WINTER, own))).not.toMatch(/[A-Z]{3}$|GMT/);
  });

  it.each([
    ['America/New_York', WINTER, 'EST'],
    ['America/New_York', SUMMER, 'EDT'],
    ['Pacific/Honolulu', SUMMER, 'HST'],
  ])('zoneName(%p) at a moment is %p', (zone, at, expected) => {
    expect(zoneName(zone, at)).toBe(expected);
  });
});
