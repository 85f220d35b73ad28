/** [S9.07] [S9.08] display defaults: mm/dd/yy, weeks from Sunday, password strength labels. */
import { formatDate, startOfWeek, weekdayNames } from '../../../../src/client/ui/format';
import { passwordStrengthLabel } from '../../../../src/client/ui/passwordStrength';

describe('[S9.07] dates', () => {
  it.each([
    [new Date(2026, 10, 22), '11/22/26'],
    [new Date(2026, 0, 5, 23, 59), '01/05/26'],
    [new Date(2009, 6, 4), '07/04/09'],
    [new Date(2030, 11, 31).getTime(), '12/31/30'],
  ])('formatDate(%p) is %s', (date, expected) => {
    expect(formatDate(date)).toBe(expected);
  });

  it('is empty for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('weeks start on Sunday', () => {
    expect(weekdayNames()[0]).toBe('Sunday');
    expect(weekdayNames()).toHaveLength(7);
    const sunday = startOfWeek(new Date(2026, 10, 25)); // a Wednesday
    expect(sunday.getDay()).toBe(0);
    expect(formatDate(sunday)).toBe('11/22/26');
    expect(formatDate(startOfWeek(new Date(2026, 10, 22)))).toBe('11/22/26');
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
