/** Due days end at midnight in the school's time zone, across daylight-saving changes. */
import { dueAtOf, isPastDue, parseDueDay } from '../../../../../src/server/services/classroom/dueDates';

describe('dueAtOf: the last millisecond of the day at the school', () => {
  it.each([
    ['2026-09-15', 'America/New_York', '2026-09-16T03:59:59.999Z'], // EDT, UTC−4
    ['2026-12-15', 'America/New_York', '2026-12-16T04:59:59.999Z'], // EST, UTC−5
    ['2026-03-08', 'America/New_York', '2026-03-09T03:59:59.999Z'], // the day clocks go forward: ends in EDT
    ['2026-11-01', 'America/New_York', '2026-11-02T04:59:59.999Z'], // the day clocks go back: ends in EST
    ['2026-09-15', 'America/Chicago', '2026-09-16T04:59:59.999Z'],
    ['2026-09-15', 'Asia/Kolkata', '2026-09-15T18:29:59.999Z'], // UTC+5:30
    ['2026-09-15', 'UTC', '2026-09-15T23:59:59.999Z'],
    ['2026-12-31', 'Pacific/Auckland', '2026-12-31T10:59:59.999Z'], // NZDT, UTC+13, across a year end
    ['2028-02-29', 'Europe/Berlin', '2028-02-29T22:59:59.999Z'], // a leap day
  ])('%s in %s is due at %s', (day, zone, expected) => {
    expect(new Date(dueAtOf(day, zone)).toISOString()).toBe(expected);
  });

  it.each(['2026-02-30', '2026-13-01', '26-09-15', '2026-9-15', '', 'tomorrow'])('%j is not a calendar day', (day) => {
    expect(parseDueDay(day)).toBeNull();
    expect(() => dueAtOf(day, 'UTC')).toThrow(RangeError);
  });

  it('is late only after the due instant', () => {
    const due = dueAtOf('2026-09-15', 'UTC');
    expect(isPastDue(due, due)).toBe(false);
    expect(isPastDue(due, due + 1)).toBe(true);
    expect(isPastDue(null, due + 1)).toBe(false);
  });
});
