/** [S9.09] The filter match modes of SPEC §9 as one pure predicate, tested as a table. */
import { FILTER_MATCH_MODES } from '../../../../src/common/display';
import { defaultMatchMode, matchesFilter, matchModesFor, type MatchMode } from '../../../../src/client/ui/filters';

describe('[S9.09] filter match modes', () => {
  it('offers the spec modes per column kind, in order', () => {
    expect(matchModesFor('text').map((m) => m.label)).toEqual([
      'Starts with', 'Contains', 'Not contains', 'Ends with', 'Equals', 'Not equals',
    ]);
    expect(matchModesFor('numeric').map((m) => m.label)).toEqual([
      'Equals', 'Not equals', 'Less than', 'Less than or equal to', 'Greater than', 'Greater than or equal to',
    ]);
    expect(matchModesFor('date').map((m) => m.label)).toEqual(['Is', 'Is not', 'Before', 'After']);
    expect(matchModesFor('text')).toBe(FILTER_MATCH_MODES.text);
    expect(defaultMatchMode('text')).toBe('startsWith');
    expect(defaultMatchMode('numeric')).toBe('equals');
    expect(defaultMatchMode('date')).toBe('dateIs');
  });

  const rows: Array<[value: string | number | Date | null, mode: MatchMode, filter: string | number | Date | null, expected: boolean]> = [
    // text (case-insensitive)
    ['Budgeting Basics', 'startsWith', 'budget', true],
    ['Budgeting Basics', 'startsWith', 'basics', false],
    ['Budgeting Basics', 'contains', 'ING B', true],
    ['Budgeting Basics', 'contains', 'credit', false],
    ['Budgeting Basics', 'notContains', 'credit', true],
    ['Budgeting Basics', 'notContains', 'basic', false],
    ['Budgeting Basics', 'endsWith', 'BASICS', true],
    ['Budgeting Basics', 'endsWith', 'budget', false],
    ['Saving', 'equals', 'saving', true],
    ['Saving', 'equals', 'savings', false],
    ['Saving', 'notEquals', 'savings', true],
    ['Saving', 'notEquals', 'SAVING', false],
    [null, 'contains', 'x', false],
    [null, 'notContains', 'x', true],
    // numeric
    [80, 'equals', '80', true],
    [80, 'equals', 81, false],
    [80, 'notEquals', 81, true],
    [80, 'lt', 90, true],
    [90, 'lt', 90, false],
    [90, 'lte', '90', true],
    [91, 'lte', 90, false],
    [91, 'gt', 90, true],
    [90, 'gt', 90, false],
    [90, 'gte', 90, true],
    [89.5, 'gte', 90, false],
    [null, 'gt', 1, false],
    // date: calendar days, time of day ignored
    [new Date(2026, 10, 22, 15, 30), 'dateIs', new Date(2026, 10, 22), true],
    [new Date(2026, 10, 22), 'dateIs', new Date(2026, 10, 23), false],
    [new Date(2026, 10, 22), 'dateIsNot', new Date(2026, 10, 23), true],
    [new Date(2026, 10, 22, 23, 59), 'dateIsNot', new Date(2026, 10, 22), false],
    [new Date(2026, 10, 21), 'dateBefore', new Date(2026, 10, 22), true],
    [new Date(2026, 10, 22, 1), 'dateBefore', new Date(2026, 10, 22), false],
    [new Date(2026, 10, 23), 'dateAfter', new Date(2026, 10, 22), true],
    [new Date(2026, 10, 22, 23), 'dateAfter', new Date(2026, 10, 22), false],
    [null, 'dateIs', new Date(2026, 10, 22), false],
    // an empty filter value matches every row
    ['anything', 'contains', '', true],
    [5, 'gt', null, true],
    [null, 'dateBefore', null, true],
  ];

  it.each(rows)('matchesFilter(%p, %s, %p) is %p', (value, mode, filter, expected) => {
    expect(matchesFilter(value, mode, filter)).toBe(expected);
  });

  it('accepts the yyyy-mm-dd value a date input gives', () => {
    expect(matchesFilter(new Date(2026, 10, 22, 9), 'dateIs', '2026-11-22T00:00')).toBe(true);
  });
});
