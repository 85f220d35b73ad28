/**
 * The date filter across time zones: a typed day is the learner's calendar day, never UTC midnight
 * read back as a local day (the transcript's "Started Is today" found nothing in America/Chicago).
 * The zone is injected (`timeZone`, the learner's User.timezone), so these hold whatever zone the
 * test process (the browser) runs in.
 */
import { matchesFilter, type DateMatchMode } from '../../../../src/client/ui/filters';

// 9:00 in the morning of 11/24/26 in Chicago (15:00 UTC), and 11:28 PM on 11/23 in Chicago (05:28 UTC on 11/24)
const morning = Date.UTC(2026, 10, 24, 15, 0);
const lateEvening = Date.UTC(2026, 10, 24, 5, 28);
const justAfterMidnightInTokyo = Date.UTC(2026, 10, 23, 15, 5);

describe('[S9.07] a typed day matches the day a moment is for the learner', () => {
  it.each<[at: number, mode: DateMatchMode, typed: string, learnerZone: string, expected: boolean]>([
    [morning, 'dateIs', '11/24/26', 'America/Chicago', true],
    [morning, 'dateIs', '2026-11-24', 'America/Chicago', true],
    [morning, 'dateIsNot', '11/24/26', 'America/Chicago', false],
    [morning, 'dateBefore', '11/25/26', 'America/Chicago', true],
    [morning, 'dateAfter', '11/23/26', 'America/Chicago', true],
    [morning, 'dateAfter', '11/24/26', 'America/Chicago', false],
    [lateEvening, 'dateIs', '11/23/26', 'America/Chicago', true],
    [lateEvening, 'dateIs', '11/24/26', 'America/Chicago', false],
    [lateEvening, 'dateBefore', '11/24/26', 'America/Chicago', true],
    [lateEvening, 'dateIs', '11/24/26', 'America/New_York', true],
    [lateEvening, 'dateIs', '11/24/26', 'UTC', true],
    [lateEvening, 'dateIs', '11/24/2026', 'Asia/Tokyo', true],
    [lateEvening, 'dateIs', '11/23/26', 'Pacific/Honolulu', true],
    [justAfterMidnightInTokyo, 'dateIs', '11/24/26', 'Asia/Tokyo', true],
    [justAfterMidnightInTokyo, 'dateIs', '11/23/26', 'UTC', true],
    [justAfterMidnightInTokyo, 'dateBefore', '11/24/26', 'Europe/London', true],
  ])('%p %s %p for a learner in %s is %p', (at, mode, typed, learnerZone, expected) => {
    expect(matchesFilter(at, mode, typed, { timeZone: learnerZone })).toBe(expected);
  });

  it("without the learner's zone a typed day is the browser's calendar day", () => {
    expect(matchesFilter(new Date(2026, 10, 24, 12, 0).getTime(), 'dateIs', '11/24/26')).toBe(true);
    expect(matchesFilter(new Date(2026, 10, 24, 0, 5), 'dateIs', '2026-11-24')).toBe(true);
    expect(matchesFilter(new Date(2026, 10, 24, 23, 55), 'dateIs', '11/24/26')).toBe(true);
    expect(matchesFilter(new Date(2026, 10, 24, 23, 55), 'dateAfter', '11/24/26')).toBe(false);
  });

  it('a typed text that is not a date filters nothing out', () => {
    expect(matchesFilter(morning, 'dateIs', '13/45/26', { timeZone: 'America/Chicago' })).toBe(true);
    expect(matchesFilter(morning, 'dateIs', 'tomorrow', { timeZone: 'America/Chicago' })).toBe(true);
  });
});
