/** [S9.07] Calendar days: mm/dd/yy in and out, and a moment's day in the learner's time zone. */
import { DATE_INPUT_MESSAGE, dayKey, dayOf, formatDay, formatDayOf, monthOf, parseDay } from '../../../src/common/calendarDay';

describe('[S9.07] parseDay reads a typed day as the calendar date it names', () => {
  it.each<[string, ReturnType<typeof parseDay>]>([
    ['11/24/26', { year: 2026, month: 11, day: 24 }],
    ['1/5/26', { year: 2026, month: 1, day: 5 }],
    [' 01/05/26 ', { year: 2026, month: 1, day: 5 }],
    ['11-24-26', { year: 2026, month: 11, day: 24 }],
    ['11.24.2026', { year: 2026, month: 11, day: 24 }],
    ['11/24/2026', { year: 2026, month: 11, day: 24 }],
    ['2026-11-24', { year: 2026, month: 11, day: 24 }],
    ['2026-11-24T00:00', { year: 2026, month: 11, day: 24 }],
    ['02/29/28', { year: 2028, month: 2, day: 29 }],
    ['02/29/26', null],
    ['02/30/26', null],
    ['13/01/26', null],
    ['00/10/26', null],
    ['11/00/26', null],
    ['11/24', null],
    ['11/24/226', null],
    ['24.11.2026x', null],
    ['tomorrow', null],
    ['', null],
  ])('parseDay(%p) is %p', (text, expected) => {
    expect(parseDay(text)).toEqual(expected);
  });

  it('formats a day as mm/dd/yy and orders days by dayKey', () => {
    expect(formatDay({ year: 2026, month: 1, day: 5 })).toBe('01/05/26');
    expect(formatDay({ year: 2030, month: 12, day: 31 })).toBe('12/31/30');
    expect(dayKey({ year: 2026, month: 11, day: 24 })).toBe(20261124);
    expect(dayKey({ year: 2026, month: 12, day: 1 })).toBeGreaterThan(dayKey({ year: 2026, month: 11, day: 30 }));
    expect(DATE_INPUT_MESSAGE).toContain('mm/dd/yy');
  });
});

describe("dayOf / formatDayOf: a moment is the day it is in the learner's time zone", () => {
  // 11:28 PM on 11/23 in Chicago, 05:28 on 11/24 UTC
  const lateEvening = Date.UTC(2026, 10, 24, 5, 28, 26);
  it.each<[number, string, string]>([
    [lateEvening, 'America/Chicago', '11/23/26'],
    [lateEvening, 'America/New_York', '11/24/26'],
    [lateEvening, 'UTC', '11/24/26'],
    [lateEvening, 'Asia/Tokyo', '11/24/26'],
    [lateEvening, 'Pacific/Honolulu', '11/23/26'],
    [Date.UTC(2026, 11, 31, 23, 30), 'Pacific/Kiritimati', '01/01/27'],
    [Date.UTC(2026, 2, 8, 7, 59), 'America/Chicago', '03/08/26'], // spring forward
    [lateEvening, 'Not/AZone', '11/23/26'], // an unknown zone counts as the default, America/Chicago
  ])('formatDayOf(%p, %s) is %s', (at, zone, expected) => {
    expect(formatDayOf(at, zone)).toBe(expected);
  });

  it('without a zone uses the runtime zone; an invalid moment has no day', () => {
    const local = new Date(2026, 10, 24, 0, 30);
    expect(dayOf(local)).toEqual({ year: 2026, month: 11, day: 24 });
    expect(dayOf(Number.NaN, 'UTC')).toBeNull();
    expect(formatDayOf(new Date('nope'), 'UTC')).toBe('');
  });
});

describe("monthOf: the month a moment is in, in the learner's time zone, as a month field holds it", () => {
  // 11:30 PM on 10/31 in Chicago, 04:30 on 11/01 UTC
  const halloweenNight = Date.UTC(2026, 10, 1, 4, 30);
  it.each<[number, string, string]>([
    [halloweenNight, 'America/Chicago', '2026-10'],
    [halloweenNight, 'UTC', '2026-11'],
    [Date.UTC(2026, 11, 31, 23, 30), 'Pacific/Kiritimati', '2027-01'],
    [Date.UTC(2027, 0, 1, 3, 0), 'America/Los_Angeles', '2026-12'],
    [halloweenNight, 'Not/AZone', '2026-10'], // an unknown zone counts as the default, America/Chicago
  ])('monthOf(%p, %s) is %s', (at, zone, expected) => {
    expect(monthOf(at, zone)).toBe(expected);
  });

  it('an invalid moment has no month', () => {
    expect(monthOf(Number.NaN, 'UTC')).toBe('');
  });
});
