/** The audit trail as an administrator reads it: the filter from the query, an entry from its row, the CSV export. */
import { ADMIN_MESSAGES } from '../../../../../src/common/schoolAdmin';
import { HttpError } from '../../../../../src/server/http/errors';
import { auditCsvFileName, auditCsvRows, entryOf, parseAuditFilter, type AuditRow } from '../../../../../src/server/services/schoolAdmin/auditTrail';
import type { School } from '../../../../../src/server/services/schoolAdmin/repository';

const SCHOOL: School = { id: 4, lsclientID: 'roosevelt-hs', name: 'Roosevelt High', timezone: 'America/Chicago' };

/** 2026-03-10 in Chicago (CDT from 2026-03-08: UTC−5): from 05:00 UTC that day to 04:59:59.999 the next. */
const MARCH_10 = { start: Date.UTC(2026, 2, 10, 5), end: Date.UTC(2026, 2, 11, 5) - 1 };

describe('parseAuditFilter', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof parseAuditFilter>]>([
    ['nothing asked: every entry, the date mode "is"', {}, { dateMode: 'is' }],
    ['an action of the list', { action: 'sessions.end' }, { action: 'sessions.end', dateMode: 'is' }],
    ['who and whose, trimmed; blanks are no filter', { actor: '  Lee ', target: '   ' }, { actor: 'Lee', dateMode: 'is' }],
    ['a day at the school, in its time zone', { date: '2026-03-10', dateMode: 'before' }, { day: MARCH_10, dateMode: 'before' }],
    ['a non-text value is no filter', { actor: 5, action: true }, { dateMode: 'is' }],
  ])('%s', (_, query, filter) => {
    expect(parseAuditFilter(query, SCHOOL.timezone)).toEqual(filter);
  });

  it('keeps at most 200 characters of a search', () => {
    expect(parseAuditFilter({ actor: 'x'.repeat(300) }, 'UTC').actor).toHaveLength(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an action not in the list', { action: 'drop.table' }, ADMIN_MESSAGES.badAction],
    ['a date mode not in the list', { dateMode: 'around' }, ADMIN_MESSAGES.badDateMode],
    ['a date that is not a calendar day', { date: '2026-02-30' }, ADMIN_MESSAGES.badDate],
    ['a date in another format', { date: '10/03/2026' }, ADMIN_MESSAGES.badDate],
  ])('refuses %s with a 400 naming it', (_, query, message) => {
    expect(() => parseAuditFilter(query, 'UTC')).toThrow(new HttpError(400, message));
  });
});

const row = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: 9,
  at: '1773100800000',
  actor_id: 2,
  actor_name: 'Ana Lee (alee)',
  action: 'sessions.end',
  target_user_id: 3,
  target_name: 'Maya Johnson (maya)',
  detail: '{"classId":5,"class":"Period 2"}',
  origin: '203.0.113.9',
  ...over,
});

describe('entryOf', () => {
  it('an entry of the school, its time a number and its detail an object', () => {
    expect(entryOf(row(), SCHOOL)).toEqual({
      id: 9,
      at: 1773100800000,
      schoolId: 4,
      schoolName: 'Roosevelt High',
      actorId: 2,
      actorName: 'Ana Lee (alee)',
      action: 'sessions.end',
      targetUserId: 3,
      targetName: 'Maya Johnson (maya)',
      detail: { classId: 5, class: 'Period 2' },
      origin: '203.0.113.9',
    });
  });

  it.each([['not json'], ['[1,2]'], ['null'], ['"text"']])('an unreadable or non-object detail %j reads as none; the entry stays', (detail) => {
    expect(entryOf(row({ detail }), SCHOOL)).toMatchObject({ id: 9, detail: {} });
  });
});

describe('the CSV export', () => {
  it('heads its columns and writes one line per entry, the action in words and the detail as key=value', () => {
    expect(auditCsvRows([row(), row({ id: 10, action: 'unknown.action', target_name: null, detail: '{}', origin: 'cli' })], SCHOOL)).toEqual([
      ['When (UTC)', 'School', 'Who', 'Action', 'Whose data', 'Details', 'From'],
      ['2026-03-10T00:00:00.000Z', 'Roosevelt High', 'Ana Lee (alee)', 'Ended sessions', 'Maya Johnson (maya)', 'classId=5; class=Period 2', '203.0.113.9'],
      ['2026-03-10T00:00:00.000Z', 'Roosevelt High', 'Ana Lee (alee)', 'unknown.action', null, '', 'cli'],
    ]);
  });

  it.each([
    ['roosevelt-hs', 'roosevelt-hs-audit-trail.csv'],
    ['Lincoln_MS 2', 'Lincoln_MS2-audit-trail.csv'],
    ['../../etc', 'etc-audit-trail.csv'],
    ['!!!', 'school-audit-trail.csv'],
  ])('the file of school %j is %j', (lsclientID, file) => {
    expect(auditCsvFileName({ ...SCHOOL, lsclientID })).toBe(file);
  });
});
