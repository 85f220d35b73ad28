/** Support tickets as the console's pages receive them, for page tests: change what a case is about. */
import type { TicketDetail, TicketSummary } from '../../../../../src/common/support';

export function ticketSummary(at: number, overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    key: 'HELP-1001',
    number: 1001,
    status: 'new',
    name: 'Sam Student',
    email: 'sam@example.edu',
    subject: 'The quiz will not load',
    school: 'Lincoln High School',
    userName: 'sam',
    createdAt: at,
    resolvedAt: null,
    hasRecording: false,
    assignee: null,
    firstReplyAt: null,
    schoolTimezone: null,
    classes: [],
    ...overrides,
  };
}

export function ticketDetail(at: number, overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...ticketSummary(at),
    description: 'It spins.',
    url: 'https://cashwise.example/app/catalog',
    useragent: 'test',
    recordingId: null,
    recording: null,
    messages: [],
    ...overrides,
  };
}
