/** The support console's table rule (filters by SPEC §9 match modes, then sort) and its routes. */
import { resolveRoute } from '../../../../../src/client/app/routes';
import { deskFiltered, emptyFilters, noDeskFilters, visibleTickets, type DeskFilters } from '../../../../../src/client/features/support/desk/queue';
import type { TicketSummary } from '../../../../../src/common/support';
import { ticketSummary } from './fixtures';

/** Ticket n: its own key, sender and subject, open, made on a day of its own. */
const ticket = (n: number, over: Partial<TicketSummary> = {}): TicketSummary =>
  ticketSummary(Date.UTC(2026, 8, n - 1000, 12), { key: `HELP-${n}`, number: n, status: 'open', name: `Student ${n}`, email: `s${n}@example.edu`, subject: `Subject ${n}`, userName: null, ...over });

/** No column filter in use. */
const none = emptyFilters;

const tickets = [ticket(1001), ticket(1010, { status: 'resolved', subject: 'Quiz broken' }), ticket(1002, { school: null })];

describe('support console table', () => {
  it('sorts by ticket number numerically, both ways', () => {
    expect(visibleTickets(tickets, none(), 'key', 'asc').map((t) => t.key)).toEqual(['HELP-1001', 'HELP-1002', 'HELP-1010']);
    expect(visibleTickets(tickets, none(), 'key', 'desc').map((t) => t.key)).toEqual(['HELP-1010', 'HELP-1002', 'HELP-1001']);
  });

  it.each([
    ['status equals resolved', { status: { mode: 'equals', value: 'resolved' } }, ['HELP-1010']],
    ['subject contains quiz', { subject: { mode: 'contains', value: 'quiz' } }, ['HELP-1010']],
    ['ticket ends with 02', { key: { mode: 'endsWith', value: '02' } }, ['HELP-1002']],
    ['school not contains lincoln', { school: { mode: 'notContains', value: 'lincoln' } }, ['HELP-1002']],
    ['created before 09/02', { createdAt: { mode: 'dateBefore', value: '2026-09-02' } }, ['HELP-1001']],
  ] as const)('[S9] filter: %s', (_label, change, keys) => {
    expect(visibleTickets(tickets, { ...none(), ...change }, 'key', 'asc').map((t) => t.key)).toEqual(keys);
  });

  // 10:30 PM on 03/09/26 in Chicago, 12:30 PM on 03/10/26 in Tokyo (and in UTC)
  const late = [ticket(1020, { createdAt: Date.parse('2026-03-10T03:30:00Z') })];
  it.each([
    ['America/Chicago', '03/09/26', ['HELP-1020']],
    ['America/Chicago', '03/10/26', []],
    ['Asia/Tokyo', '03/10/26', ['HELP-1020']],
    ['Asia/Tokyo', '03/09/26', []],
  ] as const)("[S9.07] filter: created on a day is that day for the staff member in %s (%s)", (zone, typed, keys) => {
    const filters = { ...none(), createdAt: { mode: 'dateIs' as const, value: typed } };
    expect(visibleTickets(late, filters, 'key', 'asc', zone).map((t) => t.key)).toEqual(keys);
  });

  it.each([
    ['/app/support', 'Support'],
    ['/app/support/tickets', 'Support Tickets'],
    ['/app/support/tickets/HELP-1001', 'Support Ticket'],
    ['/app/support/recordings/00000000-0000-4000-8000-000000000001', 'Session Recording'],
  ])('%s is titled %p and needs a signed-in user', (path, title) => {
    expect(resolveRoute(path)).toEqual(expect.objectContaining({ title, requiresAuth: true, notFound: false }));
  });
});

describe('the desk filters: state, school, assigned to me, has a recording', () => {
  const me = { id: 7, name: 'Sue Support' };
  const queue = [
    ticket(1001, { hasRecording: true, assignee: me }),
    ticket(1002, { school: 'Roosevelt Academy', status: 'new' }),
    ticket(1003, { school: null, hasRecording: true }),
    ticket(1004, { assignee: { id: 8, name: 'Sid Support' }, status: 'resolved' }),
  ];
  it.each([
    ['none', {}, [1001, 1002, 1003, 1004]],
    ['a state', { state: 'new' }, [1002]],
    ['a school', { school: 'Lincoln High School' }, [1001, 1004]],
    ['no school (the help page)', { school: '-' }, [1003]],
    ['assigned to me', { assignee: 'me' }, [1001]],
    ['has a recording', { recording: true }, [1001, 1003]],
    ['a school and a recording', { school: 'Lincoln High School', recording: true }, [1001]],
  ] as [string, Partial<DeskFilters>, number[]][])('%s', (_what, filters, numbers) => {
    expect(deskFiltered(queue, { ...noDeskFilters, ...filters }, me.id).map((t) => t.number)).toEqual(numbers);
  });
});
