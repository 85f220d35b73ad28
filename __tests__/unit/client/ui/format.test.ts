/** [S9.07] [S9.08] display defaults: mm/dd/yy, weeks from Sunday, password strength labels. */
import { formatDate, startOfWeek, weekdayNames } from '../../../../src/client/ui/format';
import { passwordStrengthLabel } from '../../../../src/client/ui/passwordStrength';

describe("[S9.07] dates: mm/dd/yy, the day a moment is in the signed-in person's zone", () => {
  // whatever zone the test process (the browser) runs in: the zone is always given
  it.each<[at: Date | string | number, timeZone: string, expected: string]>([
    [Date.UTC(2026, 10, 22, 18, 0), 'America/Chicago', '11/22/26'],
    ['2026-03-10T03:30:00Z', 'America/Chicago', '03/09/26'],
    ['2026-03-10T03:30:00Z', 'UTC', '03/10/26'],
    ['2026-03-10T03:30:00Z', 'Asia/Tokyo', '03/10/26'],
    [new Date('2026-01-05T23:59:00-06:00'), 'America/Chicago', '01/05/26'],
    [new Date('2026-01-05T23:59:00-06:00'), 'America/New_York', '01/06/26'],
    [Date.UTC(2009, 6, 4, 12, 0), 'Pacific/Honolulu', '07/04/09'],
    [Date.UTC(2031, 0, 1, 5, 59), 'America/Chicago', '12/31/30'],
    // a zone name the runtime does not know: the default zone, America/Chicago
    ['2026-03-10T03:30:00Z', 'Not/A_Zone', '03/09/26'],
  ])('formatDate(%p, %p) is %s', (at, timeZone, expected) => {
    expect(formatDate(at, timeZone)).toBe(expected);
  });

  it('is empty for missing or invalid dates', () => {
    expect(formatDate(null, 'America/Chicago')).toBe('');
    expect(formatDate(undefined, 'America/Chicago')).toBe('');
    expect(formatDate('', 'America/Chicago')).toBe('');
    expect(formatDate('not a date', 'America/Chicago')).toBe('');
  });

  it('weeks start on Sunday', () => {
    expect(weekdayNames()[0]).toBe('Sunday');
    expect(weekdayNames()).toHaveLength(7);
    const localDay = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()];
    const sunday = startOfWeek(new Date(2026, 10, 25)); // a Wednesday
    expect(sunday.getDay()).toBe(0);
    expect(localDay(sunday)).toEqual([2026, 11, 22]);
    expect(localDay(startOfWeek(new Date(2026, 10, 22)))).toEqual([2026, 11, 22]);
  });
});

describe('[S9.08] password strength labels', () => {
  it.each([
    ['', 'Weak'],
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['abcdefg1', 'Medium'],
    ['Budget2026', 'Medium'],
    ['Budget-2026!x', 'Strong'],
    ['maple leaves in autumn', 'Strong'],
    ['abcdefghijklmno', 'Weak'],
  ])('%p is %s', (password, label) => {
    expect(passwordStrengthLabel(password)).toBe(label);
  });

  it.each([
    // refused by the rules (the user name): never above Weak, however varied
    ['quinn.tester', 'quinn.tester', 'Weak'],
    ['Quinn.Tester', 'quinn.tester', 'Weak'],
    ['Quinn.Tester1', 'quinn.tester', 'Strong'],
    ['maple leaves in autumn', 'quinn.tester', 'Strong'],
  ])('[S9.08] %p for user %p is %s', (password, userName, label) => {
    expect(passwordStrengthLabel(password, { userName })).toBe(label);
  });
});
