/** Time to first reply in business hours (SPEC §9: Monday–Friday, 8 a.m.–6 p.m. ET, America/New_York with DST). */
import { businessMsBetween, formatBusinessDuration, median } from '../../../src/common/businessHours';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('[S9] businessMsBetween', () => {
  it.each([
    // [what, from, to, business hours]
    ['filed Friday 5 p.m., answered Monday 9 a.m. (winter, EST)', '2026-01-16T17:00:00-05:00', '2026-01-19T09:00:00-05:00', 2],
    ['filed Friday 5 p.m., answered Monday 9 a.m. (summer, EDT)', '2026-07-10T17:00:00-04:00', '2026-07-13T09:00:00-04:00', 2],
    ['a night is not counted: Tuesday 5 p.m. to Wednesday 9 a.m.', '2026-02-03T17:00:00-05:00', '2026-02-04T09:00:00-05:00', 2],
    ['inside one day', '2026-02-04T10:00:00-05:00', '2026-02-04T12:30:00-05:00', 2.5],
    ['before opening: Monday 6 a.m. to 7:59 a.m.', '2026-02-02T06:00:00-05:00', '2026-02-02T07:59:00-05:00', 0],
    ['a whole weekend: Saturday to Sunday night', '2026-02-07T09:00:00-05:00', '2026-02-08T23:00:00-05:00', 0],
    ['filed on Saturday, answered Monday 8:30 a.m.', '2026-02-07T11:00:00-05:00', '2026-02-09T08:30:00-05:00', 0.5],
    ['one week, Monday 8 a.m. to Monday 8 a.m.', '2026-02-02T08:00:00-05:00', '2026-02-09T08:00:00-05:00', 50],
    ['filed after hours, answered after hours the same evening', '2026-02-04T19:00:00-05:00', '2026-02-04T22:00:00-05:00', 0],
    // DST starts Sunday 8 March 2026: Friday is EST (UTC-5), Monday EDT (UTC-4)
    ['over the spring DST change: Friday 5 p.m. EST to Monday 9 a.m. EDT', '2026-03-06T17:00:00-05:00', '2026-03-09T09:00:00-04:00', 2],
    // DST ends Sunday 1 November 2026: Friday is EDT, Monday EST
    ['over the autumn DST change: Friday 5 p.m. EDT to Monday 9 a.m. EST', '2026-10-30T17:00:00-04:00', '2026-11-02T09:00:00-05:00', 2],
    ['the Monday after spring DST opens at 12:00 UTC, not 13:00', '2026-03-09T12:00:00Z', '2026-03-09T13:00:00Z', 1],
    ['the Monday after autumn DST opens at 13:00 UTC, not 12:00', '2026-11-02T12:00:00Z', '2026-11-02T14:00:00Z', 1],
    ['a reply before the ticket (clock skew) counts nothing', '2026-02-04T12:00:00-05:00', '2026-02-04T10:00:00-05:00', 0],
  ])('%s', (_what, from, to, hours) => {
    expect(businessMsBetween(at(from), at(to))).toBe(hours * H);
  });
});

describe('median', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('median(%j) = %p', (values, expected) => {
    expect(median(values)).toBe(expected);
  });
});

describe('formatBusinessDuration', () => {
  it.each([
    [0, 'under a minute'],
    [45 * 60_000, '45 min of business hours'],
    [H, '1 business hour'],
    [2 * H, '2 business hours'],
    [2 * H + 15 * 60_000, '2 business hours 15 min'],
  ])('%p ms reads "%s"', (ms, text) => {
    expect(formatBusinessDuration(ms)).toBe(text);
  });
});
